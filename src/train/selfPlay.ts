import { AlphaBeta } from "../alphabeta/alphaBeta.js";
import type { Evaluation } from "../eval/evaluation.js";
import { type Move, PASS, Position } from "../position.js";
import { Random } from "../random.js";
import { Solver } from "../solver/solver.js";
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

/** What a game of `othello train` adds to the self-play of `othello curve`. */
export interface GameVariety {
  /**
   * Openings (such as the XOT list): each game first plays one of them, chosen by its own
   * random numbers, then its random plies; none: the random plies start from the start. The
   * opening's positions are recorded too (labelled as a random move's), so that every stage
   * has positions.
   */
  readonly openings: readonly (readonly Move[])[];
  /**
   * TD(lambda)'s lambda for the labels of the positions before the solver's: 1 labels them
   * with the game's result; below 1, each label is (1 - lambda) times the position's own
   * search value plus lambda times the next position's label, which ends in the solver's
   * exact score (a position played at random keeps the next one's label).
   */
  readonly tdLambda: number;
}

/** Games from the start, labelled with their result: `othello curve`'s. */
export const PLAIN_GAMES: GameVariety = { openings: [], tdLambda: 1 };

/** The solver's table for self-play: small, as it is cleared before each game. */
const SELF_PLAY_SOLVER_BITS = 16;

/**
 * The player and the solver of self-play over one evaluation, made alike wherever games are
 * played (a thread, a worker, a shard), so that a game is the same whoever plays it. The solver
 * orders its moves by the evaluation, as the engine's does: the scores are exact either way, and
 * from 20 empties it solves in a third of the time.
 */
export function selfPlayers(evaluation: Evaluation): { player: AlphaBeta; solver: Solver } {
  return { player: new AlphaBeta(evaluation), solver: new Solver(SELF_PLAY_SOLVER_BITS, evaluation) };
}

/**
 * Plays one game of the alpha-beta player against itself and records every position where
 * the mover has a move: those the solver reaches are labelled with its exact
 * score, the earlier ones with the game's final result (which the solver's perfect ending makes
 * the exact value of the position where it took over), or blended with their search values
 * (`variety.tdLambda`). The player's and the solver's tables are cleared first, so that the
 * game depends only on `random`. Returns the final disc difference for black.
 */
export function playSelfPlayGame(
  player: AlphaBeta,
  solver: Solver,
  random: Random,
  settings: SelfPlaySettings,
  out: SampleBuffer,
  variety: GameVariety = PLAIN_GAMES,
): number {
  player.clearTable();
  solver.clear();
  let position = Position.initial();
  // Passes happen by themselves below.
  const opening =
    variety.openings.length === 0
      ? []
      : variety.openings[random.below(variety.openings.length)]!.filter((move) => move !== PASS);
  /** The positions recorded: the solver's score, or the search value (NaN for a random move). */
  const recorded: { position: Position; value: number; exact: boolean }[] = [];
  let ply = 0;
  while (!position.isGameOver()) {
    const squares = position.legalSquares();
    if (squares.length === 0) {
      position = position.swapped();
      continue;
    }
    let move: number;
    if (ply < opening.length) {
      recorded.push({ position, value: Number.NaN, exact: false });
      move = opening[ply]!;
    } else if (position.empties() <= settings.solveEmpties) {
      const solved = solver.solve(position);
      recorded.push({ position, value: solved.score, exact: true });
      move = solved.move!;
    } else if (ply < opening.length + settings.randomPlies) {
      recorded.push({ position, value: Number.NaN, exact: false });
      move = squares[random.below(squares.length)]!;
    } else {
      const chosen = player.choose(position, { depth: settings.depth, noise: settings.noise, random });
      recorded.push({ position, value: chosen.score, exact: false });
      move = chosen.move!;
    }
    position = position.play(move);
    ply++;
  }
  const black = position.worldScore();
  // Backwards from the end: `next` is the label of the position after, for black.
  let next = black;
  const labels = new Int8Array(recorded.length);
  for (let i = recorded.length - 1; i >= 0; i--) {
    const { position: p, value, exact } = recorded[i]!;
    const sign = p.blackToMove ? 1 : -1;
    const following = sign * next;
    const label = exact
      ? value
      : Number.isNaN(value)
        ? following
        : (1 - variety.tdLambda) * value + variety.tdLambda * following;
    labels[i] = Math.round(label);
    next = sign * label;
  }
  recorded.forEach(({ position: p, exact }, i) => {
    out.add(
      p.playerLo,
      p.playerHi,
      p.opponentLo,
      p.opponentHi,
      labels[i]!,
      (exact ? EXACT : 0) | (i === 0 ? GAME_START : 0),
    );
  });
  return black;
}

/**
 * Game `game` of round `round` in a run seeded `seed`: its random numbers come from these
 * alone, and the tables are cleared first, so whichever thread plays it, it is the same game.
 */
export function playNumberedGame(
  player: AlphaBeta,
  solver: Solver,
  settings: SelfPlaySettings,
  variety: GameVariety,
  seed: number,
  round: number,
  game: number,
  out: SampleBuffer,
): void {
  playSelfPlayGame(player, solver, new Random(gameSeed(seed, round, game)), settings, out, variety);
}

/** The seed of game g of round r in a run seeded s: each game repeats alone, so an interrupted round resumes with the same games. */
export function gameSeed(seed: number, round: number, game: number): number {
  return new Random((seed ^ Math.imul(round + 1, 0x9e3779b1) ^ Math.imul(game + 1, 0x85ebca77)) | 0).nextU32();
}
