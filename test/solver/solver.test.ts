import { describe, expect, it } from "vitest";
import { PASS, type Position, type Solver, formatVertex, parseObf } from "../../src/index.js";
import { FFORUM_VISITS, readProblems, referenceSolver } from "./problems.js";
import { randomPositions } from "./reference.js";

const FFORUM = readProblems("fforum-1-19.obf");

// First, being cheap: under mutation testing (make mutate) most mutants that change what the
// search does fail here at once.
describe("node counts", () => {
  it("endings with 1 to 12 empties solved in a window, WLD, then exact: exactly the pinned visits", () => {
    // A change to the move ordering, a cut-off or the table's replacement shows here. Update the
    // numbers only for a change meant to alter the search (with the figures in docs/solver.md).
    const solver = referenceSolver(10); // small, so entries get replaced
    const visits = PINNED_VISITS.map(([empties]) =>
      randomPositions(2, empties, 500 + empties).flatMap((p) => {
        const window = solver.solve(p, { alpha: -2, beta: 6 });
        const wld = solver.solve(p, { mode: "wld" });
        const exact = solver.solve(p);
        return [window.nodes, wld.nodes, exact.nodes];
      }),
    );
    expect(visits).toEqual(PINNED_VISITS.map(([, v]) => v));
  });
});

/** Per number of empties, the visits of the window, WLD and exact solves of two positions in turn, with one table. */
const PINNED_VISITS: readonly (readonly [empties: number, visits: readonly number[]])[] = [
  [1, [3, 3, 3, 2, 2, 2]],
  [2, [2, 2, 2, 3, 3, 3]],
  [3, [4, 4, 7, 3, 3, 7]],
  [4, [5, 4, 9, 6, 6, 24]],
  [5, [36, 12, 36, 27, 27, 30]],
  [6, [53, 53, 121, 12, 12, 38]],
  [7, [39, 36, 516, 79, 79, 449]],
  [8, [70, 2, 585, 14, 3, 1093]],
  [9, [713, 2, 2024, 355, 6, 1993]],
  [10, [166, 2, 5017, 117, 2, 1724]],
  [11, [3601, 2, 5, 65, 2, 23942]],
  [12, [1114, 7, 4923, 12543, 6, 25986]],
];

describe("fforum 1-19", () => {
  const solver = referenceSolver(20);
  for (const [i, { position, moves }] of FFORUM.entries()) {
    // The file lists every move reaching the best score.
    it(`problem ${i + 1}: exact score ${moves[0]!.score}, a move that reaches it, ${FFORUM_VISITS[i]} visits`, () => {
      solver.clear();
      const r = solver.solve(position);
      expect(r.solved).toBe(true);
      expect(r.bound).toBe("exact");
      expect(r.score).toBe(moves[0]!.score);
      expect(moves.filter((m) => m.score === r.score).map((m) => formatVertex(m.move))).toContain(
        formatVertex(r.move!),
      );
      expect(r.nodes).toBe(FFORUM_VISITS[i]);
    });
  }

  it("visits as many positions after clear as a new solver, whatever larger solve came before", () => {
    // Problem 16 visits other positions in 2^16 entries than in the whole table.
    const { position } = FFORUM[15]!;
    const [larger] = readProblems("endgames-20-22.obf");
    const used = referenceSolver(20);
    // A solve of 20 empties, stopped early, has made the whole table in use.
    expect(used.solve(larger!.position, { nodeLimit: 10_000 }).solved).toBe(false);
    used.clear();
    expect(used.solve(position).nodes).toBe(FFORUM_VISITS[15]);
  });

  it("WLD agrees in sign with the exact score", () => {
    for (const { position, moves } of FFORUM) {
      const r = solver.solve(position, { mode: "wld" });
      expect(r.solved).toBe(true);
      expect(Math.sign(r.score)).toBe(Math.sign(moves[0]!.score));
      if (moves[0]!.score !== 0)
        expect(
          -solver.solve(position.play(r.move!), { mode: "wld" }).score * Math.sign(moves[0]!.score),
        ).toBeGreaterThan(0);
    }
  });
});

