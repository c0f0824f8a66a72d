import {
  flips,
  hasLegalMove,
  hasSquare,
  legalMoves,
  lowestBit,
  popcount,
  resultHi,
  squareHi,
  squareLo,
} from "./bitboard.js";

/** A move is a square 0..63 (x * 8 + y) or PASS. */
export type Move = number;
export const PASS: Move = 64;

/** What stands on a square, as the course's `code` digits: 0 empty, 1 black, 2 white. */
export type Disc = 0 | 1 | 2;
export const EMPTY: Disc = 0;
export const BLACK: Disc = 1;
export const WHITE: Disc = 2;

/**
 * An Othello position stored from the mover's side: the player to move, the opponent, and
 * whether the player is black. A pass swaps the two sides. Positions are immutable.
 */
export class Position {
  private constructor(
    readonly playerLo: number,
    readonly playerHi: number,
    readonly opponentLo: number,
    readonly opponentHi: number,
    readonly blackToMove: boolean,
  ) {}

  static fromSides(
    playerLo: number,
    playerHi: number,
    opponentLo: number,
    opponentHi: number,
    blackToMove: boolean,
  ): Position {
    if ((playerLo & opponentLo) !== 0 || (playerHi & opponentHi) !== 0) throw new Error("a square holds two discs");
    return new Position(playerLo | 0, playerHi | 0, opponentLo | 0, opponentHi | 0, blackToMove);
  }

  /** The position from a board of discs (64 of them, index x * 8 + y) and the side to move. */
  static fromDiscs(discs: ArrayLike<Disc>, blackToMove: boolean): Position {
    let bl = 0,
      bh = 0,
      wl = 0,
      wh = 0;
    for (let s = 0; s < 64; s++) {
      if (discs[s] === BLACK) {
        bl |= squareLo(s);
        bh |= squareHi(s);
      } else if (discs[s] === WHITE) {
        wl |= squareLo(s);
        wh |= squareHi(s);
      }
    }
    return blackToMove ? new Position(bl, bh, wl, wh, true) : new Position(wl, wh, bl, bh, false);
  }

  /** The start: (3,3) and (4,4) white, (3,4) and (4,3) black, black to move. */
  static initial(): Position {
    return new Position(squareLo(28), squareHi(35), squareLo(27), squareHi(36), true);
  }

  get blackLo(): number {
    return this.blackToMove ? this.playerLo : this.opponentLo;
  }
  get blackHi(): number {
    return this.blackToMove ? this.playerHi : this.opponentHi;
  }
  get whiteLo(): number {
    return this.blackToMove ? this.opponentLo : this.playerLo;
  }
  get whiteHi(): number {
    return this.blackToMove ? this.opponentHi : this.playerHi;
  }

  discAt(s: number): Disc {
    if (hasSquare(this.blackLo, this.blackHi, s)) return BLACK;
    if (hasSquare(this.whiteLo, this.whiteHi, s)) return WHITE;
    return EMPTY;
  }

  /** The mover's legal squares, in increasing order; empty when the mover must pass. */
  legalSquares(): number[] {
    let lo = legalMoves(this.playerLo, this.playerHi, this.opponentLo, this.opponentHi);
    let hi = resultHi;
    const squares: number[] = [];
    for (; lo !== 0; lo &= lo - 1) squares.push(lowestBit(lo));
    for (; hi !== 0; hi &= hi - 1) squares.push(32 + lowestBit(hi));
    return squares;
  }

  /** The mover's legal moves: its squares, or [PASS] when it has none and the game goes on, or [] when the game is over. */
  legalMoves(): Move[] {
    const squares = this.legalSquares();
    if (squares.length > 0) return squares;
    return this.opponentCanMove() ? [PASS] : [];
  }

  canMove(): boolean {
    return hasLegalMove(this.playerLo, this.playerHi, this.opponentLo, this.opponentHi);
  }

  private opponentCanMove(): boolean {
    return hasLegalMove(this.opponentLo, this.opponentHi, this.playerLo, this.playerHi);
  }

  /** Neither side can move. */
  isGameOver(): boolean {
    return !this.canMove() && !this.opponentCanMove();
  }

  /** A pass is legal only when the mover has no move (and the game is not over). */
  isLegal(move: Move): boolean {
    if (move === PASS) return !this.canMove() && this.opponentCanMove();
    if (!Number.isInteger(move) || move < 0 || move >= 64) return false;
    if (hasSquare(this.playerLo | this.opponentLo, this.playerHi | this.opponentHi, move)) return false;
    return (flips(move, this.playerLo, this.playerHi, this.opponentLo, this.opponentHi) | resultHi) !== 0;
  }

  /** The position after a legal move; an illegal one is a caller's bug (check `isLegal`). */
  play(move: Move): Position {
    if (!this.isLegal(move)) throw new Error(`illegal move ${move}`);
    if (move === PASS) return this.swapped();
    const fl = flips(move, this.playerLo, this.playerHi, this.opponentLo, this.opponentHi);
    const fh = resultHi;
    return new Position(
      this.opponentLo & ~fl,
      this.opponentHi & ~fh,
      this.playerLo | fl | squareLo(move),
      this.playerHi | fh | squareHi(move),
      !this.blackToMove,
    );
  }

  /** The same discs with the other side to move (a pass, without checking that it is forced). */
  swapped(): Position {
    return new Position(this.opponentLo, this.opponentHi, this.playerLo, this.playerHi, !this.blackToMove);
  }

  blackDiscs(): number {
    return popcount(this.blackLo) + popcount(this.blackHi);
  }
  whiteDiscs(): number {
    return popcount(this.whiteLo) + popcount(this.whiteHi);
  }
  empties(): number {
    return 64 - this.blackDiscs() - this.whiteDiscs();
  }

  /** Black discs minus white discs, empty squares not counted (the course's `final_score`). */
  discDifference(): number {
    return this.blackDiscs() - this.whiteDiscs();
  }

  /** Black minus white with the empty squares given to the winner (the world rules, GTP's `final_score`). */
  worldScore(): number {
    const d = this.discDifference();
    return d > 0 ? d + this.empties() : d < 0 ? d - this.empties() : 0;
  }

  equals(other: Position): boolean {
    return (
      this.playerLo === other.playerLo &&
      this.playerHi === other.playerHi &&
      this.opponentLo === other.opponentLo &&
      this.opponentHi === other.opponentHi &&
      this.blackToMove === other.blackToMove
    );
  }
}
