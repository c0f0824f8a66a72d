import { popcount } from "../bitboard.js";
import { CANONICAL, COMPACT_SIZE, ENTRIES, positionEntries } from "../eval/patterns.js";
import { WEIGHT_UNITS, type Weights, stageOf } from "../eval/weights.js";
import type { Samples } from "./samples.js";

export interface FitSettings {
  readonly stages: number;
  /** Conjugate-gradient iterations per stage. */
  readonly iterations: number;
  /** Ridge penalty: lambda * (sum of squared weights, in discs) is added to the squared error. */
  readonly lambda: number;
  /** Positions of the neighbouring stages count with this weight (smoothing between stages). */
  readonly neighbourWeight: number;
}

/** The empty squares of sample i. */
export function sampleEmpties(samples: Samples, i: number): number {
  const b = samples.boards;
  return 64 - popcount(b[4 * i]! | b[4 * i + 2]!) - popcount(b[4 * i + 1]! | b[4 * i + 3]!);
}

/**
 * Fits one stage by regularised least squares over the sparse pattern features: minimises
 * sum_j w_j (x_j . theta - y_j)^2 + lambda |theta|^2 with conjugate gradients preconditioned
 * by the diagonal (each weight's weighted occurrence count plus lambda), started from `start`
 * (the previous round's values, in discs). The samples used (training[i] = 1) are the stage's
 * own (weight 1) and its neighbours' (neighbourWeight). Returns the stage's compact values in discs.
 */
export function fitStage(
  samples: Samples,
  training: Uint8Array,
  stage: number,
  settings: FitSettings,
  start: Float64Array,
): Float64Array {
  const chosen: number[] = [];
  const sampleWeights: number[] = [];
  for (let i = 0; i < samples.count; i++) {
    if (training[i] !== 1) continue;
    const s = stageOf(sampleEmpties(samples, i), settings.stages);
    if (s === stage) {
      chosen.push(i);
      sampleWeights.push(1);
    } else if (Math.abs(s - stage) === 1 && settings.neighbourWeight > 0) {
      chosen.push(i);
      sampleWeights.push(settings.neighbourWeight);
    }
  }
  const theta = Float64Array.from(start);
  const n = chosen.length;
  if (n === 0) return theta;
  // The features of every chosen sample, computed once.
  const features = new Int32Array(n * ENTRIES);
  const raw = new Int32Array(ENTRIES);
  const y = new Float64Array(n);
  const w = Float64Array.from(sampleWeights);
  for (let k = 0; k < n; k++) {
    const i = chosen[k]!;
    positionEntries(
      samples.boards[4 * i]!,
      samples.boards[4 * i + 1]!,
      samples.boards[4 * i + 2]!,
      samples.boards[4 * i + 3]!,
      raw,
    );
    for (let f = 0; f < ENTRIES; f++) features[k * ENTRIES + f] = CANONICAL[raw[f]!]!;
    y[k] = samples.scores[i]!;
  }
  const lambda = settings.lambda;
  const diagonal = new Float64Array(COMPACT_SIZE).fill(lambda);
  for (let k = 0; k < n; k++) for (let f = 0; f < ENTRIES; f++) diagonal[features[k * ENTRIES + f]!]! += w[k]!;
  // A x: the normal equations' matrix times x, in one pass over the samples.
  const multiply = (x: Float64Array, into: Float64Array): void => {
    for (let i = 0; i < COMPACT_SIZE; i++) into[i] = lambda * x[i]!;
    for (let k = 0; k < n; k++) {
      const base = k * ENTRIES;
      let dot = 0;
      for (let f = 0; f < ENTRIES; f++) dot += x[features[base + f]!]!;
      dot *= w[k]!;
      for (let f = 0; f < ENTRIES; f++) into[features[base + f]!]! += dot;
    }
  };
  // r = b - A theta, with b = sum_j w_j y_j x_j.
  const r = new Float64Array(COMPACT_SIZE);
  multiply(theta, r);
  for (let i = 0; i < COMPACT_SIZE; i++) r[i] = -r[i]!;
  for (let k = 0; k < n; k++) {
    const wy = w[k]! * y[k]!;
    for (let f = 0; f < ENTRIES; f++) r[features[k * ENTRIES + f]!]! += wy;
  }
  const z = new Float64Array(COMPACT_SIZE);
  const p = new Float64Array(COMPACT_SIZE);
  const q = new Float64Array(COMPACT_SIZE);
  for (let i = 0; i < COMPACT_SIZE; i++) p[i] = z[i] = r[i]! / diagonal[i]!;
  let rz = dotProduct(r, z);
  for (let it = 0; it < settings.iterations && rz > 1e-12; it++) {
    multiply(p, q);
    const alpha = rz / dotProduct(p, q);
    for (let i = 0; i < COMPACT_SIZE; i++) {
      theta[i]! += alpha * p[i]!;
      r[i]! -= alpha * q[i]!;
      z[i] = r[i]! / diagonal[i]!;
    }
    const next = dotProduct(r, z);
    const beta = next / rz;
    rz = next;
    for (let i = 0; i < COMPACT_SIZE; i++) p[i] = z[i]! + beta * p[i]!;
  }
  return theta;
}

function dotProduct(a: Float64Array, b: Float64Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
}

/** Values in discs as stored weights (1/WEIGHT_UNITS of a disc, clamped to 16 bits). */
export function quantise(stages: readonly Float64Array[]): Weights {
  const values = new Int16Array(stages.length * COMPACT_SIZE);
  stages.forEach((theta, s) => {
    for (let i = 0; i < COMPACT_SIZE; i++)
      values[s * COMPACT_SIZE + i] = Math.max(-32768, Math.min(32767, Math.round(theta[i]! * WEIGHT_UNITS)));
  });
  return { stages: stages.length, values };
}

/** Stored weights as values in discs, stage by stage (the start of the next round's fit). */
export function dequantise(weights: Weights): Float64Array[] {
  return Array.from({ length: weights.stages }, (_, s) =>
    Float64Array.from(weights.values.subarray(s * COMPACT_SIZE, (s + 1) * COMPACT_SIZE), (v) => v / WEIGHT_UNITS),
  );
}

/**
 * Every stage fitted (fitStage) from the previous weights, quantised; `progress` hears of each
 * stage as it is done.
 */
export function fitWeights(
  samples: Samples,
  training: Uint8Array,
  previous: Weights,
  settings: FitSettings,
  progress: (stage: number) => void = () => {},
): Weights {
  if (previous.stages !== settings.stages)
    throw new Error(`previous weights have ${previous.stages} stages, the fit ${settings.stages}`);
  const start = dequantise(previous);
  const fitted = start.map((theta, stage) => {
    const values = fitStage(samples, training, stage, settings, theta);
    progress(stage);
    return values;
  });
  return quantise(fitted);
}
