import {
  type Evaluation,
  type Game,
  type Move,
  type Search,
  type SearchLimits,
  type SearchParams,
  type SearchReport,
  type Solver,
  Tree,
  formatCode,
  makeThreadSearch,
  type RootChild,
} from "../../src/index.js";
import type { Parallelisation } from "../engine/engineOptions.js";
import { type ThreadResult, ResultSlot } from "./resultSlot.js";
import { chooseRootChild, mergeRootChildren } from "./rootMerge.js";
import { type SearchThread, type StartThread, startBundledWorker } from "./searchThread.js";
import { wallClock } from "./wallClock.js";
import type { SearchRequest, SearchWorkerData } from "./workerRequests.js";
/** How long past the move's deadline a worker may take to answer: its clock is read every few visits, its answer is written at once. */
const GRACE_MS = 50;
/**
 * Without a deadline (a fixed number of visits and no ceiling) a worker does the same work
 * as the main thread: it is waited for as long again as the main thread searched, and this.
 */
const UNTIMED_GRACE_MS = 1000;
/** Seeds of the workers' searches: the session's seed plus multiples of this (2^32 / golden ratio), far apart. */
const SEED_STEP = 0x9e3779b9;

/** What the threads search with: the engine's options that concern them. */
export interface ThreadsSettings {
  /** Threads searching each move at once, the caller's included. */
  readonly threads: number;
  readonly parallel: Parallelisation;
  /** The caller's search's seed; the workers' follow from it. */
  readonly seed: number;
  readonly search: SearchParams;
  /** The evaluation's weights file for the workers to read (undefined: the built-in weights). */
  readonly weights?: string | undefined;
}

/** What a parallel search is made with besides its settings. */
export interface ParallelSearchParts {
  /** Takes the threads' diagnostics (a worker lost, late or missing), one line at a time. */
  readonly log: (line: string) => void;
  /** The caller's search's evaluation (the workers read their own); needed when the search reads one. */
  readonly evaluation: Evaluation | undefined;
  /** The caller's search's clock; performance.now() by default. */
  readonly now?: () => number;
  /** The caller's search's solver for small leaves; a new one by default. */
  readonly solver?: Solver;
  /** How a worker thread is started: the bundled worker (startBundledWorker) by default. */
  readonly startThread?: StartThread;
}

/** A search's report, with the number of threads that searched, and whether they shared one tree. */
export interface ThreadedReport extends SearchReport {
  readonly threads: number;
  readonly sharedTree: boolean;
}

/** A tree in shared memory, and the word in which the main thread says which request it has ended. */
interface SharedTree {
  readonly tree: Tree;
  readonly stopped: Int32Array;
}

interface Helper {
  /** 2 for the first worker: the main thread's search is thread 1. */
  readonly thread: number;
  readonly worker: SearchThread;
  readonly slot: ResultSlot;
  /** "failed": its search threw, and its "error" event, which says why, is still to come. */
  state: "live" | "failed" | "gone";
}

/**
 * The same move searched on `settings.threads` threads at once, in one of two ways
 * (`settings.parallel`). Root parallelisation ("root"): each thread's search has its own tree
 * kept from move to move, and their root children are merged to choose the move
 * (`chooseRootChild`). Tree parallelisation ("tree"): every thread visits one tree in shared
 * memory, with virtual loss (src/search/tree.ts), which the main thread's search keeps from move to
 * move and reports on; the workers stop when it ends the move.
 *
 * The main thread runs one search itself and then blocks until the workers' answers are in,
 * so `choose` stays synchronous; a worker that has not answered by the move's deadline (and a
 * little grace) is left out of that move (with a shared tree, stopped for good, since it
 * might still write into the tree), and one that fails is left out for good, both said on the
 * log. Workers never keep the process alive.
 */
export class ParallelSearch {
  private readonly main: Search;
  private readonly helpers: Helper[] = [];
  private request = 0;
  /** The root children merged at the last search; undefined when it was the main thread's alone. */
  private merged: RootChild[] | undefined;
  /** With tree parallelisation. */
  private readonly shared: SharedTree | undefined;

  private readonly log: (line: string) => void;

