import { flips, legalMoves, lowestBit, popcount, resultHi } from "../bitboard.js";
import { type Move, PASS } from "../position.js";
import { NodeFlag } from "./nodeFlags.js";
import { Proof } from "./proof.js";
import { type SelectionTables, selectionTables } from "./selectionTables.js";
import { Column, type TreeMemory, column, headerColumn, isTreeMemoryFor, treeMemory } from "./treeMemory.js";

/** The root's visits at which the search halves every count: far below 2^31, the counters' limit. */
export const MAX_VISITS = 2 ** 30;
/** The parent's visits at which PUCT's growing c (Tree.puctGrowth) has grown by g * ln 2. */
export const PUCT_BASE = 20_000;
/** Parents of fewer than 16 times this many visits read the growth's factor from a table. */
const GROWTH_SLOTS = 8192;

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
 *
 * A tree made with `Tree.shared` lives in SharedArrayBuffers, and a view of it made in another
 * thread (`new Tree(capacity, memory)`) is the same tree: tree parallelisation. There, nodes are
 * handed out by an atomic counter, a node is expanded by the one thread that claims it
 * (NodeFlag.Expanding), flags change atomically, and a thread descending through a node counts its
 * visit at once (`addVisit`, a virtual loss: the mean falls until `addResult` brings the
 * result), so that the other threads look elsewhere meanwhile. The counts and the sums are plain
 * additions: two threads adding to one node at the same instant may lose one visit or one
 * result, a rare error the search tolerates, as lock-free parallel MCTS does. (An atomic count,
 * a locked instruction at every level of every visit, cost 2 threads about a tenth of their visits.)
 */
export class Tree {
  readonly move: Uint8Array;
  readonly flags: Uint8Array;
  readonly childCount: Uint8Array;
  readonly firstChild: Int32Array;
  readonly visits: Int32Array;
  /** Sum of the results, and of their squares (while `spreads`). */
  readonly total: Float64Array;
  readonly squares: Float64Array;
  /** The evaluation's win probability for the player who moved into the node (with priors). */
  readonly prior: Float32Array;
  /**
   * The two terms selection reads of each child, side by side so that one cache line holds
   * both: at 2n, (total + priorVisits * prior) / (visits + priorVisits), the mean with the
   * prior (mixed with the minimax value when `minimaxWeight` is above 0); at 2n + 1, 1 / sqrt(visits + priorVisits), the exploration term's factor (Infinity
   * while unvisited without priors).
   */
  readonly selectionTerms: Float64Array;
  /** Proof.Unproven, Proof.Win, Proof.Draw or Proof.Loss, for the player who moved into the node. */
  readonly proof: Uint8Array;
  /**
   * The discs the move into the node gives its mover, the square played and the discs it
   * flips (low word at 2n, high word at 2n + 1; none for a pass), found once when the parent
   * is expanded: the search's descent applies them at every level of every visit, where
   * working the flips out again cost more than any other step of the descent.
   */
  readonly gained: Int32Array;
  /**
   * The minimax value of the evaluation under the node, in the same scale and view as its mean
   * (implicit minimax backups, Lanctot, Winands, Pepels and Sturtevant 2014): a leaf's prior, a
   * proven node's result, an expanded node's 1 - its best child's. Kept up to date along the
   * path (`updateMinimax`) only while `minimaxWeight` is above 0.
   */
  readonly minimax: Float32Array;
  /** With `puct`: the child's share of its parent's policy (SearchParams.selection). */
  readonly policy: Float32Array;
  /** Selection by PUCT rather than UCB1 (SearchParams.selection): the exploration terms differ. */
  puct = false;
  /** Scratch for `compactTree` (treeCompaction.ts): each node's place after it, -1 for a node freed. */
  readonly forward: Int32Array;
  /** [0]: the nodes handed out (past `capacity` once a shared pool has overflowed); [1]: the root. */
  private readonly header: Int32Array;
  /** Whether the memory is shared between threads (Tree.shared). */
  readonly shared: boolean;
  readonly memory: TreeMemory;

  /** The nodes in use. */
  get size(): number {
    return Math.min(this.header[0]!, this.capacity);
  }

  set size(n: number) {
    this.header[0] = n;
  }

  /**
   * The root's node: 0 in a new or compacted pool, the node the game reached when the search
   * moves its root down the tree in place (the nodes outside its subtree are then garbage
   * until `compactTree`). In the header, so that threads sharing the tree see the same root.
   */
  get root(): number {
    return this.header[1]!;
  }

  set root(n: number) {
    this.header[1] = n;
  }

  /** sqrt(ln N) and 1 / sqrt(n) of the counts with the priors' virtual visits added, looked up. */
  private tables: SelectionTables = selectionTables(0);

