import type { RootChild } from "../../src/index.js";

/** What a search thread answers: its work and its root children. */
export interface ThreadResult {
  readonly visits: number;
  /** Leaves the thread's search solved. */
  readonly solved: number;
  readonly nodes: number;
  readonly reused: number;
  readonly pruned: number;
  readonly children: readonly RootChild[];
}

/** A thread's answer to one request, as the waiting thread finds it. */
export type Answer =
  | { readonly kind: "answered"; readonly result: ThreadResult }
  | { readonly kind: "failed" }
  | { readonly kind: "late" };

/** A root has at most one child a square (a pass is the only child when there is no square). */
const MAX_CHILDREN = 64;
/** Int32 words: the last request answered (Atomics waits on it), the last request that failed, and the last one begun. */
const ANSWERED = 0;
const FAILED = 1;
const BEGUN = 2;
/** Room for the Int32 words, the Float64 words aligned after them. */
const STATE_BYTES = 16;
/** Float64 words: visits, solved, nodes, reused, pruned, the child count, then five words a child. */
const COUNTS = 6;
const CHILD_WORDS = 5;
const PROOFS: readonly RootChild["proven"][] = [undefined, "win", "draw", "loss"];

/**
 * One search thread's answers to the thread that waits for them, in shared memory: the waiting
 * thread blocks (it serves a synchronous protocol) until the answer to its latest request is
 * written, or its time is up. Requests are numbered from 1; an answer is read only once its
 * number is stored, and a thread writes the next answer only after the next request, so the
 * reader never sees a half-written one.
 */
export class ResultSlot {
  private readonly state: Int32Array;
  private readonly words: Float64Array;

  constructor(
    readonly buffer: SharedArrayBuffer = new SharedArrayBuffer(STATE_BYTES + 8 * (COUNTS + CHILD_WORDS * MAX_CHILDREN)),
  ) {
    this.state = new Int32Array(buffer, 0, 3);
    this.words = new Float64Array(buffer, STATE_BYTES);
  }

  /** Answers `request` with a result and wakes the waiting thread. */
  write(request: number, result: ThreadResult): void {
    const { words } = this;
    const { children } = result;
    if (children.length > MAX_CHILDREN) throw new Error(`a root with ${children.length} children`);
    words.set([result.visits, result.solved, result.nodes, result.reused, result.pruned, children.length]);
    children.forEach((c, i) => {
      words.set([c.move, c.visits, c.winRate, c.pruned ? 1 : 0, PROOFS.indexOf(c.proven)], COUNTS + CHILD_WORDS * i);
    });
    this.answer(request);
  }

  /**
   * Says that the thread has begun `request`: with a shared tree, it may write into the tree
   * from now until it answers.
   */
  begin(request: number): void {
    Atomics.store(this.state, BEGUN, request);
  }

  /** The last request the thread has begun. */
  begun(): number {
    return Atomics.load(this.state, BEGUN);
  }

  /** Answers `request` with a failure (the thread's search threw) and wakes the waiting thread. */
  fail(request: number): void {
    Atomics.store(this.state, FAILED, request);
    this.answer(request);
  }

  /**
   * The answer to `request`, waiting for it until `until` on `clock` (milliseconds): "late"
   * when it has not come by then.
   */
  wait(request: number, until: number, clock: () => number): Answer {
    for (;;) {
      const answered = Atomics.load(this.state, ANSWERED);
      if (answered === request)
        return Atomics.load(this.state, FAILED) === request
          ? { kind: "failed" }
          : { kind: "answered", result: this.read() };
      const left = until - clock();
      if (left <= 0) return { kind: "late" };
      Atomics.wait(this.state, ANSWERED, answered, left);
    }
  }

  private answer(request: number): void {
    Atomics.store(this.state, ANSWERED, request);
    Atomics.notify(this.state, ANSWERED);
  }

  private read(): ThreadResult {
    const w = this.words;
    const children: RootChild[] = [];
    for (let i = 0, at = COUNTS; i < w[5]!; i++, at += CHILD_WORDS) {
      const proven = PROOFS[w[at + 4]!];
      children.push({ move: w[at]!, visits: w[at + 1]!, winRate: w[at + 2]!, pruned: w[at + 3] === 1, proven });
    }
    return { visits: w[0]!, solved: w[1]!, nodes: w[2]!, reused: w[3]!, pruned: w[4]!, children };
  }
}
