import { type Move, PASS, type Position } from "../position.js";

/** Why a move was forced: the only legal move, a pass for want of one, or the pass of a finished game. */
export type ForcedReason = "only move" | "pass" | "game over";

export interface ForcedMove {
  readonly move: Move;
  readonly reason: ForcedReason;
}

/** The move a position leaves no choice about, played without thinking; undefined when there are two legal moves or more. */
export function forcedMove(position: Position): ForcedMove | undefined {
  const moves = position.legalMoves();
  if (moves.length > 1) return undefined;
  const move = moves[0] ?? PASS;
  return { move, reason: moves.length === 0 ? "game over" : move === PASS ? "pass" : "only move" };
}