describe("special positions", () => {
  const solver = referenceSolver(10);
  const board = (rows: string, blackToMove = true): Position => {
    const p = parseObf(`${rows.replace(/\s/g, "")} ${blackToMove ? "X" : "O"}`);
    if (!p.ok) throw new Error(p.error);
    return p.value.position;
  };

  it("a wipe-out: the mover takes the opponent's last disc and every empty square", () => {
    const p = board(`XO------ -------- -------- -------- -------- -------- -------- --------`);
    expect(solver.solve(p)).toMatchObject({ solved: true, move: 2, score: 64, bound: "exact" });
  });

  it("wipe-outs with 1 to 10 empty squares left: the game ends there, the winner takes the empty squares", () => {
    // One side everywhere but the other's one disc on b1, and the empty squares: c1 (the move
    // taking b1, a1 flanking it) and squares on none of b1's lines, where nothing can be played.
    const OFF_B1_LINES = [63, 62, 61, 60, 59, 58, 56, 54, 53, 52];
    const ending = (mine: string, theirs: string, left: number): Position => {
      const squares = [...mine.repeat(64)];
      squares[1] = theirs;
      squares[2] = "-";
      for (const s of OFF_B1_LINES.slice(0, left)) squares[s] = "-";
      return board(squares.join(""));
    };
    for (let left = 1; left <= OFF_B1_LINES.length; left++) {
      const win = ending("X", "O", left);
      expect(solver.solve(win)).toMatchObject({ solved: true, move: 2, score: 64, bound: "exact" });
      expect(solver.solve(win, { mode: "wld" })).toMatchObject({ move: 2, bound: "lower" });
      expect(solver.outcome(win.playerLo, win.playerHi, win.opponentLo, win.opponentHi)).toBe(1);
      // The mover with the lone disc cannot move, and the opponent takes it.
      const loss = ending("O", "X", left);
      expect(solver.solve(loss)).toMatchObject({ solved: true, move: PASS, score: -64, bound: "exact" });
      expect(solver.outcome(loss.playerLo, loss.playerHi, loss.opponentLo, loss.opponentHi)).toBe(-1);
    }
  });

  it("neither side can move: the score as it stands, no move", () => {
    const draw = board(`X------- -------- -------- -------- -------- -------- -------- -------O`);
    expect(solver.solve(draw)).toMatchObject({ solved: true, move: undefined, score: 0, bound: "exact" });
    // Behind by a disc, with 61 empty squares going to the winner.
    const behind = board(`X------- -------- -------- -------- -------- -------- -------- ------OO`);
    expect(solver.solve(behind)).toMatchObject({ solved: true, move: undefined, score: -62, bound: "exact" });
    expect(solver.solve(behind.swapped())).toMatchObject({ score: 62 });
    const full = board(`XXXXXXXX XXXXXXXX XXXXXXXX XXXXXXXX OOOOOOOO OOOOOOOO OOOOOOOO OOOOOOOX`, false);
    expect(solver.solve(full)).toMatchObject({ solved: true, move: undefined, score: -2 });
  });

  it("one empty square neither side can fill: the winner takes it, 32 discs against 31", () => {
    // a1 is empty and every square on its lines is black's: nobody can play it. Black has 31
    // discs (21 on those lines, 10 more), white 32: the game is over, white wins by 2.
    const squares = [..."O".repeat(64)];
    for (let i = 1; i < 8; i++) {
      squares[i] = "X";
      squares[8 * i] = "X";
      squares[9 * i] = "X";
    }
    for (const s of [12, 13, 14, 20, 21, 22, 30, 33, 34, 35]) squares[s] = "X";
    squares[0] = "-";
    const over = board(squares.join(""));
    expect([over.blackDiscs(), over.whiteDiscs()]).toEqual([31, 32]);
    expect(solver.solve(over)).toMatchObject({ solved: true, move: undefined, score: -2, bound: "exact" });
    expect(solver.solve(over.swapped())).toMatchObject({ solved: true, move: undefined, score: 2, bound: "exact" });
    // One move before, inside the search: white's only move h5 takes g5 and leaves that end.
    squares[38] = "X";
    squares[39] = "-";
    const before = board(squares.join(""), false);
    expect(before.legalMoves()).toEqual([39]);
    expect(solver.solve(before)).toMatchObject({ solved: true, move: 39, score: 2, bound: "exact" });
  });

  it("a forced pass at the root: the move is PASS and the score the opponent's, negated", () => {
    // White to move has no move; black then plays h1 and wipes white out.
    const p = board(`XXXXXXO- XXXXXXXX XXXXXXXX XXXXXXXX XXXXXXXX XXXXXXXX XXXXXXXX XXXXXXXX`, false);
    expect(p.legalMoves()).toEqual([PASS]);
    const r = solver.solve(p);
    // Visits: the pass, the opponent's root, the finished game.
    expect(r).toMatchObject({ solved: true, move: PASS, score: -64, nodes: 3 });
    expect(solver.solve(p.swapped()).score).toBe(64);
  });
});