  constructor(settings: ThreadsSettings, parts: ParallelSearchParts) {
    this.log = parts.log;
    const { maxNodes } = settings.search;
    this.shared =
      settings.threads > 1 && settings.parallel === "tree"
        ? { tree: Tree.shared(maxNodes), stopped: new Int32Array(new SharedArrayBuffer(4)) }
        : undefined;
    const tree = this.shared?.tree;
    const { evaluation, now, solver } = parts;
    this.main = makeThreadSearch(settings.search, {
      seed: settings.seed,
      evaluation,
      ...(now === undefined ? {} : { now }),
      ...(solver === undefined ? {} : { solver }),
      ...(tree === undefined ? {} : { tree }),
    });
    const startThread = parts.startThread ?? startBundledWorker;
    for (let thread = 2; thread <= settings.threads; thread++) {
      const helper = this.start(startThread, settings, thread);
      if (typeof helper === "string") {
        this.log(
          `threads: ${helper}: searching on ${thread - 1} thread${thread === 2 ? "" : "s"}, not ${settings.threads}`,
        );
        return;
      }
      this.helpers.push(helper);
    }
  }

  /** The helper thread number `thread`, started; or why it could not be. */
  private start(startThread: StartThread, settings: ThreadsSettings, thread: number): Helper | string {
    const slot = new ResultSlot();
    const shared =
      this.shared === undefined
        ? {}
        : {
            shared: {
              tree: this.shared.tree.memory,
              stopped: this.shared.stopped.buffer as SharedArrayBuffer,
            },
          };
    const data: SearchWorkerData = {
      search: settings.search,
      weights: settings.weights,
      seed: (settings.seed + (thread - 1) * SEED_STEP) >>> 0,
      slot: slot.buffer,
      ...shared,
    };
    const started = startThread(data);
    if (!started.ok) return started.error;
    const helper: Helper = { thread, worker: started.value, slot, state: "live" };
    helper.worker.unref();
    helper.worker.on("error", (e) => this.lost(helper, `failed: ${e.message}`));
    helper.worker.on("exit", (code) => this.lost(helper, `stopped (exit code ${code})`));
    return helper;
  }

  /**
   * A worker gone: said once, and its thread is left out from now on. One whose search failed
   * was said already when its slot told so (its "error" event may come only after the last
   * command, the event loop being busy answering): the event then adds the reason.
   */
  private lost(helper: Helper, why: string): void {
    if (helper.state === "gone") return;
    const announced = helper.state === "failed";
    helper.state = "gone";
    this.log(
      announced
        ? `threads: thread ${helper.thread} ${why}`
        : `threads: thread ${helper.thread} ${why}; searching on ${1 + this.live().length} threads from now on`,
    );
  }

  private live(): Helper[] {
    return this.helpers.filter((h) => h.state === "live");
  }

  /** Forgets every tree: the next search starts afresh. */
  reset(): void {
    this.main.reset();
    this.merged = undefined;
    for (const h of this.live()) h.worker.postMessage({ kind: "reset" } satisfies SearchRequest);
  }

  /**
   * Moves the main thread's tree (the shared one with tree parallelisation) to the position of
   * `game`, as `Search.follow` does, between two searches. Root parallelisation's workers move
   * their own trees at the start of their next search.
   */
  follow(game: Game): void {
    this.main.follow(game);
  }

  /**
   * Chooses a move for the side to move in `game`, as `Search.choose` does; with workers, the
   * move of the merged root children, and the report of every search that answered in time.
   * Progress reports come from the main thread's search alone.
   */
  choose(game: Game, limits: SearchLimits): ThreadedReport {
    const helpers = this.live();
    this.merged = undefined;
    if (helpers.length === 0) {
      return { ...this.main.choose(game, limits), threads: 1, sharedTree: false };
    }
    if (this.shared !== undefined) return this.chooseShared(game, limits, helpers, this.shared);
    const started = wallClock();
    const deadline = limits.timeMs === undefined ? undefined : started + limits.timeMs;
    const request = ++this.request;
    const message: SearchRequest = {
      kind: "search",
      request,
      start: formatCode(game.start),
      moves: [...game.moves],
      ...(limits.visits === undefined ? {} : { visits: limits.visits }),
      ...(deadline === undefined ? {} : { deadline }),
      stopEarly: limits.stopEarly ?? false,
    };
    for (const h of helpers) h.worker.postMessage(message);
    const own = this.main.choose(game, limits);
    const searched = wallClock();
    const until = deadline === undefined ? searched + (searched - started) + UNTIMED_GRACE_MS : deadline + GRACE_MS;
    const results = this.answers(helpers, request, until, (h) =>
      this.log(`threads: thread ${h.thread} did not answer by the deadline; its search is left out of this move`),
    );
    const merged = mergeRootChildren([this.main.rootChildren(), ...results.map((r) => r.children)]);
    const best = chooseRootChild(merged)!;
    this.merged = merged;
    const sum = (count: (r: ThreadResult) => number): number => results.reduce((total, r) => total + count(r), 0);
    return {
      move: best.move,
      visits: own.visits + sum((r) => r.visits),
      // What the search used is the same on every thread; the early stop is the main thread's.
      leaf: own.leaf,
      priors: own.priors,
      solved: own.solved + sum((r) => r.solved),
      stoppedEarly: own.stoppedEarly,
      elapsedMs: own.elapsedMs + (wallClock() - searched),
      startMs: own.startMs,
      reused: own.reused + sum((r) => r.reused),
      nodes: own.nodes + sum((r) => r.nodes),
      pruned: own.pruned + sum((r) => r.pruned),
      moveVisits: best.visits,
      moveWinRate: best.winRate,
      // The main thread's line, when its tree agrees on the move; the other trees are not at hand.
      pv: own.move === best.move ? own.pv : [best.move],
      ...(best.proven === undefined ? {} : { proven: best.proven }),
      threads: 1 + results.length,
      sharedTree: false,
    };
  }

