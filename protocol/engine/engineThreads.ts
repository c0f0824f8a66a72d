import {
  DEFAULT_TABLE_BITS,
  type Evaluation,
  type Searcher,
  Solver,
  type Solving,
  makeThreadSearch,
} from "../../src/index.js";
import type { EngineOptions } from "./engineOptions.js";

/** The session's solver: its root solves, and `solver` for the search's leaves (one transposition table). */
export interface EngineSolver extends Solving {
  readonly solver: Solver;
  /** The threads that solve. */
  threads(): number;
}

/** What a session searches and solves on: one thread, or several (--threads, protocol/threads/). */
export interface EngineThreads {
  searcher(
    options: EngineOptions,
    parts: {
      readonly log: (line: string) => void;
      readonly evaluation: Evaluation | undefined;
      readonly now: () => number;
      readonly solver: Solver;
    },
  ): Searcher;
  solver(options: EngineOptions, evaluation: Evaluation | undefined, log: (line: string) => void): EngineSolver;
}

/**
 * The search and the solver on the caller's thread alone, whatever --threads says: the page's
 * worker, and the command-line engine with one thread (protocol/threads/nodeThreads.ts).
 */
export const ONE_THREAD: EngineThreads = {
  searcher: (options, { evaluation, now, solver }) =>
    makeThreadSearch(options.search, { seed: options.seed, evaluation, now, solver }),
  solver: (_options, evaluation) => {
    const solver = new Solver(DEFAULT_TABLE_BITS, evaluation);
    return { solver, threads: () => 1, solve: (position, solveOptions) => solver.solve(position, solveOptions) };
  },
};
