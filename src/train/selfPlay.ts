import type { AlphaBeta } from "../eval/alphaBeta.js";
import { Position } from "../position.js";
import { Random } from "../random.js";
import type { Solver } from "../solver/solver.js";
import { EXACT, GAME_START, type SampleBuffer } from "./samples.js";

export interface SelfPlaySettings {
  /** Plies of the alpha-beta search for each move. */
  readonly depth: number;
  /** Uniformly random moves at the start of each game, so that the games differ. */
  readonly randomPlies: number;
  /** After them, each root move's value gets up to this many discs of random noise. */
  readonly noise: number;
  /** From this many empty squares on, the solver plays and labels exactly. */
  readonly solveEmpties: number;
}

/** The self-play of `othello train` and `othello curve` unless told otherwise. */
export const SELF_PLAY_DEFAULTS: SelfPlaySettings = { depth: 2, randomPlies: 8, noise: 2, solveEmpties: 14 };

/** The solver's table for self-play: small, as it is cleared before each game. */
export const SELF_PLAY_SOLVER_BITS = 16;

/**
 * Plays one game of the alpha-beta player against itself and records every position where
 * the mover has a move: those the solver reaches are labelled with its exact score, the
 * earlier ones with the game's final result, which the solver's perfect ending makes the
 * exact value of the position where it took over. The player's and the solver's tables are
 * cleared first, so that the game depends only on `random`. Returns the final disc difference
 * for black.
 */
export function playSelfPlayGame(
  player: AlphaBeta,
  solver: Solver,
  random: Random,
  settings: SelfPlaySettings,
  out: SampleBuffer,
): number {
  player.clearTable();
  solver.clear();
  let position = Position.initial();
  const midgame: Position[] = [];
  const endgame: { position: Position; score: number }[] = [];
  let ply = 0;
  while (!position.isGameOver()) {
    const squares = position.legalSquares();
    if (squares.length === 0) {
      position = position.swapped();
      continue;
    }
    let move: number;
    if (position.empties() <= settings.solveEmpties) {
      const solved = solver.solve(position);
      endgame.push({ position, score: solved.score });
      move = solved.move!;
    } else {
      midgame.push(position);
      move =
        ply < settings.randomPlies
          ? squares[random.below(squares.length)]!
          : player.choose(position, { depth: settings.depth, noise: settings.noise, random }).move!;
    }
    position = position.play(move);
    ply++;
  }
  const black = position.worldScore();
  let first = true;
  for (const p of midgame) {
    out.add(p.playerLo, p.playerHi, p.opponentLo, p.opponentHi, p.blackToMove ? black : -black, first ? GAME_START : 0);
    first = false;
  }
  for (const { position: p, score } of endgame) {
    out.add(p.playerLo, p.playerHi, p.opponentLo, p.opponentHi, score, EXACT | (first ? GAME_START : 0));
    first = false;
  }
  return black;
}

/** The seed of game g of round r in a run seeded s: each game repeats alone, so an interrupted round resumes with the same games. */
export function gameSeed(seed: number, round: number, game: number): number {
  return new Random((seed ^ Math.imul(round + 1, 0x9e3779b1) ^ Math.imul(game + 1, 0x85ebca77)) | 0).nextU32();
}
