import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { type Result, type Samples, err, ok } from "../../src/index.js";
import type { GameReply, SelfPlayWorkerData } from "./selfPlayRequests.js";

/** A self-play thread as playGamesOnThreads drives it: node's Worker is one; tests may make their own. */
export interface SelfPlayThread {
  postMessage(game: number): void;
  on(event: "message", listener: (reply: GameReply) => void): unknown;
  on(event: "error", listener: (error: Error) => void): unknown;
  on(event: "exit", listener: (code: number) => void): unknown;
  terminate(): unknown;
}

/** Starts a self-play thread for a round, or says why none can be started. */
export type StartSelfPlayThread = (data: SelfPlayWorkerData) => Result<SelfPlayThread>;

/** The worker's bundle, beside the program's (build.mjs); from source (the tests) there is none. */
const WORKER_FILE = fileURLToPath(new URL("./selfPlayWorker.js", import.meta.url));

/** A worker thread running the bundled self-play worker, dist/selfPlayWorker.js (selfPlayWorker.ts). */
export function startSelfPlayWorker(data: SelfPlayWorkerData): Result<SelfPlayThread> {
  if (!existsSync(WORKER_FILE)) return err(`${WORKER_FILE} is missing (make builds it)`);
  return ok(new Worker(WORKER_FILE, { workerData: data }));
}

/**
 * Games `from` to `to - 1` of a round played on `threads` threads at once, each thread given
 * the next game as soon as it answers; `record` hears each game's positions in the games'
 * order, whatever order they finish in, so that what is recorded does not depend on the
 * number of threads. An error thrown by `record` (a write that failed) rejects the promise; a
 * thread that fails ends the round with an error. Either way every thread is stopped.
 */
export function playGamesOnThreads(
  data: SelfPlayWorkerData,
  from: number,
  to: number,
  threads: number,
  start: StartSelfPlayThread,
  record: (samples: Samples) => void,
): Promise<Result<void>> {
  return new Promise((resolve, reject) => {
    const started: SelfPlayThread[] = [];
    const finished = new Map<number, Samples>();
    let nextToPlay = from;
    let nextToRecord = from;
    let over = false;
    const end = (outcome: () => void): void => {
      if (over) return;
      over = true;
      for (const thread of started) thread.terminate();
      outcome();
    };
    const giveGame = (thread: SelfPlayThread): void => {
      if (nextToPlay < to) thread.postMessage(nextToPlay++);
    };
    for (let t = 0; t < Math.min(threads, to - from); t++) {
      const thread = start(data);
      if (!thread.ok) return end(() => resolve(err(`cannot start a self-play thread: ${thread.error}`)));
      started.push(thread.value);
      thread.value.on("message", ({ game, samples }) => {
        if (over) return;
        finished.set(game, samples);
        giveGame(thread.value);
        try {
          for (let s = finished.get(nextToRecord); s !== undefined; s = finished.get(nextToRecord)) {
            finished.delete(nextToRecord++);
            record(s);
          }
        } catch (e) {
          return end(() => reject(e));
        }
        if (nextToRecord === to) end(() => resolve(ok(undefined)));
      });
      thread.value.on("error", (e) => end(() => resolve(err(`a self-play thread failed: ${e.message}`))));
      thread.value.on("exit", (code) =>
        end(() => resolve(err(`a self-play thread stopped (exit code ${code}) before its games were played`))),
      );
    }
    if (from >= to) return end(() => resolve(ok(undefined)));
    for (const thread of started) giveGame(thread);
  });
}
