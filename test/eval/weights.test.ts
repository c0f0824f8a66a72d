import { describe, expect, it } from "vitest";
import { Evaluation, Random, type Weights, averageWeights, zeroWeights } from "../../src/index.js";
import { randomPosition, randomWeights } from "./helpers.js";

/** Weights whose every entry has the parity of `base`'s, so that the two's mean is exact. */
function sameParity(base: Weights, seed: number): Weights {
  const random = new Random(seed);
  const values = base.values.map((v) => v + 2 * (random.below(401) - 200));
  return { stages: base.stages, values };
}

describe("averageWeights", () => {
  it("evaluates every position as the mean of the files' evaluations", () => {
    const a = randomWeights(13, 5);
    const b = sameParity(a, 6);
    const mean = averageWeights([a, b]);
    if (!mean.ok) throw new Error(mean.error);
    const [ea, eb, em] = [a, b, mean.value].map((w) => new Evaluation(w));
    const random = new Random(7);
    for (let i = 0; i < 60; i++) {
      const p = randomPosition(random, random.below(58));
      const args = [p.playerLo, p.playerHi, p.opponentLo, p.opponentHi] as const;
      expect(em!.evaluate(...args)).toBeCloseTo((ea!.evaluate(...args) + eb!.evaluate(...args)) / 2, 9);
    }
  });

  it("rounds each entry's mean to the nearest unit", () => {
    const weights = [1, 2, 4].map(() => zeroWeights(2));
    weights[0]!.values.set([0, 1, -7, 100]);
    weights[1]!.values.set([0, 1, -8, 101]);
    weights[2]!.values.set([1, 2, -8, 102]);
    const mean = averageWeights(weights);
    if (!mean.ok) throw new Error(mean.error);
    expect(Array.from(mean.value.values.subarray(0, 4))).toEqual([0, 1, -8, 101]);
    expect(mean.value.stages).toBe(2);
  });

  it("refuses an empty list and weights of different stage counts", () => {
    expect(averageWeights([])).toEqual({ ok: false, error: "no weights to average" });
    const mixed = averageWeights([zeroWeights(13), zeroWeights(13), zeroWeights(7)]);
    expect(mixed.ok).toBe(false);
    if (!mixed.ok) expect(mixed.error).toMatch(/different stage counts \(13 and 7\)/);
  });
});
