import { PASS, Position, Random, flips, legalMoves, popcount, resultHi } from "../../src/index.js";

/**
 * The solver's references, sharing none of its code: a plain negamax with alpha-beta (moves in
 * square order, no table, no ordering, no special cases; the rules' move generator only), and
 * positions from random play.
 */

/** How many passes the negamax met since the caller last reset it. */
export const negamaxPasses = { count: 0 };

/**
 * The moves of each ply of the negamax, in the order tried, and the replies each leaves the
 * opponent: one row of 32 a ply (a position has at most 32 legal moves, a game 60 plies and its
 * passes), so that the search allocates nothing and runs the fixtures' checks in seconds.
 */
const ROW = 32;
const moveRows = new Int32Array(ROW * 128);
const replyRows = new Int32Array(ROW * 128);

/** The final disc difference for the player to move, by negamax with alpha-beta, fail-hard inside (alpha, beta). */
export function negamax(
  pl: number,
  ph: number,
  ol: number,
  oh: number,
  alpha: number,
  beta: number,
  passed: boolean,
  ply = 0,
): number {
  const ml = legalMoves(pl, ph, ol, oh);
  const mh = resultHi;
  if ((ml | mh) === 0) {
    if (passed) {
      const d = popcount(pl) + popcount(ph) - popcount(ol) - popcount(oh);
      const empties = 64 - popcount(pl | ol) - popcount(ph | oh);
      return d > 0 ? d + empties : d < 0 ? d - empties : 0;
    }
    negamaxPasses.count++;
    return 0 - negamax(ol, oh, pl, ph, 0 - beta, 0 - alpha, true, ply + 1);
  }
  const n = orderMoves(pl, ph, ol, oh, ml, mh, ply * ROW);
  for (let i = 0; i < n; i++) {
    const s = moveRows[ply * ROW + i]!;
    const inLo = s < 32;
    const fl = flips(s, pl, ph, ol, oh);
    const fh = resultHi;
    const v =
      0 -
      negamax(
        ol & ~fl,
        oh & ~fh,
        pl | fl | (inLo ? 1 << s : 0),
        ph | fh | (inLo ? 0 : 1 << (s - 32)),
        0 - beta,
        0 - alpha,
        false,
        ply + 1,
      );
    if (v >= beta) return beta;
    if (v > alpha) alpha = v;
  }
  return alpha;
}

/**
 * Writes the moves (ml, mh) from `at` on in moveRows, those leaving the opponent fewest replies
 * first, ties in square order (far from the end only, where it pays: square order near it), and
 * returns their number.
 */
function orderMoves(pl: number, ph: number, ol: number, oh: number, ml: number, mh: number, at: number): number {
  const ordered = popcount(pl | ol) + popcount(ph | oh) <= 56;
  let n = 0;
  for (let s = 0; s < 64; s++) {
    if ((((s < 32 ? ml : mh) >>> (s & 31)) & 1) === 0) continue;
    let replies = 0;
    if (ordered) {
      const fl = flips(s, pl, ph, ol, oh);
      const fh = resultHi;
      const rl = legalMoves(
        ol & ~fl,
        oh & ~fh,
        pl | fl | (s < 32 ? 1 << s : 0),
        ph | fh | (s < 32 ? 0 : 1 << (s - 32)),
      );
      replies = popcount(rl) + popcount(resultHi);
    }
    // Insertion after the moves with as few replies or fewer: a stable sort, as Array.sort is.
    let i = n;
    while (i > 0 && replyRows[at + i - 1]! > replies) {
      moveRows[at + i] = moveRows[at + i - 1]!;
      replyRows[at + i] = replyRows[at + i - 1]!;
      i--;
    }
    moveRows[at + i] = s;
    replyRows[at + i] = replies;
    n++;
  }
  return n;
}

/** The exact value of the position for the side to move. */
export function exactValue(p: Position): number {
  return negamax(p.playerLo, p.playerHi, p.opponentLo, p.opponentHi, -65, 65, false);
}

/** Random play from the start (a pass when it is the only move) until `stop` says so or the game is over. */
function playRandomly(random: Random, stop: (p: Position) => boolean): Position {
  let p = Position.initial();
  while (!p.isGameOver() && !stop(p)) {
    const moves = p.legalMoves();
    p = p.play(moves[random.below(moves.length)]!);
  }
  return p;
}

/** Games played randomly to their end: mostly full boards, some with squares neither side can fill. */
export function finishedGames(count: number, seed: number): Position[] {
  const random = new Random(seed);
  return Array.from({ length: count }, () => playRandomly(random, () => false));
}

/** Positions reached by random play from the start, with `empties` empty squares and the mover able to move or pass. */
export function randomPositions(count: number, empties: number, seed: number): Position[] {
  const random = new Random(seed);
  const positions: Position[] = [];
  while (positions.length < count) {
    const p = playRandomly(random, (q) => q.empties() <= empties);
    if (!p.isGameOver() && p.empties() === empties) positions.push(p);
  }
  return positions;
}

/** Positions from random play where the mover must pass, the game going on, with 6 or more empties. */
export function passingPositions(count: number, seed: number): Position[] {
  const random = new Random(seed);
  const positions: Position[] = [];
  while (positions.length < count) {
    const p = playRandomly(random, (q) => q.empties() >= 6 && q.legalMoves()[0] === PASS);
    if (!p.isGameOver()) positions.push(p);
  }
  return positions;
}
