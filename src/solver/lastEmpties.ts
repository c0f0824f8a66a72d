import { flipCount, flips, lowestBit, popcount, resultHi } from "../bitboard.js";
import { NO_SCORE, finalScore } from "../finalScore.js";
import { QUADRANT_BIT } from "./parity.js";

/*
 * Scores are negated as `0 - x` throughout the solver: `-x` of 0 is -0, a double, and V8
 * deoptimises integer code that meets it.
 */

/** The single bit of square s in the low word (0 for the high word's squares), and in the high word. */
const BIT_LO = new Int32Array(64);
const BIT_HI = new Int32Array(64);
for (let s = 0; s < 64; s++) {
  if (s < 32) BIT_LO[s] = 1 << s;
  else BIT_HI[s] = 1 << (s - 32);
}

/**
 * The last four empty squares, special-cased: no move generation, only flips on the known
 * empty squares (a square that flips nothing is not a move), moves in odd quadrants first,
 * and the very last move only counts its flips. Fail-soft alpha-beta; scores are final disc
 * differences for the player (pl, ph), empty squares to the winner. Every call counts a visit
 * in the solver's counter.
 *
 * A tie changes nothing in the comparisons: v = best sets best to the value it has, and
 * v = alpha (or best = alpha) sets alpha to its own value, below beta; so `>` there could be
 * `>=` (equivalent mutants, marked).
 */
export class LastEmpties {
  constructor(private readonly visits: Float64Array) {}

  /** One empty square s left. */
  solve1(pl: number, ph: number, ol: number, oh: number, s: number): number {
    this.visits[0]++;
    const p = popcount(pl) + popcount(ph);
    let n = flipCount(s, pl, ph, ol, oh);
    if (n !== 0) return 2 * (p + n + 1) - 64;
    n = flipCount(s, ol, oh, pl, ph);
    if (n !== 0) return 2 * (p - n) - 64;
    // Neither side can fill it: 63 discs, no draw, the winner gets the square.
    return p > 31 ? 2 * p - 62 : 2 * p - 64;
  }

  /** Two empty squares a and b left. */
  solve2(
    pl: number,
    ph: number,
    ol: number,
    oh: number,
    alpha: number,
    beta: number,
    a: number,
    b: number,
    passed: boolean,
  ): number {
    this.visits[0]++;
    let best = NO_SCORE;
    let fl = flips(a, pl, ph, ol, oh);
    let fh = resultHi;
    if ((fl | fh) !== 0) {
      best = 0 - this.solve1(ol & ~fl, oh & ~fh, pl | fl | BIT_LO[a]!, ph | fh | BIT_HI[a]!, b);
      if (best >= beta) return best;
    }
    fl = flips(b, pl, ph, ol, oh);
    fh = resultHi;
    if ((fl | fh) !== 0) {
      const v = 0 - this.solve1(ol & ~fl, oh & ~fh, pl | fl | BIT_LO[b]!, ph | fh | BIT_HI[b]!, a);
      // Stryker disable next-line EqualityOperator: a tie changes nothing (see the class's comment).
      if (v > best) best = v;
    }
    if (best !== NO_SCORE) return best;
    if (passed) return finalScore(pl, ph, ol, oh);
    return 0 - this.solve2(ol, oh, pl, ph, 0 - beta, 0 - alpha, a, b, true);
  }

  /** Three empty squares left; a square alone in its quadrant is tried first. */
  solve3(
    pl: number,
    ph: number,
    ol: number,
    oh: number,
    alpha: number,
    beta: number,
    a: number,
    b: number,
    c: number,
    passed: boolean,
  ): number {
    this.visits[0]++;
    // Parities 1-1-1 and 3 are all odd; in 2-1 the single square goes first.
    const qa = QUADRANT_BIT[a]!,
      qb = QUADRANT_BIT[b]!,
      qc = QUADRANT_BIT[c]!;
    if (qa === qb) {
      if (qa !== qc) {
        const t = c;
        c = b;
        b = a;
        a = t;
      }
    } else if (qa === qc) {
      const t = b;
      b = a;
      a = t;
    }
    let best = NO_SCORE;
    let v: number;
    let fl = flips(a, pl, ph, ol, oh);
    let fh = resultHi;
    if ((fl | fh) !== 0) {
      best =
        0 -
        this.solve2(ol & ~fl, oh & ~fh, pl | fl | BIT_LO[a]!, ph | fh | BIT_HI[a]!, 0 - beta, 0 - alpha, b, c, false);
      if (best >= beta) return best;
      // Stryker disable next-line EqualityOperator: a tie changes nothing (see the class's comment).
      if (best > alpha) alpha = best;
    }
    fl = flips(b, pl, ph, ol, oh);
    fh = resultHi;
    if ((fl | fh) !== 0) {
      v =
        0 -
        this.solve2(ol & ~fl, oh & ~fh, pl | fl | BIT_LO[b]!, ph | fh | BIT_HI[b]!, 0 - beta, 0 - alpha, a, c, false);
      // Stryker disable next-line EqualityOperator: a tie changes nothing (see the class's comment).
      if (v > best) {
        if (v >= beta) return v;
        best = v;
        // Stryker disable next-line EqualityOperator: a tie changes nothing (see the class's comment).
        if (v > alpha) alpha = v;
      }
    }
    fl = flips(c, pl, ph, ol, oh);
    fh = resultHi;
    if ((fl | fh) !== 0) {
      v =
        0 -
        this.solve2(ol & ~fl, oh & ~fh, pl | fl | BIT_LO[c]!, ph | fh | BIT_HI[c]!, 0 - beta, 0 - alpha, a, b, false);
      // Stryker disable next-line EqualityOperator: a tie changes nothing (see the class's comment).
      if (v > best) best = v;
    }
    if (best !== NO_SCORE) return best;
    if (passed) return finalScore(pl, ph, ol, oh);
    return 0 - this.solve3(ol, oh, pl, ph, 0 - beta, 0 - alpha, a, b, c, true);
  }

