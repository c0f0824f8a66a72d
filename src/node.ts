import { legalMoves, lowestBit, popcount, resultHi } from "./bitboard.js";
import { type Move, PASS } from "./position.js";

/** The root's visits at which the search halves every count: far below 2^31, the counters' limit. */
export const MAX_VISITS = 2 ** 30;

/**
 * What is proven of a node, for the player who moved into it (MCTS-solver): nothing yet, or
 * the result with best play from both sides.
 */
export const UNPROVEN = 0;
export const PROVEN_WIN = 1;
export const PROVEN_DRAW = 2;
export const PROVEN_LOSS = 3;

/** Node flags. */
export const EXPANDED = 1;
/** Progressive pruning has set this child aside: it is not selected while the flag holds. */
export const PRUNED = 2;
/** The game is over here: the result is exact and there is nothing to expand. */
export const TERMINAL = 4;

/**
 * The search tree as a pool of nodes stored column-wise in typed arrays, so that millions of
 * nodes cost a fixed, preallocated block of memory and the search loop allocates nothing.
 * A node's children are contiguous: `firstChild .. firstChild + childCount - 1`.
 *
 * Results are counted as wins and draws (a result is 1, 0.5 or 0), from the point of view of
 * the player who made the move into the node: the mean and the spread follow from the counts.
 * The counts are 32-bit and never pass the visits, which the search keeps below
 * MAX_VISITS by halving every count of the tree when the root reaches it (`halve`).
 */