describe("limits, node counts and the table", () => {
  const { position } = FFORUM[0]!;

  it("counts nodes reproducibly", () => {
    const a = referenceSolver(18);
    const b = referenceSolver(18);
    const first = a.solve(position);
    expect(b.solve(position).nodes).toBe(first.nodes);
    a.clear();
    expect(a.solve(position).nodes).toBe(first.nodes);
  });

  it("reuses its table: solving again costs fewer nodes and gives the same answer", () => {
    const solver = referenceSolver(18);
    const first = solver.solve(position);
    const again = solver.solve(position);
    expect(again.score).toBe(first.score);
    expect(again.nodes).toBeLessThan(first.nodes / 10);
    // Exactly: the entries' bounds end a node as soon as they settle it (an exact entry, or a
    // bound at the window's edge), and narrow its window otherwise.
    expect([first.nodes, again.nodes]).toEqual([64_088, 9]);
  });

  it("an exact solve after a WLD solve of the same position reuses what that one stored", () => {
    const fresh = referenceSolver(18).solve(position);
    const solver = referenceSolver(18);
    expect(solver.solve(position, { mode: "wld" }).score).toBeGreaterThan(0);
    const exact = solver.solve(position);
    expect(exact).toMatchObject({ score: fresh.score, move: fresh.move, bound: "exact" });
    expect(exact.nodes).toBeLessThan(fresh.nodes);
    expect([fresh.nodes, exact.nodes]).toEqual([64_088, 40_235]);
  });

  it("a node limit stops the solve cleanly, and the next solve is right", () => {
    const solver = referenceSolver(18);
    const full = referenceSolver(18).solve(position);
    // The limits are checked on entering a node with 7 or more empties, the first at 4,096
    // visits or more, the next at 4,096 more or at the limit. Such a node is the 5,025th visit
    // (none is from the 5,000th to the 5,024th: a limit of 5,000 stops there too).
    const stopped = solver.solve(position, { nodeLimit: 5025 });
    expect(stopped.solved).toBe(false);
    expect(stopped.move).toBeUndefined();
    expect(stopped.nodes).toBe(5025);
    expect(referenceSolver(18).solve(position, { nodeLimit: 5000 }).nodes).toBe(5025);
    expect(solver.solve(position)).toMatchObject({ solved: true, score: full.score, move: full.move });
  });

  it("a time limit stops the solve cleanly, read from an injected clock", () => {
    const solver = referenceSolver(18);
    let ticks = 0;
    const stopped = solver.solve(position, { deadline: 3, now: () => ticks++ });
    expect(stopped.solved).toBe(false);
    // Read at the first node of 7 or more empties after every 4,096 visits: 0, 1 and 2, then
    // 3 reaches the deadline, at the first such node from the 16,384th visit on.
    expect(ticks).toBe(4);
    expect(stopped.nodes).toBe(16623);
    const { moves } = FFORUM[0]!;
    expect(solver.solve(position, { deadline: 1e9, now: () => ticks++ })).toMatchObject({
      solved: true,
      score: moves[0]!.score,
    });
  });

  it("a deadline without a clock reads a clock standing at 0", () => {
    const solver = referenceSolver(18);
    expect(solver.solve(position, { deadline: 0 })).toMatchObject({ solved: false, nodes: 4112 });
    expect(solver.solve(position, { deadline: 1 })).toMatchObject({ solved: true, score: FFORUM[0]!.moves[0]!.score });
  });
});

