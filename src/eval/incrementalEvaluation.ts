import { lowestBit, moveCount, popcount, squareHi, squareLo } from "../bitboard.js";
import { boardFeaturesSum } from "./boardFeatures.js";
import type { ChildValues } from "./childValues.js";
import { DEFAULT_KERNEL, type Kernel } from "../kernel.js";
import { type EvaluationKernel, createEvaluationKernel } from "./evaluationKernel.js";
import { BOARD_OFFSET, CONSTANT_ENTRY, FEATURES, PLACES, patternEntries } from "./patterns.js";
import { SQUARE_FIRST, SQUARE_MASK_HI, SQUARE_MASK_LO, SQUARE_PLACES } from "./squarePlaces.js";
import { WEIGHT_UNITS } from "./weights.js";

/** A position has at most 60 empty squares, so a path from it at most 60 moves: a level each, and the start's. */
const LEVELS = 61;
/** A level holds every place's entry in both views (below). */
const LEVEL = 2 * PLACES;

/**
 * What the incremental evaluation reads of the full one, `Evaluation`: the tables its weights
 * are spread over, stage by stage, and where each stage's table starts (by empty squares).
 */
export interface EvaluationTables {
  readonly table: Int16Array;
  readonly stageBase: Int32Array;
}

/**
 * The pattern evaluation kept up to date along a search path: `set` a position, then `play`
 * and `undo` moves (and `pass`), and `evaluate` gives what `Evaluation.evaluate` gives for the
 * position reached, bit for bit. A move changes only the places through its square and its
 * turned discs (about 6 a square), so it costs a copy and a few additions where the full
 * evaluation computes all 46 indices afresh. Allocation-free after construction.
 *
 * Each place's raw entry (its kind's offset plus its index) is kept in two views: view 0 reads
 * the discs of the side to move at `set` as 1 and the other side's as 2, view 1 the other way
 * round, so whichever side is to move finds its own entries ready. Each move down the path
 * writes the next level, a copy of the current one with the move's changes, so `undo` only
 * steps back a level. The level's discs are kept too (the side to move at `set` first), for
 * the board features, which are computed afresh from them.
 *
 * With the WebAssembly kernel, the levels and their discs live in the kernel's memory, and it
 * values the children (`evaluateAfter`); the rest is this TypeScript either way.
 */
export class IncrementalEvaluation implements ChildValues {
  private readonly table: Int16Array;
  private readonly stageBase: Int32Array;
  /** Level l: view 0's entries at l * LEVEL, view 1's after them. */
  private readonly levels: Int32Array;
  /** Level l's discs: the words of the side to move at `set`, then the other side's, at 4 * l. */
  private readonly discs: Int32Array;
  private readonly kernel: EvaluationKernel | undefined;
  private readonly entries = new Int32Array(FEATURES);
  /** The places' entries among `entries` (the constant left out), made once. */
  private readonly placeEntries = this.entries.subarray(0, PLACES);
  /**
   * `evaluateAfter`'s scratch in the TypeScript (the kernel has its own): each place's change, zero between calls. The places changed are
   * found as the union of the squares' place sets (bit masks), not by testing each change as it
   * is made: a data-dependent test there cost more than the rest of the bookkeeping.
   */
  private readonly delta = new Int32Array(PLACES);
  /** The view last summed whole by `viewSum` (its offset in `levels`, -1 for none) and that sum. */
  private summedView = -1;
  private summed = 0;
  private level = 0;
  /** The view of the side to move: 0 or 1. */
  private side = 0;
  private empties = 60;
  /**
   * Valuing a node's children needs only the opponent's view (view 1 at the start), so `set`
   * leaves view 0 to the first call that reads it, from level 0 of `discs`.
   */
  private viewZeroMissing = false;
  /** A move played and not yet written as a level (`play`): its square and turned discs. */
  private noted = false;
  private notedSquare = 0;
  private notedLo = 0;
  private notedHi = 0;

