// A search thread of ParallelSearch (parallelSearch.ts): build.mjs bundles this file as
// dist/searchWorker.js, beside the program, and each worker runs it.
import { parentPort, workerData } from "node:worker_threads";
import { searchUsesEvaluation } from "../../src/index.js";
import { loadEvaluation } from "../engine/evaluationWeights.js";
import { type SearchWorkerData, workerRequests } from "./workerRequests.js";

if (parentPort === null) throw new Error("searchWorker.js runs in a worker thread, started by ParallelSearch");
const data = workerData as SearchWorkerData;
// The session checked the weights at start; a worker reads them again (its own copy of the tables).
const loaded = searchUsesEvaluation(data.search) ? loadEvaluation(data.weights) : undefined;
if (loaded !== undefined && !loaded.ok) throw new Error(loaded.error);
parentPort.on("message", workerRequests(data, loaded?.value));
