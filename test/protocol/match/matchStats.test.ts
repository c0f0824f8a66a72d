import { describe, expect, it } from "vitest";
import { eloEstimate, eloFromScore, formatElo, score } from "../../../protocol/match/matchStats.js";

describe("match statistics", () => {
  it("score, Elo and its 95% interval", () => {
    expect(score({ wins: 3, draws: 2, losses: 5 })).toBe(0.4);
    expect(eloFromScore(0.5)).toBe(0);
    expect(eloFromScore(0.75)).toBeCloseTo(190.85, 1);
    const even = eloEstimate({ wins: 50, draws: 0, losses: 50 });
    expect(even.elo).toBe(0);
    expect(even.high).toBeCloseTo(-even.low, 6);
    expect(even.high).toBeCloseTo(eloFromScore(0.5 + 1.959964 * 0.05), 6);
    expect(formatElo(eloEstimate({ wins: 4, draws: 0, losses: 0 }).elo)).toBe("+inf");
    expect(formatElo(-12.345)).toBe("-12.3");
  });
});
