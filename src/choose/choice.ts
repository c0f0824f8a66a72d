import type { Game } from "../game.js";
import type { Move } from "../position.js";
import type { SearchReport } from "../search/report.js";
import type { SearchLimits } from "../search/searchTerms.js";
import type { SolveMode } from "../solver/solveTerms.js";
import type { ForcedReason } from "./forcedMove.js";

/**
 * How a move was chosen, for the log and for protocols that show it (NBoard's evaluations):
 * at once (a position without a choice), at random, from the opening book, by the solver, the
 * tree search or the alpha-beta player. `elapsedMs` is the whole choice's, a solve that did not decide included.
 */
export type Choice =
  | { readonly by: "forced"; readonly move: Move; readonly reason: ForcedReason; readonly elapsedMs: number }
  | { readonly by: "random"; readonly move: Move; readonly elapsedMs: number }
  | {
      readonly by: "book";
      readonly move: Move;
      /** The move's book value for the mover, in discs, and how many book moves were within the margin of the best. */
      readonly value: number;
      readonly candidates: number;
      readonly elapsedMs: number;
    }
  | {
      readonly by: "solver";
      readonly move: Move;
      readonly mode: SolveMode;
      /** The exact score, or 1, 0 or -1 (win, draw or loss), for the mover. */
      readonly score: number;
      readonly elapsedMs: number;
    }
  | { readonly by: "search"; readonly move: Move; readonly report: SearchReport; readonly elapsedMs: number }
  | {
      readonly by: "alphabeta";
      readonly move: Move;
      /** The move's value for the mover in discs, the deepest iteration finished, and the nodes searched. */
      readonly score: number;
      readonly depth: number;
      readonly nodes: number;
      /** The alpha-beta search's own time. */
      readonly searchMs: number;
      readonly elapsedMs: number;
    };

/** One algorithm's way of choosing a move: asked only where there is a choice, two legal moves or more. */
export interface Chooser {
  choose(game: Game, limits: SearchLimits): Choice;
}
