/**
 * The alpha-beta player's transposition table: for a position searched to some depth, bounds
 * on its value and its best move. A position's value at a depth does not depend on the path to
 * it (a pass does not count as a ply), so a bound stored at the same depth is a true bound.
 * One entry a slot, the newest kept. Typed arrays made once: probing and storing allocate nothing.
 */
export class SearchTable {
  private readonly mask: number;
  /** Four words a slot: the mover's low and high, the opponent's low and high. */
  private readonly keys: Int32Array;
  /** The depth searched; -1: an empty slot. */
  private readonly depths: Int8Array;
  private readonly lowers: Float64Array;
  private readonly uppers: Float64Array;
  private readonly moves: Int8Array;
  /** What the last successful probe found. */
  depth = -1;
  lower = -Infinity;
  upper = Infinity;
  move = -1;

  constructor(bits: number) {
    const size = 1 << bits;
    this.mask = size - 1;
    this.keys = new Int32Array(4 * size);
    this.depths = new Int8Array(size).fill(-1);
    this.lowers = new Float64Array(size);
    this.uppers = new Float64Array(size);
    this.moves = new Int8Array(size);
  }

  clear(): void {
    this.depths.fill(-1);
  }

  private slot(pl: number, ph: number, ol: number, oh: number): number {
    let h =
      Math.imul(pl ^ Math.imul(ph, 0x9e3779b1), 0x85ebca6b) ^ Math.imul(ol ^ Math.imul(oh, 0xc2b2ae35), 0x27d4eb2f);
    h ^= h >>> 15;
    return h & this.mask;
  }

  /** Whether the position is in the table; if so its entry is in depth, lower, upper and move. */
  probe(pl: number, ph: number, ol: number, oh: number): boolean {
    const i = this.slot(pl, ph, ol, oh);
    const k = i << 2;
    const keys = this.keys;
    if (this.depths[i]! < 0 || keys[k] !== pl || keys[k + 1] !== ph || keys[k + 2] !== ol || keys[k + 3] !== oh)
      return false;
    this.depth = this.depths[i]!;
    this.lower = this.lowers[i]!;
    this.upper = this.uppers[i]!;
    this.move = this.moves[i]!;
    return true;
  }

  store(
    pl: number,
    ph: number,
    ol: number,
    oh: number,
    depth: number,
    lower: number,
    upper: number,
    move: number,
  ): void {
    const i = this.slot(pl, ph, ol, oh);
    const k = i << 2;
    this.keys[k] = pl;
    this.keys[k + 1] = ph;
    this.keys[k + 2] = ol;
    this.keys[k + 3] = oh;
    this.depths[i] = depth;
    this.lowers[i] = lower;
    this.uppers[i] = upper;
    this.moves[i] = move;
  }
}
