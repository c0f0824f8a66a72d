import { legalMoves, lowestBit, popcount, resultHi } from "./bitboard.js";
import { type Move, PASS } from "./position.js";
import { type SelectionTables, selectionTables } from "./selectionTables.js";

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
/** The node has a proof (`proof` is not UNPROVEN): selection reads one byte per child for both. */
export const PROVEN = 8;

/**
 * The search tree as a pool of nodes stored column-wise in typed arrays, so that millions of
 * nodes cost a fixed, preallocated block of memory and the search loop allocates nothing.
 * A node's children are contiguous: `firstChild .. firstChild + childCount - 1`.
 *
 * A result is a number in [0, 1] for the player who made the move into the node: 1, 0.5 or 0
 * for a played-out or proven game, a win probability for an evaluated leaf. The node keeps
 * their sum and the sum of their squares, from which the mean and the spread follow. Visits
 * are 32-bit; the search keeps them below MAX_VISITS by halving the tree's counts when the
 * root reaches it (`halve`).
 *
 * A node may carry a prior, the evaluation's win probability for the player who moved into
 * it, counted as `priorVisits` virtual results (the tree's setting; 0: no priors, unvisited
 * children are tried first). Selection reads two cached terms per child, the mean with the
 * prior (`score`) and 1 / sqrt(visits + priorVisits) (`spread`), which `record` keeps up to
 * date: a division and a square root per node of the path rather than per child of it.
 */
export class Tree {
  readonly move: Uint8Array;
  readonly flags: Uint8Array;
  readonly childCount: Uint8Array;
  readonly firstChild: Int32Array;
  readonly visits: Int32Array;
  /** Sum of the results, and of their squares. */
  readonly total: Float64Array;
  readonly squares: Float64Array;
  /** The evaluation's win probability for the player who moved into the node (with priors). */
  readonly prior: Float32Array;
  /**
   * The two terms selection reads of each child, side by side so that one cache line holds
   * both: at 2n, (total + priorVisits * prior) / (visits + priorVisits), the mean with the
   * prior; at 2n + 1, 1 / sqrt(visits + priorVisits), the exploration term's factor (Infinity
   * while unvisited without priors).
   */
  readonly ucb: Float64Array;
  /** UNPROVEN, PROVEN_WIN, PROVEN_DRAW or PROVEN_LOSS, for the player who moved into the node. */
  readonly proof: Uint8Array;
  /** Scratch for `copySubtree`: the source node of each copy. */
  private readonly origin: Int32Array;
  size = 0;

  /** sqrt(ln N) and 1 / sqrt(n) of the counts with the priors' virtual visits added, looked up. */
  private tables: SelectionTables = selectionTables(0);

  /** Virtual results each prior counts as; 0 for none (the classic search). */
  get priorVisits(): number {
    return this.tables.offset;
  }

  set priorVisits(k: number) {
    this.tables = selectionTables(k);
  }

  /** c * sqrt(ln N) for the node as a parent, N its visits with the priors' (the exploration term's factor). */
  exploration(node: number, c: number): number {
    return c * this.tables.sqrtLog(this.visits[node]!);
  }

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new Error(`tree capacity must be a positive integer, got ${capacity}`);
    this.move = new Uint8Array(capacity);
    this.flags = new Uint8Array(capacity);
    this.childCount = new Uint8Array(capacity);
    this.firstChild = new Int32Array(capacity);
    this.visits = new Int32Array(capacity);
    this.total = new Float64Array(capacity);
    this.squares = new Float64Array(capacity);
    this.prior = new Float32Array(capacity);
    this.ucb = new Float64Array(2 * capacity);
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
    this.total[n] = 0;
    this.squares[n] = 0;
    this.proof[n] = UNPROVEN;
    this.setPrior(n, 0.5);
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
        this.setProof(node, diff > 0 ? PROVEN_LOSS : diff < 0 ? PROVEN_WIN : PROVEN_DRAW);
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

  /** Records what is proven of the node (UNPROVEN, PROVEN_WIN, PROVEN_DRAW or PROVEN_LOSS), in its flags too. */
  setProof(node: number, p: number): void {
    this.proof[node] = p;
    if (p === UNPROVEN) this.flags[node]! &= ~PROVEN;
    else this.flags[node]! |= PROVEN;
  }

  /** Gives the (unvisited) node its prior, the evaluation's win probability for the player who moved into it. */
  setPrior(node: number, p: number): void {
    this.prior[node] = p;
    this.refresh(node);
  }

  /** Sets the node's counts outright (a search's statistics restored or made up for a test). */
  setStats(node: number, visits: number, total: number, squares: number): void {
    this.visits[node] = visits;
    this.total[node] = total;
    this.squares[node] = squares;
    this.refresh(node);
  }

  /** Adds one result in [0, 1], for the player who moved into the node. */
  record(node: number, result: number): void {
    const visits = this.visits[node]! + 1;
    const total = this.total[node]! + result;
    this.visits[node] = visits;
    this.total[node] = total;
    this.squares[node]! += result * result;
    this.setTerms(node, visits, total);
  }

  /** Recomputes the node's cached selection terms from its counts. */
  private refresh(node: number): void {
    this.setTerms(node, this.visits[node]!, this.total[node]!);
  }

  /** The node's selection terms from its counts, passed in by `record`, which has them at hand at every level of every visit. */
  private setTerms(node: number, visits: number, total: number): void {
    const k = this.tables.offset;
    const m = visits + k;
    this.ucb[2 * node] = m === 0 ? 0.5 : (total + k * this.prior[node]!) / m;
    this.ucb[2 * node + 1] = this.tables.inverseSqrt(visits);
  }

  /** Mean result in [0, 1] of the player who moved into the node, over its real visits. */
  mean(node: number): number {
    return this.total[node]! / this.visits[node]!;
  }

  /** Standard deviation of the node's mean (the spread of its results over the square root of its visits). */
  sigma(node: number): number {
    const n = this.visits[node]!;
    const m = this.mean(node);
    const variance = Math.max(0, this.squares[node]! / n - m * m);
    return Math.sqrt(variance / n);
  }

  /**
   * Halves every node's visits (rounding down) and scales its sums alike, keeping each mean
   * where it was: a search that has run long enough to fill the counters goes on with the same
   * preferences.
   */
  halve(): void {
    for (let n = 0; n < this.size; n++) {
      const v = this.visits[n]!;
      if (v === 0) continue;
      const half = v >> 1;
      this.visits[n] = half;
      this.total[n]! *= half / v;
      this.squares[n]! *= half / v;
      this.refresh(n);
    }
  }

  /** Copies the subtree under `node` of `from` into this (emptied) pool, `node` becoming the root 0. */
  copySubtree(from: Tree, node: number): void {
    this.size = 0;
    this.priorVisits = from.priorVisits;
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
    this.total[dst] = from.total[src]!;
    this.squares[dst] = from.squares[src]!;
    this.proof[dst] = from.proof[src]!;
    this.prior[dst] = from.prior[src]!;
    this.ucb[2 * dst] = from.ucb[2 * src]!;
    this.ucb[2 * dst + 1] = from.ucb[2 * src + 1]!;
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
        this.setProof(node, PROVEN_LOSS);
        return true;
      }
      if (p === UNPROVEN) all = false;
      else if (p === PROVEN_DRAW) draw = true;
    }
    if (!all) return false;
    this.setProof(node, draw ? PROVEN_DRAW : PROVEN_WIN);
    return true;
  }
}
