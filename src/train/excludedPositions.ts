import type { Position } from "../position.js";
import { SYMMETRIES, wordsImage } from "../symmetry.js";
import type { Samples } from "./samples.js";

/** A mask value of trainingMask's kind for a position neither fitted nor held out. */
export const EXCLUDED = 2;

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
      for (let k = 0; k < SYMMETRIES; k++) {
        const [pl, ph] = wordsImage(p.playerLo, p.playerHi, k);
        const [ol, oh] = wordsImage(p.opponentLo, p.opponentHi, k);
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
