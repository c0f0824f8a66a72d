import { type Move, PASS, Position } from "./position.js";
import { type Result, err, ok } from "./result.js";

/**
 * A game: a start position and the moves played from it, passes included. Every position is
 * kept, so undo restores exactly what was there.
 */
export class Game {
  private readonly positions: Position[];
  private readonly played: Move[] = [];

  /** `passes`: consecutive passes that led to the start position (the course `code` counter). */
  constructor(
    readonly start: Position = Position.initial(),
    private readonly startPasses = 0,
  ) {
    this.positions = [start];
  }

  get position(): Position {
    return this.positions[this.positions.length - 1]!;
  }

  /** The moves since the start, passes included. */
  get moves(): readonly Move[] {
    return this.played;
  }

  /** Consecutive passes that ended at the current position. */
  get passes(): number {
    let n = 0;
    for (let i = this.played.length - 1; i >= 0 && this.played[i] === PASS; i--) n++;
    return n === this.played.length ? n + this.startPasses : n;
  }

  isOver(): boolean {
    return this.position.isGameOver();
  }

  play(move: Move): Result<Position> {
    const position = this.position;
    if (position.isGameOver()) return err("the game is over");
    if (!position.isLegal(move)) {
      if (move === PASS) return err("pass is legal only when the side to move has no legal move");
      if (move < 0 || move >= 64 || !Number.isInteger(move)) return err("the square is off the board");
      if (position.discAt(move) !== 0) return err("the square is occupied");
      return err("the move flips no disc");
    }
    const next = position.play(move);
    this.positions.push(next);
    this.played.push(move);
    return ok(next);
  }

  /** Takes back the last move; false when there is none. */
  undo(): boolean {
    if (this.played.length === 0) return false;
    this.played.pop();
    this.positions.pop();
    return true;
  }
}
