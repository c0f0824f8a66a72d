import type { Move, Result } from "../../../src/index.js";
import type { ReviewLine } from "../moveAnalysis.js";
import type { MoveAnswer, SolveAnswer, ThinkingAnswer, UiInfo } from "../uiServer.js";

/**
 * What the page asks of the engine it plays, whichever it is: `othello ui`'s server
 * (serverEngine.ts), or the engine in the page itself, on a Web Worker (protocol/web/).
 */
export interface PageEngine {
  /** The settings and the engine's name, once it can play (in the page: its weights loaded); `progress` hears how the loading goes. */
  info(progress: (text: string) => void): Promise<Result<UiInfo>>;
  /**
   * The engine's move after `moves`, searched for `seconds` at `level` (UiInfo.levels); or why
   * there is none. A `hint` is only shown: the engine keeps its tree for the person's move.
   */
  move(moves: readonly Move[], seconds: number, level: number, hint: boolean): Promise<Result<MoveAnswer>>;
  /** How the search for the move asked stands; undefined when nothing is known. */
  thinking(): Promise<ThinkingAnswer | undefined>;
  /** Ends the search under way at once, if the engine can: its move's answer is then an error. */
  stop(): void;
  /** The exact score of each move after `moves`; null when they were not solved (in time), or the question failed. */
  solve(moves: readonly Move[], signal: AbortSignal): Promise<SolveAnswer["scores"]>;
  /** The review of `moves`, as it comes: for each piece, the lines it completes. Throws when it cannot be had. */
  review(moves: readonly Move[], signal: AbortSignal): AsyncGenerator<ReviewLine[]>;
}
