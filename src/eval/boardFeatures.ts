import { moveCount, pairCount } from "../bitboard.js";

/**
 * Features of the whole board beside the patterns, the ones the strongest engines add to
 * theirs: each side's mobility (legal moves), each side's potential mobility (empty squares
 * next to the other side's discs, where moves may come), and the parity of the empty squares
 * by quadrant. Each is a small table of weights indexed by its value (clamped), one table a
 * feature and stage, trained with the patterns' weights: a value's weight is learnt as it is,
 * so the tables need not be linear.
 *
 * Indices here are relative to the board features' first entry in a stage's table; the
 * evaluation adds where that lies (`BOARD_OFFSET` in patterns.ts).
 */

/** Mobility is at most 33 in any position reached in play; more is clamped. */
export const MOBILITY_MAX = 32;
/** Potential mobility above this is rare and clamped. */
export const POTENTIAL_MAX = 40;

/** Each feature's table size, in the order of their entries. */
export const BOARD_FEATURE_SIZES: readonly number[] = [
  MOBILITY_MAX + 1, // the mover's mobility
  MOBILITY_MAX + 1, // the opponent's
  POTENTIAL_MAX + 1, // the mover's potential mobility
  POTENTIAL_MAX + 1, // the opponent's
  10, // quadrants with an odd number of empty squares (0-4), times the parity of all the empties
];
/** Board features read per position. */
export const BOARD_FEATURES = BOARD_FEATURE_SIZES.length;
/** Their entries in a stage's table. */
export const BOARD_ENTRIES = BOARD_FEATURE_SIZES.reduce((n, s) => n + s, 0);

/** Where each feature's table starts among the board features' entries (the mover's mobility's at 0). */
export const OPPONENT_MOBILITY = MOBILITY_MAX + 1;
export const MOVER_POTENTIAL = 2 * (MOBILITY_MAX + 1);
export const OPPONENT_POTENTIAL = MOVER_POTENTIAL + POTENTIAL_MAX + 1;
export const PARITY = OPPONENT_POTENTIAL + POTENTIAL_MAX + 1;

/** Not column 0 (a square's west neighbour exists) and not column 7. */
const NOT_WEST_EDGE = 0xfefefefe | 0;
const NOT_EAST_EDGE = 0x7f7f7f7f;

/** How many of the empties (el, eh) are next to a disc of (bl, bh). */
function adjacentEmpties(bl: number, bh: number, el: number, eh: number): number {
  const hl = bl | ((bl << 1) & NOT_WEST_EDGE) | ((bl >>> 1) & NOT_EAST_EDGE);
  const hh = bh | ((bh << 1) & NOT_WEST_EDGE) | ((bh >>> 1) & NOT_EAST_EDGE);
  const nl = hl | (hl << 8) | (hl >>> 8) | (hh << 24);
  const nh = hh | (hh << 8) | (hh >>> 8) | (hl >>> 24);
  return pairCount(nl & el, nh & eh);
}

/**
 * The parity entry: odd quadrants (0-4) and the parity of the empties, which is that count's
 * own parity (the quadrants share out the empties). A quadrant's parity is the exclusive or of
 * its bits, folded within its word: its four rows onto one byte, then its four columns onto
 * one bit (bit 0 for the west quadrant, bit 4 for the east).
 */
function parityIndex(el: number, eh: number): number {
  let l = el ^ (el >>> 16);
  l ^= l >>> 8;
  l ^= l >>> 2;
  l ^= l >>> 1;
  let h = eh ^ (eh >>> 16);
  h ^= h >>> 8;
  h ^= h >>> 2;
  h ^= h >>> 1;
  const odd = (l & 1) + ((l >>> 4) & 1) + (h & 1) + ((h >>> 4) & 1);
  return 2 * odd + (odd & 1);
}

/** The mobility entry of a side with `moves` legal moves, relative to its table. */
function mobilityIndex(moves: number): number {
  return Math.min(MOBILITY_MAX, moves);
}

/** The potential mobility entry of the side whose moves may come next to the discs (bl, bh), relative to its table. */
function potentialIndex(bl: number, bh: number, el: number, eh: number): number {
  return Math.min(POTENTIAL_MAX, adjacentEmpties(bl, bh, el, eh));
}

/** Writes the BOARD_FEATURES relative entries of the mover (pl, ph) against (ol, oh) at out[at..). Allocates nothing. */
export function boardFeatureEntries(pl: number, ph: number, ol: number, oh: number, out: Int32Array, at: number): void {
  const el = ~(pl | ol);
  const eh = ~(ph | oh);
  out[at] = mobilityIndex(moveCount(pl, ph, ol, oh));
  out[at + 1] = OPPONENT_MOBILITY + mobilityIndex(moveCount(ol, oh, pl, ph));
  out[at + 2] = MOVER_POTENTIAL + potentialIndex(ol, oh, el, eh);
  out[at + 3] = OPPONENT_POTENTIAL + potentialIndex(pl, ph, el, eh);
  out[at + 4] = PARITY + parityIndex(el, eh);
}

/**
 * The board features' weights summed for the mover (pl, ph) against (ol, oh), from a stage's
 * table whose board features start at `base`: `boardFeatureEntries`' entries, read as they are
 * made. The caller counts the mover's legal moves (`moverMoves`): a search often has them
 * already. The evaluation's hot path: allocates nothing.
 */
export function boardFeaturesSum(
  table: Int16Array,
  base: number,
  pl: number,
  ph: number,
  ol: number,
  oh: number,
  moverMoves: number,
): number {
  const el = ~(pl | ol);
  const eh = ~(ph | oh);
  return (
    table[base + mobilityIndex(moverMoves)]! +
    table[base + OPPONENT_MOBILITY + mobilityIndex(moveCount(ol, oh, pl, ph))]! +
    table[base + MOVER_POTENTIAL + potentialIndex(ol, oh, el, eh)]! +
    table[base + OPPONENT_POTENTIAL + potentialIndex(pl, ph, el, eh)]! +
    table[base + PARITY + parityIndex(el, eh)]!
  );
}
