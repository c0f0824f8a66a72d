import { describe, expect, it } from "vitest";
import { Solver, reviewEndgame } from "../../src/index.js";
import { blunderingGame } from "./blunderingGame.js";

describe("endgame review", () => {
  it.each([1, 2, 3, 4, 5, 6])(
    "finds exactly the errors black made in game %i, and none of white's perfect moves",
    (seed) => {
      const game = blunderingGame(seed);
      expect(game.blackChecked).toBeGreaterThan(0);
      const solver = new Solver();
      const black = reviewEndgame(game.moves, "black", { exact: 8, wld: 10 }, solver);
      expect(black).toEqual({ checked: game.blackChecked, errors: game.errors });
      expect(reviewEndgame(game.moves, "white", { exact: 8, wld: 10 }, solver)).toEqual({
        checked: game.whiteChecked,
        errors: [],
      });
    },
  );

  it("the blunders are there to be found: the games hold errors of both kinds", () => {
    const all = [1, 2, 3, 4, 5, 6].flatMap((seed) => blunderingGame(seed).errors);
    expect(all.some((e) => e.mode === "exact")).toBe(true);
    expect(all.some((e) => e.mode === "wld")).toBe(true);
  });

  it("checks nothing beyond its depth", () => {
    const game = blunderingGame(1);
    expect(reviewEndgame(game.moves, "black", { exact: 0, wld: 0 }, new Solver())).toEqual({ checked: 0, errors: [] });
  });
});
