/// <reference lib="webworker" />
// The page's engine on a Web Worker: build.mjs bundles this file for the browser as
// dist/web/engine.js. Its first message brings the weights and the book; every later one is a
// request for the engine (engineHost.ts), answered by message.
import { EngineHost, loadStart } from "./engineHost.js";
import type { WorkerAnswer, WorkerRequest } from "./workerMessages.js";

declare const self: DedicatedWorkerGlobalScope;

const post = (answer: WorkerAnswer): void => self.postMessage(answer);
let host: EngineHost | undefined;

self.onmessage = (event: MessageEvent<WorkerRequest>) => {
  const request = event.data;
  if (host !== undefined) return host.handle(request);
  if (request.kind !== "start") return post({ kind: "failed", error: `a ${request.kind} request before the start` });
  const loaded = loadStart(request);
  if (!loaded.ok) return post({ kind: "failed", error: loaded.error });
  host = new EngineHost(request, loaded.value, post);
  post({ kind: "ready" });
};
