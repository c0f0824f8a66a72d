import { flips, legalMoves, lowestBit, resultHi } from "../bitboard.js";
import { NO_SCORE, finalScore } from "../finalScore.js";
import type { LastEmpties } from "./lastEmpties.js";
import { ODD_SQUARES_HI, ODD_SQUARES_LO, quadrantParity } from "./parity.js";

/** The most empty squares searched here. */
export const SHALLOW_EMPTIES = 6;

/**
 * Positions with a few empty squares more than the last four: fail-soft alpha-beta without
 * a transposition table or sorting (they cost more than they save this close to the end),
 * moves in odd quadrants first, then the others. Every call counts a visit in the solver's
 * counter.
 */
export class ShallowSearch {
  constructor(
    private readonly visits: Float64Array,
    private readonly last: LastEmpties,
  ) {}

  search(
    pl: number,
    ph: number,
    ol: number,
    oh: number,
    alpha: number,
    beta: number,
    empties: number,
    passed: boolean,
  ): number {
    this.visits[0]++;
    const ml = legalMoves(pl, ph, ol, oh);
    const mh = resultHi;
    if ((ml | mh) === 0) {
      if (passed) return finalScore(pl, ph, ol, oh);
      return 0 - this.search(ol, oh, pl, ph, 0 - beta, 0 - alpha, empties, true);
    }
    // Stryker disable next-line UnaryOperator: a quadrant's 16 squares: its empties and its discs have the same parity.
    const parity = quadrantParity(~(pl | ol), ~(ph | oh));
    const oddLo = ODD_SQUARES_LO[parity]!;
    const oddHi = ODD_SQUARES_HI[parity]!;
    let best = NO_SCORE;
    // Two rounds: the moves in odd quadrants, then the rest.
    for (let round = 0; round < 2; round++) {
      let lo = ml & (round === 0 ? oddLo : ~oddLo);
      let hi = mh & (round === 0 ? oddHi : ~oddHi);
      while ((lo | hi) !== 0) {
        let s: number;
        let bl = 0;
        let bh = 0;
        if (lo !== 0) {
          bl = lo & -lo;
          s = lowestBit(lo);
          lo ^= bl;
        } else {
          bh = hi & -hi;
          s = 32 + lowestBit(hi);
          hi ^= bh;
        }
        const fl = flips(s, pl, ph, ol, oh);
        const fh = resultHi;
        const v =
          empties === 5
            ? 0 - this.last.solveLast(ol & ~fl, oh & ~fh, pl | fl | bl, ph | fh | bh, 0 - beta, 0 - alpha)
            : 0 - this.search(ol & ~fl, oh & ~fh, pl | fl | bl, ph | fh | bh, 0 - beta, 0 - alpha, empties - 1, false);
        // A tie changes nothing: best or alpha set to the value it has (alpha below beta).
        // Stryker disable next-line EqualityOperator: as said.
        if (v > best) {
          if (v >= beta) return v;
          best = v;
          // Stryker disable next-line EqualityOperator: as said.
          if (v > alpha) alpha = v;
        }
      }
    }
    return best;
  }
}
