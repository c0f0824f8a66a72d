/**
 * The solver's transposition table: a fixed number of entries in one typed array, allocated
 * once. An entry holds a whole position (four words, so a hit is never a different position),
 * bounds lo <= score <= hi of its exact game value, the best move found, its number of empty
 * squares and the number of the solve that stored it.
 *
 * Replacement: entries go in buckets of two. Storing a position already in its bucket
 * updates that entry, the bounds intersected with the old ones. Otherwise the first entry is
 * kept for the deeper position: the new one takes it when it has at least as many empties as
 * the entry there, or when that entry is from an earlier solve, and the entry it displaces
 * moves to the second place; else the new one replaces the second entry, whatever it holds.
 *
 * Bounds are facts about a position, true in any later solve, so nothing needs clearing
 * between solves; the solve number only lets new entries win the deep places. Clearing writes
 * nothing either: it starts a new solve number and hides every entry stored before it.
 *
 * Layout: eight words an entry (the position's four, the packed bounds, the solve number, a
 * check word, one unused), so that a bucket is 64 bytes, one cache line: a probe or a store
 * reads one line (the keys, bounds and solve numbers in three arrays cost up to three).
 *
 * Threads may share one table (`TranspositionTable.shared`, the threads of a parallel solve):
 * its entries are then written by several threads at once without a lock, and a probe may
 * read an entry half written. The check word, the XOR of the position's words and the packed
 * bounds (the lockless table of Hyatt and Mann, 2002), finds such an entry: it is taken for
 * absent. Every table keeps the check, so that one thread's table and a shared one are the same code.
 */

/** No move stored: a pass or a fail-low without a best move. */
export const NO_MOVE = 127;

/** A 32-bit hash of the position (pl, ph) to move against (ol, oh): the table's, and the parallel solve's (sharedSolve.ts). */
export function positionHash(pl: number, ph: number, ol: number, oh: number): number {
  let h =
    Math.imul(pl ^ (ph >>> 7), 0x9e3779b1) ^
    Math.imul(ol ^ (oh >>> 11), 0x85ebca77) ^
    Math.imul(ph ^ (oh << 5), 0xc2b2ae3d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x27d4eb2f);
  h ^= h >>> 13;
  return h;
}

/** What the threads sharing a table agree on (`TranspositionTable.state`). */
export interface TableState {
  readonly solveNumber: number;
  readonly firstVisible: number;
  readonly usedBits: number;
}

/** log2 of the entries a table uses before `reserve` asks for more: 2^16 entries, 2 MiB. */
const MIN_USED_BITS = 16;

export class TranspositionTable {
  /** Bucket index mask (the number of buckets in use is a power of two). */
  private bucketMask = 0;
  /** log2 of the entries allocated, and of the entries in use: the first ones, as `reserve` asks. */
  private readonly capacityBits: number;
  private usedBits = 0;
  /**
   * Per entry, from word e * 8: player low, high, opponent low, high; lo + 64 (bits 0-7),
   * hi + 64 (8-15), move (16-22), empties (23-28); the number of the solve that stored it; the
   * check word (the XOR of the four and the packed bounds).
   */
  private readonly entries: Int32Array;
  private solveNumber = 1;
  /** The entries of solves numbered below this were cleared: they are not there. */
  private firstVisible = 1;

  /** Filled by a successful `probe`. */
  lo = 0;
  hi = 0;
  move = NO_MOVE;

  /**
   * A table of 2^bits entries, of which the first 2^MIN_USED_BITS (or all, if fewer) are used
   * until `reserve` asks for more; in `memory` when given (a table shared between threads,
   * `sharedMemory`), else in memory of its own.
   */
  constructor(bits: number, memory?: SharedArrayBuffer) {
    if (!Number.isInteger(bits) || bits < 1 || bits > 26)
      throw new Error(`transposition table bits must be 1..26, got ${bits}`);
    this.capacityBits = bits;
    this.useFirst(Math.min(bits, MIN_USED_BITS));
    if (memory !== undefined && memory.byteLength !== 32 << bits)
      throw new Error(`a table of 2^${bits} entries needs ${32 << bits} bytes, got ${memory.byteLength}`);
    this.entries = memory === undefined ? new Int32Array(8 << bits) : new Int32Array(memory);
  }

  /** The memory for a table of 2^bits entries that threads share, each through a table of its own over it. */
  static sharedMemory(bits: number): SharedArrayBuffer {
    return new SharedArrayBuffer(32 << bits);
  }

  /**
   * What a table's user decides alone, and the threads sharing its memory must agree on: the
   * solve number, the first visible one, and the entries in use.
   */
  state(): TableState {
    return { solveNumber: this.solveNumber, firstVisible: this.firstVisible, usedBits: this.usedBits };
  }

