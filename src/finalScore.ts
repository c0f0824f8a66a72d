import { popcount } from "./bitboard.js";

/** Below every score (scores run from -64 to 64): a position's best before any move was tried. */
export const NO_SCORE = -128;

/** The score of a finished game for the player (pl, ph): disc difference, empty squares to the winner. */
export function finalScore(pl: number, ph: number, ol: number, oh: number): number {
  const p = popcount(pl) + popcount(ph);
  const o = popcount(ol) + popcount(oh);
  const d = p - o;
  const empties = 64 - p - o;
  return d > 0 ? d + empties : d < 0 ? d - empties : 0;
}
