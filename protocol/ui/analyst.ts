import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { type Move, type Result, type Weights, err, ok } from "../../src/index.js";
import type { ExactScore, MoveReview } from "./moveAnalysis.js";

/** The analysis thread's bundle, beside the program's (build.mjs). */
const WORKER_FILE = fileURLToPath(new URL("./analysisWorker.js", import.meta.url));

/** What the analysis thread starts with: the evaluation's weights, for the alpha-beta player. */
export interface AnalysisWorkerData {
  readonly weights: Weights;
}

/** What the analysis thread is asked: one move of a game reviewed, or the exact scores of a position's moves. */
export type AnalysisJob =
  | { readonly id: number; readonly kind: "review"; readonly moves: readonly Move[]; readonly move: Move }
  | { readonly id: number; readonly kind: "scores"; readonly moves: readonly Move[] };

/** Its answer to the job `id`. */
export type AnalysisAnswer =
  | { readonly id: number; readonly kind: "review"; readonly review: MoveReview }
  | { readonly id: number; readonly kind: "scores"; readonly scores: ExactScore[] | null };

/** What the page's server asks of the analysis: `abandoned` says the asker has gone, and a job not yet begun is dropped. */
export interface Analysis {
  /** `move`, played after `moves`, against the best move there. */
  review(moves: readonly Move[], move: Move, abandoned: () => boolean): Promise<Result<MoveReview>>;
  /** The exact score of each legal move after `moves`; null when the position is not solved in time or has too many empties. */
  scores(moves: readonly Move[], abandoned: () => boolean): Promise<Result<ExactScore[] | null>>;
}

interface Pending {
  readonly job: AnalysisJob;
  readonly abandoned: () => boolean;
  readonly done: (answer: Result<AnalysisAnswer>) => void;
}

/**
 * The analysis on a thread of its own (dist/analysisWorker.js, started at the first job and
 * kept), one job at a time in the order asked: a review asks one move at a time, so the other
 * tabs' jobs take their turn between its moves. A thread that fails fails its job, and the
 * next job starts another.
 */
export class Analyst implements Analysis {
  private worker: Worker | undefined;
  private readonly queue: Pending[] = [];
  private running: Pending | undefined;
  private nextId = 0;

  /** `weights` are read when the thread starts (the shipped ones, from the program that starts the server). */
  constructor(
    private readonly weights: () => Result<Weights>,
    private readonly file: string = WORKER_FILE,
  ) {}

  async review(moves: readonly Move[], move: Move, abandoned: () => boolean): Promise<Result<MoveReview>> {
    const answer = await this.ask({ id: ++this.nextId, kind: "review", moves, move }, abandoned);
    return !answer.ok ? answer : answer.value.kind === "review" ? ok(answer.value.review) : this.mixedUp();
  }

  async scores(moves: readonly Move[], abandoned: () => boolean): Promise<Result<ExactScore[] | null>> {
    const answer = await this.ask({ id: ++this.nextId, kind: "scores", moves }, abandoned);
    return !answer.ok ? answer : answer.value.kind === "scores" ? ok(answer.value.scores) : this.mixedUp();
  }

  /** Ends the thread; the jobs waiting are failed. */
  close(): void {
    const waiting = [...(this.running === undefined ? [] : [this.running]), ...this.queue.splice(0)];
    this.running = undefined;
    void this.worker?.terminate();
    this.worker = undefined;
    for (const p of waiting) p.done(err("the server is closing"));
  }

  private mixedUp(): never {
    throw new Error("the analysis thread answered another kind of job");
  }

  private ask(job: AnalysisJob, abandoned: () => boolean): Promise<Result<AnalysisAnswer>> {
    return new Promise((done) => {
      this.queue.push({ job, abandoned, done });
      this.next();
    });
  }

  private next(): void {
    while (this.running === undefined && this.queue.length > 0) {
      const pending = this.queue.shift()!;
      if (pending.abandoned()) {
        pending.done(err("abandoned"));
        continue;
      }
      const worker = this.thread();
      if (!worker.ok) {
        pending.done(worker);
        continue;
      }
      this.running = pending;
      worker.value.postMessage(pending.job);
    }
  }

  private thread(): Result<Worker> {
    if (this.worker !== undefined) return ok(this.worker);
    if (!existsSync(this.file)) return err(`the analysis is not built: ${this.file} is missing (make builds it)`);
    const weights = this.weights();
    if (!weights.ok) return err(`the analysis cannot start: ${weights.error}`);
    const worker = new Worker(this.file, { workerData: { weights: weights.value } satisfies AnalysisWorkerData });
    worker.unref();
    worker.on("message", (answer: AnalysisAnswer) => {
      const running = this.running;
      if (running === undefined || running.job.id !== answer.id) return;
      this.running = undefined;
      running.done(ok(answer));
      this.next();
    });
    const lost = (why: string): void => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      const running = this.running;
      this.running = undefined;
      running?.done(err(`the analysis thread ${why}`));
      this.next();
    };
    worker.on("error", (e) => lost(`failed: ${e.message}`));
    worker.on("exit", (code) => lost(`stopped (exit code ${code})`));
    this.worker = worker;
    return ok(worker);
  }
}