  /** Takes another table's state (the thread that leads a parallel solve), as the start of its solve. */
  adopt(state: TableState): void {
    this.solveNumber = state.solveNumber;
    this.firstVisible = state.firstVisible;
    this.useFirst(state.usedBits);
  }

  /** Uses the first 2^bits entries. */
  private useFirst(bits: number): void {
    this.usedBits = bits;
    this.bucketMask = (1 << (bits - 1)) - 1;
  }

  /**
   * Uses at least 2^bits entries from now on (all of them if there are fewer); never fewer than
   * before, until `clear`. The entries are allocated at once but the system gives memory a page at a time as
   * it is first written, and that costs: a small solve that spread its entries over the whole
   * table would pay for every page (a fifth of the time of fforum 1-19 with 32 MiB). Entries
   * stored before the table grew may land in another bucket now and be lost: only work lost,
   * as they are never wrong.
   */
  reserve(bits: number): void {
    this.useFirst(Math.max(this.usedBits, Math.min(bits, this.capacityBits)));
  }

  /**
   * Forgets every entry, and uses the first 2^MIN_USED_BITS entries again: a cleared table
   * behaves as a new one, so a solve after `clear` visits the same nodes whatever came before.
   */
  clear(): void {
    this.newSolve();
    this.firstVisible = this.solveNumber;
    this.useFirst(Math.min(this.capacityBits, MIN_USED_BITS));
  }

  /**
   * Marks the start of a solve: the entries stored from now on are the newest. (A 32-bit count:
   * at a million solves a second it would take half an hour to wrap; no caller comes near.)
   */
  newSolve(): void {
    this.solveNumber++;
  }

  /** The first entry of the position's bucket. */
  private bucket(pl: number, ph: number, ol: number, oh: number): number {
    return (positionHash(pl, ph, ol, oh) & this.bucketMask) << 1;
  }

  /**
   * The packed bounds of entry e if it holds the position (and is visible), else -1 (packed
   * bounds are never negative). The bounds are read once, and checked against the check word:
   * read twice, another thread's store could change them in between.
   */
  private held(e: number, pl: number, ph: number, ol: number, oh: number): number {
    const k = e << 3;
    const entries = this.entries;
    if (
      entries[k] !== pl ||
      entries[k + 1] !== ph ||
      entries[k + 2] !== ol ||
      entries[k + 3] !== oh ||
      entries[k + 5]! < this.firstVisible
    )
      return -1;
    const d = entries[k + 4]!;
    return entries[k + 6] === (pl ^ ph ^ ol ^ oh ^ d) ? d : -1;
  }

  /** Whether the position is stored; if so its bounds and move are in lo, hi and move. */
  probe(pl: number, ph: number, ol: number, oh: number): boolean {
    const e = this.bucket(pl, ph, ol, oh);
    let d = this.held(e, pl, ph, ol, oh);
    if (d < 0) {
      d = this.held(e + 1, pl, ph, ol, oh);
      if (d < 0) return false;
    }
    this.lo = (d & 255) - 64;
    this.hi = ((d >>> 8) & 255) - 64;
    this.move = (d >>> 16) & 127;
    return true;
  }

  /** Records lo <= score <= hi for the position with `empties` empty squares, and its best move. */
  store(pl: number, ph: number, ol: number, oh: number, empties: number, lo: number, hi: number, move: number): void {
    const first = this.bucket(pl, ph, ol, oh);
    let e = first;
    let d = this.held(first, pl, ph, ol, oh);
    if (d < 0) {
      e = first + 1;
      d = this.held(e, pl, ph, ol, oh);
    }
    const entries = this.entries;
    if (d >= 0) {
      const oldLo = (d & 255) - 64;
      const oldHi = ((d >>> 8) & 255) - 64;
      if (oldLo <= hi) lo = Math.max(lo, oldLo);
      if (oldHi >= lo) hi = Math.min(hi, oldHi);
      if (move === NO_MOVE) move = (d >>> 16) & 127;
    } else if (
      empties >= ((entries[(first << 3) + 4]! >>> 23) & 63) ||
      entries[(first << 3) + 5] !== this.solveNumber
    ) {
      this.copy(first, first + 1);
      e = first;
    } else {
      e = first + 1;
    }
    const k = e << 3;
    d = (lo + 64) | ((hi + 64) << 8) | (move << 16) | (empties << 23);
    entries[k] = pl;
    entries[k + 1] = ph;
    entries[k + 2] = ol;
    entries[k + 3] = oh;
    entries[k + 4] = d;
    entries[k + 5] = this.solveNumber;
    entries[k + 6] = pl ^ ph ^ ol ^ oh ^ d;
  }

  private copy(from: number, to: number): void {
    const entries = this.entries;
    const f = from << 3;
    const t = to << 3;
    // Stryker disable next-line EqualityOperator: word 7 of an entry is unused.
    for (let i = 0; i < 7; i++) entries[t + i] = entries[f + i]!;
  }
}
