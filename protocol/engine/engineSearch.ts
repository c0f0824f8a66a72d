import { Random, Search, Solver, randomPlayout } from "../../src/index.js";
import type { EngineOptions } from "./options.js";

/**
 * The engine's tree search, as every thread makes it: the session's own and each worker's
 * (protocol/engine/searchWorker.ts), so what the search is built with reaches them all.
 * The session passes its clock (tests step it) and shares its solver (one transposition
 * table for its root solves and the search's leaves); a worker takes the real clock and a
 * solver of its own.
 */
export function makeSearch(options: EngineOptions, seed: number, now: () => number = () => performance.now(), solver: Solver = new Solver()): Search {
  return new Search(options.search, now, new Random(seed), randomPlayout, solver);
}
