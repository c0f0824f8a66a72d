// A self-play thread of `othello train --threads N` (selfPlayThreads.ts): build.mjs bundles
// this file as dist/selfPlayWorker.js, beside the program, and each worker runs it.
import { parentPort, workerData } from "node:worker_threads";
import { type SelfPlayWorkerData, selfPlayRequests } from "./selfPlayRequests.js";

if (parentPort === null) throw new Error("selfPlayWorker.js runs in a worker thread, started by othello train");
const port = parentPort;
const play = selfPlayRequests(workerData as SelfPlayWorkerData);
port.on("message", (game: number) => {
  const { reply, transfer } = play(game);
  port.postMessage(reply, transfer);
});
