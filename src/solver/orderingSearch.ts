import { flips, legalMoves, lowestBit, resultHi } from "../bitboard.js";
import type { Evaluation } from "../eval/evaluation.js";
import { finalScore } from "./finalScore.js";

/**
 * A shallow alpha-beta over the pattern evaluation, for ordering the solver's moves far from
 * the end: the predicted final disc difference for the mover after `depth` plies. No table, no
 * sorting, nothing allocated; its positions are not counted as the solver's visits.
 */
export class OrderingSearch {
  constructor(private readonly evaluation: Evaluation) {}

  /** The mover (pl, ph) against (ol, oh): its predicted score searching `depth` plies, fail-soft within (alpha, beta). */
  value(pl: number, ph: number, ol: number, oh: number, depth: number, alpha: number, beta: number): number {
    if (depth === 0) return this.evaluation.evaluate(pl, ph, ol, oh);
    let ml = legalMoves(pl, ph, ol, oh);
    let mh = resultHi;
    if ((ml | mh) === 0) {
      // A pass costs no ply: the evaluation of a position whose mover must pass means little.
      if ((legalMoves(ol, oh, pl, ph) | resultHi) === 0) return finalScore(pl, ph, ol, oh);
      return 0 - this.value(ol, oh, pl, ph, depth, 0 - beta, 0 - alpha);
    }
    let best = -Infinity;
    while ((ml | mh) !== 0) {
      let s: number;
      let bl = 0;
      let bh = 0;
      if (ml !== 0) {
        bl = ml & -ml;
        s = lowestBit(ml);
        ml ^= bl;
      } else {
        bh = mh & -mh;
        s = 32 + lowestBit(mh);
        mh ^= bh;
      }
      const fl = flips(s, pl, ph, ol, oh);
      const fh = resultHi;
      const v = 0 - this.value(ol & ~fl, oh & ~fh, pl | fl | bl, ph | fh | bh, depth - 1, 0 - beta, 0 - alpha);
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