describe("two solvers share nothing", () => {
  const { position: outer } = FFORUM[0]!;
  const inner = randomPositions(8, 12, 11);
  /** What a solver does to the inner positions, in turn: solves exact and WLD, and an outcome. */
  function solveInner(solver: Solver, p: Position): unknown {
    return {
      exact: solver.solve(p),
      wld: solver.solve(p, { mode: "wld" }),
      outcome: solver.outcome(p.playerLo, p.playerHi, p.opponentLo, p.opponentHi),
    };
  }

  it("one solving inside the other's clock: each gives what it gives alone, nodes included", () => {
    const outerAlone = referenceSolver(16).solve(outer);
    const innerSolver = referenceSolver(16);
    const innerAlone = inner.map((p) => solveInner(innerSolver, p));

    const a = referenceSolver(16);
    const b = referenceSolver(16);
    const innerGot: unknown[] = [];
    const outerGot = a.solve(outer, {
      deadline: 1,
      now: () => {
        if (innerGot.length < inner.length) innerGot.push(solveInner(b, inner[innerGot.length]!));
        return 0;
      },
    });
    // The clock was read often enough for every inner solve to run inside the outer one.
    expect(innerGot).toHaveLength(inner.length);
    expect(outerGot).toEqual(outerAlone);
    expect(innerGot).toEqual(innerAlone);
  });

  it("interleaved solves, limits and windows included: each gives what it gives alone", () => {
    const steps: ((s: Solver) => unknown)[] = [
      (s) => s.solve(outer, { nodeLimit: 3000 }),
      (s) => s.solve(outer, { mode: "wld" }),
      (s) => s.solve(outer, { alpha: 10, beta: 12 }),
      (s) => s.solve(outer),
    ];
    const alone = (positions: readonly Position[]): unknown[] => {
      const s = referenceSolver(16);
      return steps.flatMap((step, i) => [step(s), solveInner(s, positions[i]!)]);
    };
    const wantA = alone(inner.slice(0, 4));
    const wantB = alone(inner.slice(4, 8));
    const a = referenceSolver(16);
    const b = referenceSolver(16);
    const gotA: unknown[] = [];
    const gotB: unknown[] = [];
    for (const [i, step] of steps.entries()) {
      gotA.push(step(a));
      gotB.push(step(b));
      gotB.push(solveInner(b, inner[4 + i]!));
      gotA.push(solveInner(a, inner[i]!));
    }
    expect(gotA).toEqual(wantA);
    expect(gotB).toEqual(wantB);
  });

  it("a solver asked to solve inside its own clock throws, and solves normally afterwards", () => {
    const solver = referenceSolver(16);
    const p = inner[0]!;
    expect(() => solver.solve(outer, { deadline: 1, now: () => solver.solve(p).score })).toThrow(/while solving/);
    expect(() =>
      solver.solve(outer, {
        deadline: 1,
        now: () => solver.outcome(p.playerLo, p.playerHi, p.opponentLo, p.opponentHi),
      }),
    ).toThrow(/while solving/);
    expect(solver.solve(outer)).toMatchObject({ solved: true, score: FFORUM[0]!.moves[0]!.score });
  });
});
