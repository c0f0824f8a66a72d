import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { type Result, err, ok } from "../../src/index.js";
import type { SearchRequest, SearchWorkerData } from "./workerRequests.js";

/** A search thread as ParallelSearch drives it: node's Worker is one; tests may make their own. */
export interface SearchThread {
  postMessage(request: SearchRequest): void;
  on(event: "error", listener: (error: Error) => void): unknown;
  on(event: "exit", listener: (code: number) => void): unknown;
  terminate(): unknown;
  /** The thread does not keep the process alive. */
  unref(): void;
}

/** Starts a search thread with its data, or says why none can be started. */
export type StartThread = (data: SearchWorkerData) => Result<SearchThread>;

/** The worker's bundle, beside the program's (build.mjs); from source (the tests) there is none. */
const WORKER_FILE = fileURLToPath(new URL("./searchWorker.js", import.meta.url));

/** A worker thread running the bundled worker, dist/searchWorker.js (searchWorker.ts). */
export function startBundledWorker(data: SearchWorkerData): Result<SearchThread> {
  if (!existsSync(WORKER_FILE)) return err(`${WORKER_FILE} is missing (make builds it)`);
  return ok(new Worker(WORKER_FILE, { workerData: data }));
}