  /**
   * Whether nodes keep the sum of their results' squares, from which `sigma` follows: progressive
   * pruning's need. Without pruning the search turns it off and spares a cache line (a miss,
   * deep in a large tree) at every level of every visit.
   */
  spreads = true;

  /**
   * The weight alpha of the minimax value in the mean selection reads: (1 - alpha) * mean +
   * alpha * minimax (SearchParams.minimaxWeight); 0, the plain mean, never reads the column.
   */
  minimaxWeight = 0;
  /** With `puct`: how c grows with the parent's visits, c * (1 + g * ln(1 + N / PUCT_BASE)) (SearchParams.puctGrowth). */
  private growth = 0;
  /**
   * The growth's factor by sixteens of visits, below GROWTH_SLOTS * 16: Math.log at every node of
   * every path cost a third of the visits.
   */
  private readonly growthFactors = new Float64Array(GROWTH_SLOTS);

  get puctGrowth(): number {
    return this.growth;
  }

  set puctGrowth(g: number) {
    this.growth = g;
    for (let i = 0; i < GROWTH_SLOTS; i++) this.growthFactors[i] = 1 + g * Math.log(1 + (16 * i) / PUCT_BASE);
  }

  /** Virtual results each prior counts as; 0 for none (the classic search). */
  get priorVisits(): number {
    return this.tables.offset;
  }

  set priorVisits(k: number) {
    this.tables = selectionTables(k);
  }

  /** The exploration term's factor for the node as a parent, N its visits with the priors': c * sqrt(ln N) for UCB1, c * sqrt(N) for PUCT. */
  exploration(node: number, c: number): number {
    if (!this.puct) return c * this.tables.sqrtLog(this.visits[node]!);
    const n = this.visits[node]! + this.tables.offset;
    const growth = this.growth;
    if (growth === 0) return c * Math.sqrt(n);
    const slot = (n / 16) | 0;
    const factor = slot < GROWTH_SLOTS ? this.growthFactors[slot]! : 1 + growth * Math.log(1 + n / PUCT_BASE);
    return c * factor * Math.sqrt(n);
  }

  /** A pool of `capacity` nodes in memory of its own, or a view of `memory` (a shared tree's, from another thread). */
  constructor(
    readonly capacity: number,
    memory: TreeMemory = treeMemory(capacity, ArrayBuffer),
  ) {
    if (!isTreeMemoryFor(memory, capacity)) {
      throw new Error(`tree memory for ${memory.capacity} nodes given to a tree of ${capacity}`);
    }
    this.memory = memory;
    // A page that is not cross-origin isolated has no SharedArrayBuffer at all.
    // Stryker disable next-line ConditionalExpression,StringLiteral: Node always has SharedArrayBuffer; pages may not.
    this.shared = typeof SharedArrayBuffer !== "undefined" && memory.buffers[0] instanceof SharedArrayBuffer;
    this.move = column(Uint8Array, memory, Column.Move);
    this.flags = column(Uint8Array, memory, Column.Flags);
    this.childCount = column(Uint8Array, memory, Column.ChildCount);
    this.firstChild = column(Int32Array, memory, Column.FirstChild);
    this.visits = column(Int32Array, memory, Column.Visits);
    this.total = column(Float64Array, memory, Column.Total);
    this.squares = column(Float64Array, memory, Column.Squares);
    this.prior = column(Float32Array, memory, Column.Prior);
    this.selectionTerms = column(Float64Array, memory, Column.SelectionTerms);
    this.proof = column(Uint8Array, memory, Column.Proof);
    this.forward = column(Int32Array, memory, Column.Forward);
    this.gained = column(Int32Array, memory, Column.Gained);
    this.minimax = column(Float32Array, memory, Column.Minimax);
    this.policy = column(Float32Array, memory, Column.Policy);
    this.header = headerColumn(memory);
  }

  /** A pool in SharedArrayBuffers, for several threads to search at once (views of it: `new Tree(capacity, tree.memory)`). */
  static shared(capacity: number): Tree {
    return new Tree(capacity, treeMemory(capacity, SharedArrayBuffer));
  }

  /** Empties the pool and makes a root, node 0. */
  reset(): void {
    this.size = 0;
    this.root = this.add(PASS);
  }

  private add(move: Move): number {
    const n = this.header[0]!;
    this.header[0] = n + 1;
    this.init(n, move);
    return n;
  }

