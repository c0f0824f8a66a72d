import { describe, expect, it } from "vitest";
import {
  NodeFlag,
  Game,
  MAX_VISITS,
  PASS,
  Position,
  Random,
  Search,
  type SearchReport,
  Tree,
  formatOtpMove,
  parseBoardLines,
  parseCode,
  randomPlayout,
  selectChild,
} from "../../src/index.js";
import { startTree } from "./startTree.js";
import { frozenClock, params, recordResults, search, transpose, transposed, ucb1, value } from "./searchHelpers.js";

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
