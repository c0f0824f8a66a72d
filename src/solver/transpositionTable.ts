/**
 * The solver's transposition table: a fixed number of entries in typed arrays, allocated
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
 * between solves; the solve number only lets new entries win the deep places.
 */

/** No move stored: a pass or a fail-low without a best move. */
export const NO_MOVE = 127;

export class TranspositionTable {
  /** Bucket index mask (the number of buckets is a power of two). */
  private readonly bucketMask: number;
  /** Four words per entry: player low, high, opponent low, high. */
  private readonly keys: Int32Array;
  /** Per entry: lo + 64 (bits 0-7), hi + 64 (8-15), move (16-22), empties (23-28). */
  private readonly data: Int32Array;
  private readonly solveNumbers: Uint16Array;
  private solveNumber = 1;

  /** Filled by a successful `probe`. */
  lo = 0;
  hi = 0;
  move = NO_MOVE;

  /** A table of 2^bits entries. */
  constructor(bits: number) {
    if (!Number.isInteger(bits) || bits < 1 || bits > 26)
      throw new Error(`transposition table bits must be 1..26, got ${bits}`);
    this.bucketMask = (1 << (bits - 1)) - 1;
    this.keys = new Int32Array(4 << bits);
    this.data = new Int32Array(1 << bits);
    this.solveNumbers = new Uint16Array(1 << bits);
  }

  /** Forgets every entry. */
  clear(): void {
    this.keys.fill(0);
    this.data.fill(0);
    this.solveNumbers.fill(0);
    this.solveNumber = 1;
  }

  /** Marks the start of a solve: the entries stored from now on are the newest. */
  newSolve(): void {
    this.solveNumber = this.solveNumber === 0xffff ? 1 : this.solveNumber + 1;
  }

  /** The first entry of the position's bucket. */
  private bucket(pl: number, ph: number, ol: number, oh: number): number {
    let h =
      Math.imul(pl ^ (ph >>> 7), 0x9e3779b1) ^
      Math.imul(ol ^ (oh >>> 11), 0x85ebca77) ^
      Math.imul(ph ^ (oh << 5), 0xc2b2ae3d);
    h ^= h >>> 15;
    h = Math.imul(h, 0x27d4eb2f);
    h ^= h >>> 13;
    return (h & this.bucketMask) << 1;
  }

  private holds(e: number, pl: number, ph: number, ol: number, oh: number): boolean {
    const k = e << 2;
    const keys = this.keys;
    return keys[k] === pl && keys[k + 1] === ph && keys[k + 2] === ol && keys[k + 3] === oh;
  }

  /** Whether the position is stored; if so its bounds and move are in lo, hi and move. */
  probe(pl: number, ph: number, ol: number, oh: number): boolean {
    let e = this.bucket(pl, ph, ol, oh);
    if (!this.holds(e, pl, ph, ol, oh)) {
      e++;
      if (!this.holds(e, pl, ph, ol, oh)) return false;
    }
    const d = this.data[e]!;
    this.lo = (d & 255) - 64;
    this.hi = ((d >>> 8) & 255) - 64;
    this.move = (d >>> 16) & 127;
    return true;
  }

  /** Records lo <= score <= hi for the position with `empties` empty squares, and its best move. */
  store(pl: number, ph: number, ol: number, oh: number, empties: number, lo: number, hi: number, move: number): void {
    const first = this.bucket(pl, ph, ol, oh);
    let e: number;
    if (this.holds(first, pl, ph, ol, oh)) e = first;
    else if (this.holds(first + 1, pl, ph, ol, oh)) e = first + 1;
    else e = -1;
    if (e >= 0) {
      const d = this.data[e]!;
      const oldLo = (d & 255) - 64;
      const oldHi = ((d >>> 8) & 255) - 64;
      if (oldLo > lo && oldLo <= hi) lo = oldLo;
      if (oldHi < hi && oldHi >= lo) hi = oldHi;
      if (move === NO_MOVE) move = (d >>> 16) & 127;
    } else if (empties >= ((this.data[first]! >>> 23) & 63) || this.solveNumbers[first] !== this.solveNumber) {
      this.copy(first, first + 1);
      e = first;
    } else {
      e = first + 1;
    }
    const k = e << 2;
    this.keys[k] = pl;
    this.keys[k + 1] = ph;
    this.keys[k + 2] = ol;
    this.keys[k + 3] = oh;
    this.data[e] = (lo + 64) | ((hi + 64) << 8) | (move << 16) | (empties << 23);
    this.solveNumbers[e] = this.solveNumber;
  }

  private copy(from: number, to: number): void {
    const f = from << 2;
    const t = to << 2;
    this.keys[t] = this.keys[f]!;
    this.keys[t + 1] = this.keys[f + 1]!;
    this.keys[t + 2] = this.keys[f + 2]!;
    this.keys[t + 3] = this.keys[f + 3]!;
    this.data[to] = this.data[from]!;
    this.solveNumbers[to] = this.solveNumbers[from]!;
  }
}