  /** Makes node n an unvisited leaf for `move`. */
  private init(n: number, move: Move): void {
    this.move[n] = move;
    this.flags[n] = 0;
    this.childCount[n] = 0;
    this.visits[n] = 0;
    this.total[n] = 0;
    this.squares[n] = 0;
    this.proof[n] = Proof.Unproven;
    this.gained[2 * n] = 0;
    this.gained[2 * n + 1] = 0;
    // setPrior(n, 0.5) without its reads of the counts just cleared: with or without the
    // priors' visits, an unvisited node's mean is 0.5. A node is made at every expansion.
    this.prior[n] = 0.5;
    this.minimax[n] = 0.5;
    this.policy[n] = 1;
    this.selectionTerms[2 * n] = 0.5;
    this.selectionTerms[2 * n + 1] = this.puct ? 1 : this.tables.inverseSqrt(0);
  }

  /** Makes node n an unvisited leaf for the move s of the side to move (pl, ph) against (ol, oh), with the discs it gains. */
  private initMove(n: number, s: Move, pl: number, ph: number, ol: number, oh: number): void {
    this.init(n, s);
    const fl = flips(s, pl, ph, ol, oh);
    const fh = resultHi;
    this.gained[2 * n] = s < 32 ? fl | (1 << s) : fl;
    // Stryker disable next-line ArithmeticOperator: a shift counts mod 32, so 1 << (s + 32) is 1 << (s - 32).
    this.gained[2 * n + 1] = s < 32 ? fh : fh | (1 << (s - 32));
  }

  /**
   * Gives the node its children, one per legal move of the side to move (pl, ph) against
   * (ol, oh): a single pass when that side has no move but the other has, none (NodeFlag.Terminal)
   * when the game is over. False, and nothing changes, when the pool has no room, or (a shared
   * tree) when another thread is expanding the node or has just expanded it. With `publish`
   * false the children are not yet for other threads to read: the caller gives them their
   * priors first, then calls `publish`.
   */
  expand(node: number, pl: number, ph: number, ol: number, oh: number, publish = true): boolean {
    const flags = this.flags;
    if (
      ((this.shared ? Atomics.or(flags, node, NodeFlag.Expanding) : flags[node]!) &
        (NodeFlag.Expanding | NodeFlag.Expanded)) !==
      0
    )
      return false;
    let ml = legalMoves(pl, ph, ol, oh);
    let mh = resultHi;
    let count = popcount(ml) + popcount(mh);
    if (count === 0) {
      if ((legalMoves(ol, oh, pl, ph) | resultHi) === 0) {
        // The game is over: the side to move here (pl, ph) has the final difference.
        const diff = popcount(pl) + popcount(ph) - popcount(ol) - popcount(oh);
        this.setProof(node, diff > 0 ? Proof.Loss : diff < 0 ? Proof.Win : Proof.Draw);
        this.setFlags(node, NodeFlag.Expanded | NodeFlag.Terminal, NodeFlag.Expanding);
        return true;
      }
      count = 1;
    }
    const first = this.take(count);
    if (first === -1) {
      this.setFlags(node, 0, NodeFlag.Expanding);
      return false;
    }
    if ((ml | mh) === 0) this.init(first, PASS);
    else {
      let n = first;
      for (; ml !== 0; ml &= ml - 1) this.initMove(n++, lowestBit(ml), pl, ph, ol, oh);
      for (; mh !== 0; mh &= mh - 1) this.initMove(n++, 32 + lowestBit(mh), pl, ph, ol, oh);
    }
    this.firstChild[node] = first;
    this.childCount[node] = count;
    if (publish) this.publish(node);
    return true;
  }

  /**
   * Hands out `count` nodes in a row, atomically in a shared pool: the first of them, or -1 when
   * the pool has no room for them. A full pool's counter is left alone, so that it cannot grow
   * without end while threads keep asking.
   */
  private take(count: number): number {
    const header = this.header;
    const first = header[0]!;
    if (first + count > this.capacity) return -1;
    // Stryker disable next-line all: Atomics work on unshared memory too, only slower.
    if (!this.shared) {
      header[0] = first + count;
      return first;
    }
    // Another thread may have taken nodes since the look above.
    const taken = Atomics.add(header, 0, count);
    // Stryker disable next-line all: only a race between threads reaches the -1 (tests run in one thread).
    return taken + count > this.capacity ? -1 : taken;
  }

  /** Lets other threads descend into the node's children, written in full before this (`expand`). */
  publish(node: number): void {
    // NodeFlag.Expanded is set before NodeFlag.Expanding is cleared: no thread ever finds the node free to expand again.
    this.setFlags(node, NodeFlag.Expanded, NodeFlag.Expanding);
  }

  /** The child of an expanded node reached by `move`, or -1. */
  child(node: number, move: Move): number {
    const first = this.firstChild[node]!;
    for (let c = first; c < first + this.childCount[node]!; c++) if (this.move[c] === move) return c;
    return -1;
  }

