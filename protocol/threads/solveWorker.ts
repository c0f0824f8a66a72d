// A helper thread of ParallelSolver (parallelSolver.ts): build.mjs bundles this file as
// dist/solveWorker.js, beside the program, and each worker runs it.
import { parentPort, workerData } from "node:worker_threads";
import { loadEvaluation } from "../engine/evaluationWeights.js";
import { type SolveWorkerData, solveRequests } from "./solveRequests.js";

if (parentPort === null) throw new Error("solveWorker.js runs in a worker thread, started by ParallelSolver");
const data = workerData as SolveWorkerData;
// The leading thread checked the weights at start; a worker reads them again (its own copy of the tables).
const loaded = data.evaluation ? loadEvaluation(data.weights) : undefined;
if (loaded !== undefined && !loaded.ok) throw new Error(loaded.error);
parentPort.on("message", solveRequests(data, loaded?.value));
