import { popcount } from "../../src/index.js";

/**
 * An evaluation for the search's tests: the mover's discs minus the opponent's. Simple to check by
 * hand, and its minimax differs from its mean.
 */
export const discCount = {
  evaluate: (pl: number, ph: number, ol: number, oh: number): number =>
    popcount(pl) + popcount(ph) - popcount(ol) - popcount(oh),
};
