import { type AlphaBeta, type Move, PASS, type Position, type Solver, formatVertex } from "../../src/index.js";

/**
 * What the page's review and hints know of a position besides the engine's search: the exact
 * value of its moves by the solver near the end, and before that the alpha-beta player's value
 * over the pattern evaluation. Values are final disc differences for the player to move
 * (empty squares to the winner); the evaluation's are its prediction of that number.
 */

export interface AnalysisLimits {
  /** Positions with at most this many empty squares are solved exactly, when the solve ends within `solveMs`. */
  readonly exactEmpties: number;
  readonly solveMs: number;
  /** Before that (or when the solve runs out of time), the alpha-beta player searches this many plies deep. */
  readonly depth: number;
}

/**
 * A whole game in a few seconds (2.7 to 4.9 s on two cores busy with other work; one position's
 * search at most about 0.3 s), more on a hard ending; the page's hints solve the same endings.
 */
export const ANALYSIS_LIMITS: AnalysisLimits = { exactEmpties: 18, solveMs: 2000, depth: 8 };

export interface AnalysisTools {
  readonly solver: Solver;
  readonly alphaBeta: AlphaBeta;
  /** The clock of the solver's deadline, in milliseconds. */
  readonly now: () => number;
}

/** A move set beside the best one: "forced" for a pass or the only legal move, which lose nothing. */
export type MoveReview =
  | { readonly by: "forced" }
  | {
      /** "exact": by the solver, `depth` the empty squares to the end; "search": by the alpha-beta player, `depth` plies deep. */
      readonly by: "exact" | "search";
      readonly depth: number;
      /** A best move (the played one when it is as good as any). */
      readonly best: Move;
      /** The mover's value with best play, and after the move played; `loss` the difference, never below 0. */
      readonly bestValue: number;
      readonly playedValue: number;
      readonly loss: number;
    };

/** `move`, played in `position`, against the best move there: exact when the solver can, else by the alpha-beta player. */
export function reviewMove(position: Position, move: Move, tools: AnalysisTools, limits: AnalysisLimits): MoveReview {
  if (move === PASS || position.legalMoves().length < 2) return { by: "forced" };
  const empties = position.empties();
  if (empties <= limits.exactEmpties) {
    const solve = { mode: "exact" as const, deadline: tools.now() + limits.solveMs, now: tools.now };
    const best = tools.solver.solve(position, solve);
    const played = best.solved && best.move !== move ? tools.solver.solve(position.play(move), solve) : undefined;
    if (best.solved && best.move !== undefined && played?.solved !== false) {
      const playedValue = played === undefined ? best.score : -played.score;
      return reviewed("exact", empties, best.move, best.score, playedValue, move);
    }
  }
  const { depth } = limits;
  const best = tools.alphaBeta.choose(position, { depth });
  if (best.move === undefined) throw new Error("reviewMove: a move in a finished game");
  const after = position.play(move);
  // The other moves at the root were searched one ply less deep: the played one is valued the same way.
  const playedValue =
    best.move === move
      ? best.score
      : -tools.alphaBeta.value(after.playerLo, after.playerHi, after.opponentLo, after.opponentHi, depth - 1);
  return reviewed("search", depth, best.move, best.score, playedValue, move);
}

function reviewed(
  by: "exact" | "search",
  depth: number,
  best: Move,
  bestValue: number,
  playedValue: number,
  move: Move,
): MoveReview {
  // A move as good as the best is named the best.
  return {
    by,
    depth,
    best: playedValue === bestValue ? move : best,
    bestValue,
    playedValue,
    loss: bestValue - playedValue,
  };
}

/** A legal move and the final disc difference for the player who makes it, with best play after it. */
export interface ExactScore {
  readonly move: Move;
  readonly score: number;
}

/** Each legal move's exact score, or undefined when the position has too many empties or the solve runs out of time. */
export function exactScores(
  position: Position,
  tools: AnalysisTools,
  limits: AnalysisLimits,
): ExactScore[] | undefined {
  if (position.empties() > limits.exactEmpties) return undefined;
  const solve = { mode: "exact" as const, deadline: tools.now() + limits.solveMs, now: tools.now };
  const scores: ExactScore[] = [];
  for (const move of position.legalSquares()) {
    const after = tools.solver.solve(position.play(move), solve);
    if (!after.solved) return undefined;
    scores.push({ move, score: -after.score });
  }
  return scores;
}

/** One line of `POST /api/review`'s answer: a move of the game (`ply` its index) against the best move there. */
export type ReviewLine =
  | { readonly ply: number; readonly move: string; readonly by: "forced" }
  | {
      readonly ply: number;
      readonly move: string;
      readonly by: "exact" | "search";
      readonly depth: number;
      readonly best: string;
      /** The mover's values in discs, with best play and after the move played, and the difference. */
      readonly bestValue: number;
      readonly playedValue: number;
      readonly loss: number;
    }
  /** The last line: the moves reviewed and the time it took. */
  | { readonly done: true; readonly moves: number; readonly seconds: number }
  /** Instead of the last line, when the analysis failed. */
  | { readonly error: string };

/** A move as the page and its engines' answers write it: lowercase, `pass` for a pass. */
export const vertex = (move: Move): string => formatVertex(move).toLowerCase();

/** Disc values to the hundredth: the evaluation's decimals beyond say nothing. */
export const hundredths = (value: number): number => Math.round(value * 100) / 100;

/** A move's review as a line of the review's answer (`POST /api/review`, or the page's worker). */
export function reviewLine(ply: number, move: Move, review: MoveReview): ReviewLine {
  if (review.by === "forced") return { ply, move: vertex(move), by: "forced" };
  return {
    ply,
    move: vertex(move),
    by: review.by,
    depth: review.depth,
    best: vertex(review.best),
    bestValue: hundredths(review.bestValue),
    playedValue: hundredths(review.playedValue),
    loss: hundredths(review.loss),
  };
}
