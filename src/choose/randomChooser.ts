import type { Game } from "../game.js";
import type { Random } from "../random.js";
import type { Choice, Chooser } from "./choice.js";

/** The baseline of strength matches: a uniformly random legal move, no search. */
export class RandomChooser implements Chooser {
  constructor(private readonly random: Random) {}

  choose(game: Game): Choice {
    const moves = game.position.legalMoves();
    return { by: "random", move: moves[this.random.below(moves.length)]!, elapsedMs: 0 };
  }
}
