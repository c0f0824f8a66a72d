import type { Game } from "../game.js";
import type { Position } from "../position.js";
import type { SearchLimits } from "../search/search.js";
import { SolvePlanner } from "../solver/solvePlanner.js";
import type { SolveMode, SolveResult, Solver } from "../solver/solver.js";
import type { Choice, Chooser } from "./choice.js";

/** A solve of the root: what it found, in which mode, and how long it took. */
export interface SolveAttempt {
  readonly position: Position;
  readonly result: SolveResult;
  readonly mode: SolveMode;
  readonly elapsedMs: number;
}

export interface SolverFirstParts {
  /** The solver, asked for at each solve: it may be made at the first (its table is large) and shared with the search's leaves. */
  readonly solver: () => Solver;
  /** The chooser when no solve decides the move. */
  readonly next: Chooser;
  readonly now: () => number;
  /** Told of every solve as soon as it ends, whether it decides the move or not. */
  readonly tried: (attempt: SolveAttempt) => void;
}

/**
 * The exact solver first, then another chooser. The root is solved when the planner says a
 * solve fits in the move's budget: an exact result is always played (the best score), a
 * win/draw/loss one when it is a win or a draw; a proven loss, or a solve that ran out of its
 * share of the budget, leaves the move to the next chooser with the time left.
 */
export class SolverFirst implements Chooser {
  private readonly planner = new SolvePlanner();

  constructor(private readonly parts: SolverFirstParts) {}

  choose(game: Game, limits: SearchLimits): Choice {
    const position = game.position;
    const plan = this.planner.plan(position.empties(), { ms: limits.timeMs, playouts: limits.visits });
    if (plan === undefined) return this.parts.next.choose(game, limits);
    const { now } = this.parts;
    const started = now();
    const deadline = plan.limitMs === undefined ? undefined : started + plan.limitMs;
    const result = this.parts.solver().solve(position, { mode: plan.mode, nodeLimit: plan.nodeLimit, deadline, now });
    const spentMs = now() - started;
    this.planner.measured(result.nodes, spentMs);
    this.parts.tried({ position, result, mode: plan.mode, elapsedMs: spentMs });
    if (result.solved && result.move !== undefined && (plan.mode === "exact" || result.score >= 0))
      return { by: "solver", move: result.move, mode: plan.mode, score: result.score, elapsedMs: spentMs };
    const rest = limits.timeMs === undefined ? limits : { ...limits, timeMs: Math.max(0, limits.timeMs - spentMs) };
    const choice = this.parts.next.choose(game, rest);
    return { ...choice, elapsedMs: spentMs + choice.elapsedMs };
  }
}
