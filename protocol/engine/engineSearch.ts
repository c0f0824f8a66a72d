import {
  type Evaluation,
  Random,
  Search,
  Solver,
  type Tree,
  randomPlayout,
  searchUsesEvaluation,
} from "../../src/index.js";
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
  /** A tree and its spare shared with other threads (--parallel tree); the search's own by default. */
  readonly trees?: readonly [Tree, Tree];
}

/**
 * The engine's tree search as its options describe it (random playouts, the exact solver for
 * small leaves, the evaluation), as every thread makes it: the session's own and each worker's
 * (protocol/engine/searchWorker.ts), so what the search is built with reaches them all. The
 * session passes its clock (tests step it) and shares its solver (one transposition table for
 * its root solves and the search's leaves); a worker takes the real clock and a solver of its own.
 */
export function makeSearch(options: EngineOptions, making: SearchMaking): Search {
  const now = making.now ?? (() => performance.now());
  return new Search(
    options.search,
    now,
    new Random(making.seed),
    randomPlayout,
    making.solver ?? new Solver(),
    making.evaluation,
    making.trees,
  );
}

/** Whether the engine with these options plays with the pattern evaluation (and so must load it). */
export function needsEvaluation(options: EngineOptions): boolean {
  return options.chooser === "alphabeta" || (options.chooser === "search" && searchUsesEvaluation(options.search));
}
