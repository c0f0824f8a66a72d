import type { Choice, Chooser, Game } from "../../src/index.js";

/** A chooser for the choosers' tests: records the games it is asked about and plays their first legal move. */
export function recording(): Chooser & { readonly asked: Game[] } {
  const asked: Game[] = [];
  return {
    asked,
    choose: (game: Game): Choice => {
      asked.push(game);
      return { by: "random", move: game.position.legalMoves()[0]!, elapsedMs: 0 };
    },
  };
}
