import { popcount } from "../bitboard.js";

/** The score of a finished game for the player (pl, ph): disc difference, empty squares to the winner. */
export function finalScore(pl: number, ph: number, ol: number, oh: number): number {
  const p = popcount(pl) + popcount(ph);
  const o = popcount(ol) + popcount(oh);
  const d = p - o;
  const empties = 64 - p - o;
  return d > 0 ? d + empties : d < 0 ? d - empties : 0;
}