  /**
   * `evaluation`: the full evaluation whose values these are (its tables); `kernel`: who values a
   * move's child, the WebAssembly kernel (evaluationKernel.ts) or the TypeScript below.
   */
  constructor(evaluation: EvaluationTables, kernel: Kernel = DEFAULT_KERNEL) {
    this.table = evaluation.table;
    this.stageBase = evaluation.stageBase;
    this.kernel = kernel === "webassembly" ? createEvaluationKernel(this.table, LEVELS * LEVEL, LEVELS * 4) : undefined;
    this.levels = this.kernel?.levels ?? new Int32Array(LEVELS * LEVEL);
    this.discs = this.kernel?.discs ?? new Int32Array(LEVELS * 4);
  }

  /** Starts a path from the position of the mover (pl, ph) against (ol, oh). */
  set(pl: number, ph: number, ol: number, oh: number): void {
    this.fillView(PLACES, ol, oh, pl, ph);
    const discs = this.discs;
    discs[0] = pl;
    discs[1] = ph;
    discs[2] = ol;
    discs[3] = oh;
    this.viewZeroMissing = true;
    this.summedView = -1;
    this.noted = false;
    this.level = 0;
    this.side = 0;
    this.empties = 64 - popcount(pl | ol) - popcount(ph | oh);
  }

  /**
   * The side to move plays on square s, turning the discs (fl, fh) (the move's `flips`). The
   * move is only noted: a leaf of the search just evaluates it and takes it back, which
   * `evaluateAfter` does from the current level without writing the next. The next level is
   * written when the path goes on from it (any other call).
   */
  play(s: number, fl: number, fh: number): void {
    if (this.noted) this.playNoted();
    this.noted = true;
    this.notedSquare = s;
    this.notedLo = fl;
    this.notedHi = fh;
  }

  /** Takes back the last move played. */
  undo(): void {
    if (this.noted) {
      this.noted = false;
      return;
    }
    this.level--;
    this.side ^= 1;
    this.empties++;
  }

  /** The side to move passes (and a pass is taken back the same way). */
  pass(): void {
    if (this.noted) this.playNoted();
    if (this.viewZeroMissing) this.fillViewZero();
    this.side ^= 1;
  }

  /** The final disc difference the side to move can expect: `Evaluation.evaluate` of the position reached. */
  evaluate(): number {
    if (this.noted) return this.valueAfter(this.notedSquare, this.notedLo, this.notedHi, -1);
    if (this.viewZeroMissing) this.fillViewZero();
    return this.sum(this.level, this.side, this.empties);
  }

  /**
   * `evaluate` after the side to move plays s turning (fl, fh), for the opponent, who is to move
   * there; the state stays as it is. Only the opponent's view is needed, and of it only the
   * places the move touches (about 12 of the 46): its whole sum at the child's stage, kept for
   * the node's other children, is corrected by each touched place's weight before and after.
   * The sums are of integers, so the value is the full evaluation's bit for bit.
   */
  evaluateAfter(s: number, fl: number, fh: number): number {
    return this.evaluateAfterReplies(s, fl, fh, -1);
  }

  /**
   * `evaluateAfter` when the caller has counted the opponent's legal moves after the move
   * (`replies` of them, or -1 if it has not), as the solver's fastest-first ordering does: one
   * move generation saved.
   */
  evaluateAfterReplies(s: number, fl: number, fh: number, replies: number): number {
    if (this.noted) this.playNoted();
    return this.valueAfter(s, fl, fh, replies);
  }

