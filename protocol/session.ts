import { type CodedPosition, type Colour, Game, type Move, PASS, type Position, Random, type Result, ok } from "../src/index.js";
import type { EngineOptions } from "./options.js";

/** GTP's `time_settings`: main time, then byo-yomi periods of `byoYomiTime` seconds for `byoYomiStones` moves. */
export interface TimeSettings {
  readonly mainTime: number;
  readonly byoYomiTime: number;
  /** 0 with byoYomiTime > 0 means no time limit (GTP's convention, which Quarry uses). */
  readonly byoYomiStones: number;
}

/** GTP's `time_left`: seconds left in the current period; stones 0 means main time. */
export interface TimeLeft {
  readonly seconds: number;
  readonly stones: number;
}

/**
 * The clock as the controller last described it. Nothing here ticks: the controller reports
 * with `time_left` before a move, and the move chooser budgets from the latest report, or from
 * the settings when there is none yet.
 */
export class Clock {
  settings: TimeSettings | undefined = undefined;
  readonly left: Record<Colour, TimeLeft | undefined> = { black: undefined, white: undefined };

  /** New settings make the earlier reports stale. */
  set(settings: TimeSettings): void {
    this.settings = settings;
    this.left.black = undefined;
    this.left.white = undefined;
  }
}

/**
 * One engine's state behind every protocol (OTP now, GTP later): the game, the options, the
 * clock, and the move chooser. Protocols parse and format; the session never sees text.
 */
export class Session {
  private current = new Game();
  readonly clock = new Clock();
  readonly random: Random;

  /** `log` takes diagnostics, one line or drawing at a time (stderr in the program). */
  constructor(readonly options: EngineOptions, readonly log: (text: string) => void) {
    this.random = new Random(options.seed);
  }

  get game(): Game {
    return this.current;
  }

  get position(): Position {
    return this.current.position;
  }

  newGame(): void {
    this.current = new Game();
  }

  setPosition(coded: CodedPosition): void {
    this.current = new Game(coded.position, coded.passes);
  }

  /** Plays a move for the side to move; an illegal one changes nothing and says why. */
  play(move: Move): Result<Position> {
    // The judge sends the pass that ends a game to a player who cannot move either: the
    // game is already over, so the pass is accepted and changes nothing.
    if (move === PASS && this.current.isOver()) return ok(this.current.position);
    return this.current.play(move);
  }

  /** Takes back `count` moves, all or none; false when the history is shorter. */
  undo(count: number): boolean {
    if (this.current.moves.length < count) return false;
    for (let i = 0; i < count; i++) this.current.undo();
    return true;
  }

  /** Chooses a move for the side to move and plays it; PASS when it has no legal move (also when the game is over). */
  genmove(): Move {
    const move = this.chooseMove();
    const played = this.play(move);
    if (!played.ok) throw new Error(`the move chooser picked an illegal move (${move}): ${played.error}`);
    return move;
  }

  /**
   * The move chooser, the one place a search plugs in: a legal move for the side to move,
   * PASS when there is none. For now uniformly at random, reproducible by `--seed`.
   */
  chooseMove(): Move {
    const moves = this.position.legalMoves();
    return moves.length === 0 ? PASS : moves[this.random.below(moves.length)]!;
  }
}
