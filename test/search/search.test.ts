import { describe, expect, it } from "vitest";
import {
  CLASSIC_SEARCH_PARAMS,
  NodeFlag,
  Proof,
  prove,
  Game,
  MAX_VISITS,
  PASS,
  Position,
  Random,
  Search,
  type SearchParams,
  type SearchReport,
  Solver,
  Tree,
  formatOtpMove,
  childToPlay,
  parseBoardLines,
  parseCode,
  parseObf,
  parseOtpMove,
  randomPlayout,
  selectChild,
  updatePruning,
} from "../../src/index.js";
import { discCount } from "./discCount.js";
import { startTree } from "./startTree.js";

function value<T>(r: { ok: true; value: T } | { ok: false; error: string }): T {
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

/** The classic search (random playouts) unless a test says otherwise: these tests are about the tree's mechanics. */
const params = (over: Partial<SearchParams> = {}): SearchParams => ({
  ...CLASSIC_SEARCH_PARAMS,
  maxNodes: 200_000,
  ...over,
});
const frozenClock = () => 0;

function search(over: Partial<SearchParams> = {}, seed = 1): Search {
  return new Search(params(over), { now: frozenClock, random: new Random(seed) });
}

/** UCB1 of a child with `points` (wins, draws counting half) over `visits`, under a parent with `parentVisits`: the formula selection follows. */
function ucb1(points: number, visits: number, parentVisits: number, c: number): number {
  return points / visits + c * Math.sqrt(Math.log(parentVisits) / visits);
}

/** Records `visits` results into a fresh node: `wins` of 1, `draws` of 0.5, and the rest 0. */
function recordResults(tree: Tree, node: number, visits: number, wins: number, draws = 0): void {
  for (let i = 0; i < visits; i++) tree.record(node, i < wins ? 1 : i < wins + draws ? 0.5 : 0);
}

function otp(moves: string[]): number[] {
  return moves.map((m) => value(parseOtpMove(m)));
}

/** Mirror across the main diagonal: (x, y) -> (y, x). */
function transpose(s: number): number {
  return s === PASS ? PASS : (s & 7) * 8 + (s >> 3);
}

function transposed(p: Position): Position {
  const discs = Array.from({ length: 64 }, (_, s) => p.discAt(transpose(s)));
  return Position.fromDiscs(discs, p.blackToMove);
}

describe("seed 002: UCB1 and selection", () => {
  // White moves first in that assignment; its three moves get 2/2, 1/2 and 1/2 wins.
  const board = "--------/--------/--B-----/---BB---/---BW---/--------/--------/--------";
  const position = value(parseBoardLines(board, false));

  it("UCB1 as selection works it out is about 2.34 for 2/2 and 1.84 for 1/2 under 6 playouts, with c = sqrt(2)", () => {
    const tree = startTree();
    recordResults(tree, 1, 2, 2);
    recordResults(tree, 2, 2, 1);
    for (let i = 0; i < 6; i++) tree.record(0, 1);
    // Selection's value of a child: its cached mean plus the parent's c * sqrt(ln N) times its cached 1 / sqrt(n).
    const terms = tree.selectionTerms;
    const value = (child: number) => terms[2 * child]! + tree.exploration(0, Math.SQRT2) * terms[2 * child + 1]!;
    expect(value(1)).toBeCloseTo(2.3386, 3);
    expect(value(2)).toBeCloseTo(1.8386, 3);
    expect(value(1)).toBeCloseTo(ucb1(2, 2, 6, Math.SQRT2), 12);
  });

  it("selection returns the 2/2 child, whose legal moves are (2,3), (3,2), (4,5), (5,4)", () => {
    const tree = new Tree(100);
    const root = 0;
    tree.reset();
    tree.expand(root, position.playerLo, position.playerHi, position.opponentLo, position.opponentHi);
    expect(tree.childCount[root]).toBe(3);
    const first = tree.firstChild[root]!;
    for (const [i, halfPoints] of [
      [0, 2],
      [0, 2],
      [1, 2],
      [1, 0],
      [2, 2],
      [2, 0],
    ] as const)
      tree.record(first + i, halfPoints);
    for (let i = 0; i < 6; i++) tree.record(root, 1);
    const chosen = selectChild(tree, root, Math.SQRT2);
    expect(chosen).toBe(first);
    const next = position.play(tree.move[chosen]!);
    expect(next.legalSquares().map(formatOtpMove)).toEqual(["2 3", "3 2", "4 5", "5 4"]);
  });

  it("selection picks the child of highest UCB1, on random statistics", () => {
    const random = new Random(11);
    for (let trial = 0; trial < 200; trial++) {
      const tree = startTree();
      let total = 0;
      for (let i = 1; i <= 4; i++) {
        const n = 1 + random.below(500);
        const w = random.below(n + 1);
        const d = random.below(n - w + 1);
        recordResults(tree, i, n, w, d);
        total += n;
      }
      tree.visits[0] = total;
      const c = [0.1, 0.3, 1, Math.SQRT2][trial % 4]!;
      const values = [1, 2, 3, 4].map((i) => ucb1(tree.total[i]!, tree.visits[i]!, total, c));
      expect(selectChild(tree, 0, c)).toBe(1 + values.indexOf(Math.max(...values)));
    }
  });

  it("on the nearly all-black board white has one move, and every playout from it is a black win", () => {
    const full = value(
      parseBoardLines("BBBBBBBW/BBBBBBBB/BBBBBBBB/BBBBBBBB/BBBBBBBB/BBBBBBBB/BBBBBBBB/BBBBBBB-", false),
    );
    expect(full.legalMoves()).toEqual([63]);
    const after = full.play(63);
    const random = new Random(3);
    for (let i = 0; i < 100; i++) {
      expect(randomPlayout(after.playerLo, after.playerHi, after.opponentLo, after.opponentHi, random)).toBeGreaterThan(
        0,
      );
    }
  });
});

describe("choosing a move", () => {
  it("always answers a legal move, for both colours, through whole games", () => {
    const s = search({}, 9);
    const g = new Game();
    while (!g.isOver()) {
      const r = s.choose(g, { visits: 200 });
      expect(g.position.legalMoves()).toContain(r.move);
      expect(g.play(r.move).ok).toBe(true);
    }
  });

  it("searches a position with one legal move or a forced pass too (the engine plays those unsearched), but not a finished game", () => {
    const only = value(
      parseBoardLines("BBBBBBBW/BBBBBBBB/BBBBBBBB/BBBBBBBB/BBBBBBBB/BBBBBBBB/BBBBBBBB/BBBBBBB-", false),
    );
    expect(search().choose(new Game(only), { visits: 100 })).toMatchObject({ move: 63, visits: 100 });
    const forced = value(parseCode("2222222222222222222222222222222222222222222222222222222222221000" + "10")).position;
    expect(search().choose(new Game(forced), { visits: 100 })).toMatchObject({ move: PASS, visits: 100 });
    const over = value(parseCode("1".repeat(64) + "10")).position;
    expect(() => search().choose(new Game(over), { visits: 100 })).toThrow(/finished game/);
  });

  it("stops at the deadline of an injected clock", () => {
    let t = 0;
    const s = new Search(params(), { now: () => (t += 0.1), random: new Random(1) });
    const r = s.choose(new Game(), { timeMs: 10 });
    expect(r.visits).toBeGreaterThan(0);
    expect(r.elapsedMs).toBeLessThanOrEqual(11);
  });
});

describe("symmetry", () => {
  // A middle-game position after a few random moves.
  const g = new Game();
  const random = new Random(11);
  for (let i = 0; i < 12; i++) {
    const moves = g.position.legalMoves();
    g.play(moves[random.below(moves.length)]!);
  }
  const position = g.position;

  it("the position mirrored gives the mirrored choice", () => {
    const a = search({}, 2).choose(new Game(position), { visits: 6000 });
    const b = search({}, 2).choose(new Game(transposed(position)), { visits: 6000 });
    expect(b.move).toBe(transpose(a.move));
  });
});

// Positions are stored from the mover's side, so the same discs with the colours swapped are the
// same bitboards: the colours are tested through the protocol (test/protocol/engine/session.test.ts).
describe("tactics", () => {
  /** Exact value for the side to move (world count), by full search: the positions here have few empty squares. */
  function solve(p: Position): number {
    const moves = p.legalMoves();
    if (moves.length === 0) return p.blackToMove ? p.worldScore() : -p.worldScore();
    return Math.max(...moves.map((m) => -solve(p.play(m))));
  }
  /** The one move that wins, checked by exact search. */
  function onlyWinningMove(p: Position): number {
    const winners = p.legalSquares().filter((m) => -solve(p.play(m)) > 0);
    expect(winners).toHaveLength(1);
    return winners[0]!;
  }
  // Random games stopped at 8 empty squares, in which taking the one available corner is the only win.
  const corners = [
    "022222210111122100112121222221212221212122221221222112002222220010",
    "001111101002111011222211121212211122222011122222211111220111111210",
  ].map((code) => value(parseCode(code)).position);
  // Black b1, d3, c3; white c1, d2: black d1 takes both white discs, black e1 only one.
  const wipeOut = value(parseCode("012000000002000000110000000000000000000000000000000000000000000010")).position;

  [...corners, ...corners.map(transposed)].forEach((p, i) => {
    it(`takes the winning corner (position ${i + 1}, ${i < corners.length ? "as found" : "mirrored"})`, () => {
      const expected = onlyWinningMove(p);
      expect([0, 7, 56, 63]).toContain(expected);
      expect(p.legalSquares().length).toBeGreaterThan(2);
      expect(search().choose(new Game(p), { visits: 20000 }).move).toBe(expected);
    });
  });
  for (const p of [wipeOut]) {
    it("wipes the opponent out", () => {
      const wipes = p.legalSquares().filter((m) => {
        const q = p.play(m);
        return q.playerLo === 0 && q.playerHi === 0;
      });
      expect(wipes).toEqual([3]);
      expect(p.legalSquares().length).toBeGreaterThan(1);
      expect(search().choose(new Game(p), { visits: 5000 }).move).toBe(3);
    });
  }
});

describe("tree reuse", () => {
  it("after genmove and a reply, the next search starts with the reused visits of that reply", () => {
    const s = search({}, 4);
    const twin = search({}, 4);
    const g = new Game();
    const first = s.choose(g, { visits: 5000 });
    expect(twin.choose(g, { visits: 5000 })).toEqual(first);
    g.play(first.move);
    // The twin's tree, moved to our move without searching, shows what it knows of each reply.
    twin.choose(g, { visits: 0 });
    const reply = twin.rootChildren().reduce((a, b) => (b.visits > a.visits ? b : a));
    expect(reply.visits).toBeGreaterThan(0);
    g.play(reply.move);
    const second = s.choose(g, { visits: 1000 });
    expect(second.reused).toBe(reply.visits);
    expect(second.visits).toBe(1000);
    // Everything stays under the new root: a further search from the same game keeps it all.
    expect(s.choose(g, { visits: 10 }).reused).toBe(reply.visits + 1000);
  });

  it("keeps exactly the visits the reply's node had", () => {
    const s = search({ algorithm: "uct" }, 6);
    const g = new Game();
    const r = s.choose(g, { visits: 5000 });
    // Our own move: the new root is our chosen child, whose visits the report gave.
    g.play(r.move);
    const next = s.choose(g, { visits: 1 });
    expect(next.reused).toBe(r.moveVisits);
  });

  it("keeps every count of the subtree, results as well as visits, two plies deep", () => {
    const s = search({}, 4);
    const g = new Game();
    const first = s.choose(g, { visits: 8000 });
    const kept = s.children([first.move]);
    const reply = kept.reduce((a, b) => (b.visits > a.visits ? b : a));
    const keptDeeper = s.children([first.move, reply.move]);
    expect(keptDeeper.some((c) => c.total > 0 && c.total < c.visits)).toBe(true);
    g.play(first.move);
    s.choose(g, { visits: 0 });
    expect(s.rootChildren()).toEqual(kept);
    expect(s.children([reply.move])).toEqual(keptDeeper);
  });

  it("follow moves the root between searches in place, keeping the subtree's counts, and the next search starts on it", () => {
    const tree = new Tree(200_000);
    const s = new Search(params(), { now: frozenClock, random: new Random(4), tree });
    const g = new Game();
    const first = s.choose(g, { visits: 8000 });
    const reply = s.children([first.move]).reduce((a, b) => (b.visits > a.visits ? b : a));
    const below = s.children([first.move, reply.move]);
    expect(below.some((c) => c.total > 0 && c.total < c.visits)).toBe(true);
    g.play(first.move);
    g.play(reply.move);
    const size = tree.size;
    expect(s.follow(g)).toBe(reply.visits);
    expect(s.rootChildren()).toEqual(below);
    // The reply's node is the root, where it was: nothing was copied or freed.
    expect(tree.root).toBe(tree.child(tree.child(0, first.move), reply.move));
    expect(tree.size).toBe(size);
    let searched: Tree | undefined;
    const next = s.choose(g, {
      visits: 100,
      started: (t) => {
        searched = t;
      },
    });
    expect(next.reused).toBe(reply.visits);
    expect(searched).toBe(tree);
    expect(s.follow(g)).toBe(reply.visits + 100);
    expect(s.children([])).toEqual(s.rootChildren());
  });

  it("compacts the pool when the root moves and more than half of it is in use, and only then", () => {
    /** The pool after 3000 visits from the start in a pool of `capacity`, then the most visited move followed. */
    const followed = (capacity: number) => {
      const tree = new Tree(capacity);
      const s = new Search(params({ maxNodes: capacity }), { now: frozenClock, random: new Random(6), tree });
      const g = new Game();
      const first = s.choose(g, { visits: 3000 });
      const size = tree.size;
      const below = s.children([first.move]);
      g.play(first.move);
      s.follow(g);
      expect(s.rootChildren()).toEqual(below);
      return { size, root: tree.root, after: tree.size };
    };
    const roomy = followed(100_000);
    // Less than half full: the root moved in place, nothing freed.
    expect(roomy.size).toBeLessThan(50_000);
    expect(roomy.root).toBeGreaterThan(0);
    expect(roomy.after).toBe(roomy.size);
    // Exactly half full (the same search in a pool twice its size): still in place.
    expect(followed(2 * roomy.size)).toEqual(roomy);
    // One node more than half: compacted, the root node 0 and the pool holding its subtree alone.
    const crowded = followed(2 * roomy.size - 1);
    expect(crowded.root).toBe(0);
    expect(crowded.after).toBeLessThan(roomy.size);
  });

  it("a game that does not continue the tree's line (undo, a new position) starts a fresh tree", () => {
    const s = search({}, 7);
    const g = new Game();
    s.choose(g, { visits: 2000 });
    g.play(otp(["2 3"])[0]!);
    expect(s.choose(g, { visits: 100 }).reused).toBeGreaterThan(0);
    g.undo();
    g.play(otp(["3 2"])[0]!);
    g.undo();
    expect(s.choose(g, { visits: 100 }).reused).toBe(0);
    const other = new Game(
      value(parseCode("0".repeat(19) + "1" + "0".repeat(7) + "21" + "0".repeat(6) + "12" + "0".repeat(27) + "10"))
        .position,
    );
    expect(s.choose(other, { visits: 100 }).reused).toBe(0);
  });

  it("flat UCB keeps only root statistics, and a full tree stops growing but keeps playing", () => {
    const flat = search({ algorithm: "ucb" }, 8).choose(new Game(), { visits: 2000 });
    expect(flat.nodes).toBe(1 + 4);
    const small = search({ maxNodes: 500 }, 8).choose(new Game(), { visits: 5000 });
    expect(small.visits).toBe(5000);
    expect(small.nodes).toBeLessThanOrEqual(500);
  });
});

describe("progressive pruning", () => {
  function node(results: [number, number][]): Tree {
    // A root with four children; each child's results as (wins, losses) in whole games.
    const tree = startTree();
    const first = tree.firstChild[0]!;
    results.forEach(([w, l], i) => {
      for (let k = 0; k < w; k++) tree.record(first + i, 2);
      for (let k = 0; k < l; k++) tree.record(first + i, 0);
    });
    return tree;
  }

  it("prunes a clearly worse child, never the best, and un-prunes it when the intervals overlap again", () => {
    const tree = node([
      [60, 40],
      [20, 80],
      [55, 45],
      [58, 42],
    ]);
    const first = tree.firstChild[0]!;
    expect(updatePruning(tree, 0, 2, 50)).toBe(1);
    expect(tree.flags[first + 1]! & NodeFlag.Pruned).toBe(NodeFlag.Pruned);
    for (const i of [0, 2, 3]) expect(tree.flags[first + i]! & NodeFlag.Pruned).toBe(0);
    for (let k = 0; k < 150; k++) tree.record(first + 1, 2); // the pruned child recovers and becomes the best
    expect(updatePruning(tree, 0, 2, 50)).toBe(-1);
    expect(tree.flags[first + 1]! & NodeFlag.Pruned).toBe(0);
  });

  it("waits until every child has the minimum visits, and r = 0 turns it off", () => {
    const tree = node([
      [60, 40],
      [2, 8],
      [55, 45],
      [58, 42],
    ]);
    expect(updatePruning(tree, 0, 2, 50)).toBe(0);
    const full = node([
      [60, 40],
      [20, 80],
      [55, 45],
      [58, 42],
    ]);
    expect(updatePruning(full, 0, 0, 50)).toBe(0);
  });

  it("never leaves a node without a child, even when all the others are far worse", () => {
    const tree = node([
      [100, 0],
      [0, 100],
      [0, 100],
      [0, 100],
    ]);
    expect(updatePruning(tree, 0, 1, 10)).toBe(3);
    expect(tree.flags[tree.firstChild[0]!]! & NodeFlag.Pruned).toBe(0);
    expect(selectChild(tree, 0, 1)).toBe(tree.firstChild[0]);
  });

  it("is counted in the search report", () => {
    const r = search({ ppR: 1, ppMinVisits: 16 }, 3).choose(new Game(), { visits: 10000 });
    expect(r.pruned).toBeGreaterThan(0);
    const off = search({ ppR: 0 }, 3).choose(new Game(), { visits: 2000 });
    expect(off.pruned).toBe(0);
  });
});

describe("the tree's nodes", () => {
  it("expands a forced pass into a single pass child and a finished game into none", () => {
    const tree = new Tree(10);
    const forced = value(parseCode("2222222222222222222222222222222222222222222222222222222222221000" + "10")).position;
    tree.reset();
    tree.expand(0, forced.playerLo, forced.playerHi, forced.opponentLo, forced.opponentHi);
    expect(tree.childCount[0]).toBe(1);
    expect(tree.move[tree.firstChild[0]!]).toBe(PASS);
    const over = value(parseCode("1".repeat(64) + "10")).position;
    tree.reset();
    tree.expand(0, over.playerLo, over.playerHi, over.opponentLo, over.opponentHi);
    expect(tree.childCount[0]).toBe(0);
    expect(tree.flags[0]! & NodeFlag.Expanded).toBe(NodeFlag.Expanded);
  });

  it("keeps the discs each child's move gains, the square and its flips (none for a pass), which the descent applies", () => {
    const tree = new Tree(100);
    // After one move: the replies play in both words and flip across the row 3 / row 4 seam.
    const start = Position.initial();
    const p = start.play(start.legalMoves()[0]!);
    tree.reset();
    tree.expand(0, p.playerLo, p.playerHi, p.opponentLo, p.opponentHi);
    const first = tree.firstChild[0]!;
    expect(tree.childCount[0]).toBeGreaterThan(1);
    for (let c = first; c < first + tree.childCount[0]!; c++) {
      const next = p.play(tree.move[c]!);
      // The mover's discs are the opponent's in the next position, which the opponent's lost discs were.
      expect(p.playerLo | tree.gained[2 * c]!).toBe(next.opponentLo);
      expect(p.playerHi | tree.gained[2 * c + 1]!).toBe(next.opponentHi);
      expect(p.opponentLo & ~tree.gained[2 * c]!).toBe(next.playerLo);
      expect(p.opponentHi & ~tree.gained[2 * c + 1]!).toBe(next.playerHi);
    }
    const forced = value(parseCode("2222222222222222222222222222222222222222222222222222222222221000" + "10")).position;
    tree.reset();
    tree.expand(0, forced.playerLo, forced.playerHi, forced.opponentLo, forced.opponentHi);
    expect([tree.gained[2 * tree.firstChild[0]!], tree.gained[2 * tree.firstChild[0]! + 1]]).toEqual([0, 0]);
  });
});

/** Exact value for the side to move (world count), by full search: for positions with few empty squares. */
function exact(p: Position): number {
  const moves = p.legalMoves();
  if (moves.length === 0) return p.blackToMove ? p.worldScore() : -p.worldScore();
  return Math.max(...moves.map((m) => -exact(p.play(m))));
}

describe("backup", () => {
  /** A fake playout: the side to move at the leaf always ends with `diff` discs more. */
  const constant = (diff: number) => () => diff;
  const fake = (diff: number, seed = 3) =>
    new Search(params(), { now: frozenClock, random: new Random(seed), playout: constant(diff) });

  it("alternates the point of view up the path: a node wins exactly the playouts its children's movers lost", () => {
    const s = fake(+10);
    const g = new Game();
    s.choose(g, { visits: 3000 });
    let checked = 0;
    for (const child of s.rootChildren()) {
      const grandchildren = s.children([child.move]);
      if (grandchildren.length === 0) continue;
      // The child's own first playout ended at it, a win for the side to move there: a loss for the child's mover.
      expect(child.total).toBe(grandchildren.reduce((sum, gc) => sum + gc.visits - gc.total, 0));
      expect(child.total).toBeGreaterThan(0);
      checked++;
    }
    expect(checked).toBe(4);
  });

  it("counts draws as draws, at every node of the path", () => {
    const s = fake(0);
    s.choose(new Game(), { visits: 2000 });
    const nodes = [...s.rootChildren(), ...s.rootChildren().flatMap((c) => s.children([c.move]))];
    expect(nodes.length).toBeGreaterThan(4);
    for (const n of nodes) expect(n).toMatchObject({ total: n.visits / 2, winRate: n.visits > 0 ? 0.5 : NaN });
  });

  it("keeps the sums of squares that pruning needs, and only when it prunes", () => {
    const tree = new Tree(200_000);
    const pruning = new Search(params({ ppR: 1 }), {
      now: frozenClock,
      random: new Random(3),
      playout: constant(0),
      tree,
    });
    pruning.choose(new Game(), { visits: 2000 });
    // Half a point each time, not wins and losses in equal numbers: every square is a quarter.
    expect(tree.spreads).toBe(true);
    for (let n = 0; n < tree.size; n++) expect(tree.squares[n]).toBe(tree.visits[n]! / 4);
    const untracked = new Tree(200_000);
    const plain = new Search(params(), {
      now: frozenClock,
      random: new Random(3),
      playout: constant(0),
      tree: untracked,
    });
    plain.choose(new Game(), { visits: 2000 });
    expect(untracked.spreads).toBe(false);
    expect(untracked.visits[0]).toBe(2000);
    for (let n = 0; n < untracked.size; n++) expect(untracked.squares[n]).toBe(0);
    expect(() => untracked.sigma(0)).toThrow(/keeps no squares/);
  });

  // Endings (found by exact search) where one move draws and every other loses.
  it.each([
    ["222222201111122211211122221112102212221122222111222111112002002110", 61],
    ["111211112112211201111112212211222122122122112221201112200002222210", 55],
    ["111120001112222212222202102212121121212211212122111122222011112210", 25],
  ])("a drawn ending %s: the search takes the only draw, %i, where everything else loses", (code, draw) => {
    const p = value(parseCode(code)).position;
    expect(p.legalSquares().filter((m) => exact(p.play(m)) <= 0 && exact(p.play(m)) === 0)).toEqual([draw]);
    expect(
      Math.max(
        ...p
          .legalSquares()
          .filter((m) => m !== draw)
          .map((m) => -exact(p.play(m))),
      ),
    ).toBeLessThan(0);
    expect(search({}, 1).choose(new Game(p), { visits: 20000 }).move).toBe(draw);
  });
});

describe("passes inside the tree", () => {
  // White to move; white g1 leaves black without a move, and white then has several.
  const p = value(parseCode("221111001221111112111100121111101111211201111210111122210022222220")).position;

  it("selection swaps sides after a pass: the pass node's children are the right side's moves", () => {
    expect(p.blackToMove).toBe(false);
    const afterPass = p.play(6).play(PASS);
    expect(p.play(6).canMove()).toBe(false);
    expect(afterPass.legalSquares().length).toBeGreaterThanOrEqual(2);
    const s = search({}, 5);
    s.choose(new Game(p), { visits: 20000 });
    expect(s.children([6]).map((c) => c.move)).toEqual([PASS]);
    expect(
      s
        .children([6, PASS])
        .map((c) => c.move)
        .sort((a, b) => a - b),
    ).toEqual(afterPass.legalSquares());
  });

  it("the principal variation is a legal line through the pass", () => {
    const s = search({}, 5);
    const report = s.choose(new Game(p), { visits: 20000 });
    const g = new Game(p);
    for (const move of report.pv) expect(g.play(move).ok).toBe(true);
  });
});

describe("refutations deeper than one ply", () => {
  // Endings in which the move random playouts like best loses to the opponent's one good reply,
  // and exactly one move wins (found by exact search; the averages are over random playouts).
  const traps = [
    // Black to move: g8 (62) wins by 10; the playouts prefer h2 (15), which loses by 8.
    { code: "011110001111122011212202111222021111122211122122111112210022220110", win: 62, lure: 15 },
    // Black to move: e2 (12) wins by 6; the playouts prefer c7 (50), which loses by 2.
    { code: "022222210022022111111121112212111122211112222111000111100011222210", win: 12, lure: 50 },
  ];
  for (const { code, win, lure } of traps) {
    const p = value(parseCode(code)).position;
    it(`finds the only win ${win}, not the lure ${lure} that is refuted later`, () => {
      expect(p.legalSquares().filter((m) => -exact(p.play(m)) > 0)).toEqual([win]);
      expect(-exact(p.play(lure))).toBeLessThan(0);
      expect(search({}, 1).choose(new Game(p), { visits: 20000 }).move).toBe(win);
    });
  }
});

describe("counters", () => {
  it("halve when the root reaches MAX_VISITS: counts stay within 32 bits, means and UCB stay finite", () => {
    const tree = new Tree(200_000);
    const s = new Search(params(), { now: frozenClock, random: new Random(9), tree });
    const g = new Game();
    s.choose(g, { visits: 2000 });
    // As after hours of search on a reused root: scale every count up to just under the limit.
    // The cached selection terms stay the smaller counts' (the same means) until the halving.
    const scale = Math.floor((MAX_VISITS - 10) / tree.visits[0]!);
    for (let n = 0; n < tree.size; n++) {
      tree.visits[n]! *= scale;
      tree.total[n]! *= scale;
      tree.squares[n]! *= scale;
    }
    // The root exactly 10 short of the limit (the rounding above leaves up to its visits short).
    tree.visits[0] = MAX_VISITS - 10;
    const before = s.rootChildren();
    const report = s.choose(g, { visits: 100 });
    expect(report.reused).toBe(MAX_VISITS - 10);
    // Halved once, at the tenth visit: (2^30 / 2) plus the 90 visits after.
    const root = tree.visits[0]!;
    expect(root).toBe(MAX_VISITS / 2 + 90);
    const after = s.rootChildren();
    for (let i = 0; i < after.length; i++) {
      const c = after[i]!;
      expect(c.total).toBeLessThanOrEqual(c.visits);
      expect(c.winRate).toBeCloseTo(before[i]!.winRate, 3);
      expect(Number.isFinite(ucb1(c.total, c.visits, root, 0.3))).toBe(true);
    }
  });

  it("Tree.halve halves the visits, keeps the mean and the spread of the results, and the selection's terms", () => {
    const tree = new Tree(10);
    tree.reset();
    // 3 wins, 3 draws and a loss: a total of 4.5, squares summing to 3.75.
    recordResults(tree, 0, 7, 3, 3);
    const [mean, spread] = [tree.mean(0), Math.sqrt(tree.squares[0]! / 7 - tree.mean(0) ** 2)];
    tree.halve();
    expect(tree.visits[0]).toBe(3);
    expect(tree.mean(0)).toBeCloseTo(mean, 12);
    expect(Math.sqrt(tree.squares[0]! / 3 - tree.mean(0) ** 2)).toBeCloseTo(spread, 12);
    expect(tree.selectionTerms[0]).toBeCloseTo(mean, 12);
    expect(tree.selectionTerms[1]).toBeCloseTo(1 / Math.sqrt(3), 12);
  });
});

describe("pruned children", () => {
  /** The start position's four children, with the given visits and wins; child `pruned` set aside. */
  function tree(stats: [number, number][], pruned: number): Tree {
    const t = startTree();
    stats.forEach(([v, w], i) => {
      recordResults(t, 1 + i, v, w);
    });
    t.visits[0] = stats.reduce((a, [v]) => a + v, 0);
    t.flags[1 + pruned]! |= NodeFlag.Pruned;
    return t;
  }

  it("selection never descends into a pruned child, even the one with the highest UCB", () => {
    const t = tree(
      [
        [50, 50],
        [50, 10],
        [50, 20],
        [50, 5],
      ],
      0,
    );
    expect(selectChild(t, 0, 0.3)).toBe(3);
  });

  it("the move played is never a pruned child, even the most visited", () => {
    const t = tree(
      [
        [90, 60],
        [50, 10],
        [60, 20],
        [50, 5],
      ],
      0,
    );
    expect(childToPlay(t, 0)).toBe(3);
  });
});

describe("progress reports", () => {
  it("tell how the search stands every everyMs while it runs, the playouts growing, and the last report stands", () => {
    let t = 0;
    // A wide exploration keeps the visits even, so the search runs its whole time.
    const s = new Search(params({ ucbC: 10 }), { now: () => (t += 1), random: new Random(3) });
    const seen: SearchReport[] = [];
    const report = s.choose(new Game(), { timeMs: 400, progress: { everyMs: 100, report: (r) => seen.push(r) } });
    // A clock reading every 32 visits, each a millisecond (and one more for each report made):
    // the first reading at or past 100 ms since the last tell (or the start) tells. The first
    // is read at 2 ms, the search's reading at no visits at 3 ms, and the one after 3,168 at 102.
    expect(seen.map((r) => r.visits)).toEqual([3168, 6336, 9504]);
    for (const r of seen) expect(r.visits).toBeLessThan(report.visits);
    expect(seen.every((r) => r.pv.length > 0)).toBe(true);
  });
});

describe("MCTS-solver", () => {
  const solver = new Solver();
  const solving = (over: Partial<SearchParams> = {}, seed = 1) =>
    new Search(params(over), { now: frozenClock, random: new Random(seed), solver });
  /** The same traps as above: black to move, 10 empties, one winning move and a lure refuted later. */
  const trap = { code: "011110001111122011212202111222021111122211122122111112210022220110", win: 62, lure: 15 };
  /** The trap after black's lure and white's refutation: black to move, every move loses. */
  const lostAfterLure = (): Position => {
    const p = value(parseCode(trap.code)).position.play(trap.lure);
    return p.play(p.legalSquares().find((m) => exact(p.play(m)) < 0)!);
  };
  const word = (v: number) => (v > 0 ? "win" : v < 0 ? "loss" : "draw");

  it.each([
    // 9 empties, the mover's moves worth 0, -6, -20, -24 and -16 discs.
    ["a draw and losses", "OXXOOOOOOXXXOXOOXOXXXOOO-OOOXX-OXOXXXOOOOOXXXOO--OXXXXOX---X-OO- O", ["draw", "loss"]],
    // 9 empties: -16, -14, -28, -30, -26, and the last move wins by 12.
    ["losses and a win", "-X-OOO-X--XOOXXXXXXXXXXXXXOOOXXX-OXOOXXO-OXOOXOOOOOOOOOOOO-XOOO- O", ["loss", "win"]],
  ])("a leaf solved at its first visit is proven, counted, and valued by its proof: %s", (_, obf, proofs) => {
    // Each root child has 8 empties and is solved at its first visit, in order (unvisited
    // children first, without priors); none proves the root before the last is visited.
    const p = value(parseObf(obf)).position;
    const count = p.legalSquares().length;
    const s = solving({ solveEmpties: 8 });
    expect(s.choose(new Game(p), { visits: count }).solved).toBe(count);
    const worth = { win: 1, draw: 0.5, loss: 0 } as const;
    for (const c of s.rootChildren()) {
      expect(c.visits).toBe(1);
      expect(c.total).toBe(worth[c.proven!]);
    }
    expect(new Set(s.rootChildren().map((c) => c.proven))).toEqual(new Set(proofs));
  });

  it.each([
    ["win", 40],
    ["loss", 10],
    ["draw", 27],
  ] as const)("a finished game's node is valued by its proof once expanded: a %s", (proven, rest) => {
    // X to move; its one move, a1, flips b1 and fills the board. X holds c1, a2 and b2 (no flip
    // along a1's column or diagonal) and `rest` of the other 59 squares: it ends with rest + 5.
    const others = "X".repeat(rest) + "O".repeat(59 - rest);
    const p = value(parseObf(`-OX${others.slice(0, 5)}XX${others.slice(5)} X`)).position;
    expect(p.legalSquares()).toEqual([0]);
    // No leaf solving: the first visit plays the finished game out, the second expands it and
    // reads its proof; a lost root is searched on, each visit reading the proof again.
    const s = search();
    s.choose(new Game(p), { visits: 10 });
    const [child] = s.rootChildren();
    expect(child!.proven).toBe(proven);
    expect(child!.visits).toBeGreaterThanOrEqual(2);
    expect(child!.total).toBe(child!.visits * { win: 1, draw: 0.5, loss: 0 }[proven]);
  });

  it("a proven-won root: the search stops early, plays the proven win and says so", () => {
    const p = value(parseCode(trap.code)).position;
    const report = solving({ solveEmpties: 8 }).choose(new Game(p), { visits: 200_000 });
    expect(report).toMatchObject({ move: trap.win, proven: "win" });
    expect(report.visits).toBeLessThan(200_000);
  });

  it("a proof climbs the path at once: finished games alone prove the trap's root, leaf solving off", () => {
    const p = value(parseCode(trap.code)).position;
    const report = solving({ solveEmpties: 0 }).choose(new Game(p), { visits: 200_000 });
    expect(report).toMatchObject({ move: trap.win, proven: "win" });
    expect(report.visits).toBeLessThan(20_000);
  });

  it("every node it proves agrees with exact search, two plies deep, leaves solved or not", () => {
    const p = value(parseCode(trap.code)).position;
    for (const solveEmpties of [0, 8]) {
      const s = solving({ solveEmpties });
      s.choose(new Game(p), { visits: 10_000 });
      let proven = 0;
      for (const child of s.rootChildren()) {
        const after = p.play(child.move);
        if (child.proven !== undefined) {
          expect(child.proven).toBe(word(-exact(after)));
          proven++;
        }
        for (const gc of s.children([child.move])) {
          if (gc.proven === undefined) continue;
          expect(gc.proven).toBe(word(-exact(after.play(gc.move))));
          proven++;
        }
      }
      expect(proven).toBeGreaterThan(solveEmpties === 0 ? 0 : 20);
    }
  });

  it("the lure, most liked by random playouts, is proven lost and never played", () => {
    const p = value(parseCode(trap.code)).position;
    const s = solving({ solveEmpties: 8 });
    expect(s.choose(new Game(p), { visits: 200_000 }).move).toBe(trap.win);
    expect(s.rootChildren().find((c) => c.move === trap.lure)?.proven).toBe("loss");
  });

  it("a proven-lost root: the search goes on as plain UCT for the move with the best chances, and says it is lost", () => {
    const lost = lostAfterLure();
    expect(exact(lost)).toBeLessThan(0);
    const s = solving({ solveEmpties: 8 });
    const report = s.choose(new Game(lost), { visits: 3000 });
    expect(report).toMatchObject({ visits: 3000, proven: "loss" });
    const children = s.rootChildren();
    expect(children.every((c) => c.proven === "loss")).toBe(true);
    expect(report.moveVisits).toBe(Math.max(...children.map((c) => c.visits)));
    expect(children.filter((c) => c.visits > 100).length).toBeGreaterThan(1);
  });

  it("a proven-lost root's search proves nothing more: the nodes proven before stay the only ones, finished games aside", () => {
    const lost = lostAfterLure();
    const tree = new Tree(200_000);
    const s = new Search(params({ solveEmpties: 4 }), { now: frozenClock, random: new Random(1), solver, tree });
    const game = new Game(lost);
    /** The nodes proven other than by a finished game, by number. */
    const proven = (): number[] => {
      const t = tree;
      const nodes: number[] = [];
      for (let n = 0; n < t.size; n++)
        if ((t.flags[n]! & (NodeFlag.Proven | NodeFlag.Terminal)) === NodeFlag.Proven) nodes.push(n);
      return nodes;
    };
    expect(s.choose(game, { visits: 3000 }).proven).toBe("loss");
    const before = proven();
    const size = tree.size;
    // Searched on from the same tree: every visit now ends at a playout or a finished game.
    expect(s.choose(game, { visits: 20_000 }).reused).toBe(3000);
    expect(tree.size).toBeGreaterThan(size);
    expect(proven()).toEqual(before);
  });

  it("a drawn ending: the only drawing move is played, proven a draw", () => {
    // Black to move; c8 (61) draws and every other move loses (checked by exact search in "backup").
    const p = value(parseCode("222222201111122211211122221112102212221122222111222111112002002110")).position;
    const report = solving({ solveEmpties: 8 }).choose(new Game(p), { visits: 200_000 });
    expect(report).toMatchObject({ move: 61, proven: "draw" });
  });

  it("reads the clock after every leaf solve, so solving leaves cannot overrun the deadline", () => {
    // A position with 16 empties from seeded random play; every leaf two plies down is "solved"
    // by a fake solver that takes 10 ms and calls it a draw.
    const random = new Random(5);
    let p = Position.initial();
    while (p.empties() > 16) {
      const moves = p.legalMoves();
      p = moves.length === 0 ? p.play(PASS) : p.play(moves[random.below(moves.length)]!);
    }
    let t = 0;
    let solves = 0;
    const slow = {
      outcome: () => {
        t += 10;
        solves++;
        return 0;
      },
    };
    const s = new Search(params({ solveEmpties: 14 }), { now: () => t, random: new Random(1), solver: slow });
    const report = s.choose(new Game(p), { timeMs: 100 });
    expect(report.proven).toBeUndefined();
    expect(solves).toBe(10);
    expect(t).toBe(100);
  });

  describe("the move played, given proofs", () => {
    /** The start position's four children with (visits, wins) and proofs, as the search might leave them. */
    function tree(stats: [number, number, number][]): Tree {
      const t = startTree();
      stats.forEach(([v, w, proof], i) => {
        recordResults(t, 1 + i, v, w);
        t.setProof(1 + i, proof);
      });
      t.visits[0] = stats.reduce((a, [v]) => a + v, 0);
      return t;
    }

    it("a trap: the most visited child, with the best mean, is a proven loss; an unproven move is played", () => {
      const t = tree([
        [900, 800, Proof.Loss],
        [50, 10, Proof.Unproven],
        [60, 20, Proof.Unproven],
        [50, 5, Proof.Loss],
      ]);
      expect(childToPlay(t, 0)).toBe(3);
      expect(selectChild(t, 0, 0.3)).toBe(3);
    });

    it("a proven win is played even with few visits and a poor mean", () => {
      const t = tree([
        [900, 800, Proof.Unproven],
        [50, 10, Proof.Unproven],
        [3, 0, Proof.Win],
        [50, 5, Proof.Loss],
      ]);
      expect(childToPlay(t, 0)).toBe(3);
    });

    it("a proven draw beats an unproven move that is losing, not one that is winning", () => {
      const losing = tree([
        [900, 300, Proof.Unproven],
        [50, 10, Proof.Draw],
        [60, 20, Proof.Loss],
        [50, 5, Proof.Loss],
      ]);
      expect(childToPlay(losing, 0)).toBe(2);
      const winning = tree([
        [900, 600, Proof.Unproven],
        [50, 10, Proof.Draw],
        [60, 20, Proof.Loss],
        [50, 5, Proof.Loss],
      ]);
      expect(childToPlay(winning, 0)).toBe(1);
    });

    it("when every child is proven, selection has nothing to descend into", () => {
      const t = tree([
        [9, 8, Proof.Loss],
        [5, 1, Proof.Draw],
        [6, 2, Proof.Loss],
        [5, 5, Proof.Loss],
      ]);
      expect(selectChild(t, 0, 0.3)).toBe(-1);
      expect(prove(t, 0)).toBe(true);
      expect(t.proof[0]).toBe(Proof.Draw);
    });
  });

  describe("Tree.prove", () => {
    function root(proofs: number[]): Tree {
      const t = new Tree(100);
      const p = Position.initial();
      t.reset();
      t.expand(0, p.playerLo, p.playerHi, p.opponentLo, p.opponentHi);
      proofs.forEach((proof, i) => {
        t.setProof(1 + i, proof);
      });
      return t;
    }
    it.each([
      [[Proof.Win, Proof.Unproven, Proof.Unproven, Proof.Unproven], Proof.Loss],
      [[Proof.Loss, Proof.Loss, Proof.Loss, Proof.Loss], Proof.Win],
      [[Proof.Loss, Proof.Draw, Proof.Loss, Proof.Loss], Proof.Draw],
      [[Proof.Loss, Proof.Draw, Proof.Unproven, Proof.Loss], Proof.Unproven],
      [[Proof.Loss, Proof.Loss, Proof.Loss, Proof.Unproven], Proof.Unproven],
    ])("children %j prove the node %i (for the player who moved into it)", (proofs, expected) => {
      const t = root(proofs);
      expect(prove(t, 0)).toBe(expected !== Proof.Unproven);
      expect(t.proof[0]).toBe(expected);
    });

    it("a finished game is proven when expanded, for the player who moved into it", () => {
      // All black, white to move: the game is over and white (to move) has lost; black, who moved, won.
      const over = value(parseCode("1".repeat(64) + "2" + "0")).position;
      const t = new Tree(10);
      t.reset();
      t.expand(0, over.playerLo, over.playerHi, over.opponentLo, over.opponentHi);
      expect(t.proof[0]).toBe(over.blackToMove ? Proof.Loss : Proof.Win);
    });
  });
});

describe("evaluated leaves and priors", () => {
  const evalParams = (over: Partial<SearchParams> = {}): SearchParams =>
    params({ leaf: "eval", priorVisits: 2, evalScale: 4, ...over });
  /** A search with evaluated leaves, growing `tree` from a new game. */
  const evaluated = (over: Partial<SearchParams> = {}, evaluation = discCount, tree?: Tree) =>
    new Search(evalParams(over), {
      now: frozenClock,
      random: new Random(1),
      playout: () => {
        throw new Error("no playout with evaluated leaves");
      },
      evaluation,
      ...(tree === undefined ? {} : { tree }),
    });
  const ownTree = (): Tree => new Tree(200_000);

  it("gives each child the win probability of its evaluation for the player who moves into it", () => {
    const s = evaluated();
    s.choose(new Game(), { visits: 1 });
    const start = Position.initial();
    for (const child of s.rootChildren()) {
      const after = start.play(child.move);
      // Evaluated from the child's side to move (the opponent), then turned to the mover's side.
      const discs = -discCount.evaluate(after.playerLo, after.playerHi, after.opponentLo, after.opponentHi);
      expect(discs).toBe(3);
      expect(child.prior).toBeCloseTo(1 / (1 + Math.exp(-discs / 4)), 6);
    }
  });

  it("values a new leaf by its prior and backs it up, alternating the point of view", () => {
    const tree = ownTree();
    const s = evaluated({}, discCount, tree);
    s.choose(new Game(), { visits: 200 });
    let checked = 0;
    for (let n = 0; n < tree.size; n++) {
      if ((tree.flags[n]! & NodeFlag.Expanded) === 0 || tree.visits[n] === 0) continue;
      // A node's total is its own first value (its prior, the root has none) plus what its children's movers did not score.
      const first = tree.firstChild[n]!;
      let fromChildren = 0;
      let childVisits = 0;
      for (let c = first; c < first + tree.childCount[n]!; c++) {
        fromChildren += tree.visits[c]! - tree.total[c]!;
        childVisits += tree.visits[c]!;
      }
      const own = n === 0 ? 0 : tree.prior[n]!;
      // Its first visit stopped at it (unexpanded); every later one went on to a child.
      expect(tree.visits[n]).toBe(childVisits + (n === 0 ? 0 : 1));
      expect(tree.total[n]).toBeCloseTo(own + fromChildren, 5);
      checked++;
    }
    expect(checked).toBeGreaterThan(20);
  });

  it("expands a leaf at its second visit: its first is valued by its prior alone", () => {
    const tree = ownTree();
    const report = evaluated({}, discCount, tree).choose(new Game(), { visits: 50 });
    for (let n = 1; n < tree.size; n++) {
      const expanded = (tree.flags[n]! & NodeFlag.Expanded) !== 0;
      expect(expanded).toBe(tree.visits[n]! >= 2);
      if (tree.visits[n] === 1) expect(tree.total[n]).toBeCloseTo(tree.prior[n]!, 6);
    }
    expect(report).toMatchObject({ leaf: "eval", priors: true });
  });

  it("follows the evaluation: a move the evaluation calls a sure win is played", () => {
    // The evaluation loves one square for the player who takes it: after D3 (19) the mover's side is worth +60.
    const lovesD3 = {
      evaluate: (pl: number, _ph: number, ol: number, _oh: number) =>
        (ol & (1 << 19)) !== 0 ? -60 : (pl & (1 << 19)) !== 0 ? 60 : 0,
    };
    for (const priorVisits of [0, 2])
      expect(evaluated({ priorVisits }, lovesD3).choose(new Game(), { visits: 300 }).move).toBe(19);
  });

  it("with random playouts for leaves, priors from the evaluation still weigh the children", () => {
    const lovesD3 = {
      evaluate: (pl: number, _ph: number, ol: number, _oh: number) =>
        (ol & (1 << 19)) !== 0 ? -60 : (pl & (1 << 19)) !== 0 ? 60 : 0,
    };
    const s = new Search(params({ leaf: "playout", priorVisits: 50, evalScale: 4 }), {
      now: frozenClock,
      random: new Random(1),
      evaluation: lovesD3,
    });
    const report = s.choose(new Game(), { visits: 40 });
    expect(report).toMatchObject({ move: 19, leaf: "playout", priors: true });
    expect(s.rootChildren().find((c) => c.move === 19)!.prior).toBeGreaterThan(0.99);
    expect(
      () => new Search(params({ leaf: "playout", priorVisits: 2 }), { now: frozenClock, random: new Random(1) }),
    ).toThrow(/needs an evaluation/);
  });

  it("without priors, unvisited children are tried first, as in the classic search", () => {
    const s = evaluated({ priorVisits: 0 });
    s.choose(new Game(), { visits: 4 });
    expect(s.rootChildren().map((c) => c.visits)).toEqual([1, 1, 1, 1]);
  });

  it.each([
    // Black to move with 4 empties: lost by 22 whatever it plays.
    ["a lost ending", "WWWWWWWW/WBBBBBBW/WBBBBBBW/WBBBBBBW/WBBBBBBW/WBBBBBWW/WBBBBB--/WWWWWW--", "loss"],
    // Black to move with 10 empties: g8 wins, and only g8 (the trap of "refutations deeper than one ply").
    ["a won ending with one winning move", "011110001111122011212202111222021111122211122122111112210022220110", "win"],
  ] as const)("still solves small leaves and proves them: %s", (_, text, expected) => {
    const p = text.includes("/") ? value(parseBoardLines(text, true)) : value(parseCode(text)).position;
    // The result with best play, by exact search apart from the solver and the search.
    const best = exact(p);
    const word = (score: number) => (score > 0 ? "win" : score < 0 ? "loss" : "draw");
    expect(word(best)).toBe(expected);
    const s = new Search(evalParams({ solveEmpties: 8 }), {
      now: frozenClock,
      random: new Random(1),
      solver: new Solver(),
      evaluation: discCount,
    });
    const report = s.choose(new Game(p), { visits: 500 });
    expect(report.proven).toBe(expected);
    // The move played achieves it: the position after it is worth the opposite to the opponent.
    expect(p.legalSquares()).toContain(report.move);
    expect(word(-exact(p.play(report.move)))).toBe(expected);
  });
});

describe("stopping early", () => {
  it("a timed search stops once its most visited move leads by more visits than the time left can give, and says so", () => {
    let t = 0;
    // Narrow exploration piles the visits on one move; each clock read is a millisecond.
    const s = new Search(params({ ucbC: 0.05 }), { now: () => (t += 1), random: new Random(3) });
    const report = s.choose(new Game(), { timeMs: 500, stopEarly: true });
    expect(report.stoppedEarly).toBe(true);
    expect(report.elapsedMs).toBeLessThan(500);
    const visits = s
      .rootChildren()
      .map((c) => c.visits)
      .sort((a, b) => b - a);
    const rate = report.visits / report.elapsedMs;
    expect(visits[0]! - visits[1]!).toBeGreaterThan(rate * (500 - report.elapsedMs) * 0.9);
    expect(s.rootChildren().find((c) => c.move === report.move)!.visits).toBe(visits[0]);
  });

  it.each([
    // A millisecond a clock reading (every 32 visits, and one more as the search starts): the
    // tenth of the time binds. The first reading where 20 ms have passed stops it; the report's
    // reading is one later.
    [1, 21, 32 * 18],
    // Ten a reading: the tenth is reached well before 256 visits, which bind.
    [10, 110, 256],
  ])(
    "not before a tenth of its time and 256 visits, even with a reused tree's unassailable lead (%i ms a reading)",
    (step, elapsedMs, visits) => {
      let t = 0;
      const s = new Search(params({ ucbC: 0.05 }), { now: () => (t += step), random: new Random(3) });
      const g = new Game();
      s.choose(g, { visits: 8000 });
      t = 0;
      const report = s.choose(g, { timeMs: 200, stopEarly: true });
      expect(report.reused).toBeGreaterThan(32 * 200);
      expect(report).toMatchObject({ stoppedEarly: true, elapsedMs, visits });
    },
  );

  it("not without stopEarly, nor, with even visits, until the last moments", () => {
    let t = 0;
    const full = new Search(params({ ucbC: 0.05 }), { now: () => (t += 1), random: new Random(3) }).choose(new Game(), {
      timeMs: 200,
    });
    expect(full.stoppedEarly).toBe(false);
    expect(full.elapsedMs).toBeGreaterThanOrEqual(200);
    t = 0;
    const even = new Search(params({ ucbC: 10 }), { now: () => (t += 1), random: new Random(3) }).choose(new Game(), {
      timeMs: 200,
      stopEarly: true,
    });
    // Near the end a lead of a few hundred visits is enough: the last milliseconds can be saved.
    expect(even.elapsedMs).toBeGreaterThan(190);
  });
});

describe("tree parallelisation: searches sharing one tree", () => {
  /**
   * A main search and a helper on one shared tree, the helper's visits run (in full, on this
   * thread) when the main search has made the root ready, before its own.
   */
  function sharedSearch(over: Partial<SearchParams>, helperPlayouts: number, mainPlayouts: number) {
    const p = params({ maxNodes: 50_000, ...over });
    const tree = Tree.shared(p.maxNodes);
    const evaluation = p.leaf === "eval" ? discCount : undefined;
    const main = new Search(p, { now: frozenClock, random: new Random(1), evaluation, tree });
    const view = new Tree(tree.capacity, tree.memory);
    const helper = new Search(p, { now: frozenClock, random: new Random(2), evaluation, tree: view });
    let helped = { visits: 0, solved: 0 };
    const own = main.choose(new Game(), {
      visits: mainPlayouts,
      started: (_tree, root) => {
        helped = helper.searchShared(view, root, { visits: helperPlayouts });
      },
    });
    return { main, own, helped, report: main.reportWithHelpers(helped, own.visits), tree };
  }

  /**
   * Every visit through the root went on to one child; every visit through another node added
   * its result r there and 1 - r to the child it went on to, so a node's total is its
   * children's losses plus at most one for each visit that ended at the node itself. And no
   * virtual loss is left: below the root (whose mean a shared tree does not keep), every cached
   * mean is its counts' (with the `priorVisits` the parameters set, not what the tree says it has).
   */
  function checkBookkeeping(tree: Tree, priorVisits: number): void {
    const children = (n: number) => Array.from({ length: tree.childCount[n]! }, (_, i) => tree.firstChild[n]! + i);
    expect(children(0).reduce((sum, c) => sum + tree.visits[c]!, 0)).toBe(tree.visits[0]);
    const k = priorVisits;
    let checked = 0;
    for (let n = 1; n < tree.size; n++) {
      const m = tree.visits[n]! + k;
      if (m > 0) expect(tree.selectionTerms[2 * n]).toBeCloseTo((tree.total[n]! + k * tree.prior[n]!) / m, 9);
      expect(tree.total[n]!).toBeLessThanOrEqual(tree.visits[n]! + 1e-9);
      if (tree.childCount[n] === 0) continue;
      const through = children(n).reduce((sum, c) => sum + tree.visits[c]!, 0);
      const losses = children(n).reduce((sum, c) => sum + tree.visits[c]! - tree.total[c]!, 0);
      const ended = tree.visits[n]! - through;
      expect(ended).toBeGreaterThanOrEqual(0);
      expect(tree.total[n]! - losses).toBeGreaterThanOrEqual(-1e-6);
      expect(tree.total[n]! - losses).toBeLessThanOrEqual(ended + 1e-6);
      checked++;
    }
    expect(checked).toBeGreaterThan(10);
  }

  // Each with the prior visits the parameters set: the classic search's none, or 2.
  for (const [what, over, priorVisits] of [
    ["classic", { priorVisits: 0 }, 0],
    ["evaluated", { leaf: "eval", priorVisits: 2 }, 2],
  ] as const) {
    it(`${what}: both searches' visits are in the tree, every one with its result, and the report counts them`, () => {
      const { own, helped, report, tree } = sharedSearch(over, 1500, 2000);
      expect([own.visits, helped.visits]).toEqual([2000, 1500]);
      expect(tree.visits[0]).toBe(3500);
      // The root keeps its count alone: its sum and mean stay as they were made, no one's to read.
      expect([tree.total[0], tree.selectionTerms[0]]).toEqual([0, 0.5]);
      checkBookkeeping(tree, priorVisits);
      expect(report.visits).toBe(3500);
      expect(report.nodes).toBe(tree.size);
    });
  }

  it("the tree is kept for the next move, with both searches' visits", () => {
    const { main, tree } = sharedSearch({}, 1000, 1000);
    const best = main.rootChildren().reduce((a, b) => (b.visits > a.visits ? b : a));
    const game = new Game();
    game.play(best.move);
    const next = main.choose(game, { visits: 10 });
    expect(next.reused).toBe(best.visits);
    // The move's node is the root now, in place: it has both searches' visits and this one's.
    expect(tree.root).toBe(tree.child(0, best.move));
    expect(tree.visits[tree.root]).toBe(best.visits + 10);
  });

  it("stops when told to, at its next reading of the clock", () => {
    const p = params({ maxNodes: 50_000 });
    const tree = Tree.shared(p.maxNodes);
    const owner = new Search(p, { now: frozenClock, random: new Random(1), tree });
    let calls = 0;
    owner.choose(new Game(), {
      visits: 100,
      started: (t, root) => {
        const helper = new Search(p, { now: frozenClock, random: new Random(2) });
        const done = helper.searchShared(new Tree(t.capacity, t.memory), root, { stop: () => ++calls > 2 });
        // The clock is read every 32 visits: the third reading stops it.
        expect(done.visits).toBe(64);
      },
    });
    expect(calls).toBe(3);
  });

  it("is only for a shared tree", () => {
    expect(() => search().searchShared(new Tree(10), Position.initial(), { visits: 1 })).toThrow(/shared tree/);
  });
});

describe("a search's edges", () => {
  it("starts afresh after reset", () => {
    const s = search();
    const g = new Game();
    s.choose(g, { visits: 100 });
    expect(s.choose(g, { visits: 10 }).reused).toBe(100);
    s.reset();
    expect(s.choose(g, { visits: 10 }).reused).toBe(0);
  });

  it("keeps nothing for a game that left the tree's line, however long", () => {
    const s = search();
    const [d3, c4] = Position.initial().legalSquares();
    const a = new Game();
    a.play(d3!);
    s.choose(a, { visits: 100 });
    const b = new Game();
    b.play(c4!);
    expect(s.choose(b, { visits: 10 }).reused).toBe(0);
    b.play(b.position.legalSquares()[0]!);
    expect(s.choose(b, { visits: 10 }).reused).toBeGreaterThan(0);
  });

  it("refuses a tree too small for the root's moves, saying so", () => {
    expect(() => search({ maxNodes: 3 }).choose(new Game(), { visits: 10 })).toThrow(
      "a tree of 3 nodes cannot hold the root's moves",
    );
  });

  it("times its start from the clock it is given", () => {
    const s = new Search(params(), { now: () => 1000, random: new Random(1) });
    expect(s.choose(new Game(), { visits: 10 })).toMatchObject({ startMs: 0, elapsedMs: 0 });
  });

  it("adds its helpers' visits and solved leaves to its report", () => {
    const s = search();
    s.choose(new Game(), { visits: 50 });
    expect(s.reportWithHelpers({ visits: 7, solved: 3 }, 50)).toMatchObject({ visits: 57, solved: 3 });
  });

  it("never reads an evaluation it does not use", () => {
    let calls = 0;
    const counting = {
      evaluate: () => {
        calls++;
        return 0;
      },
    };
    new Search(params(), { now: frozenClock, random: new Random(1), evaluation: counting }).choose(new Game(), {
      visits: 200,
    });
    expect(calls).toBe(0);
    new Search(params({ priorVisits: 2 }), { now: frozenClock, random: new Random(1), evaluation: counting }).choose(
      new Game(),
      { visits: 200 },
    );
    expect(calls).toBeGreaterThan(0);
  });

  it("starts afresh when the tree is too full to follow the moves played", () => {
    const s = search({ maxNodes: 30 });
    const g = new Game();
    s.choose(g, { visits: 500 });
    // Three plies down a line the tree has no room to hold.
    for (let i = 0; i < 3; i++) g.play(g.position.legalSquares().at(-1)!);
    expect(s.follow(g)).toBe(0);
    expect(s.choose(g, { visits: 10 }).reused).toBe(0);
  });

  it("revises a node's pruning at every 16th visit of it: the pinned root and count", () => {
    // At every visit instead, or at the other fifteen, the same search prunes 26 and its root
    // children's visits are 2287, 1269, 8 and 2436.
    const s = new Search(params({ ppR: 1, ppMinVisits: 4 }), { now: frozenClock, random: new Random(3) });
    const report = s.choose(new Game(), { visits: 6000 });
    expect([report.pruned, s.rootChildren().map((c) => c.visits)]).toEqual([21, [182, 2887, 15, 2916]]);
  });

  it("counts the pruned children it keeps when it follows a move", () => {
    const tree = new Tree(200_000);
    const s = new Search(params({ ppR: 1, ppMinVisits: 16 }), { now: frozenClock, random: new Random(3), tree });
    const g = new Game();
    s.choose(g, { visits: 10_000 });
    g.play(s.choose(g, { visits: 1 }).move);
    // Nodes past the pool's end, as a larger tree before could have left them, every one
    // pruned: they are not the tree's and must not count.
    tree.flags.fill(NodeFlag.Pruned, tree.size);
    // And the old root's other children, garbage once the root has moved: pruned too.
    const played = tree.child(0, g.moves[0]!);
    for (let c = tree.firstChild[0]!; c < tree.firstChild[0]! + tree.childCount[0]!; c++)
      if (c !== played) tree.setFlags(c, NodeFlag.Pruned, 0);
    s.follow(g);
    const report = s.choose(g, { visits: 1 });
    // The root moved in place: the pruned nodes of its subtree count, not its old siblings'.
    expect(tree.root).toBeGreaterThan(0);
    let pruned = 0;
    const nodes = [tree.root];
    while (nodes.length > 0) {
      const n = nodes.pop()!;
      if ((tree.flags[n]! & NodeFlag.Pruned) !== 0) pruned++;
      for (let c = tree.firstChild[n]!; c < tree.firstChild[n]! + tree.childCount[n]!; c++) nodes.push(c);
    }
    let inPool = 0;
    for (let n = 0; n < tree.size; n++) if ((tree.flags[n]! & NodeFlag.Pruned) !== 0) inPool++;
    expect(pruned).toBeGreaterThan(0);
    expect(inPool).toBeGreaterThan(pruned);
    expect(report.pruned).toBe(pruned);
  });
});

describe("counters of a shared tree", () => {
  it("a helper stops at the limit rather than halve the counts under the other threads", () => {
    const p = params({ maxNodes: 1000 });
    let ready: readonly [Tree, Position] | undefined;
    new Search(p, { now: frozenClock, random: new Random(1), tree: Tree.shared(1000) }).choose(new Game(), {
      visits: 10,
      started: (tree, root) => {
        ready = [tree, root];
      },
    });
    const [tree, root] = ready!;
    tree.visits[0] = MAX_VISITS;
    const helper = new Search(p, { now: frozenClock, random: new Random(2) });
    expect(helper.searchShared(tree, root, { visits: 50 }).visits).toBe(0);
    expect(tree.visits[0]).toBe(MAX_VISITS);
  });
});

describe("a helper on a shared tree (searchShared)", () => {
  /** A shared tree searched by a main search with narrow exploration (a lopsided tree), and its root. */
  function sharedTree(visits: number): readonly [Tree, Position] {
    const p = params({ ucbC: 0.05, maxNodes: 100_000 });
    let ready: readonly [Tree, Position] | undefined;
    new Search(p, { now: frozenClock, random: new Random(3), tree: Tree.shared(100_000) }).choose(new Game(), {
      visits,
      started: (tree, root) => {
        ready = [tree, root];
      },
    });
    return ready!;
  }

  it("stops at its deadline", () => {
    const [tree, root] = sharedTree(10);
    let t = 0;
    const helper = new Search(params(), { now: () => (t += 1), random: new Random(2) });
    // A millisecond a reading, a reading every 32 visits: 5 ms are 4 or 5 readings' visits.
    expect(helper.searchShared(tree, root, { timeMs: 5, visits: 3000 }).visits).toBeLessThanOrEqual(32 * 5);
  });

  it("never stops early: the main search decides when the move is settled", () => {
    const [tree, root] = sharedTree(8000);
    let t = 0;
    const helper = new Search(params({ ucbC: 0.05 }), { now: () => (t += 1), random: new Random(2) });
    expect(helper.searchShared(tree, root, { timeMs: 200, visits: 3000 }).visits).toBe(3000);
  });
});
