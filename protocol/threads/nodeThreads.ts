import { ONE_THREAD, type EngineThreads } from "../engine/engineThreads.js";
import { ParallelSearch } from "./parallelSearch.js";
import { ParallelSolver } from "./parallelSolver.js";

/**
 * The command-line engine's threads: with --threads 1 the search and the solver on its own
 * thread (ONE_THREAD, as in the page's worker); with more, Node's worker threads.
 */
export const NODE_THREADS: EngineThreads = {
  searcher: (options, parts) =>
    options.threads === 1 ? ONE_THREAD.searcher(options, parts) : new ParallelSearch(options, parts),
  solver: (options, evaluation, log) =>
    options.threads === 1
      ? ONE_THREAD.solver(options, evaluation, log)
      : new ParallelSolver({ threads: options.threads, evaluation, weights: options.weights }, log),
};