  /** Sets the flags `set` of the node and clears those of `clear`: atomically in a shared tree, where other threads change other flags of it. */
  setFlags(node: number, set: number, clear: number): void {
    // Stryker disable next-line ConditionalExpression,BooleanLiteral: Atomics work on unshared memory too, only slower.
    if (!this.shared) this.flags[node] = (this.flags[node]! | set) & ~clear;
    else {
      // Stryker disable next-line ConditionalExpression: or-ing in nothing changes nothing; the test spares an atomic.
      if (set !== 0) Atomics.or(this.flags, node, set);
      // Stryker disable next-line ConditionalExpression: and-ing with all ones changes nothing, likewise.
      if (clear !== 0) Atomics.and(this.flags, node, ~clear & 0xff);
    }
  }

  /** Records what is proven of the node (Proof.Unproven, Proof.Win, Proof.Draw or Proof.Loss), in its flags too. */
  setProof(node: number, p: number): void {
    this.proof[node] = p;
    if (p === Proof.Unproven) this.setFlags(node, 0, NodeFlag.Proven);
    else this.setFlags(node, NodeFlag.Proven, 0);
  }

  /** Gives the (unvisited) node its prior, the evaluation's win probability for the player who moved into it. */
  setPrior(node: number, p: number): void {
    this.prior[node] = p;
    this.minimax[node] = p;
    this.refresh(node);
  }

  /**
   * Recomputes the node's minimax value from what it is now: its result once proven, 1 - its
   * best child's once expanded, else its prior. The search calls it along the path, deepest
   * first, before recording the visit's result, so the selection terms see the new value.
   * Returns whether the value changed: when it did not, nor do its ancestors' (one thread).
   */
  updateMinimax(node: number): boolean {
    const minimax = this.minimax;
    const before = minimax[node]!;
    const p = this.proof[node]!;
    if (p !== Proof.Unproven) minimax[node] = p === Proof.Win ? 1 : p === Proof.Loss ? 0 : 0.5;
    // A leaf keeps its own value; an expanded node has children (one finished has its proof).
    else if ((this.flags[node]! & NodeFlag.Expanded) !== 0) {
      const first = this.firstChild[node]!;
      const end = first + this.childCount[node]!;
      let best = minimax[first]!;
      for (let c = first + 1; c < end; c++) best = Math.max(best, minimax[c]!);
      minimax[node] = 1 - best;
    }
    return minimax[node] !== before;
  }

  /** Adds one result in [0, 1], for the player who moved into the node. */
  record(node: number, result: number): void {
    const visits = this.visits[node]! + 1;
    this.visits[node] = visits;
    this.addTo(node, visits, result);
  }

  /**
   * A shared tree's thread passing through the node: one visit counted now, as a loss for the
   * player who moved into it (a virtual loss) until `addResult` adds the visit's result.
   */
  addVisit(node: number): void {
    const visits = this.visits[node]! + 1;
    this.visits[node] = visits;
    this.setTerms(node, visits, this.total[node]!);
  }

  /** The result in [0, 1] of a visit counted by `addVisit`. */
  addResult(node: number, result: number): void {
    this.addTo(node, this.visits[node]!, result);
  }

  /** Adds a result to the node's sums, its visits counted already (`visits`, passed by `record`, which has them at hand). */
  private addTo(node: number, visits: number, result: number): void {
    const total = this.total[node]! + result;
    this.total[node] = total;
    if (this.spreads) this.squares[node]! += result * result;
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
    // Without priors the prior is not read: k * prior is 0 and total + 0 is total, so the mean
    // is the same, and the classic search's backup spares a cache line per level.
    let mean = 0.5;
    if (m !== 0) {
      // Stryker disable next-line ConditionalExpression: the same value either way, as said above.
      mean = k === 0 ? total / m : (total + k * this.prior[node]!) / m;
    }
    const a = this.minimaxWeight;
    // Stryker disable next-line ConditionalExpression: with a = 0 the mix is the mean itself; the test spares a read.
    this.selectionTerms[2 * node] = a === 0 ? mean : (1 - a) * mean + a * this.minimax[node]!;
    this.selectionTerms[2 * node + 1] = this.puct ? this.policy[node]! / (1 + visits) : this.tables.inverseSqrt(visits);
  }

  /** Mean result in [0, 1] of the player who moved into the node, over its real visits. */
  mean(node: number): number {
    return this.total[node]! / this.visits[node]!;
  }

  /** Standard deviation of the node's mean (the spread of its results over the square root of its visits). */
  sigma(node: number): number {
    if (!this.spreads) throw new Error("sigma of a tree that keeps no squares (Tree.spreads)");
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
    // Stryker disable next-line EqualityOperator: a node past the end is cleared when it is handed out.
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
}
