import { describe, expect, it } from "vitest";
import { PASS, Solver, narrowScore, wldRange } from "../../src/index.js";
import { type Problem, readProblems } from "./problems.js";

/** fforum 1-19 (up to 20 empties) and the 16-empties set: exact scores of every sign, both signs of margin. */
const problems = [...readProblems("fforum-1-19.obf").slice(0, 8), ...readProblems("eval-16.obf").slice(0, 12)];

/** The exact score `move` keeps, from the problem's list or by solving the position after it. */
function scoreOf(solver: Solver, { position, moves }: Problem, move: number | undefined): number {
  const listed = moves.find((m) => m.move === move);
  if (listed !== undefined) return listed.score;
  if (move === undefined) throw new Error("no move");
  return move === PASS ? solver.solve(position).score : -solver.solve(position.play(move)).score;
}

describe("narrowing a win/draw/loss result to the exact score", () => {
  const solver = new Solver(18);

  it("reaches each problem's exact score from its win/draw/loss solve, with a move that keeps it", () => {
    for (const problem of problems) {
      const { position, moves } = problem;
      solver.clear();
      const wld = solver.solve(position, { mode: "wld" });
      const narrowed = narrowScore(solver, position, wldRange(wld));
      expect(narrowed.lower).toBe(moves[0]!.score);
      expect(narrowed.upper).toBe(moves[0]!.score);
      expect(scoreOf(solver, problem, narrowed.move)).toBe(moves[0]!.score);
      // Wins and losses need probes; a draw is exact at once.
      expect(narrowed.probes > 0).toBe(moves[0]!.score !== 0);
    }
  });

  it("gallops up from a proven lower bound, down from a proven upper one, and bisects between", () => {
    const problem = problems.find((p) => p.moves[0]!.score >= 10)!;
    const { position, moves } = problem;
    const best = moves[0]!.score;
    solver.clear();
    const up = narrowScore(solver, position, { lower: 2, upper: 64, move: moves[moves.length - 1]!.move });
    expect([up.lower, up.upper]).toEqual([best, best]);
    solver.clear();
    const down = narrowScore(solver, position, { lower: -64, upper: 64, move: undefined });
    expect([down.lower, down.upper]).toEqual([best, best]);
    expect(scoreOf(solver, problem, down.move)).toBe(best);
  });

  it("stopped by its node limit, keeps a true range and a move that reaches its lower bound", () => {
    let stopped = 0;
    for (const problem of problems) {
      const { position, moves } = problem;
      const best = moves[0]!.score;
      if (best <= 0) continue;
      solver.clear();
      const wld = solver.solve(position, { mode: "wld" });
      const narrowed = narrowScore(solver, position, wldRange(wld), { nodeLimit: 2000 });
      expect(narrowed.lower).toBeLessThanOrEqual(best);
      expect(narrowed.upper).toBeGreaterThanOrEqual(best);
      expect(narrowed.lower).toBeGreaterThan(0);
      expect(scoreOf(solver, problem, narrowed.move)).toBeGreaterThanOrEqual(narrowed.lower);
      if (narrowed.lower < narrowed.upper) stopped++;
    }
    // The limit is small enough to stop some of them before the end.
    expect(stopped).toBeGreaterThan(0);
  });

  it("stopped by its deadline, says so by a range still open", () => {
    const { position } = problems.find((p) => p.moves[0]!.score < 0 && p.position.empties() >= 16)!;
    solver.clear();
    let t = 0;
    const narrowed = narrowScore(
      solver,
      position,
      { lower: -64, upper: -2, move: undefined },
      { deadline: 1, now: () => t++ },
    );
    expect(narrowed.move).toBeUndefined();
    expect(narrowed.lower).toBe(-64);
    expect(narrowed.probes).toBe(1);
  });

  it("takes a draw as the exact score 0, its move kept (a forced pass's too)", () => {
    expect(wldRange({ solved: true, move: PASS, score: 0, bound: "exact", nodes: 1 })).toEqual({
      lower: 0,
      upper: 0,
      move: PASS,
    });
  });
});
