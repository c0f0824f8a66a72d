import { describe, expect, it } from "vitest";
import {
  AlphaBeta,
  type CurveSamples,
  EVEN_LOG_LOSS,
  Random,
  SampleBuffer,
  Solver,
  curveLogLoss,
  curveSamples,
  fitCurve,
  fitWinCurve,
  playSelfPlayGame,
  sampleEmpties,
} from "../../src/index.js";
import { randomEvaluation } from "../eval/helpers.js";

/**
 * n positions with empties uniform in 1..60 and evaluations uniform in [-40, 40] discs, each a
 * win with the chance the curve of scale scaleOf(empties) gives it, else a loss.
 */
function synthetic(seed: number, n: number, scaleOf: (empties: number) => number): CurveSamples {
  const random = new Random(seed);
  const evaluations = new Float64Array(n);
  const outcomes = new Float64Array(n);
  const empties = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    empties[i] = 1 + random.below(60);
    evaluations[i] = random.nextFloat() * 80 - 40;
    outcomes[i] = random.nextFloat() < 1 / (1 + Math.exp(-evaluations[i]! / scaleOf(empties[i]!))) ? 1 : 0;
  }
  return { count: n, evaluations, outcomes, empties };
}

describe("the win curve's fit", () => {
  it("recovers the scale the outcomes were drawn with, within 5% (the error's standard deviation over 30 seeds: 1.1-1.4%)", () => {
    for (const [seed, scale] of [
      [1, 4],
      [2, 8],
      [3, 16],
    ] as const) {
      const fit = fitCurve(
        synthetic(seed, 20_000, () => scale),
        0,
        64,
      );
      expect(fit.samples).toBe(20_000);
      expect(Math.abs(fit.scale / scale - 1), `scale ${scale}: fitted ${fit.scale}`).toBeLessThan(0.05);
    }
  });

  it("fits each band of 10 empties alone, and all of them together between the bands' scales", () => {
    const scaleOf = (empties: number): number => 4 + 2 * Math.floor((empties - 1) / 10);
    const { overall, bands } = fitWinCurve(synthetic(4, 60_000, scaleOf));
    expect(bands.map((b) => [b.fewest, b.most])).toEqual([
      [1, 10],
      [11, 20],
      [21, 30],
      [31, 40],
      [41, 50],
      [51, 60],
    ]);
    for (const band of bands) {
      const scale = scaleOf(band.fewest);
      expect(band.samples).toBeGreaterThan(9000);
      expect(
        Math.abs(band.scale / scale - 1),
        `empties ${band.fewest}-${band.most}: fitted ${band.scale}, drawn with ${scale}`,
      ).toBeLessThan(0.08);
    }
    expect(overall.samples).toBe(60_000);
    expect(overall.scale).toBeGreaterThan(5);
    expect(overall.scale).toBeLessThan(13);
  });

  it("finds the best likelihood: any other scale, twice, half or 3% off, has a larger log-loss", () => {
    const samples = synthetic(5, 20_000, () => 8);
    const fit = fitCurve(samples, 0, 64);
    expect(fit.logLoss).toBeCloseTo(curveLogLoss(samples, fit.scale, 0, 64), 12);
    expect(fit.logLoss).toBeLessThan(EVEN_LOG_LOSS);
    for (const factor of [2, 0.5, 1.03, 1 / 1.03])
      expect(curveLogLoss(samples, fit.scale * factor, 0, 64), `scale x ${factor}`).toBeGreaterThan(fit.logLoss);
  });

  it("counts a draw as half a win and half a loss: a win and a loss at one evaluation fit as two draws there", () => {
    const base = synthetic(6, 4000, () => 8);
    const pairs = (outcome: (i: number) => [number, number]): CurveSamples => {
      const n = 2 * base.count;
      const samples = {
        count: n,
        evaluations: new Float64Array(n),
        outcomes: new Float64Array(n),
        empties: new Uint8Array(n),
      };
      for (let i = 0; i < base.count; i++) {
        const drawn = i % 5 === 0;
        const [a, b] = drawn ? outcome(i) : [base.outcomes[i]!, base.outcomes[i]!];
        samples.evaluations.set([base.evaluations[i]!, base.evaluations[i]!], 2 * i);
        samples.outcomes.set([a, b], 2 * i);
        samples.empties.set([base.empties[i]!, base.empties[i]!], 2 * i);
      }
      return samples;
    };
    const winAndLoss = fitCurve(
      pairs(() => [1, 0]),
      0,
      64,
    );
    const twoDraws = fitCurve(
      pairs(() => [0.5, 0.5]),
      0,
      64,
    );
    expect(twoDraws.scale).toBeCloseTo(winAndLoss.scale, 9);
    // Position by position the two cost the same: ln(1 + e^-z) + ln(1 + e^z).
    expect(twoDraws.logLoss).toBeCloseTo(winAndLoss.logLoss, 12);
  });

  it("says when the evaluation tells nothing (all draws: the scale is infinite, p = 0.5) and when it separates the outcomes exactly (a scale near 0)", () => {
    const base = synthetic(7, 1000, () => 8);
    const draws = fitCurve({ ...base, outcomes: new Float64Array(base.count).fill(0.5) }, 0, 64);
    expect(draws.scale).toBe(Infinity);
    expect(draws.logLoss).toBeCloseTo(EVEN_LOG_LOSS, 12);
    const separated = fitCurve({ ...base, outcomes: base.evaluations.map((e) => (e > 0 ? 1 : 0)) }, 0, 64);
    expect(separated.scale).toBeLessThan(0.001);
    expect(separated.logLoss).toBeLessThan(0.01);
  });

  it("reports a band without positions as such", () => {
    const fit = fitCurve(
      synthetic(8, 100, () => 8),
      61,
      64,
    );
    expect(fit.samples).toBe(0);
    expect(fit.scale).toBeNaN();
  });
});

describe("curve samples from self-play", () => {
  it("carry each position's evaluation, empties, and outcome for its mover from its label's sign", () => {
    const evaluation = randomEvaluation(3);
    const buffer = new SampleBuffer();
    const random = new Random(9);
    for (let g = 0; g < 4; g++)
      playSelfPlayGame(
        new AlphaBeta(evaluation),
        new Solver(14),
        random,
        { depth: 1, randomPlies: 6, noise: 1, solveEmpties: 8 },
        buffer,
      );
    const samples = buffer.toSamples();
    const curve = curveSamples(samples, evaluation);
    expect(curve.count).toBe(samples.count);
    const outcomes = new Set<number>();
    for (let i = 0; i < samples.count; i++) {
      const b = samples.boards;
      expect(curve.evaluations[i]).toBe(evaluation.evaluate(b[4 * i]!, b[4 * i + 1]!, b[4 * i + 2]!, b[4 * i + 3]!));
      expect(curve.empties[i]).toBe(sampleEmpties(samples, i));
      const score = samples.scores[i]!;
      expect(curve.outcomes[i]).toBe(score > 0 ? 1 : score === 0 ? 0.5 : 0);
      outcomes.add(curve.outcomes[i]!);
    }
    expect(outcomes.has(1) && outcomes.has(0)).toBe(true);
  });
});
