import { flips, legalMoves, lowestBit, resultHi } from "../bitboard.js";
import type { Evaluation } from "../eval/evaluation.js";
import { IncrementalEvaluation } from "../eval/incrementalEvaluation.js";
import { finalScore } from "../finalScore.js";

/** From this depth up, a node's moves are searched best evaluated first (search; from 2 up, the same time on FFO #40-#44 and 2 to 4% more on #40-#52). */
const SORT_DEPTH = 3;
/** The deepest search asked (the solver's guess is at most 8 plies), and the most moves in a position. */
const MAX_DEPTH = 64;
const MAX_MOVES = 34;

/**
 * A shallow alpha-beta over the pattern evaluation, for ordering the solver's moves far from
 * the end: the predicted final disc difference for the mover after `depth` plies. No table;
 * from SORT_DEPTH plies up, the moves are tried best evaluated first; nothing allocated. Every
 * position it searches, inner or evaluated, counts as a visit (`countVisitsIn`: the solver's
 * own counter), as Edax counts its move-ordering searches'.
 *
 * The evaluation is kept up to date along the path (`IncrementalEvaluation`): the solver sets a
 * node once (`setParent`) and values each of its children from it (`childValue`), which at
 * depth 0 corrects the parent's sums at the places the move touches instead of evaluating the
 * child afresh. The values are the full evaluation's, bit for bit.
 */
export class OrderingSearch {
  private readonly path: IncrementalEvaluation;
  /** Positions evaluated so far (the searches' leaves): how much its cut-offs save. */
  evaluated = 0;
  /** Where the positions searched, inner and evaluated, are counted: its own, or the solver's (countVisitsIn). */
  private visits: Float64Array = new Float64Array(1);
  /** Per depth, room for the moves of one position (search). */
  private readonly moveSquares = new Int32Array(MAX_DEPTH * MAX_MOVES);
  private readonly moveFlipsLo = new Int32Array(MAX_DEPTH * MAX_MOVES);
  private readonly moveFlipsHi = new Int32Array(MAX_DEPTH * MAX_MOVES);
  private readonly moveKeys = new Float64Array(MAX_DEPTH * MAX_MOVES);

  constructor(evaluation: Evaluation) {
    this.path = new IncrementalEvaluation(evaluation);
  }

  /** Counts the positions searched from now on in `visits[0]`. */
  countVisitsIn(visits: Float64Array): void {
    this.visits = visits;
  }

  /** The mover (pl, ph) against (ol, oh): its predicted score searching `depth` plies, fail-soft within (alpha, beta). */
  value(pl: number, ph: number, ol: number, oh: number, depth: number, alpha: number, beta: number): number {
    if (depth >= MAX_DEPTH) throw new Error(`an ordering search of ${depth} plies: at most ${MAX_DEPTH - 1}`);
    this.setParent(pl, ph, ol, oh);
    return this.search(pl, ph, ol, oh, depth, alpha, beta);
  }

  /** Makes (pl, ph) to move against (ol, oh) the position whose children `childValue` values. */
  setParent(pl: number, ph: number, ol: number, oh: number): void {
    this.path.set(pl, ph, ol, oh);
  }

  /**
   * `value` of the child reached from the current position by the move on s turning (fl, fh):
   * the child is (pl, ph) to move against (ol, oh), the parent's opponent to move, who has
   * `replies` legal moves there (counted by the caller, or -1).
   */
  childValue(
    s: number,
    fl: number,
    fh: number,
    pl: number,
    ph: number,
    ol: number,
    oh: number,
    replies: number,
    depth: number,
    alpha: number,
    beta: number,
  ): number {
    // Stryker disable next-line ConditionalExpression,BlockStatement: the same value and count the longer way (play, evaluate, undo).
    if (depth === 0) {
      this.evaluated++;
      this.visits[0]++;
      return this.path.evaluateAfterReplies(s, fl, fh, replies);
    }
    this.path.play(s, fl, fh);
    const v = this.search(pl, ph, ol, oh, depth, alpha, beta);
    this.path.undo();
    return v;
  }

  /** `value` of the path's current position, the mover (pl, ph). */
  private search(pl: number, ph: number, ol: number, oh: number, depth: number, alpha: number, beta: number): number {
    this.visits[0]++;
    if (depth === 0) {
      this.evaluated++;
      return this.path.evaluate();
    }
    let ml = legalMoves(pl, ph, ol, oh);
    let mh = resultHi;
    if ((ml | mh) === 0) {
      // A pass costs no ply: the evaluation of a position whose mover must pass means little.
      if ((legalMoves(ol, oh, pl, ph) | resultHi) === 0) return finalScore(pl, ph, ol, oh);
      this.path.pass();
      const v = 0 - this.search(ol, oh, pl, ph, depth, 0 - beta, 0 - alpha);
      this.path.pass();
      return v;
    }
    // The moves listed at this depth's level, keyed by the child's evaluation for its mover (the
    // opponent: smallest first) from SORT_DEPTH up. The order changes which positions the window
    // lets through, never the value within it.
    const sorted = depth >= SORT_DEPTH;
    const base = depth * MAX_MOVES;
    const squares = this.moveSquares;
    const flipsLo = this.moveFlipsLo;
    const flipsHi = this.moveFlipsHi;
    const keys = this.moveKeys;
    let end = base;
    while ((ml | mh) !== 0) {
      let s: number;
      if (ml !== 0) {
        s = lowestBit(ml);
        ml &= ml - 1;
      } else {
        s = 32 + lowestBit(mh);
        mh &= mh - 1;
      }
      const fl = flips(s, pl, ph, ol, oh);
      const fh = resultHi;
      squares[end] = s;
      flipsLo[end] = fl;
      flipsHi[end] = fh;
      if (sorted) {
        this.evaluated++;
        this.visits[0]++;
        keys[end] = this.path.evaluateAfterReplies(s, fl, fh, -1);
      }
      end++;
    }
    let best = -Infinity;
    for (let i = base; i < end; i++) {
      if (sorted) {
        let k = i;
        for (let j = i + 1; j < end; j++) if (keys[j]! < keys[k]!) k = j;
        const t = squares[k]!;
        squares[k] = squares[i]!;
        squares[i] = t;
        let x = flipsLo[k]!;
        flipsLo[k] = flipsLo[i]!;
        flipsLo[i] = x;
        x = flipsHi[k]!;
        flipsHi[k] = flipsHi[i]!;
        flipsHi[i] = x;
        keys[k] = keys[i]!;
      }
      const s = squares[i]!;
      const fl = flipsLo[i]!;
      const fh = flipsHi[i]!;
      const bl = s < 32 ? 1 << s : 0;
      const bh = s < 32 ? 0 : 1 << s;
      const v =
        0 -
        this.childValue(s, fl, fh, ol & ~fl, oh & ~fh, pl | fl | bl, ph | fh | bh, -1, depth - 1, 0 - beta, 0 - alpha);
      // A tie changes nothing either way: best takes an equal value, and alpha is at least best
      // already (or best is at most the alpha it started with, and so is v).
      // Stryker disable next-line EqualityOperator: as said.
      if (v > best) {
        best = v;
        // Stryker disable next-line EqualityOperator: as said; v = alpha < beta cuts nothing either.
        if (v > alpha) {
          alpha = v;
          if (v >= beta) break;
        }
      }
    }
    return best;
  }
}
