import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  type Choice,
  type Chooser,
  Game,
  type SearchLimits,
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

/** A clock that moves on a millisecond at each reading. */
function steppingClock(): () => number {
  let t = 0;
  return () => t++;
}

function solverFirst(next: Chooser) {
  const tried: SolveAttempt[] = [];
  const chooser = new SolverFirst({
    solver: () => new Solver(16),
    next,
    now: steppingClock(),
    tried: (a) => tried.push(a),
  });
  return { chooser, tried };
}

// Black to move, 10 empties: g8 (62) wins, by 10 (test/search/search.test.ts, "refutations deeper than one ply").
const tenEmpties = parseCode("011110001111122011212202111222021111122211122122111112210022220110");
// 16 empties, X to move, lost by 8 with best play (G7): an exact solve does not fit 200 ms, a win/draw/loss one does.
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

  it("leaves a win/draw/loss solve that proves a loss to the next chooser, with the time the solve left, its time added", () => {
    if (!lostAt16.ok) throw new Error(lostAt16.error);
    expect(lostAt16.value.position.empties()).toBe(16);
    const next = recording();
    const { chooser, tried } = solverFirst(next);
    const choice = chooser.choose(new Game(lostAt16.value.position), { timeMs: 200, stopEarly: true });
    expect(tried).toHaveLength(1);
    const [attempt] = tried;
    expect(attempt).toMatchObject({ mode: "wld" });
    expect(attempt!.result.score).toBeLessThan(0);
    expect(next.limits).toEqual([{ timeMs: 200 - attempt!.elapsedMs, stopEarly: true }]);
    expect(choice).toMatchObject({ by: "random", elapsedMs: attempt!.elapsedMs + 7 });
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
