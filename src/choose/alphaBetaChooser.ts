import { AlphaBeta } from "../alphabeta/alphaBeta.js";
import type { Evaluation } from "../eval/evaluation.js";
import type { Game } from "../game.js";
import { PASS } from "../position.js";
import type { SearchLimits } from "../search/searchTerms.js";
import type { Choice, Chooser } from "./choice.js";

/** Depth 6 finishes in well under a second a move in the midgame (docs/evaluation.md). */
export const DEFAULT_ALPHA_BETA_DEPTH = 6;

/** The alpha-beta player over the pattern evaluation: iterative deepening to `depth`, or as deep as the time allows. */
export class AlphaBetaChooser implements Chooser {
  /** Made at the first choice: its transposition table is kept from move to move. */
  private player: AlphaBeta | undefined;

  constructor(
    private readonly evaluation: Evaluation,
    private readonly depth: number,
    private readonly now: () => number,
  ) {}

  choose(game: Game, limits: SearchLimits): Choice {
    this.player ??= new AlphaBeta(this.evaluation);
    const started = this.now();
    const deadline = limits.timeMs === undefined ? undefined : started + limits.timeMs;
    const result = this.player.choose(game.position, { depth: this.depth, deadline, now: this.now });
    const searchMs = this.now() - started;
    const { score, depth, nodes } = result;
    return { by: "alphabeta", move: result.move ?? PASS, score, depth, nodes, searchMs, elapsedMs: searchMs };
  }
}
