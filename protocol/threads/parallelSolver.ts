import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import {
  DEFAULT_KERNEL,
  DEFAULT_TABLE_BITS,
  type Evaluation,
  type Position,
  type SolveOptions,
  type SolveResult,
  SolveTeam,
  Solver,
  type Solving,
  solveTeamMemory,
} from "../../src/index.js";
import type { SolveRequest, SolveWorkerData } from "./solveRequests.js";
import { wallClock } from "./wallClock.js";

/** The helpers' bundle, beside the program's (build.mjs); from source (the tests) there is none. */
const WORKER_FILE = fileURLToPath(new URL("./solveWorker.js", import.meta.url));
/**
 * How long the leading thread waits for the answer of a helper that has begun the solve, once
 * its own search is over: a helper sees the stop within a millisecond. One that has not begun
 * (still starting: its bundle, the evaluation's tables, the kernels compiled) is not waited for.
 */
const ANSWER_GRACE_MS = 1000;

export interface ParallelSolverSettings {
  /** Threads solving each position at once, the caller's included. */
  readonly threads: number;
  /** Moves far from the end ordered by the evaluation, as `Solver`'s; the helpers read their own from `weights`. */
  readonly evaluation: Evaluation | undefined;
  readonly weights?: string | undefined;
  readonly tableBits?: number;
}

interface Helper {
  readonly thread: number;
  readonly worker: Worker;
  gone: boolean;
}

/**
 * A solver on several threads: `Solver.solve`'s results, found by the caller's thread and
 * `threads - 1` worker threads (dist/solveWorker.js) together. Every thread solves the same
 * position in the same window, all sharing one transposition table in shared memory and
 * leaving to each other the moves another is searching (src/solver/sharedSolve.ts: the
 * simplified ABDADA). The first thread to finish has the exact result (the others' bounds in
 * the table are true, so any thread's result is the one thread's), and stops the others. The
 * node limit holds for all the threads' visits together, the deadline for all; the result's
 * nodes are all the threads' visits.
 *
 * The caller's thread blocks until the helpers that began the solve have stopped, so `solve`
 * stays synchronous (one still starting is not waited for). A helper that does not answer is
 * ended and left out from then on, said on the log; without the bundle (run from source) the
 * solver is the caller's thread alone.
 */
export class ParallelSolver implements Solving {
  /** The caller's thread's solver, whose table is the threads' shared one: for the positions solved on it alone (`outcome`), too. */
  readonly solver: Solver;
  /** Undefined on one thread: the plain solver, not a team of one. */
  private readonly team: SolveTeam | undefined;
  private readonly helpers: Helper[] = [];
  private solveNumber = 0;
  /** Whether the table was cleared since the last solve: the helpers then clear their kernels' tables too. */
  private cleared = false;

  constructor(
    settings: ParallelSolverSettings,
    private readonly log: (line: string) => void,
  ) {
    const threads = Math.max(1, settings.threads);
    const tableBits = settings.tableBits ?? DEFAULT_TABLE_BITS;
    if (threads === 1) {
      this.team = undefined;
      this.solver = new Solver(tableBits, settings.evaluation);
      return;
    }
    const memory = solveTeamMemory(threads, tableBits);
    this.team = new SolveTeam(memory, 0);
    this.solver = new Solver(undefined, settings.evaluation, DEFAULT_KERNEL, this.team);
    if (!existsSync(WORKER_FILE)) {
      log(`threads: ${WORKER_FILE} is missing (make builds it): solving on 1 thread, not ${threads}`);
      return;
    }
    for (let thread = 1; thread < threads; thread++) {
      const data: SolveWorkerData = {
        memory,
        thread,
        evaluation: settings.evaluation !== undefined,
        weights: settings.weights,
      };
      const helper: Helper = { thread, worker: new Worker(WORKER_FILE, { workerData: data }), gone: false };
      helper.worker.unref();
      helper.worker.on("error", (e) => this.lost(helper, `failed: ${e.message}`));
      helper.worker.on("exit", (code) => this.lost(helper, `stopped (exit code ${code})`));
      this.helpers.push(helper);
    }
  }

  /** The threads that solve: the caller's and the helpers still there. */
  threads(): number {
    return 1 + this.live().length;
  }

  private live(): Helper[] {
    return this.helpers.filter((h) => !h.gone);
  }

  private lost(helper: Helper, why: string): void {
    if (helper.gone) return;
    helper.gone = true;
    this.log(`threads: solve thread ${helper.thread + 1} ${why}; solving on ${this.threads()} threads from now on`);
  }

  /** Forgets everything solved so far (`Solver.clear`), on every thread. */
  clear(): void {
    this.solver.clear();
    this.cleared = true;
  }

  /** `Solver.solve` on all the threads. */
  solve(position: Position, options: SolveOptions = {}): SolveResult {
    const helpers = this.live();
    const team = this.team;
    if (team === undefined || helpers.length === 0) return this.solver.solve(position, options);
    const solve = ++this.solveNumber;
    team.lead(solve);
    const request: SolveRequest = {
      solve,
      sides: [position.playerLo, position.playerHi, position.opponentLo, position.opponentHi],
      blackToMove: position.blackToMove,
      mode: options.mode ?? "exact",
      alpha: options.alpha,
      beta: options.beta,
      nodeLimit: options.nodeLimit,
      state: this.solver.table.state(),
      clear: this.cleared,
    };
    this.cleared = false;
    for (const h of helpers) h.worker.postMessage(request);
    const own = this.solver.solve(position, options);
    team.stop();
    let result = own;
    let nodes = own.nodes;
    const until = wallClock() + ANSWER_GRACE_MS;
    for (const h of helpers) {
      // Not begun: it will find the solve stopped when it does, and answer what is no longer asked.
      if (!team.begun(h.thread)) continue;
      const answer = team.answer(h.thread, until, wallClock);
      if (answer === undefined) {
        this.lost(h, "did not stop with the solve; it is ended");
        void h.worker.terminate();
        continue;
      }
      nodes += answer.nodes;
      if (!result.solved && answer.solved)
        result = {
          solved: true,
          move: answer.move < 0 ? undefined : answer.move,
          score: answer.score,
          bound: answer.bound,
          nodes: 0,
        };
    }
    team.idle();
    return { ...result, nodes };
  }
}
