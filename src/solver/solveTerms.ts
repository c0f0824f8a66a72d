import type { Move, Position } from "../position.js";

// What a solver is asked and what it answers: the terms of the solver (solver.ts), of its threads'
// team (sharedSolve.ts) and of their callers, in a file of their own so that the team needs nothing of
// the solver's.

/** Exact: the final disc difference. WLD: only win, draw or loss (a null window around 0). */
export type SolveMode = "exact" | "wld";

export interface SolveOptions {
  readonly mode?: SolveMode;
  /**
   * Search only for scores inside (alpha, beta); by default (-65, 65) exact, (-1, 1) WLD. A
   * score outside the window comes back as a bound.
   */
  readonly alpha?: number;
  readonly beta?: number;
  /** Give up after visiting about this many positions. */
  readonly nodeLimit?: number;
  /** Give up when `now()` reaches this. */
  readonly deadline?: number;
  /** The clock the deadline is read from (in any unit; the caller's). */
  readonly now?: () => number;
}

/** Whether `score` is the position's value, or only a bound on it (the window excluded it). */
export type ScoreBound = "exact" | "lower" | "upper";

export interface SolveResult {
  /** False when a limit stopped the search: then nothing else but `nodes` means anything. */
  readonly solved: boolean;
  /** A move reaching the score; PASS when the mover must pass, undefined when the game is over or not solved. */
  readonly move: Move | undefined;
  /** For the mover: the final disc difference, empty squares to the winner (in WLD, its sign is the result). */
  readonly score: number;
  readonly bound: ScoreBound;
  readonly nodes: number;
}

/** What solves a position: a `Solver`, or one on several threads (protocol/threads/parallelSolver.ts). */
export interface Solving {
  solve(position: Position, options?: SolveOptions): SolveResult;
}