  /** `evaluateAfter` from the current level, with no move noted; `replies` is -1 when not counted. */
  private valueAfter(s: number, fl: number, fh: number, replies: number): number {
    const view = this.level * LEVEL + (this.side ^ 1) * PLACES;
    const base = this.stageBase[this.empties - 1]!;
    const kernel = this.kernel;
    if (kernel !== undefined) {
      const at = 4 * this.level + 2 * this.side;
      const sum = this.viewSum(view, base) + kernel.valueAfter(s, fl, fh, view, base, at, at ^ 2, replies);
      return sum / WEIGHT_UNITS;
    }
    const delta = this.delta;
    // The child's discs, for its board features (the opponent is to move there), before fl and fh are consumed.
    const at = 4 * this.level + 2 * this.side;
    const other = 4 * this.level + 2 * (this.side ^ 1);
    const discs = this.discs;
    const childLo = discs[other]! & ~fl;
    const childHi = discs[other + 1]! & ~fh;
    const childOpponentLo = discs[at]! | fl | squareLo(s);
    const childOpponentHi = discs[at + 1]! | fh | squareHi(s);
    let mlo = SQUARE_MASK_LO[s]!;
    let mhi = SQUARE_MASK_HI[s]!;
    // In the opponent's view the played disc is a 2, and a turned disc goes from 1 to 2: every change adds.
    for (let i = SQUARE_FIRST[s]!, end = SQUARE_FIRST[s + 1]!; i < end; i++) {
      const pair = SQUARE_PLACES[i]!;
      delta[pair >>> 16] += 2 * (pair & 0xffff);
    }
    for (; fl !== 0; fl &= fl - 1) {
      const t = lowestBit(fl);
      mlo |= SQUARE_MASK_LO[t]!;
      mhi |= SQUARE_MASK_HI[t]!;
      this.addPowers(t);
    }
    for (; fh !== 0; fh &= fh - 1) {
      const t = 32 + lowestBit(fh);
      mlo |= SQUARE_MASK_LO[t]!;
      mhi |= SQUARE_MASK_HI[t]!;
      this.addPowers(t);
    }
    const table = this.table;
    const levels = this.levels;
    const moves = replies < 0 ? moveCount(childLo, childHi, childOpponentLo, childOpponentHi) : replies;
    let sum =
      this.viewSum(view, base) +
      boardFeaturesSum(table, base + BOARD_OFFSET, childLo, childHi, childOpponentLo, childOpponentHi, moves);
    for (; mlo !== 0; mlo &= mlo - 1) {
      const place = lowestBit(mlo);
      const entry = base + levels[view + place]!;
      sum += table[entry + delta[place]!]! - table[entry]!;
      delta[place] = 0;
    }
    for (; mhi !== 0; mhi &= mhi - 1) {
      const place = 32 + lowestBit(mhi);
      const entry = base + levels[view + place]!;
      sum += table[entry + delta[place]!]! - table[entry]!;
      delta[place] = 0;
    }
    return sum / WEIGHT_UNITS;
  }
  /** Adds square t's powers to its places' changes in `delta`. */
  private addPowers(t: number): void {
    const delta = this.delta;
    for (let i = SQUARE_FIRST[t]!, end = SQUARE_FIRST[t + 1]!; i < end; i++) {
      const pair = SQUARE_PLACES[i]!;
      delta[pair >>> 16] += pair & 0xffff;
    }
  }

  /**
   * `evaluateAfter` for the move from the position at `set` (no move since) that gains the mover
   * (gl, gh): the square played and the discs turned; for a pass, nothing and the opponent's
   * `evaluate`. The search's tree keeps its children's moves so.
   */
  evaluateAfterGain(gl: number, gh: number): number {
    if ((gl | gh) === 0) return this.sum(0, 1, this.empties);
    // Level 0's discs are the position at `set`: the opponent's words at 2 and 3.
    const fl = gl & this.discs[2]!;
    const fh = gh & this.discs[3]!;
    const pl = gl & ~fl;
    return this.evaluateAfter(pl !== 0 ? lowestBit(pl) : 32 + lowestBit(gh & ~fh), fl, fh);
  }

  /** The state as plain numbers (the current level's entries, the view to move, the empty squares): for comparing states. */
  snapshot(): number[] {
    if (this.noted) this.playNoted();
    if (this.viewZeroMissing) this.fillViewZero();
    const at = this.level * LEVEL;
    return [...this.levels.subarray(at, at + LEVEL), this.side, this.empties];
  }

  /** The evaluation at `level` of the side `side` to move: the stage's weights over its view's entries, the constant and the board features. */
  private sum(level: number, side: number, empties: number): number {
    const table = this.table;
    const levels = this.levels;
    const base = this.stageBase[empties]!;
    const at = level * LEVEL + side * PLACES;
    let sum = table[base + CONSTANT_ENTRY]!;
    for (let p = at, end = at + PLACES; p < end; p++) sum += table[base + levels[p]!]!;
    const mover = 4 * level + 2 * side;
    const opponent = 4 * level + 2 * (side ^ 1);
    const d = this.discs;
    const pl = d[mover]!,
      ph = d[mover + 1]!,
      ol = d[opponent]!,
      oh = d[opponent + 1]!;
    sum += boardFeaturesSum(table, base + BOARD_OFFSET, pl, ph, ol, oh, moveCount(pl, ph, ol, oh));
    return sum / WEIGHT_UNITS;
  }

