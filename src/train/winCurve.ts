import type { Evaluation } from "../eval/evaluation.js";
import { sampleEmpties } from "./fitting.js";
import type { Samples } from "./samples.js";

/**
 * The win curve: the evaluation e (the final disc difference predicted for the side to move)
 * read as the mover's chance p = 1 / (1 + exp(-e / s)), with the scale s in discs fitted to
 * the outcomes of positions by maximum likelihood.
 */

/** Positions for the fit, column by column. */
export interface CurveSamples {
  readonly count: number;
  /** The evaluation of each position, in discs for its mover. */
  readonly evaluations: Float64Array;
  /** The game's outcome for the mover: 1 a win, 0.5 a draw, 0 a loss. */
  readonly outcomes: Float64Array;
  /** Empty squares. */
  readonly empties: Uint8Array;
}

/** Labelled positions as curve samples: each evaluated, its outcome the sign of its label. */
export function curveSamples(samples: Samples, evaluation: Evaluation): CurveSamples {
  const { count, boards, scores } = samples;
  const evaluations = new Float64Array(count);
  const outcomes = new Float64Array(count);
  const empties = new Uint8Array(count);
  for (let i = 0; i < count; i++) {
    evaluations[i] = evaluation.evaluate(boards[4 * i]!, boards[4 * i + 1]!, boards[4 * i + 2]!, boards[4 * i + 3]!);
    outcomes[i] = (Math.sign(scores[i]!) + 1) / 2;
    empties[i] = sampleEmpties(samples, i);
  }
  return { count, evaluations, outcomes, empties };
}

/** The fit over the positions with `fewest` to `most` empty squares. */
export interface CurveFit {
  readonly fewest: number;
  readonly most: number;
  readonly samples: number;
  /**
   * The maximum-likelihood scale in discs; Infinity when the evaluations do not lean towards the
   * outcomes at all (p = 0.5 is then the best), NaN without samples.
   */
  readonly scale: number;
  /** The mean log-loss (natural logarithm) of the curve at that scale. */
  readonly logLoss: number;
}

/** The log-loss of predicting 0.5 whatever the position: ln 2, what a fit's log-loss compares with. */
export const EVEN_LOG_LOSS = Math.LN2;

/** The empty squares of a band of the per-band fits: 1-10, 11-20, ..., 51-60. */
const CURVE_BAND_WIDTH = 10;

/** Slopes (1/s) beyond this, 10^-6 discs a unit of the logit, count as outcomes the evaluation separates exactly. */
const MAX_SLOPE = 1e6;

function inBand(samples: CurveSamples, i: number, fewest: number, most: number): boolean {
  const e = samples.empties[i]!;
  return e >= fewest && e <= most;
}

/** ln(1 + exp(z)) without overflow. */
function softplus(z: number): number {
  return Math.max(z, 0) + Math.log1p(Math.exp(-Math.abs(z)));
}

/**
 * The mean log-loss of p = 1 / (1 + exp(-e / scale)) over the positions with `fewest` to `most`
 * empties: -(y ln p + (1 - y) ln(1 - p)), a draw (y = 0.5) counting half a win and half a loss.
 */
export function curveLogLoss(samples: CurveSamples, scale: number, fewest: number, most: number): number {
  let sum = 0;
  let n = 0;
  for (let i = 0; i < samples.count; i++) {
    if (!inBand(samples, i, fewest, most)) continue;
    const z = samples.evaluations[i]! / scale;
    const y = samples.outcomes[i]!;
    sum += y * softplus(-z) + (1 - y) * softplus(z);
    n++;
  }
  return sum / n;
}

/**
 * The slope b = 1/s that maximises the log-likelihood, a logistic regression through the origin:
 * the likelihood is concave in b, so its derivative g(b) = sum e (y - sigmoid(b e)) falls from
 * g(0) to its one zero. Newton's method on g, kept inside a bracket [lo, hi] with g(lo) > 0 >
 * g(hi) and falling back on bisection when a step would leave it.
 */
function fitSlope(samples: CurveSamples, fewest: number, most: number): number {
  const derivatives = (b: number): { gradient: number; curvature: number } => {
    let gradient = 0;
    let curvature = 0;
    for (let i = 0; i < samples.count; i++) {
      if (!inBand(samples, i, fewest, most)) continue;
      const e = samples.evaluations[i]!;
      const p = 1 / (1 + Math.exp(-b * e));
      gradient += e * (samples.outcomes[i]! - p);
      curvature += e * e * p * (1 - p);
    }
    return { gradient, curvature };
  };
  const start = derivatives(0);
  if (!(start.gradient > 0)) return 0;
  let lo = 0;
  let hi = start.gradient / start.curvature;
  while (derivatives(hi).gradient > 0) {
    lo = hi;
    hi *= 2;
    if (hi > MAX_SLOPE) return MAX_SLOPE;
  }
  let b = (lo + hi) / 2;
  for (let step = 0; step < 100 && hi - lo > 1e-12 * hi; step++) {
    const { gradient, curvature } = derivatives(b);
    if (gradient > 0) lo = b;
    else hi = b;
    const newton = b + gradient / curvature;
    const next = newton > lo && newton < hi ? newton : (lo + hi) / 2;
    if (Math.abs(next - b) <= 1e-12 * b) return next;
    b = next;
  }
  return b;
}

/** The curve fitted to the positions with `fewest` to `most` empty squares. */
export function fitCurve(samples: CurveSamples, fewest: number, most: number): CurveFit {
  let n = 0;
  for (let i = 0; i < samples.count; i++) if (inBand(samples, i, fewest, most)) n++;
  if (n === 0) return { fewest, most, samples: 0, scale: NaN, logLoss: NaN };
  const scale = 1 / fitSlope(samples, fewest, most);
  return { fewest, most, samples: n, scale, logLoss: curveLogLoss(samples, scale, fewest, most) };
}

/** One curve for all the positions, and one for each band of CURVE_BAND_WIDTH empties from 1 to 60. */
export function fitWinCurve(samples: CurveSamples): {
  readonly overall: CurveFit;
  readonly bands: readonly CurveFit[];
} {
  const bands: CurveFit[] = [];
  for (let fewest = 1; fewest <= 60; fewest += CURVE_BAND_WIDTH)
    bands.push(fitCurve(samples, fewest, fewest + CURVE_BAND_WIDTH - 1));
  return { overall: fitCurve(samples, 0, 64), bands };
}
