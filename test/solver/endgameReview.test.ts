import { describe, expect, it } from "vitest";
import { Solver, reviewEndgame } from "../../src/index.js";
import { blunderingGame } from "./blunderingGame.js";

/** The six games, each worked out once by plain negamax (seconds each) for all the tests below. */
const GAMES = new Map<number, ReturnType<typeof blunderingGame>>();
function game(seed: number): ReturnType<typeof blunderingGame> {
  if (!GAMES.has(seed)) GAMES.set(seed, blunderingGame(seed));
  return GAMES.get(seed)!;
}

describe("endgame review", () => {
  it.each([1, 2, 3, 4, 5, 6])(
    "finds exactly the errors black made in game %i, and none of white's perfect moves",
    (seed) => {
      const { moves, blackChecked, whiteChecked, errors } = game(seed);
      expect(blackChecked).toBeGreaterThan(0);
      const solver = new Solver();
      const black = reviewEndgame(moves, "black", { exact: 8, wld: 10 }, solver);
      expect(black).toEqual({ checked: blackChecked, errors });
      expect(reviewEndgame(moves, "white", { exact: 8, wld: 10 }, solver)).toEqual({
        checked: whiteChecked,
        errors: [],
      });
    },
  );

  it("the blunders are there to be found: the games hold errors of both kinds", () => {
    const all = [1, 2, 3, 4, 5, 6].flatMap((seed) => game(seed).errors);
    expect(all.some((e) => e.mode === "exact")).toBe(true);
    expect(all.some((e) => e.mode === "wld")).toBe(true);
  });

  it("checks exactly at the exact depth itself, and by win/draw/loss at the WLD depth itself", () => {
    const games = [1, 2, 3, 4, 5, 6].map(game);
    const exactGame = games.find((g) => g.errors.some((e) => e.mode === "exact"))!;
    const exact = exactGame.errors.find((e) => e.mode === "exact")!;
    const at = (n: number) => exactGame.errors.filter((e) => e.empties === n);
    const solver = new Solver(16);
    const depths = { exact: exact.empties, wld: exact.empties };
    expect(reviewEndgame(exactGame.moves, "black", depths, solver).errors).toEqual(at(exact.empties));
    const wldGame = games.find((g) => g.errors.some((e) => e.mode === "wld"))!;
    const wld = wldGame.errors.find((e) => e.mode === "wld")!;
    const wldErrors = reviewEndgame(
      wldGame.moves,
      "black",
      { exact: wld.empties - 1, wld: wld.empties },
      solver,
    ).errors;
    expect(wldErrors.filter((e) => e.empties === wld.empties)).toEqual(
      wldGame.errors.filter((e) => e.empties === wld.empties),
    );
  });

  it("checks nothing beyond its depth", () => {
    expect(reviewEndgame(game(1).moves, "black", { exact: 0, wld: 0 }, new Solver())).toEqual({
      checked: 0,
      errors: [],
    });
  });
});
