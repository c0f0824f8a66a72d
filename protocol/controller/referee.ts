import {
  type Colour,
  Game,
  type Move,
  PASS,
  type Result,
  err,
  formatOtpMove,
  formatVertex,
  ok,
} from "../../src/index.js";
import type { EngineClient } from "./engineClient.js";

export interface RefereeSettings {
  /** A genmove slower than this forfeits. */
  readonly genmoveMs: number;
  /** Any other reply slower than this forfeits. */
  readonly replyMs: number;
  /** Sent to both engines before the game as `time_settings 0 S 1`; undefined sends nothing. */
  readonly moveTimeSeconds: number | undefined;
  /**
   * Sent to both engines before the game as `time_settings S 0 0`: S seconds for all of an
   * engine's genmoves, and an engine whose genmoves, as the referee times them, take longer in
   * all forfeits. Undefined: no game clock.
   */
  readonly gameTimeSeconds?: number | undefined;
}

export interface Forfeit {
  readonly colour: Colour;
  readonly reason: string;
}

export interface RefereedGame {
  /** The game from the start to its end or the forfeit (the passes after the end are no moves of it). */
  readonly game: Game;
  /** The engine that lost by forfeit; undefined when the game was played out. */
  readonly forfeit: Forfeit | undefined;
}

/** One move as the referee saw it: who, what, and how long the genmove took. */
export interface RefereedMove {
  readonly colour: Colour;
  readonly move: Move;
  readonly ms: number;
}

const other = (colour: Colour): Colour => (colour === "black" ? "white" : "black");

/**
 * Plays a legal move by the course's rules, where the game ends after two passes in a row: in a
 * finished game a pass is still a move (each engine answers one last genmove with a pass).
 */
function playCourseMove(game: Game, move: Move): Result<void> {
  if (game.isOver()) return move === PASS ? ok(undefined) : err("the game is over");
  const played = game.play(move);
  return played.ok ? ok(undefined) : err(played.error);
}

/**
 * One game between two engines, as the course judge and the match runner both run it: a new
 * game (and the move time) for each, the opening told to both, then genmove to the side to move
 * and its move told to the other, until two passes in a row. Any failed reply, late reply or
 * illegal move forfeits the game for the engine that made it; the game so far is kept.
 */
export async function refereeGame(
  engines: Readonly<Record<Colour, EngineClient>>,
  opening: readonly Move[],
  settings: RefereeSettings,
  onMove: (move: RefereedMove) => void = () => {},
): Promise<RefereedGame> {
  const game = new Game();
  const lost = (colour: Colour, reason: string): RefereedGame => ({ game, forfeit: { colour, reason } });
  for (const colour of ["black", "white"] as const) {
    const cleared = await engines[colour].newGame(settings.replyMs);
    if (!cleared.ok) return lost(colour, cleared.error);
    if (settings.moveTimeSeconds !== undefined) {
      const timed = await engines[colour].setMoveTime(settings.moveTimeSeconds, settings.replyMs);
      if (!timed.ok) return lost(colour, timed.error);
    }
    if (settings.gameTimeSeconds !== undefined) {
      const timed = await engines[colour].setGameTime(settings.gameTimeSeconds, settings.replyMs);
      if (!timed.ok) return lost(colour, timed.error);
    }
  }
  const used: Record<Colour, number> = { black: 0, white: 0 };
  const gameMs = settings.gameTimeSeconds === undefined ? Infinity : settings.gameTimeSeconds * 1000;
  for (const move of opening) {
    const colour: Colour = game.position.blackToMove ? "black" : "white";
    const played = game.play(move);
    if (!played.ok) throw new Error(`an opening with an illegal move ${formatVertex(move)}: ${played.error}`);
    for (const told of ["black", "white"] as const) {
      const heard = await engines[told].play(colour, move, settings.replyMs);
      if (!heard.ok) return lost(told, heard.error);
    }
  }
  // A pass is a move, also at the end, so the turn simply alternates.
  let colour: Colour = game.position.blackToMove ? "black" : "white";
  for (let passes = 0; passes < 2; colour = other(colour)) {
    const started = performance.now();
    const move = await engines[colour].genmove(colour, settings.genmoveMs);
    const ms = performance.now() - started;
    if (!move.ok) return lost(colour, move.error);
    used[colour] += ms;
    if (used[colour] > gameMs)
      return lost(
        colour,
        `out of time: ${(used[colour] / 1000).toFixed(3)} s used of the game's ${settings.gameTimeSeconds} s`,
      );
    const played = playCourseMove(game, move.value);
    if (!played.ok)
      return lost(colour, `illegal move ${formatVertex(move.value)} (${formatOtpMove(move.value)}): ${played.error}`);
    onMove({ colour, move: move.value, ms });
    passes = move.value === PASS ? passes + 1 : 0;
    const heard = await engines[other(colour)].play(colour, move.value, settings.replyMs);
    if (!heard.ok) return lost(other(colour), heard.error);
  }
  return { game, forfeit: undefined };
}
