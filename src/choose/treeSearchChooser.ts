import type { Game } from "../game.js";
import type { SearchReport } from "../search/report.js";
import type { SearchLimits } from "../search/searchTerms.js";
import type { Choice, Chooser } from "./choice.js";

/** A tree search as the engine runs it: `Search` on one thread, or several threads' (protocol/threads/). */
export interface TreeSearcher {
  choose(game: Game, limits: SearchLimits): SearchReport;
}

/** UCT (or flat UCB1): the move of the tree search, its report kept for the log and for protocols. */
export class TreeSearchChooser implements Chooser {
  /** `searcher` is asked for the search at each choice: it may be made at the first (its trees are large). */
  constructor(private readonly searcher: () => TreeSearcher) {}

  choose(game: Game, limits: SearchLimits): Choice {
    const report = this.searcher().choose(game, limits);
    return { by: "search", move: report.move, report, elapsedMs: report.elapsedMs };
  }
}
