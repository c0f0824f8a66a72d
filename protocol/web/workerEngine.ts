/// <reference lib="dom" />
import { type Move, type Result, err, ok } from "../../src/index.js";
import { TOP_LEVEL, pageLevels } from "../engine/levels.js";
import { ANALYSIS_LIMITS, type ReviewLine, hundredths, reviewLine } from "../ui/moveAnalysis.js";
import type { PageEngine } from "../ui/page/pageEngine.js";
import type { MoveAnswer, SolveAnswer, ThinkingAnswer, UiInfo } from "../ui/uiServer.js";
import type { WorkerAnswer, WorkerRequest } from "./workerMessages.js";

/** The files the engine needs beside the page, fetched once (relative to the page: any path serves). */
const WEIGHTS_FILE = "eval.weights";
const BOOK_FILE = "opening.book";
const WORKER_FILE = "engine.js";

/**
 * The tree's pool in nodes (68 bytes each), taken as the tree grows: 4 million (about 270 MB at
 * most) on a computer, a quarter of it on a phone or where the browser says the device has 4 GB
 * or less. A 1 s search fills about 2 million.
 */
function poolNodes(): number {
  const memory = (navigator as { deviceMemory?: number }).deviceMemory;
  const phone = /Mobi|Android|iPhone|iPad/.test(navigator.userAgent);
  return phone || (memory !== undefined && memory <= 4) ? 1_000_000 : 4_000_000;
}

function randomSeed(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0]!;
}

/** A file beside the page, its progress told as it comes; an error names the file. */
async function fetchFile(name: string, progress: (loaded: number, total: number) => void): Promise<Result<Uint8Array>> {
  let response: Response;
  try {
    response = await fetch(name);
  } catch (e) {
    return err(`${name} could not be loaded (${(e as Error).message})`);
  }
  if (!response.ok || response.body === null) return err(`${name} could not be loaded (status ${response.status})`);
  const total = Number(response.headers.get("content-length") ?? 0);
  const chunks: Uint8Array[] = [];
  let loaded = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    chunks.push(value);
    loaded += value.length;
    progress(loaded, total);
  }
  const bytes = new Uint8Array(loaded);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return ok(bytes);
}

/** The engine's files, as the page keeps them for every worker it starts. */
interface EngineFiles {
  readonly weights: Uint8Array;
  readonly book: string;
}

/** One worker and the answers it owes. */
class EngineWorker {
  private readonly worker: Worker;
  private readonly waiting = new Map<number, (answer: Result<WorkerAnswer>) => void>();
  /** Settles once the worker has read its weights and book, or failed to. */
  readonly ready: Promise<Result<void>>;
  private started: (result: Result<void>) => void = () => {};
  private failure: string | undefined;

  /** The worker starts loading its script at once; `start` gives it its files. */
  constructor(onThinking: (answer: WorkerAnswer & { kind: "thinking" }) => void) {
    this.worker = new Worker(WORKER_FILE);
    this.ready = new Promise((resolve) => (this.started = resolve));
    this.worker.onmessage = (event: MessageEvent<WorkerAnswer>) => {
      const answer = event.data;
      if (answer.kind === "ready") return this.started(ok(undefined));
      if (answer.kind === "failed") return this.end(answer.error);
      if (answer.kind === "thinking") return onThinking(answer);
      const done = this.waiting.get(answer.id);
      this.waiting.delete(answer.id);
      done?.(answer.kind === "error" ? err(answer.error) : ok(answer));
    };
    this.worker.onerror = (event) => {
      event.preventDefault();
      this.end(`the engine's worker (${WORKER_FILE}) failed: ${event.message || "it could not be loaded"}`);
    };
  }

  start({ weights, book }: EngineFiles): void {
    // A copy of its own: the bytes go to the worker (transferred), the page keeps the others' copy.
    const copy = weights.slice().buffer;
    const start: WorkerRequest = { kind: "start", weights: copy, book, seed: randomSeed(), maxNodes: poolNodes() };
    this.worker.postMessage(start, [copy]);
  }

  /** Sends a request and waits for its answer. */
  ask(request: WorkerRequest & { id: number }): Promise<Result<WorkerAnswer>> {
    if (this.failure !== undefined) return Promise.resolve(err(this.failure));
    return new Promise((done) => {
      this.waiting.set(request.id, done);
      this.worker.postMessage(request);
    });
  }

  /** Ends the worker at once (stopped, or failed: of no more use); what it owed is answered as `why`. */
  end(why: string): void {
    this.worker.terminate();
    this.failure = why;
    this.started(err(why));
    for (const done of this.waiting.values()) done(err(why));
    this.waiting.clear();
  }
}

/**
 * The engine in the page itself: the whole engine (the search, the evaluation, the solver, the
 * book) on a Web Worker, so that the page never waits for it, and a second worker for the
 * review and the exact scores. A search cannot be interrupted inside the worker (it runs to its
 * time without reading messages, and shared memory needs a cross-origin isolation plain static
 * hosts do not give), so stopping one ends its worker and starts another from the weights the
 * page keeps: the tree is lost, the game is not (each request brings it whole).
 */