  /** Four empty squares left; squares in odd quadrants are tried first. */
  solve4(
    pl: number,
    ph: number,
    ol: number,
    oh: number,
    alpha: number,
    beta: number,
    a: number,
    b: number,
    c: number,
    d: number,
    passed: boolean,
  ): number {
    this.visits[0]++;
    // Only the parity 2-1-1 needs reordering: its two single squares go first.
    const parity = QUADRANT_BIT[a]! ^ QUADRANT_BIT[b]! ^ QUADRANT_BIT[c]! ^ QUADRANT_BIT[d]!;
    if ((parity & QUADRANT_BIT[a]!) === 0) {
      // a is in the pair: bring the singles to the front. Its partner is b or c, never d: the
      // squares come in increasing order, so b and c, between a and d, would share a quadrant.
      if ((parity & QUADRANT_BIT[b]!) === 0) {
        let t = a;
        a = c;
        c = t;
        t = b;
        b = d;
        d = t;
      } else {
        const t = a;
        a = d;
        d = t;
      }
    } else if ((parity & QUADRANT_BIT[b]!) === 0) {
      if ((parity & QUADRANT_BIT[c]!) === 0) {
        const t = b;
        b = d;
        d = t;
      } else {
        const t = b;
        b = c;
        c = t;
      }
    }
    let best = NO_SCORE;
    let v: number;
    let fl = flips(a, pl, ph, ol, oh);
    let fh = resultHi;
    if ((fl | fh) !== 0) {
      best =
        0 -
        this.solve3(
          ol & ~fl,
          oh & ~fh,
          pl | fl | BIT_LO[a]!,
          ph | fh | BIT_HI[a]!,
          0 - beta,
          0 - alpha,
          b,
          c,
          d,
          false,
        );
      if (best >= beta) return best;
      // Stryker disable next-line EqualityOperator: a tie changes nothing (see the class's comment).
      if (best > alpha) alpha = best;
    }
    fl = flips(b, pl, ph, ol, oh);
    fh = resultHi;
    if ((fl | fh) !== 0) {
      v =
        0 -
        this.solve3(
          ol & ~fl,
          oh & ~fh,
          pl | fl | BIT_LO[b]!,
          ph | fh | BIT_HI[b]!,
          0 - beta,
          0 - alpha,
          a,
          c,
          d,
          false,
        );
      // Stryker disable next-line EqualityOperator: a tie changes nothing (see the class's comment).
      if (v > best) {
        if (v >= beta) return v;
        best = v;
        // Stryker disable next-line EqualityOperator: a tie changes nothing (see the class's comment).
        if (v > alpha) alpha = v;
      }
    }
    fl = flips(c, pl, ph, ol, oh);
    fh = resultHi;
    if ((fl | fh) !== 0) {
      v =
        0 -
        this.solve3(
          ol & ~fl,
          oh & ~fh,
          pl | fl | BIT_LO[c]!,
          ph | fh | BIT_HI[c]!,
          0 - beta,
          0 - alpha,
          a,
          b,
          d,
          false,
        );
      // Stryker disable next-line EqualityOperator: a tie changes nothing (see the class's comment).
      if (v > best) {
        if (v >= beta) return v;
        best = v;
        // Stryker disable next-line EqualityOperator: a tie changes nothing (see the class's comment).
        if (v > alpha) alpha = v;
      }
    }
    fl = flips(d, pl, ph, ol, oh);
    fh = resultHi;
    if ((fl | fh) !== 0) {
      v =
        0 -
        this.solve3(
          ol & ~fl,
          oh & ~fh,
          pl | fl | BIT_LO[d]!,
          ph | fh | BIT_HI[d]!,
          0 - beta,
          0 - alpha,
          a,
          b,
          c,
          false,
        );
      // Stryker disable next-line EqualityOperator: a tie changes nothing (see the class's comment).
      if (v > best) best = v;
    }
    if (best !== NO_SCORE) return best;
    if (passed) return finalScore(pl, ph, ol, oh);
    return 0 - this.solve4(ol, oh, pl, ph, 0 - beta, 0 - alpha, a, b, c, d, true);
  }

  /** Any position with at most four empty squares, the player (pl, ph) to move. */
  solveLast(pl: number, ph: number, ol: number, oh: number, alpha: number, beta: number): number {
    let el = ~(pl | ol);
    let eh = ~(ph | oh);
    const n = popcount(el) + popcount(eh);
    // The empty squares in increasing order, read off the two words.
    let a = 0,
      b = 0,
      c = 0,
      d = 0;
    for (let i = 0; i < n; i++) {
      let s: number;
      if (el !== 0) {
        s = lowestBit(el);
        el &= el - 1;
      } else {
        s = 32 + lowestBit(eh);
        eh &= eh - 1;
      }
      if (i === 0) a = s;
      else if (i === 1) b = s;
      else if (i === 2) c = s;
      else d = s;
    }
    if (n === 4) return this.solve4(pl, ph, ol, oh, alpha, beta, a, b, c, d, false);
    if (n === 3) return this.solve3(pl, ph, ol, oh, alpha, beta, a, b, c, false);
    if (n === 2) return this.solve2(pl, ph, ol, oh, alpha, beta, a, b, false);
    if (n === 1) {
      return this.solve1(pl, ph, ol, oh, a);
    }
    this.visits[0]++;
    return finalScore(pl, ph, ol, oh);
  }
}
