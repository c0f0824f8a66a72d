import { scoreFromElo } from "./matchStats.js";
import type { Pentanomial } from "./pentanomial.js";

/**
 * A sequential probability ratio test of A's strength against B's: after each pair of games it
 * weighs H0, "A - B is elo0", against H1, "A - B is elo1", and stops the match when the evidence
 * for one is strong enough, where a fixed number of games would play on or stop short.
 */
export interface Sprt {
  /** The hypotheses' Elo differences A - B, on the logistic scale of the match's Elo; elo0 < elo1. */
  readonly elo0: number;
  readonly elo1: number;
  /** The chance of accepting H1 when H0 is true... */
  readonly alpha: number;
  /** ...and of accepting H0 when H1 is. */
  readonly beta: number;
}

export interface SprtState {
  /** The log-likelihood ratio of H1 to H0 given the pairs so far. */
  readonly llr: number;
  /** Wald's bounds: H0 is accepted at or below `lower`, H1 at or above `upper`. */
  readonly lower: number;
  readonly upper: number;
  /** The hypothesis accepted, or undefined while the LLR is between the bounds. */
  readonly accepted: "H0" | "H1" | undefined;
}

/**
 * A pseudo-count for each of the five cells that no pair has filled yet. While every pair has
 * ended alike the pairs' variance is 0 and the LLR infinite. fishtest counts an empty cell as a
 * thousandth of a pair, with which the first two won pairs accept H1 of [0, 5]; with a tenth
 * that takes 13 won pairs (and H0, 84 pairs of 1 point each). A cell's pseudo-count goes with
 * its first pair, so a long match's LLR is the plain formula's.
 */
const EMPTY_CELL = 0.1;

/**
 * The generalized SPRT's log-likelihood ratio in its normal approximation, as Michel Van den
 * Bergh formulated it for fishtest, on the pentanomial model. Each pair is one observation x,
 * A's points in it halved: 0, 1/4, 1/2, 3/4 or 1, whose expectation is A's expected score per
 * game, s. H0 and H1 set s to s0 = S(elo0) and s1 = S(elo1), S the logistic Elo curve
 * 1 / (1 + 10^(-elo/400)), the scale of the match's Elo estimate. (Not "normalized" Elo, which
 * counts in standard deviations of the score and so shifts with the draw rate.) The rest of x's
 * distribution is unknown; the generalized test uses the pairs' own: their mean m and variance v.
 * With the mean of N pairs taken as normal, the log-likelihood of "the true mean is s" is
 * -N (m - s)^2 / (2 v) up to a term without s, and the difference for s1 and s0 factors into
 * N (s1 - s0) (2 m - s0 - s1) / (2 v). The pairs' v keeps what their two games share (an
 * opening good for one side, say), which a count of the games' wins, draws and losses loses.
 */
export function sprtLlr(pairs: Pentanomial, elo0: number, elo1: number): number {
  if (pairs.every((count) => count === 0)) return 0;
  const weights = pairs.map((count) => (count === 0 ? EMPTY_CELL : count));
  const n = weights.reduce((a, b) => a + b, 0);
  const mean = weights.reduce((sum, w, i) => sum + w * (i / 4), 0) / n;
  const variance = weights.reduce((sum, w, i) => sum + w * (i / 4 - mean) ** 2, 0) / n;
  const [s0, s1] = [scoreFromElo(elo0), scoreFromElo(elo1)];
  return (n * (s1 - s0) * (2 * mean - s0 - s1)) / (2 * variance);
}

/** Where the test stands after these pairs. */
export function sprtState(pairs: Pentanomial, sprt: Sprt): SprtState {
  const llr = sprtLlr(pairs, sprt.elo0, sprt.elo1);
  const lower = Math.log(sprt.beta / (1 - sprt.alpha));
  const upper = Math.log((1 - sprt.beta) / sprt.alpha);
  return { llr, lower, upper, accepted: llr >= upper ? "H1" : llr <= lower ? "H0" : undefined };
}
