import { type Evaluation, Random, Search, Solver, randomPlayout, searchUsesEvaluation } from "../../src/index.js";
import type { EngineOptions } from "./options.js";

/** What a search is made with besides the options. */
export interface SearchMaking {
  readonly seed: number;
  /** Needed unless the leaves are played out (`needsEvaluation`). */
  readonly evaluation: Evaluation | undefined;
  /** The solver for small leaves, shared with the session's root solves; a new one by default. */
  readonly solver?: Solver;
  /** The clock in milliseconds; performance.now() by default. */
  readonly now?: () => number;
}

/** The engine's tree search as its options describe it: random playouts, the exact solver for small leaves, the evaluation. */
export function makeSearch(options: EngineOptions, making: SearchMaking): Search {
  const now = making.now ?? (() => performance.now());
  return new Search(options.search, now, new Random(making.seed), randomPlayout, making.solver ?? new Solver(), making.evaluation);
}

/** Whether the engine with these options plays with the pattern evaluation (and so must load it). */
export function needsEvaluation(options: EngineOptions): boolean {
  return options.search.algorithm === "alphabeta" || searchUsesEvaluation(options.search);
}
