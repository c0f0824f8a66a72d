// A search thread of ParallelSearch (protocol/engine/parallelSearch.ts): build.mjs bundles this
// file as dist/searchWorker.js, beside the program, and each worker runs it.
import { parentPort, workerData } from "node:worker_threads";
import { Game, type Move, parseCode } from "../../src/index.js";
import { makeSearch, needsEvaluation } from "./engineSearch.js";
import { loadEvaluation } from "./evaluationWeights.js";
import type { EngineOptions } from "./options.js";
import { ResultSlot } from "./resultSlot.js";
import { wallClock } from "./wallClock.js";

/** What a worker is started with. */
export interface SearchWorkerData {
  readonly options: EngineOptions;
  readonly seed: number;
  /** Its ResultSlot's memory. */
  readonly slot: SharedArrayBuffer;
}

/**
 * What a worker is asked: to search a game (its start as a `code`, and the moves since) and
 * answer `request` in its slot, or to forget its tree. `deadline` is on the wall clock.
 */
export type SearchRequest =
  | { readonly kind: "search"; readonly request: number; readonly start: string; readonly moves: readonly Move[]; readonly playouts?: number; readonly deadline?: number; readonly stopEarly: boolean }
  | { readonly kind: "reset" };

if (parentPort === null) throw new Error("searchWorker.js runs in a worker thread, started by ParallelSearch");
const { options, seed, slot } = workerData as SearchWorkerData;
// The session checked the weights at start; a worker reads them again (its own copy of the tables).
const loaded = needsEvaluation(options) ? loadEvaluation(options.weights) : undefined;
if (loaded !== undefined && !loaded.ok) throw new Error(loaded.error);
const search = makeSearch(options, { seed, evaluation: loaded?.value });
const results = new ResultSlot(slot);

parentPort.on("message", (message: SearchRequest) => {
  if (message.kind === "reset") {
    search.reset();
    return;
  }
  try {
    const timeMs = message.deadline === undefined ? undefined : Math.max(0, message.deadline - wallClock());
    const report = search.choose(replay(message.start, message.moves), {
      ...(message.playouts === undefined ? {} : { playouts: message.playouts }),
      ...(timeMs === undefined ? {} : { timeMs }),
      stopEarly: message.stopEarly,
    });
    results.write(message.request, { playouts: report.playouts, nodes: report.nodes, reused: report.reused, pruned: report.pruned, children: search.rootChildren() });
  } catch (e) {
    // The waiting thread is told at once; the error itself reaches it as the worker's "error" event.
    results.fail(message.request);
    throw e;
  }
});

/** The game the main thread searches, rebuilt from its start and moves. */
function replay(start: string, moves: readonly Move[]): Game {
  const coded = parseCode(start);
  if (!coded.ok) throw new Error(`the start of the game to search: ${coded.error}`);
  const game = new Game(coded.value.position, coded.value.passes);
  for (const move of moves) {
    const played = game.play(move);
    if (!played.ok) throw new Error(`the game to search has an illegal move (${move}): ${played.error}`);
  }
  return game;
}
