import { describe, expect, it } from "vitest";
import { Game, Random, RandomChooser } from "../../src/index.js";

describe("the random baseline", () => {
  it("plays the legal moves uniformly, without searching", () => {
    const chooser = new RandomChooser(new Random(12));
    const counts = new Map<number, number>();
    for (let i = 0; i < 4000; i++) {
      const choice = chooser.choose(new Game());
      expect(choice).toMatchObject({ by: "random", elapsedMs: 0 });
      counts.set(choice.move, (counts.get(choice.move) ?? 0) + 1);
    }
    expect([...counts.keys()].sort((a, b) => a - b)).toEqual([19, 26, 37, 44]);
    for (const n of counts.values()) expect(Math.abs(n - 1000)).toBeLessThan(150);
  });

  it("repeats with the same seed", () => {
    const game = new Game();
    const moves = (seed: number) => {
      const chooser = new RandomChooser(new Random(seed));
      return Array.from({ length: 20 }, () => chooser.choose(game).move);
    };
    expect(moves(7)).toEqual(moves(7));
    expect(moves(7)).not.toEqual(moves(8));
  });
});
