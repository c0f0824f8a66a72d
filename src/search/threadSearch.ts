import type { Evaluation } from "../eval/evaluation.js";
import { Random } from "../random.js";
import { Solver } from "../solver/solver.js";
import type { SearchParams } from "./params.js";
import type { SearchReport, RootChild } from "./report.js";
import { Search } from "./search.js";
import type { SearchLimits } from "./searchTerms.js";
import type { Tree } from "./tree.js";
import type { Game } from "../game.js";
import type { Move } from "../position.js";

/**
 * A tree search as the engine keeps it from move to move: `Search` on one thread, or several
 * threads' (protocol/threads/parallelSearch.ts), whose report says how many searched.
 */
export interface Searcher {
  choose(game: Game, limits: SearchLimits): SearchReport & { readonly threads?: number; readonly sharedTree?: boolean };
  /** Forgets the tree: the next search starts afresh. */
  reset(): void;
  /** Moves the tree's root to the game's position between two searches. */
  follow(game: Game): void;
  /** The children of the node `line` leads to from the last search's root. */
  children(line: readonly Move[]): RootChild[];
}

/** What a thread's search is made with besides its parameters. */
export interface ThreadSearchInputs {
  readonly seed: number;
  /** Needed unless the leaves are played out and there are no priors (`searchUsesEvaluation`). */
  readonly evaluation: Evaluation | undefined;
  /** The solver for small leaves, shared with the session's root solves; a new one by default. */
  readonly solver?: Solver;
  /** The clock in milliseconds; performance.now() by default. */
  readonly now?: () => number;
  /** A tree shared with other threads (--parallel tree); the search's own by default. */
  readonly tree?: Tree;
}

/**
 * The engine's tree search (random playouts, the exact solver for small leaves, the
 * evaluation) as every thread makes it: the session's own and each worker's
 * (protocol/threads/searchWorker.ts), so what the search is built with reaches them all. The session passes
 * its clock (tests step it) and shares its solver (one transposition table for its root
 * solves and the search's leaves); a worker takes the real clock and a solver of its own.
 */
export function makeThreadSearch(params: SearchParams, inputs: ThreadSearchInputs): Search {
  const now = inputs.now ?? (() => performance.now());
  return new Search(params, {
    now,
    random: new Random(inputs.seed),
    solver: inputs.solver ?? new Solver(),
    evaluation: inputs.evaluation,
    tree: inputs.tree,
  });
}
