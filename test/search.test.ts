import { describe, expect, it } from "vitest";
import {
  DEFAULT_SEARCH_PARAMS, EXPANDED, Game, PASS, PRUNED, Position, Random, Search, type SearchParams, Tree,
  formatOtpMove, parseBoardLines, parseCode, parseOtpMove, randomPlayout, selectChild, ucb1, updatePruning,
} from "../src/index.js";

function value<T>(r: { ok: true; value: T } | { ok: false; error: string }): T {
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

const params = (over: Partial<SearchParams> = {}): SearchParams => ({ ...DEFAULT_SEARCH_PARAMS, maxNodes: 200_000, ...over });
const frozenClock = () => 0;

function search(over: Partial<SearchParams> = {}, seed = 1): Search {
  return new Search(params(over), frozenClock, new Random(seed));
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

/** The same discs with the colours swapped, and the other colour to move. */
function colourSwapped(p: Position): Position {
  const discs = Array.from({ length: 64 }, (_, s) => [0, 2, 1][p.discAt(s)] as 0 | 1 | 2);
  return Position.fromDiscs(discs, !p.blackToMove);
}

describe("seed 002: UCB1 and selection", () => {
  // White moves first in that assignment; its three moves get 2/2, 1/2 and 1/2 wins.
  const board = "--------/--------/--B-----/---BB---/---BW---/--------/--------/--------";
  const position = value(parseBoardLines(board, false));

  it("UCB1 is about 2.34 for 2/2 and 1.84 for 1/2 under 6 playouts, with c = sqrt(2)", () => {
    expect(ucb1(2, 2, 6, Math.SQRT2)).toBeCloseTo(2.3386, 3);
    expect(ucb1(1, 2, 6, Math.SQRT2)).toBeCloseTo(1.8386, 3);
  });

  it("selection returns the 2/2 child, whose legal moves are (2,3), (3,2), (4,5), (5,4)", () => {
    const tree = new Tree(100);
    const root = tree.reset();
    tree.expand(root, position.playerLo, position.playerHi, position.opponentLo, position.opponentHi);
    expect(tree.childCount[root]).toBe(3);
    const first = tree.firstChild[root]!;
    for (const [i, halfPoints] of [[0, 2], [0, 2], [1, 2], [1, 0], [2, 2], [2, 0]] as const) tree.record(first + i, halfPoints);
    for (let i = 0; i < 6; i++) tree.record(root, 1);
    const chosen = selectChild(tree, root, Math.SQRT2);
    expect(chosen).toBe(first);
    const next = position.play(tree.move[chosen]!);
    expect(next.legalSquares().map(formatOtpMove)).toEqual(["2 3", "3 2", "4 5", "5 4"]);
  });

  it("on the nearly all-black board white has one move, played at once, and every playout from it is a black win", () => {
    const full = value(parseBoardLines("BBBBBBBW/BBBBBBBB/BBBBBBBB/BBBBBBBB/BBBBBBBB/BBBBBBBB/BBBBBBBB/BBBBBBB-", false));
    expect(full.legalMoves()).toEqual([63]);
    const report = search().choose(new Game(full), { playouts: 1000 });
    expect(report).toMatchObject({ move: 63, reason: "only move", playouts: 0 });
    const after = full.play(63);
    const random = new Random(3);
    for (let i = 0; i < 100; i++) {
      expect(randomPlayout(after.playerLo, after.playerHi, after.opponentLo, after.opponentHi, random)).toBeGreaterThan(0);
    }
  });
});

describe("choosing a move", () => {
  it("passes at once when forced, and answers pass in a finished game", () => {
    const forced = value(parseCode("2222222222222222222222222222222222222222222222222222222222221000" + "10")).position;
    expect(search().choose(new Game(forced), { playouts: 100 })).toMatchObject({ move: PASS, reason: "pass", playouts: 0 });
    const over = value(parseCode("1".repeat(64) + "10")).position;
    expect(search().choose(new Game(over), { playouts: 100 })).toMatchObject({ move: PASS, reason: "game over" });
  });

  it("repeats exactly with the same seed and playouts", () => {
    const a = search({}, 5).choose(new Game(), { playouts: 3000 });
    const b = search({}, 5).choose(new Game(), { playouts: 3000 });
    expect(a).toEqual(b);
    expect(a.playouts).toBe(3000);
  });

  it("always answers a legal move, for both colours, through whole games", () => {
    const s = search({}, 9);
    const g = new Game();
    while (!g.isOver()) {
      const r = s.choose(g, { playouts: 200 });
      expect(g.position.legalMoves()).toContain(r.move);
      expect(g.play(r.move).ok).toBe(true);
    }
  });

  it("the random baseline plays legal moves uniformly, without searching", () => {
    const counts = new Map<number, number>();
    const s = search({ algorithm: "random" }, 12);
    for (let i = 0; i < 4000; i++) {
      const r = s.choose(new Game(), { playouts: 1000 });
      expect(r).toMatchObject({ reason: "random", playouts: 0 });
      counts.set(r.move, (counts.get(r.move) ?? 0) + 1);
    }
    expect([...counts.keys()].sort((a, b) => a - b)).toEqual([19, 26, 37, 44]);
    for (const n of counts.values()) expect(Math.abs(n - 1000)).toBeLessThan(150);
  });

  it("stops at the deadline of an injected clock", () => {
    let t = 0;
    const s = new Search(params(), () => (t += 0.1), new Random(1));
    const r = s.choose(new Game(), { timeMs: 50 });
    expect(r.playouts).toBeGreaterThan(0);
    expect(r.elapsedMs).toBeLessThanOrEqual(51);
  });
});

describe("colour symmetry", () => {
  // A middle-game position after a few random moves.
  const g = new Game();
  const random = new Random(11);
  for (let i = 0; i < 12; i++) {
    const moves = g.position.legalMoves();
    g.play(moves[random.below(moves.length)]!);
  }
  const position = g.position;

  it("the same discs with the colours swapped give exactly the same search", () => {
    const a = search({}, 2).choose(new Game(position), { playouts: 4000 });
    const b = search({}, 2).choose(new Game(colourSwapped(position)), { playouts: 4000 });
    expect(b).toEqual(a);
  });

  it("the position mirrored gives the mirrored choice", () => {
    const a = search({}, 2).choose(new Game(position), { playouts: 20000 });
    const b = search({}, 2).choose(new Game(transposed(position)), { playouts: 20000 });
    expect(b.move).toBe(transpose(a.move));
  });
});

describe("tactics, for both colours", () => {
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

  for (const p of [...corners, ...corners.map(colourSwapped)]) {
    it(`takes the winning corner, ${p.blackToMove ? "black" : "white"} to move`, () => {
      const expected = onlyWinningMove(p);
      expect([0, 7, 56, 63]).toContain(expected);
      expect(p.legalSquares().length).toBeGreaterThan(2);
      expect(search().choose(new Game(p), { playouts: 20000 }).move).toBe(expected);
    });
  }
  for (const p of [wipeOut, colourSwapped(wipeOut)]) {
    it(`wipes the opponent out, ${p.blackToMove ? "black" : "white"} to move`, () => {
      const wipes = p.legalSquares().filter((m) => { const q = p.play(m); return q.playerLo === 0 && q.playerHi === 0; });
      expect(wipes).toEqual([3]);
      expect(p.legalSquares().length).toBeGreaterThan(1);
      expect(search().choose(new Game(p), { playouts: 5000 }).move).toBe(3);
    });
  }
});

describe("tree reuse", () => {
  it("after genmove and a reply, the next search starts with the reused visits of that reply", () => {
    const s = search({}, 4);
    const twin = search({}, 4);
    const g = new Game();
    const first = s.choose(g, { playouts: 20000 });
    expect(twin.choose(g, { playouts: 20000 })).toEqual(first);
    g.play(first.move);
    // The twin's tree, moved to our move without searching, shows what it knows of each reply.
    twin.choose(g, { playouts: 0 });
    const reply = twin.rootChildren().reduce((a, b) => (b.visits > a.visits ? b : a));
    expect(reply.visits).toBeGreaterThan(0);
    g.play(reply.move);
    const second = s.choose(g, { playouts: 1000 });
    expect(second.reused).toBe(reply.visits);
    expect(second.playouts).toBe(1000);
    // Everything stays under the new root: a further search from the same game keeps it all.
    expect(s.choose(g, { playouts: 10 }).reused).toBe(reply.visits + 1000);
  });

  it("keeps exactly the visits the reply's node had", () => {
    const s = search({ algorithm: "uct" }, 6);
    const g = new Game();
    const r = s.choose(g, { playouts: 5000 });
    // Our own move: the new root is our chosen child, whose visits the report gave.
    g.play(r.move);
    const next = s.choose(g, { playouts: 1 });
    expect(next.reused).toBe(r.visits);
  });

  it("a game that does not continue the tree's line (undo, a new position) starts a fresh tree", () => {
    const s = search({}, 7);
    const g = new Game();
    s.choose(g, { playouts: 2000 });
    g.play(otp(["2 3"])[0]!);
    expect(s.choose(g, { playouts: 100 }).reused).toBeGreaterThan(0);
    g.undo();
    g.play(otp(["3 2"])[0]!);
    g.undo();
    expect(s.choose(g, { playouts: 100 }).reused).toBe(0);
    const other = new Game(value(parseCode("0".repeat(19) + "1" + "0".repeat(7) + "21" + "0".repeat(6) + "12" + "0".repeat(27) + "10")).position);
    expect(s.choose(other, { playouts: 100 }).reused).toBe(0);
  });

  it("flat UCB keeps only root statistics, and a full tree stops growing but keeps playing", () => {
    const flat = search({ algorithm: "ucb" }, 8).choose(new Game(), { playouts: 2000 });
    expect(flat.nodes).toBe(1 + 4);
    const small = search({ maxNodes: 500 }, 8).choose(new Game(), { playouts: 5000 });
    expect(small.playouts).toBe(5000);
    expect(small.nodes).toBeLessThanOrEqual(500);
  });
});

describe("progressive pruning", () => {
  function node(results: [number, number][]): Tree {
    // A root with four children; each child's results as (wins, losses) in whole games.
    const tree = new Tree(100);
    const root = tree.reset();
    const p = Position.initial();
    tree.expand(root, p.playerLo, p.playerHi, p.opponentLo, p.opponentHi);
    const first = tree.firstChild[root]!;
    results.forEach(([w, l], i) => {
      for (let k = 0; k < w; k++) tree.record(first + i, 2);
      for (let k = 0; k < l; k++) tree.record(first + i, 0);
    });
    return tree;
  }

  it("prunes a clearly worse child, never the best, and un-prunes it when the intervals overlap again", () => {
    const tree = node([[60, 40], [20, 80], [55, 45], [58, 42]]);
    const first = tree.firstChild[0]!;
    expect(updatePruning(tree, 0, 2, 50)).toBe(1);
    expect(tree.flags[first + 1]! & PRUNED).toBe(PRUNED);
    for (const i of [0, 2, 3]) expect(tree.flags[first + i]! & PRUNED).toBe(0);
    for (let k = 0; k < 150; k++) tree.record(first + 1, 2); // the pruned child recovers and becomes the best
    expect(updatePruning(tree, 0, 2, 50)).toBe(-1);
    expect(tree.flags[first + 1]! & PRUNED).toBe(0);
  });

  it("waits until every child has the minimum visits, and r = 0 turns it off", () => {
    const tree = node([[60, 40], [2, 8], [55, 45], [58, 42]]);
    expect(updatePruning(tree, 0, 2, 50)).toBe(0);
    const full = node([[60, 40], [20, 80], [55, 45], [58, 42]]);
    expect(updatePruning(full, 0, 0, 50)).toBe(0);
  });

  it("never leaves a node without a child, even when all the others are far worse", () => {
    const tree = node([[100, 0], [0, 100], [0, 100], [0, 100]]);
    expect(updatePruning(tree, 0, 1, 10)).toBe(3);
    expect(tree.flags[tree.firstChild[0]!]! & PRUNED).toBe(0);
    expect(selectChild(tree, 0, 1)).toBe(tree.firstChild[0]);
  });

  it("is counted in the search report", () => {
    const r = search({ ppR: 1, ppMinVisits: 16 }, 3).choose(new Game(), { playouts: 20000 });
    expect(r.pruned).toBeGreaterThan(0);
    const off = search({ ppR: 0 }, 3).choose(new Game(), { playouts: 20000 });
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
    expect(tree.flags[0]! & EXPANDED).toBe(EXPANDED);
  });
});