export class Tree {
  readonly move: Uint8Array;
  readonly flags: Uint8Array;
  readonly childCount: Uint8Array;
  readonly firstChild: Int32Array;
  readonly visits: Int32Array;
  readonly wins: Int32Array;
  readonly draws: Int32Array;
  /** UNPROVEN, PROVEN_WIN, PROVEN_DRAW or PROVEN_LOSS, for the player who moved into the node. */
  readonly proof: Uint8Array;
  /** Scratch for `copySubtree`: the source node of each copy. */
  private readonly origin: Int32Array;
  size = 0;

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new Error(`tree capacity must be a positive integer, got ${capacity}`);
    this.move = new Uint8Array(capacity);
    this.flags = new Uint8Array(capacity);
    this.childCount = new Uint8Array(capacity);
    this.firstChild = new Int32Array(capacity);
    this.visits = new Int32Array(capacity);
    this.wins = new Int32Array(capacity);
    this.draws = new Int32Array(capacity);
    this.proof = new Uint8Array(capacity);
    this.origin = new Int32Array(capacity);
  }

  /** Empties the pool and makes a root (node 0) for the move that led to it. */
  reset(move: Move = PASS): number {
    this.size = 0;
    return this.add(move);
  }

  private add(move: Move): number {
    const n = this.size++;
    this.move[n] = move;
    this.flags[n] = 0;
    this.childCount[n] = 0;
    this.firstChild[n] = -1;
    this.visits[n] = 0;
    this.wins[n] = 0;
    this.draws[n] = 0;
    this.proof[n] = UNPROVEN;
    return n;
  }

  /**
   * Gives the node its children, one per legal move of the side to move (pl, ph) against
   * (ol, oh): a single pass when that side has no move but the other has, none (TERMINAL)
   * when the game is over. False, and nothing changes, when the pool has no room.
   */
  expand(node: number, pl: number, ph: number, ol: number, oh: number): boolean {
    let ml = legalMoves(pl, ph, ol, oh);
    let mh = resultHi;
    let count = popcount(ml) + popcount(mh);
    if (count === 0) {
      if ((legalMoves(ol, oh, pl, ph) | resultHi) === 0) {
        this.flags[node]! |= EXPANDED | TERMINAL;
        // The game is over: the side to move here (pl, ph) has the final difference.
        const diff = popcount(pl) + popcount(ph) - popcount(ol) - popcount(oh);
        this.proof[node] = diff > 0 ? PROVEN_LOSS : diff < 0 ? PROVEN_WIN : PROVEN_DRAW;
        return true;
      }
      count = 1;
    }
    if (this.size + count > this.capacity) return false;
    this.firstChild[node] = this.size;
    this.childCount[node] = count;
    if ((ml | mh) === 0) this.add(PASS);
    for (; ml !== 0; ml &= ml - 1) this.add(lowestBit(ml));
    for (; mh !== 0; mh &= mh - 1) this.add(32 + lowestBit(mh));
    this.flags[node]! |= EXPANDED;
    return true;
  }

  /** The child of an expanded node reached by `move`, or -1. */
  child(node: number, move: Move): number {
    const first = this.firstChild[node]!;
    for (let c = first; c < first + this.childCount[node]!; c++) if (this.move[c] === move) return c;
    return -1;
  }

  /** Adds one result, in half points (2 win, 1 draw, 0 loss), to the node. */
  record(node: number, halfPoints: number): void {
    this.visits[node]!++;
    this.wins[node]! += halfPoints >> 1;
    this.draws[node]! += halfPoints & 1;
  }

  /** Mean result in [0, 1] of the player who moved into the node. */
  mean(node: number): number {
    return (this.wins[node]! + 0.5 * this.draws[node]!) / this.visits[node]!;
  }

  /** Standard deviation of the node's mean (the spread of its results over the square root of its visits). */
  sigma(node: number): number {
    const n = this.visits[node]!;
    const m = this.mean(node);
    // E[r^2] - mean^2, with r^2 = 1 for a win and 0.25 for a draw.
    const variance = Math.max(0, (this.wins[node]! + 0.25 * this.draws[node]!) / n - m * m);
    return Math.sqrt(variance / n);
  }

  /**
   * Halves every node's counts (rounding down), keeping each mean about where it was: a search
   * that has run long enough to fill the counters goes on with the same preferences. Wins and
   * draws stay within the visits, since floor(w/2) + floor(d/2) <= floor((w+d)/2).
   */
  halve(): void {
    for (let n = 0; n < this.size; n++) {
      this.visits[n] = this.visits[n]! >> 1;
      this.wins[n] = this.wins[n]! >> 1;
      this.draws[n] = this.draws[n]! >> 1;
    }
  }

  /** Copies the subtree under `node` of `from` into this (emptied) pool, `node` becoming the root 0. */
  copySubtree(from: Tree, node: number): void {
    this.size = 0;
    this.origin[this.add(from.move[node]!)] = node;
    // Breadth-first over the copies, so each node's children stay contiguous.
    for (let dst = 0; dst < this.size; dst++) {
      const src = this.origin[dst]!;
      this.copyNode(from, src, dst);
      const count = from.childCount[src]!;
      if (count === 0) continue;
      this.childCount[dst] = count;
      this.firstChild[dst] = this.size;
      const first = from.firstChild[src]!;
      for (let c = first; c < first + count; c++) this.origin[this.add(from.move[c]!)] = c;
    }
  }

  private copyNode(from: Tree, src: number, dst: number): void {
    this.flags[dst] = from.flags[src]!;
    this.visits[dst] = from.visits[src]!;
    this.wins[dst] = from.wins[src]!;
    this.draws[dst] = from.draws[src]!;
    this.proof[dst] = from.proof[src]!;
  }

  /**
   * Proves the node from its children if they allow it: one child won by its mover (the side
   * to move here) makes the node a loss for its own mover; all children proven, a draw among
   * them makes it a draw, and all lost makes it a win. Returns whether the node is proven.
   */
  prove(node: number): boolean {
    if (this.proof[node] !== UNPROVEN) return true;
    const first = this.firstChild[node]!;
    const end = first + this.childCount[node]!;
    if ((this.flags[node]! & EXPANDED) === 0 || end === first) return false;
    let all = true;
    let draw = false;
    for (let c = first; c < end; c++) {
      const p = this.proof[c]!;
      if (p === PROVEN_WIN) {
        this.proof[node] = PROVEN_LOSS;
        return true;
      }
      if (p === UNPROVEN) all = false;
      else if (p === PROVEN_DRAW) draw = true;
    }
    if (!all) return false;
    this.proof[node] = draw ? PROVEN_DRAW : PROVEN_WIN;
    return true;
  }
}
