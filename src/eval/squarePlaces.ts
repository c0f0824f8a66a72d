import { FEATURES, PLACES, patternEntries } from "./patterns.js";

/**
 * For each square, the pattern places through it and its cell's power of 3 there: a disc put
 * on or taken off the square changes those places' indices, and no other, by its digit times
 * that power. Read off `patternEntries` itself (one mover's disc on an empty board), so the
 * lists agree with the full evaluation by construction: 356 pairs in all, 4 to 8 a square.
 *
 * Square s's pairs are SQUARE_PLACES[i] for i from SQUARE_FIRST[s] up to SQUARE_FIRST[s + 1],
 * each the place times 2^16 plus the power (below 3^10 < 2^16): one word read a pair.
 */
export const SQUARE_FIRST = new Int32Array(65);
export const SQUARE_PLACES: Int32Array = (() => {
  const empty = new Int32Array(FEATURES);
  patternEntries(0, 0, 0, 0, empty);
  const one = new Int32Array(FEATURES);
  const pairs: number[] = [];
  for (let s = 0; s < 64; s++) {
    SQUARE_FIRST[s] = pairs.length;
    patternEntries(s < 32 ? 1 << s : 0, s < 32 ? 0 : 1 << (s - 32), 0, 0, one);
    for (let p = 0; p < PLACES; p++) if (one[p] !== empty[p]) pairs.push((p << 16) | (one[p]! - empty[p]!));
  }
  SQUARE_FIRST[64] = pairs.length;
  return Int32Array.from(pairs);
})();

/** SQUARE_MASK_LO[s], SQUARE_MASK_HI[s]: square s's places as bits, places 0-31 and 32 on. */
export const SQUARE_MASK_LO = new Int32Array(64);
export const SQUARE_MASK_HI = new Int32Array(64);
for (let s = 0; s < 64; s++) {
  for (let i = SQUARE_FIRST[s]!; i < SQUARE_FIRST[s + 1]!; i++) {
    const place = SQUARE_PLACES[i]! >>> 16;
    if (place < 32) SQUARE_MASK_LO[s]! |= 1 << place;
    else SQUARE_MASK_HI[s]! |= 1 << (place - 32);
  }
}
