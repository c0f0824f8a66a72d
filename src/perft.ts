import { flips, legalMoves, lowestBit, popcount, resultHi } from "./bitboard.js";
import type { Position } from "./position.js";

/**
 * Leaves of the move tree `depth` plies deep, counting a forced pass as a move and a finished
 * game as one leaf (the usual Othello convention).
 */
export function perft(position: Position, depth: number): number {
  if (!Number.isInteger(depth) || depth < 0) throw new Error(`perft depth must be a whole number >= 0, got ${depth}`);
  return count(position.playerLo, position.playerHi, position.opponentLo, position.opponentHi, depth, false);
}

function count(pl: number, ph: number, ol: number, oh: number, depth: number, passed: boolean): number {
  if (depth === 0) return 1;
  let ml = legalMoves(pl, ph, ol, oh);
  let mh = resultHi;
  if ((ml | mh) === 0) return passed ? 1 : count(ol, oh, pl, ph, depth - 1, true);
  if (depth === 1) return popcount(ml) + popcount(mh);
  let leaves = 0;
  for (; ml !== 0; ml &= ml - 1) {
    const s = lowestBit(ml);
    const fl = flips(s, pl, ph, ol, oh);
    const fh = resultHi;
    leaves += count(ol & ~fl, oh & ~fh, pl | fl | (1 << s), ph | fh, depth - 1, false);
  }
  for (; mh !== 0; mh &= mh - 1) {
    const s = lowestBit(mh);
    const fl = flips(32 + s, pl, ph, ol, oh);
    const fh = resultHi;
    leaves += count(ol & ~fl, oh & ~fh, pl | fl, ph | fh | (1 << s), depth - 1, false);
  }
  return leaves;
}
