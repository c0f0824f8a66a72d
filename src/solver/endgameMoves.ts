import { flips, legalMoves, lowestBit, pairCount, popcount, resultHi } from "../bitboard.js";
import type { OrderingSearch } from "../alphabeta/orderingSearch.js";

/** Per number of empties, room for the moves of one position (at most 33 in Othello). */
export const STRIDE = 64;

/** Replies count this many times a potential reply in the sort key (measured: 2 and 8 sort worse). */
const WEIGHT_MOBILITY = 4;
/**
 * With an evaluation, moves are also ordered by a search over it from ORDER_EMPTIES empties up
 * (measured on fforum 1-19 and "sub": from 8, 9, 11, 12 or 14 up cost more nodes or more time),
 * of depth 0 up to ORDER_DEPTH_EMPTIES + ORDER_DEPTH_STEP - 1 empties and one ply deeper every
 * ORDER_DEPTH_STEP empties after (every 2 or 4 cost more). With the kernel below 15 empties, 12
 * solved test/positions/games-24.obf (win/draw/loss) and games-22.obf (exact) faster than 10 and
 * 11, for a few percent more visits; 13 and 14 were no faster.
 */
const ORDER_EMPTIES = 10;
const ORDER_DEPTH_EMPTIES = 12;
const ORDER_DEPTH_STEP = 3;
/** A predicted disc counts this many times a potential reply (a reply counts WEIGHT_MOBILITY; 1 and 4 sort worse). */
const WEIGHT_EVALUATION = 2;
/** Beyond any evaluation: the ordering search's full window. */
export const ORDER_INFINITY = 1000;
const COLUMN_0 = 0x01010101;
const COLUMN_7 = 0x80808080 | 0;
const CORNERS_LO = 0x81;
const CORNERS_HI = 0x81000000 | 0;

/** The plies of the ordering search that keys the moves of a position with `empties` empty squares. */
export function orderingDepth(empties: number): number {
  return Math.max(0, ((empties - ORDER_DEPTH_EMPTIES) / ORDER_DEPTH_STEP) | 0);
}

/**
 * The endgame search's move lists, one level per number of empties, in typed arrays (nothing is
 * allocated): each position's moves and their flips, listed with the table's move first, then
 * keyed fastest first (the opponent's replies, its potential replies and, far from the end, the
 * ordering search's value over the evaluation) and picked smallest key first, one at a time.
 */
export class EndgameMoves {
  readonly moveSquares = new Int32Array(65 * STRIDE);
  readonly moveKeys = new Int32Array(65 * STRIDE);
  readonly moveFlipsLo = new Int32Array(65 * STRIDE);
  readonly moveFlipsHi = new Int32Array(65 * STRIDE);
  /** Whether the last listMoves put the table's move at place 0. */
  // Stryker disable next-line BooleanLiteral: listMoves sets it before every read.
  listedFirst = false;

  constructor(private readonly ordering: OrderingSearch | undefined) {}

  /**
   * Fills the move list of the level `empties` with the player's moves and their flips, `first`
   * (a square or NO_MOVE) at place 0 if it is one of them (then `listedFirst` is true). Returns
   * the number of moves. The sort keys come later (`keyMoves`): the table's move and the
   * enhanced transposition cut-off often end the node before the others are ever ordered.
   */
  listMoves(
    pl: number,
    ph: number,
    ol: number,
    oh: number,
    ml: number,
    mh: number,
    empties: number,
    first: number,
  ): number {
    const moveSquares = this.moveSquares;
    const moveFlipsLo = this.moveFlipsLo;
    const moveFlipsHi = this.moveFlipsHi;
    const base = empties * STRIDE;
    let n = 0;
    this.listedFirst = false;
    ml |= 0;
    mh |= 0; // 32-bit integers on entry: see randomPlayout
    while ((ml | mh) !== 0) {
      let s: number;
      if (ml !== 0) {
        s = lowestBit(ml);
        ml &= ml - 1;
      } else {
        s = 32 + lowestBit(mh);
        mh &= mh - 1;
      }
      const fl = flips(s, pl, ph, ol, oh);
      const fh = resultHi;
      let i = base + n;
      if (s === first) {
        // To place 0, the move there (if any) to this one's place.
        moveSquares[i] = moveSquares[base]!;
        moveFlipsLo[i] = moveFlipsLo[base]!;
        moveFlipsHi[i] = moveFlipsHi[base]!;
        i = base;
        this.listedFirst = true;
      }
      moveSquares[i] = s;
      moveFlipsLo[i] = fl;
      moveFlipsHi[i] = fh;
      n++;
    }
    return n;
  }