export class WorkerEngine implements PageEngine {
  private files: EngineFiles | undefined;
  private player: EngineWorker | undefined;
  private analyst: EngineWorker | undefined;
  private nextId = 0;
  /** The move request under way, and how its search stands. */
  private searching: { id: number; ply: number; standing: ThinkingAnswer | undefined } | undefined;

  async info(progress: (text: string) => void): Promise<Result<UiInfo>> {
    // The worker's script loads while the files do.
    const player = this.newWorker();
    this.player = player;
    const [weights, book] = await Promise.all([
      fetchFile(WEIGHTS_FILE, (loaded, total) =>
        progress(
          `Loading the engine's weights: ${(loaded / 1e6).toFixed(1)}${total > 0 ? ` of ${(total / 1e6).toFixed(1)}` : ""} MB…`,
        ),
      ),
      fetchFile(BOOK_FILE, () => {}),
    ]);
    if (!weights.ok || !book.ok) {
      const failed = !weights.ok ? weights.error : !book.ok ? book.error : "";
      player.end(failed);
      return err(`The engine cannot start: ${failed}.`);
    }
    this.files = { weights: weights.value, book: new TextDecoder().decode(book.value) };
    progress("Starting the engine…");
    player.start(this.files);
    const ready = await player.ready;
    if (!ready.ok) return err(`The engine cannot start: ${ready.error}.`);
    return ok({
      engine: "othello-uct, in this page",
      seconds: 1,
      minSeconds: 0.1,
      maxSeconds: 30,
      hints: true,
      exactEmpties: ANALYSIS_LIMITS.exactEmpties,
      levels: pageLevels(),
      level: TOP_LEVEL,
    });
  }

  private newWorker(): EngineWorker {
    return new EngineWorker((answer) => {
      const searching = this.searching;
      if (searching?.id !== answer.id) return;
      searching.standing = { ply: searching.ply, report: answer.report ?? null, moves: answer.moves ?? null };
    });
  }

  /** A worker given the files, which the page has once `info` has loaded them. */
  private startWorker(files: EngineFiles): EngineWorker {
    const worker = this.newWorker();
    worker.start(files);
    return worker;
  }

  async move(moves: readonly Move[], seconds: number, level: number, hint: boolean): Promise<Result<MoveAnswer>> {
    const player = this.player;
    if (player === undefined) return err("the engine has not started");
    const ready = await player.ready;
    if (!ready.ok) return ready;
    const id = ++this.nextId;
    this.searching = { id, ply: moves.length, standing: undefined };
    const answer = await player.ask({ kind: "move", id, moves, seconds, level, hint });
    if (this.searching?.id === id) this.searching = undefined;
    if (!answer.ok) return answer;
    if (answer.value.kind !== "move") return err(`the engine answered a ${answer.value.kind} to a move`);
    const { move, engine, report, moves: root } = answer.value;
    return ok({ move, engine, report, moves: root });
  }

  async thinking(): Promise<ThinkingAnswer | undefined> {
    return this.searching?.standing;
  }

  stop(): void {
    if (this.searching === undefined || this.player === undefined || this.files === undefined) return;
    this.searching = undefined;
    this.player.end("stopped");
    this.player = this.startWorker(this.files);
  }

  /** The analysis worker, started at its first question. */
  private analysis(): EngineWorker | undefined {
    if (this.files === undefined) return undefined;
    this.analyst ??= this.startWorker(this.files);
    return this.analyst;
  }

  async solve(moves: readonly Move[], signal: AbortSignal): Promise<SolveAnswer["scores"]> {
    const analyst = this.analysis();
    if (analyst === undefined || signal.aborted) return null;
    const answer = await analyst.ask({ kind: "scores", id: ++this.nextId, moves });
    return answer.ok && answer.value.kind === "scores" ? answer.value.scores : null;
  }

  async *review(moves: readonly Move[], signal: AbortSignal): AsyncGenerator<ReviewLine[]> {
    const analyst = this.analysis();
    if (analyst === undefined) throw new Error("the engine has not started");
    const started = performance.now();
    for (let ply = 0; ply < moves.length; ply++) {
      if (signal.aborted) return;
      const answer = await analyst.ask({
        kind: "review",
        id: ++this.nextId,
        moves: moves.slice(0, ply),
        move: moves[ply]!,
      });
      if (!answer.ok) {
        yield [{ error: answer.error }];
        return;
      }
      if (answer.value.kind !== "review") throw new Error(`the engine answered a ${answer.value.kind} to a review`);
      yield [reviewLine(ply, moves[ply]!, answer.value.review)];
    }
    yield [{ done: true, moves: moves.length, seconds: hundredths((performance.now() - started) / 1000) }];
  }
}
