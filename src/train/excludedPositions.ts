import type { Position } from "../position.js";
import type { Samples } from "./samples.js";

/** A mask value of trainingMask's kind for a position neither fitted nor held out. */
export const EXCLUDED = 2;

/** The square of (row, column) under symmetry k of the board's 8 (bit 0: a flip of the rows, 1: of the columns, 2: the transpose). */
function image(square: number, k: number): number {
  let x = square >> 3;
  let y = square & 7;
  if ((k & 4) !== 0) [x, y] = [y, x];
  if ((k & 1) !== 0) x = 7 - x;
  if ((k & 2) !== 0) y = 7 - y;
  return x * 8 + y;
}

/** A board's words under symmetry k. */
function imageWords(lo: number, hi: number, k: number): [number, number] {
  let l = 0;
  let h = 0;
  for (let s = 0; s < 64; s++) {
    const on = s < 32 ? (lo >>> s) & 1 : (hi >>> (s - 32)) & 1;
    if (on === 0) continue;
    const t = image(s, k);
    if (t < 32) l |= 1 << t;
    else h |= 1 << (t - 32);
  }
  return [l, h];
}

const key = (pl: number, ph: number, ol: number, oh: number): string => `${pl | 0},${ph | 0},${ol | 0},${oh | 0}`;

/**
 * Positions the training must never see (the test sets the error against exact scores is
 * measured on), with their images under the board's 8 symmetries, which the patterns cannot
 * tell apart.
 */
export class ExcludedPositions {
  private readonly keys = new Set<string>();

  constructor(positions: readonly Position[]) {
    for (const p of positions)
      for (let k = 0; k < 8; k++) {
        const [pl, ph] = imageWords(p.playerLo, p.playerHi, k);
        const [ol, oh] = imageWords(p.opponentLo, p.opponentHi, k);
        this.keys.add(key(pl, ph, ol, oh));
      }
  }

  /** Marks EXCLUDED in `mask` every sample that is one of the positions: how many. */
  exclude(samples: Samples, mask: Uint8Array): number {
    let n = 0;
    const b = samples.boards;
    for (let i = 0; i < samples.count; i++)
      if (this.keys.has(key(b[4 * i]!, b[4 * i + 1]!, b[4 * i + 2]!, b[4 * i + 3]!))) {
        mask[i] = EXCLUDED;
        n++;
      }
    return n;
  }
}
