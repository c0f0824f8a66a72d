import { describe, expect, it } from "vitest";
import { Random, drawMove, moveToPlay } from "../../src/index.js";
import { type Row, candidates } from "./candidateRows.js";

/** How often each candidate is drawn in `draws` draws from one generator. */
function counts(rows: readonly Row[], temperature: number, draws = 4000, seed = 1): number[] {
  const random = new Random(seed);
  const drawn = rows.map(() => 0);
  for (let i = 0; i < draws; i++) drawn[drawMove(candidates(rows), temperature, random)]!++;
  return drawn;
}

describe("the drawn move (drawMove)", () => {
  it("draws each visited move with probability proportional to exp(mean / T)", () => {
    const rows: Row[] = [
      [40, 0.5, "-"],
      [30, 0.6, "-"],
      [10, 0.3, "-"],
    ];
    const weights = rows.map(([, mean]) => Math.exp(mean / 0.1));
    const total = weights.reduce((a, b) => a + b, 0);
    const drawn = counts(rows, 0.1);
    for (const [i, n] of drawn.entries()) expect(n / 4000).toBeCloseTo(weights[i]! / total, 1);
    // The less a move is worth, the less often it is drawn; and the higher the temperature, the more often.
    expect(drawn[1]).toBeGreaterThan(drawn[0]!);
    expect(drawn[0]).toBeGreaterThan(drawn[2]!);
    expect(counts(rows, 1)[2]).toBeGreaterThan(drawn[2]! * 2);
  });

  it("never draws an unvisited, pruned or proven-lost move while another is there", () => {
    const rows: Row[] = [
      [0, 0.9, "-"],
      [50, 0.9, "-", "p"],
      [20, 0, "loss"],
      [10, 0.2, "-"],
      [10, 0.25, "-"],
    ];
    const drawn = counts(rows, 10, 500);
    expect(drawn.slice(0, 3)).toEqual([0, 0, 0]);
    expect(drawn[3]! + drawn[4]!).toBe(500);
    expect(drawn[3]).toBeGreaterThan(100);
  });

  it("plays a proven win as the move rule does, and takes no number from the generator", () => {
    const rows: Row[] = [
      [90, 0.6, "-"],
      [5, 1, "win"],
    ];
    const random = new Random(3);
    const state = random.state;
    expect(drawMove(candidates(rows), 1, random)).toBe(1);
    expect(random.state).toBe(state);
  });

  it("values a proven draw as half a win, whatever its mean", () => {
    const rows: Row[] = [
      [40, 0.3, "-"],
      [40, 0.1, "draw"],
    ];
    const [open, draw] = counts(rows, 0.1);
    expect(draw! / 4000).toBeCloseTo(Math.exp(5) / (Math.exp(5) + Math.exp(3)), 1);
    expect(open).toBeGreaterThan(0);
  });

  it("falls back on the move rule when nothing can be drawn: every move lost, or none visited", () => {
    const lost: Row[] = [
      [10, 0, "loss"],
      [30, 0, "loss"],
    ];
    expect(drawMove(candidates(lost), 1, new Random(1))).toBe(moveToPlay(candidates(lost)));
    const unvisited: Row[] = [
      [0, 0, "-"],
      [0, 0, "-"],
    ];
    expect(drawMove(candidates(unvisited), 1, new Random(1))).toBe(0);
    expect(drawMove(candidates([]), 1, new Random(1))).toBe(-1);
  });

  it("draws from the generator it is given: the same seed, the same moves", () => {
    const rows: Row[] = [
      [40, 0.5, "-"],
      [30, 0.55, "-"],
      [20, 0.45, "-"],
    ];
    const draws = (seed: number) => {
      const random = new Random(seed);
      return Array.from({ length: 20 }, () => drawMove(candidates(rows), 0.1, random));
    };
    expect(draws(5)).toEqual(draws(5));
    expect(new Set(draws(5)).size).toBe(3);
  });
});