  /** Gives the listed moves at places from..n-1 of the level `empties` their sort keys, smaller first. */
  keyMoves(pl: number, ph: number, ol: number, oh: number, empties: number, from: number, n: number): void {
    const moveSquares = this.moveSquares;
    const moveKeys = this.moveKeys;
    const moveFlipsLo = this.moveFlipsLo;
    const moveFlipsHi = this.moveFlipsHi;
    const ordering = empties >= ORDER_EMPTIES ? this.ordering : undefined;
    // Far from the end the children are valued from this node's evaluation state, set once.
    ordering?.setParent(pl, ph, ol, oh);
    // Stryker disable next-line ArithmeticOperator,EqualityOperator: a key made for a place outside from..n-1 is never read.
    for (let i = empties * STRIDE + from, end = empties * STRIDE + n; i < end; i++) {
      const s = moveSquares[i]!;
      const fl = moveFlipsLo[i]!;
      const fh = moveFlipsHi[i]!;
      const bl = s < 32 ? 1 << s : 0;
      const bh = s < 32 ? 0 : 1 << s;
      // Fastest first: the opponent's replies after the move, corners counted twice, weighted
      // above its potential replies (empty squares next to our discs), which break ties.
      const rl = legalMoves(ol & ~fl, oh & ~fh, pl | fl | bl, ph | fh | bh);
      const rh = resultHi;
      const wl = pl | fl | bl,
        wh = ph | fh | bh;
      const el = ~(pl | ol | bl),
        eh = ~(ph | oh | bh);
      const nl =
        (((wl << 1) | (wl << 9) | (wl >>> 7) | (wh << 25)) & ~COLUMN_0) |
        (((wl >>> 1) | (wl << 7) | (wl >>> 9) | (wh << 23)) & ~COLUMN_7) |
        (wl << 8) |
        (wl >>> 8) |
        (wh << 24);
      const nh =
        (((wh << 1) | (wh << 9) | (wl >>> 23) | (wh >>> 7)) & ~COLUMN_0) |
        (((wh >>> 1) | (wh << 7) | (wl >>> 25) | (wh >>> 9)) & ~COLUMN_7) |
        (wh << 8) |
        (wl >>> 24) |
        (wh >>> 8);
      const replies = pairCount(rl, rh);
      let key =
        WEIGHT_MOBILITY * (replies + pairCount(rl & CORNERS_LO, rh & CORNERS_HI)) +
        popcount(nl & el) +
        popcount(nh & eh);
      if (ordering !== undefined) {
        // Far from the end, the opponent's predicted score after the move, by a search
        // deeper the more empties remain, counts beside the replies.
        const depth = orderingDepth(empties);
        const v = ordering.childValue(
          s,
          fl,
          fh,
          ol & ~fl,
          oh & ~fh,
          pl | fl | bl,
          ph | fh | bh,
          replies,
          depth,
          -ORDER_INFINITY,
          ORDER_INFINITY,
        );
        key += Math.round(WEIGHT_EVALUATION * v);
      }
      moveKeys[i] = key;
    }
  }

  /** Brings the move with the smallest key among i..n-1 of the level to place i; returns its square. */
  pickMove(empties: number, i: number, n: number): number {
    const moveSquares = this.moveSquares;
    const moveKeys = this.moveKeys;
    const moveFlipsLo = this.moveFlipsLo;
    const moveFlipsHi = this.moveFlipsHi;
    const base = empties * STRIDE;
    let k = base + i;
    for (let j = k + 1; j < base + n; j++) if (moveKeys[j]! < moveKeys[k]!) k = j;
    const t = base + i;
    // Stryker disable next-line ConditionalExpression: swapping a move with itself changes nothing; the test spares it.
    if (k !== t) {
      let x = moveSquares[k]!;
      moveSquares[k] = moveSquares[t]!;
      moveSquares[t] = x;
      x = moveKeys[k]!;
      moveKeys[k] = moveKeys[t]!;
      moveKeys[t] = x;
      x = moveFlipsLo[k]!;
      moveFlipsLo[k] = moveFlipsLo[t]!;
      moveFlipsLo[t] = x;
      x = moveFlipsHi[k]!;
      moveFlipsHi[k] = moveFlipsHi[t]!;
      moveFlipsHi[t] = x;
    }
    return moveSquares[t]!;
  }
}