  /**
   * The answers of the helpers to `request`, waiting for each until `until`: a failed one is
   * left out for good, a late one is told to `late`.
   */
  private answers(
    helpers: readonly Helper[],
    request: number,
    until: number,
    late: (helper: Helper) => void,
  ): ThreadResult[] {
    const results: ThreadResult[] = [];
    for (const h of helpers) {
      const answer = h.slot.wait(request, until, wallClock);
      if (answer.kind === "answered") results.push(answer.result);
      else if (answer.kind === "failed") {
        h.state = "failed";
        this.log(
          `threads: thread ${h.thread}'s search failed; searching on ${1 + this.live().length} threads from now on`,
        );
      } else late(h);
    }
    return results;
  }

  /**
   * Tree parallelisation: the main thread's search makes the shared tree ready (tree reuse, the
   * root's children), the workers are sent to it, and all search until the main thread's
   * search ends, which then stops the others and reports on the tree they grew together. With
   * --visits the main thread does that many, and the others stop with it.
   */
  private chooseShared(
    game: Game,
    limits: SearchLimits,
    helpers: readonly Helper[],
    { stopped }: SharedTree,
  ): ThreadedReport {
    const started = wallClock();
    const deadline = limits.timeMs === undefined ? undefined : started + limits.timeMs;
    const request = ++this.request;
    let sent = false;
    const own = this.main.choose(game, {
      ...limits,
      started: (_tree, root) => {
        const message: SearchRequest = {
          kind: "shared",
          request,
          root: formatCode(root),
          ...(limits.visits === undefined ? {} : { visits: limits.visits }),
          ...(deadline === undefined ? {} : { deadline }),
        };
        for (const h of helpers) h.worker.postMessage(message);
        sent = true;
      },
    });
    Atomics.store(stopped, 0, request);
    // A worker that has not begun this request by now (still starting, say) finds it ended when it does, and leaves the tree alone.
    const working = sent ? helpers.filter((h) => h.slot.begun() === request) : [];
    if (working.length === 0) return { ...own, threads: 1, sharedTree: true };
    // Stopped, a worker answers after its current visit: one leaf solve at most.
    const results = this.answers(working, request, wallClock() + GRACE_MS, (h) => {
      h.state = "gone";
      void h.worker.terminate();
      this.log(
        `threads: thread ${h.thread} did not stop with the move; it is ended, as it might still write into the shared tree: searching on ${1 + this.live().length} threads from now on`,
      );
    });
    const more = results.reduce((sum, r) => ({ visits: sum.visits + r.visits, solved: sum.solved + r.solved }), {
      visits: 0,
      solved: 0,
    });
    return { ...this.main.reportWithHelpers(more, own.visits), threads: 1 + results.length, sharedTree: true };
  }

  /** The root's children as the last search left them: merged over the threads when it was searched on several. */
  rootChildren(): RootChild[] {
    return this.children([]);
  }

  /** The children of the node `line` leads to (`Search.children`): at the root the merged ones, below it the main thread's tree. */
  children(line: readonly Move[]): RootChild[] {
    return line.length === 0 && this.merged !== undefined ? this.merged : this.main.children(line);
  }
}
