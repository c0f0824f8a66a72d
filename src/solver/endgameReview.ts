import { type Move, Position } from "../position.js";
import type { Solver } from "./solver.js";

/** How far from the end a game's moves are checked: exactly, and by win/draw/loss beyond. */
export interface ReviewDepths {
  /** Moves with at most this many empties are checked against the exact score. */
  readonly exact: number;
  /** Moves with more, up to this many, against the win/draw/loss result. */
  readonly wld: number;
}

/** A move that made the mover's result worse than best play would have kept it. */
export interface EndgameError {
  /** Index of the move in the game (0 for the first move). */
  readonly ply: number;
  readonly empties: number;
  readonly move: Move;
  readonly mode: "exact" | "wld";
  /** The mover's value before the move with best play, and after the move played (exact: discs; wld: 1, 0, -1). */
  readonly best: number;
  readonly played: number;
}

export interface GameReview {
  /** The reviewed side's moves that were checked (a forced move or pass is not). */
  readonly checked: number;
  readonly errors: readonly EndgameError[];
}

/** The value for the side to move, exact or by sign (the solver scores a finished game too). */
function value(position: Position, mode: "exact" | "wld", solver: Solver): number {
  // Stryker disable next-line ObjectLiteral: an exact solve has the same sign; the WLD one is only faster.
  const r = solver.solve(position, { mode });
  return mode === "exact" ? r.score : Math.sign(r.score);
}

/**
 * Checks the moves that `reviewed` (black or white) made in the last `depths.wld` empties of a
 * game played from the start, with the solver: a move is an error when the mover's exact score
 * (up to `depths.exact` empties) or its win/draw/loss result (beyond) is worse after it than
 * best play would have kept. The moves must be legal.
 */
export function reviewEndgame(
  moves: readonly Move[],
  reviewed: "black" | "white",
  depths: ReviewDepths,
  solver: Solver,
): GameReview {
  let position = Position.initial();
  let checked = 0;
  const errors: EndgameError[] = [];
  moves.forEach((move, ply) => {
    const ours = position.blackToMove === (reviewed === "black");
    const empties = position.empties();
    // A pass is the only legal move where it is played: it is not checked.
    if (ours && empties <= depths.wld && position.legalMoves().length > 1) {
      const mode = empties <= depths.exact ? "exact" : "wld";
      const best = value(position, mode, solver);
      const played = -value(position.play(move), mode, solver);
      checked++;
      if (played < best) errors.push({ ply, empties, move, mode, best, played });
    }
    position = position.play(move);
  });
  return { checked, errors };
}