  /**
   * The stage's weights at `base` summed over the view at `view`, the constant included; the
   * last view summed is remembered, so a node's children sum their parent's view once.
   */
  private viewSum(view: number, base: number): number {
    if (this.summedView === view) return this.summed;
    const table = this.table;
    if (this.kernel !== undefined) {
      this.summedView = view;
      this.summed = table[base + CONSTANT_ENTRY]! + this.kernel.viewSum(view, base, PLACES);
      return this.summed;
    }
    const levels = this.levels;
    let sum = table[base + CONSTANT_ENTRY]!;
    for (let p = view, end = view + PLACES; p < end; p++) sum += table[base + levels[p]!]!;
    this.summedView = view;
    this.summed = sum;
    return sum;
  }

  /** Writes the next level: the current one with the noted move's changes, in both views. */
  private playNoted(): void {
    this.noted = false;
    if (this.viewZeroMissing) this.fillViewZero();
    const levels = this.levels;
    const from = this.level * LEVEL;
    const to = from + LEVEL;
    levels.copyWithin(to, from, to);
    // A level written anew: a sum kept for it (or above it) no longer holds.
    if (this.summedView >= to) this.summedView = -1;
    // The mover's view: the played disc is a 1, a turned disc goes from 2 to 1; the opponent's: a 2, and from 1 to 2.
    const mover = to + this.side * PLACES;
    const opponent = to + (this.side ^ 1) * PLACES;
    const s = this.notedSquare;
    for (let i = SQUARE_FIRST[s]!, end = SQUARE_FIRST[s + 1]!; i < end; i++) {
      const pair = SQUARE_PLACES[i]!;
      const place = pair >>> 16;
      const power = pair & 0xffff;
      levels[mover + place] += power;
      levels[opponent + place] += 2 * power;
    }
    const d = this.discs;
    const moverDiscs = 4 * this.level + 2 * this.side;
    const opponentDiscs = 4 * this.level + 2 * (this.side ^ 1);
    d[moverDiscs + 4] = d[moverDiscs]! | this.notedLo | squareLo(s);
    d[moverDiscs + 5] = d[moverDiscs + 1]! | this.notedHi | squareHi(s);
    d[opponentDiscs + 4] = d[opponentDiscs]! & ~this.notedLo;
    d[opponentDiscs + 5] = d[opponentDiscs + 1]! & ~this.notedHi;
    for (let fl = this.notedLo; fl !== 0; fl &= fl - 1) this.turn(lowestBit(fl), mover, opponent);
    for (let fh = this.notedHi; fh !== 0; fh &= fh - 1) this.turn(32 + lowestBit(fh), mover, opponent);
    this.level++;
    this.side ^= 1;
    this.empties--;
  }

  /** Square t's disc turned to the mover: 2 to 1 in the mover's view, 1 to 2 in the opponent's. */
  private turn(t: number, mover: number, opponent: number): void {
    const levels = this.levels;
    for (let i = SQUARE_FIRST[t]!, end = SQUARE_FIRST[t + 1]!; i < end; i++) {
      const pair = SQUARE_PLACES[i]!;
      const place = pair >>> 16;
      const power = pair & 0xffff;
      levels[mover + place] -= power;
      levels[opponent + place] += power;
    }
  }

  private fillViewZero(): void {
    const d = this.discs;
    this.fillView(0, d[0]!, d[1]!, d[2]!, d[3]!);
    this.viewZeroMissing = false;
  }

  /** Level 0's view at `at` from the words of the side read as 1, (al, ah), and of the side read as 2. */
  private fillView(at: number, al: number, ah: number, bl: number, bh: number): void {
    patternEntries(al, ah, bl, bh, this.entries);
    this.levels.set(this.placeEntries, at);
    this.summedView = -1;
  }
}
