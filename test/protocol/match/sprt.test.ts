import { describe, expect, it } from "vitest";
import { type Sprt, sprtLlr, sprtState } from "../../../protocol/match/sprt.js";
import type { Pentanomial } from "../../../protocol/match/pentanomial.js";

const SPRT_0_5: Sprt = { elo0: 0, elo1: 5, alpha: 0.05, beta: 0.05 };
/** ln(0.95 / 0.05) = ln 19: both bounds' size at alpha = beta = 0.05. */
const BOUND = Math.log(19);

describe("the SPRT's log-likelihood ratio", () => {
  it("is N (s1 - s0) (2 m - s0 - s1) / (2 v) over the pairs' scores halved, worked by hand", () => {
    // [2, 4, 8, 4, 2]: 20 pairs, mean 1/2, variance (2/4 + 4/16 + 4/16 + 2/4) / 20 = 0.075;
    // with s0 = 1/2 the ratio is -20 (s1 - 1/2)^2 / 0.15.
    const s1 = 1 / (1 + 10 ** (-5 / 400));
    expect(sprtLlr([2, 4, 8, 4, 2], 0, 5)).toBeCloseTo((-20 * (s1 - 0.5) ** 2) / 0.15, 12);
    expect(sprtLlr([2, 4, 8, 4, 2], 0, 5)).toBeCloseTo(-0.0069025601, 9);
  });

  it.each<[Pentanomial, number, number, number]>([
    [[3, 10, 20, 15, 7], 0, 5, 0.3120615227742451],
    [[1, 3, 5, 3, 2], -5, 5, 0.0909829687080043],
    [[100, 400, 1000, 400, 100], 0, 10, -4.139821364527281],
  ])("of %j for Elo %d against %d is %f (computed apart)", (pairs, elo0, elo1, llr) => {
    expect(sprtLlr(pairs, elo0, elo1)).toBeCloseTo(llr, 10);
  });

  it("is 0 for a table and hypotheses both symmetric about an even score, and changes sign with both mirrored", () => {
    expect(sprtLlr([3, 9, 20, 9, 3], -5, 5)).toBeCloseTo(0, 14);
    const pairs: Pentanomial = [3, 10, 20, 15, 7];
    expect(sprtLlr([7, 15, 20, 10, 3], -5, 0)).toBeCloseTo(-sprtLlr(pairs, 0, 5), 12);
    // More points for A: more evidence for H1, whatever the hypotheses.
    expect(sprtLlr([3, 10, 20, 16, 7], 0, 5)).toBeGreaterThan(sprtLlr(pairs, 0, 5));
    expect(sprtLlr(pairs, -3, 1)).toBeGreaterThan(0);
  });

  it("is 0 before any pair, and finite while every pair has ended alike", () => {
    expect(sprtLlr([0, 0, 0, 0, 0], 0, 5)).toBe(0);
    // Empty cells count a tenth of a pair: 12 won pairs are not yet enough against [0, 5], 13 are.
    expect(sprtLlr([0, 0, 0, 0, 12], 0, 5)).toBeCloseTo(2.887613963743763, 10);
    expect(sprtLlr([0, 0, 0, 0, 13], 0, 5)).toBeCloseTo(3.3758323190847324, 10);
    expect(sprtLlr([0, 0, 0, 0, 50], 0, 5)).toBeCloseTo(48.222506969446115, 9);
    expect(sprtLlr([0, 0, 3, 0, 0], 0, 5)).toBeLessThan(0);
  });
});

describe("the SPRT's decision", () => {
  it("has Wald's bounds ln(beta / (1 - alpha)) and ln((1 - beta) / alpha)", () => {
    expect(sprtState([0, 0, 0, 0, 0], SPRT_0_5)).toEqual({ llr: 0, lower: -BOUND, upper: BOUND, accepted: undefined });
    const state = sprtState([0, 0, 0, 0, 0], { ...SPRT_0_5, beta: 0.1 });
    expect(state.lower).toBeCloseTo(-2.251291798606495, 12);
    expect(state.upper).toBeCloseTo(2.8903717578961645, 12);
  });

  it("accepts H1 for a sweep, in a dozen pairs", () => {
    expect(sprtState([0, 0, 0, 0, 12], SPRT_0_5).accepted).toBeUndefined();
    expect(sprtState([0, 0, 0, 0, 13], SPRT_0_5).accepted).toBe("H1");
    expect(sprtState([0, 0, 0, 0, 50], SPRT_0_5).accepted).toBe("H1");
  });

  it("accepts H0 for evenly matched sides after many pairs, not after few", () => {
    const sprt = { ...SPRT_0_5, elo1: 10 };
    expect(sprtState([10, 40, 100, 40, 10], sprt).accepted).toBeUndefined();
    expect(sprtState([100, 400, 1000, 400, 100], sprt).accepted).toBe("H0");
    // A weaker side is told apart sooner: 200 pairs, a score of 0.431.
    expect(sprtState([20, 50, 100, 25, 5], sprt).accepted).toBe("H0");
  });
});
