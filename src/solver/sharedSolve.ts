import type { ScoreBound, SolveResult } from "./solveTerms.js";
import { TranspositionTable, positionHash } from "./transpositionTable.js";

/**
 * log2 of the words of the table of positions being searched: 2^14, far more than the
 * positions of 15 empty squares or more that the threads' paths hold at once.
 */
const BUSY_BITS = 14;
const BUSY_MASK = (1 << BUSY_BITS) - 1;

/** The shared memory of a parallel solve's threads. */
export interface SolveTeamMemory {
  readonly threads: number;
  /** The transposition table's entries, 2^tableBits of them (`TranspositionTable.sharedMemory`). */
  readonly tableBits: number;
  readonly table: SharedArrayBuffer;
  /** The positions being searched: per word, the tag of one (its hash, odd), or 0. */
  readonly busy: SharedArrayBuffer;
  /** Per thread, its visits in the solve under way (a Float64Array's). */
  readonly visits: SharedArrayBuffer;
  /** Word 0: the number of the last solve stopped; then per thread, its answer (SolveTeam.answer). */
  readonly control: SharedArrayBuffer;
}

/** Words per thread of `control`: the solve it has ended, whether it solved it, the score, the move, the bound, the solve it has begun. */
const ANSWER_WORDS = 6;
const BOUNDS: readonly ScoreBound[] = ["exact", "lower", "upper"];

/** The shared memory for `threads` threads, with a table of 2^tableBits entries. */
export function solveTeamMemory(threads: number, tableBits: number): SolveTeamMemory {
  return {
    threads,
    tableBits,
    table: TranspositionTable.sharedMemory(tableBits),
    busy: new SharedArrayBuffer(4 << BUSY_BITS),
    visits: new SharedArrayBuffer(8 * threads),
    control: new SharedArrayBuffer(4 * (1 + ANSWER_WORDS * threads)),
  };
}

/** The solve number of no solve: above every solve stopped. */
const IDLE = 0x7fffffff;

/** A thread's answer to a solve, as it wrote it. */
export interface TeamAnswer {
  readonly solved: boolean;
  readonly score: number;
  /** A square, PASS, or -1 when the game is over or the solve was not finished. */
  readonly move: number;
  readonly bound: ScoreBound;
  /** The thread's visits. */
  readonly nodes: number;
}

/**
 * One thread's side of a parallel solve: the threads search the same root at once, sharing a
 * transposition table, and a thread leaves to the others the moves they are searching (the
 * "simplified ABDADA" of Tom Kerrigan, after ABDADA, Weill 1996: a node's eldest move is searched
 * by every thread that comes to it; a younger one that another thread is searching is put off
 * until the node's other moves are done, when the table often holds its value). Every thread
 * counts its visits where the others can read them, so that a node limit holds for all of them
 * together, and the solve stops for all when one of them asks (`stop`). Pure: the threads and their
 * memory are the caller's (protocol/threads/parallelSolver.ts).
 */
export class SolveTeam {
  readonly memory: SolveTeamMemory;
  private readonly busy: Int32Array;
  private readonly visits: Float64Array;
  private readonly control: Int32Array;
  /** The solve under way, set by `begin` or `lead`. */
  private solve = IDLE;

  constructor(
    memory: SolveTeamMemory,
    /** This thread's number, 0 to threads - 1. */
    readonly thread: number,
  ) {
    if (!Number.isInteger(thread) || thread < 0 || thread >= memory.threads)
      throw new Error(`thread must be 0..${memory.threads - 1}, got ${thread}`);
    this.memory = memory;
    this.busy = new Int32Array(memory.busy);
    this.visits = new Float64Array(memory.visits);
    this.control = new Int32Array(memory.control);
  }

  /** The solve numbered `solve` starts on this thread (its visits from 0). */
  begin(solve: number): void {
    this.solve = solve;
    this.visits[this.thread] = 0;
    Atomics.store(this.control, 1 + ANSWER_WORDS * this.thread + 5, solve);
  }

  /** Whether thread `thread` has begun the solve under way (`begin`): one that has not will find it stopped when it does. */
  begun(thread: number): boolean {
    return Atomics.load(this.control, 1 + ANSWER_WORDS * thread + 5) === this.solve;
  }

  /**
   * The solve numbered `solve` starts, on the thread that leads it, before the others are
   * asked: every thread's visits from 0 (the others are between solves, none writes them).
   */
  lead(solve: number): void {
    this.solve = solve;
    this.visits.fill(0);
  }

  /**
   * The solve under way is over, on the thread that led it: its solver may solve alone again
   * (`Solver.outcome`, the tree search's leaves) without the team's stop or visits.
   */
  idle(): void {
    this.solve = IDLE;
    this.visits.fill(0);
  }

  /** Records this thread's visits; returns the visits of all the threads together. */
  report(visits: number): number {
    const all = this.visits;
    all[this.thread] = visits;
    let total = 0;
    for (let i = 0; i < all.length; i++) total += all[i]!;
    return total;
  }

  /** Whether the solve under way was stopped (by `stop`, on any thread). */
  stopped(): boolean {
    return Atomics.load(this.control, 0) >= this.solve;
  }

  /** Stops the solve under way on every thread: they see it at their next check of the limits. */
  stop(): void {
    Atomics.store(this.control, 0, this.solve);
  }

  /** Writes this thread's result of the solve under way, and wakes whoever waits for it (`answer`). */
  finish(result: SolveResult): void {
    const c = this.control;
    const at = 1 + ANSWER_WORDS * this.thread;
    this.visits[this.thread] = result.nodes;
    c[at + 1] = result.solved ? 1 : 0;
    c[at + 2] = result.score;
    c[at + 3] = result.move ?? -1;
    c[at + 4] = BOUNDS.indexOf(result.bound);
    Atomics.store(c, at, this.solve);
    Atomics.notify(c, at);
  }

  /**
   * Thread `thread`'s answer to the solve under way, waiting for it until `deadline` on `now`
   * (milliseconds); undefined if it has not come by then.
   */
  answer(thread: number, deadline: number, now: () => number): TeamAnswer | undefined {
    const c = this.control;
    const at = 1 + ANSWER_WORDS * thread;
    for (;;) {
      const done = Atomics.load(c, at);
      if (done === this.solve)
        return {
          solved: c[at + 1] === 1,
          score: c[at + 2]!,
          move: c[at + 3]!,
          bound: BOUNDS[c[at + 4]!]!,
          nodes: this.visits[thread]!,
        };
      const left = deadline - now();
      if (left <= 0) return undefined;
      Atomics.wait(c, at, done, left);
    }
  }

  /** Marks the position as being searched by this thread; returns its tag, for `leave`. */
  enter(pl: number, ph: number, ol: number, oh: number): number {
    const tag = positionHash(pl, ph, ol, oh) | 1;
    this.busy[(tag >>> 1) & BUSY_MASK] = tag;
    return tag;
  }

  /** The search of the position `enter` tagged is over. (Its word may have been taken since by another: then it stays.) */
  leave(tag: number): void {
    const at = (tag >>> 1) & BUSY_MASK;
    if (this.busy[at] === tag) this.busy[at] = 0;
  }

  /** Whether some thread is searching the position (or, rarely, a position of the same word and tag). */
  searching(pl: number, ph: number, ol: number, oh: number): boolean {
    const tag = positionHash(pl, ph, ol, oh) | 1;
    return this.busy[(tag >>> 1) & BUSY_MASK] === tag;
  }
}
