import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  type Choice,
  type Chooser,
  Game,
  type Move,
  type Position,
  type SearchLimits,
  type SearchReport,
  type SolveAttempt,
  Solver,
  SolverFirst,
  parseCode,
  parseObf,
} from "../../src/index.js";

/** An algorithm that records the limits it is given and plays the first legal move. */
function recording(): Chooser & { readonly limits: SearchLimits[] } {
  const limits: SearchLimits[] = [];
  return {
    limits,
    choose: (game: Game, given: SearchLimits): Choice => {
      limits.push(given);
      return { by: "random", move: game.position.legalMoves()[0]!, elapsedMs: 7 };
    },
  };
}

/** A clock that moves on `step` milliseconds at each reading. */
function steppingClock(step: number): () => number {
  let t = 0;
  return () => {
    t += step;
    return t;
  };
}

function solverFirst(next: Chooser, clockStep = 1, solveHorizon?: number) {
  const tried: SolveAttempt[] = [];
  const chooser = new SolverFirst({
    solver: () => new Solver(16),
    next,
    now: steppingClock(clockStep),
    tried: (a) => tried.push(a),
    solveHorizon,
  });
  return { chooser, tried };
}

// Black to move, 10 empties: g8 (62) wins, by 10 (test/search/backup.test.ts, "refutations deeper than one ply").
const tenEmpties = parseCode("011110001111122011212202111222021111122211122122111112210022220110");
// 16 empties, X to move, lost by 8 with best play (G7): an exact solve does not fit 30 ms (18 ms of solving at the
// planner's first 10,000 nodes a millisecond), a win/draw/loss one does. The clocks of these tests step an eighth of a
// millisecond a reading, so that the solves have readings enough.
const line = readFileSync(join(import.meta.dirname, "../positions/eval-16.obf"), "utf8").split("\n")[0]!;
const lostAt16 = parseObf(line);

