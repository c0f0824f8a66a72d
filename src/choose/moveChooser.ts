import type { Game } from "../game.js";
import type { SearchLimits } from "../search/searchTerms.js";
import type { Choice, Chooser } from "./choice.js";
import { forcedMove } from "./forcedMove.js";

/**
 * The engine's choice of a move, whatever the algorithm: a position without a choice (one
 * legal move, a pass for want of one, a finished game) is answered at once, here for every
 * algorithm; any other is the algorithm's chooser's to decide.
 */
export class MoveChooser {
  constructor(private readonly chooser: Chooser) {}

  choose(game: Game, limits: SearchLimits): Choice {
    const forced = forcedMove(game.position);
    return forced === undefined ? this.chooser.choose(game, limits) : { by: "forced", ...forced, elapsedMs: 0 };
  }
}
