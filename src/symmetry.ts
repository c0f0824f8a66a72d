/**
 * The board's 8 symmetries, numbered 0..7: bit 2 transposes the board (rows for columns), then
 * bit 0 flips the rows and bit 1 the columns. Othello's rules and the start position are the
 * same under each, so a position and its images have the same value.
 */
export const SYMMETRIES = 8;

/** The square of (row, column) under symmetry k. */
export function squareImage(square: number, k: number): number {
  let x = square >> 3;
  let y = square & 7;
  if ((k & 4) !== 0) [x, y] = [y, x];
  if ((k & 1) !== 0) x = 7 - x;
  if ((k & 2) !== 0) y = 7 - y;
  return x * 8 + y;
}

/** A board's words (lo: squares 0..31, hi: 32..63) under symmetry k. */
export function wordsImage(lo: number, hi: number, k: number): [number, number] {
  let l = 0;
  let h = 0;
  for (let s = 0; s < 64; s++) {
    const on = s < 32 ? (lo >>> s) & 1 : (hi >>> (s - 32)) & 1;
    if (on === 0) continue;
    const t = squareImage(s, k);
    if (t < 32) l |= 1 << t;
    else h |= 1 << (t - 32);
  }
  return [l, h];
}