describe("the solver first", () => {
  it("plays the solver's move when a solve fits and proves it, the next chooser not asked, and tells of the solve", () => {
    if (!tenEmpties.ok) throw new Error(tenEmpties.error);
    const next = recording();
    const { chooser, tried } = solverFirst(next);
    const choice = chooser.choose(new Game(tenEmpties.value.position), { timeMs: 1000 });
    expect(choice).toMatchObject({ by: "solver", move: 62, mode: "exact", score: 10 });
    expect(next.limits).toEqual([]);
    expect(tried).toHaveLength(1);
    expect(tried[0]).toMatchObject({ mode: "exact", result: { solved: true, score: 10, move: 62 } });
    expect(choice.elapsedMs).toBe(tried[0]!.elapsedMs);
  });

  it("narrows a win/draw/loss solve that proves a loss to the move that loses least, the next chooser not asked", () => {
    if (!lostAt16.ok) throw new Error(lostAt16.error);
    expect(lostAt16.value.position.empties()).toBe(16);
    const next = recording();
    const { chooser, tried } = solverFirst(next, 0.125);
    const choice = chooser.choose(new Game(lostAt16.value.position), { timeMs: 30, stopEarly: true });
    expect(tried).toHaveLength(2);
    expect(tried[0]).toMatchObject({ mode: "wld" });
    expect(tried[0]!.result.score).toBeLessThan(0);
    expect(tried[1]).toMatchObject({ mode: "exact", result: { solved: true, score: -8, bound: "exact", move: 54 } });
    expect(choice).toMatchObject({ by: "solver", move: 54, mode: "exact", score: -8 });
    expect(choice.elapsedMs).toBeGreaterThanOrEqual(tried[0]!.elapsedMs + tried[1]!.elapsedMs);
    expect(next.limits).toEqual([]);
  });

  it("leaves a proven loss to the next chooser, with the time left, when no probe proves a bound in time", () => {
    if (!lostAt16.ok) throw new Error(lostAt16.error);
    const next = recording();
    const tried: SolveAttempt[] = [];
    // The clock jumps past the probes' deadline as soon as the win/draw/loss solve is told.
    let t = 0;
    let jump = 0;
    const chooser = new SolverFirst({
      solver: () => new Solver(16),
      next,
      now: () => {
        t += 0.125;
        return t + jump;
      },
      tried: (a) => {
        tried.push(a);
        jump = 22.5;
      },
    });
    const choice = chooser.choose(new Game(lostAt16.value.position), { timeMs: 30, stopEarly: true });
    expect(tried).toHaveLength(1);
    expect(tried[0]).toMatchObject({ mode: "wld" });
    expect(next.limits).toHaveLength(1);
    const spent = 30 - next.limits[0]!.timeMs!;
    expect(spent).toBeGreaterThan(22.5);
    expect(next.limits[0]).toEqual({ timeMs: 30 - spent, stopEarly: true });
    expect(choice).toMatchObject({ by: "random", elapsedMs: spent + 7 });
  });

  it("narrows a proven win to the best margin the time allows", () => {
    // 16 empties, won: the problem whose win/draw/loss solve fits 30 ms but whose exact one does not.
    const won = readFileSync(join(import.meta.dirname, "../positions/eval-16.obf"), "utf8")
      .split("\n")
      .map((l) => parseObf(l))
      .find((p) => p.ok && p.value.moves[0]!.score > 0);
    if (won === undefined || !won.ok) throw new Error("no won position in eval-16.obf");
    const { position, moves } = won.value;
    const next = recording();
    const { chooser, tried } = solverFirst(next, 0.125);
    const choice = chooser.choose(new Game(position), { timeMs: 30 });
    expect(tried.map((a) => a.mode)).toEqual(["wld", "exact"]);
    expect(choice).toMatchObject({ by: "solver", mode: "exact", score: moves[0]!.score });
    expect(moves.filter((m) => m.score === moves[0]!.score).map((m) => m.move)).toContain(choice.move);
    expect(next.limits).toEqual([]);
  });

  it("solves the root only within the horizon: beyond it the next chooser has the move, with the limits as they were", () => {
    if (!tenEmpties.ok) throw new Error(tenEmpties.error);
    const game = new Game(tenEmpties.value.position);
    const next = recording();
    const beyond = solverFirst(next, 1, 9);
    const limits = { timeMs: 1000 };
    expect(beyond.chooser.choose(game, limits)).toMatchObject({ by: "random", elapsedMs: 7 });
    expect(beyond.tried).toEqual([]);
    expect(next.limits).toEqual([limits]);
    const within = solverFirst(next, 1, 10);
    expect(within.chooser.choose(game, limits)).toMatchObject({ by: "solver", move: 62, score: 10 });
  });

  it("plays a win the tree search proved for the margin, with the share of the budget its search left", () => {
    const solver = new Solver(16);
    // The first won position of eval-16 whose winning moves keep different margins (the
    // positions solved one by one until it is found: solving them all took seconds).
    const won = readFileSync(join(import.meta.dirname, "../positions/eval-16.obf"), "utf8")
      .split("\n")
      .map((l) => parseObf(l))
      .flatMap((p) => (p.ok && p.value.moves[0]!.score > 0 ? [p.value.position] : []));
    let problem: { position: Position; scores: { move: Move; score: number }[] } | undefined;
    for (const position of won) {
      const scores = position.legalMoves().map((move) => ({ move, score: -solver.solve(position.play(move)).score }));
      if (scores.filter((m) => m.score > 0).length < 2) continue;
      problem = { position, scores };
      break;
    }
    if (problem === undefined) throw new Error("eval-16.obf holds no won position with two winning moves");
    const wins = problem.scores.filter((m) => m.score > 0).sort((a, b) => a.score - b.score);
    const worstWin = wins[0]!;
    const report = { proven: "win" } as unknown as SearchReport;
    const next: Chooser = { choose: () => ({ by: "search", move: worstWin.move, report, elapsedMs: 5 }) };
    const { chooser, tried } = solverFirst(next);
    // Too few visits for any solve to be planned: the search decides, then the probes narrow.
    const choice = chooser.choose(new Game(problem.position), { visits: 1000 });
    expect(tried).toHaveLength(1);
    expect(tried[0]).toMatchObject({ mode: "exact", result: { solved: true } });
    expect(choice.by).toBe("solver");
    const kept = problem.scores.find((m) => m.move === choice.move)!.score;
    expect(kept).toBeGreaterThanOrEqual(tried[0]!.result.score);
    expect(tried[0]!.result.score).toBeGreaterThan(worstWin.score);
    expect(choice.elapsedMs).toBeGreaterThan(5);
    // Beyond the horizon the proven win is played as the search chose it, unnarrowed.
    const short = solverFirst(next, 1, problem.position.empties() - 1);
    expect(short.chooser.choose(new Game(problem.position), { visits: 1000 })).toMatchObject({
      by: "search",
      move: worstWin.move,
    });
    expect(short.tried).toEqual([]);
  });

  it("goes straight to the next chooser when no solve fits, the limits as they were", () => {
    const next = recording();
    const { chooser, tried } = solverFirst(next);
    const limits = { timeMs: 100 };
    expect(chooser.choose(new Game(), limits)).toMatchObject({ by: "random", elapsedMs: 7 });
    expect(tried).toEqual([]);
    expect(next.limits).toEqual([limits]);
  });
});
