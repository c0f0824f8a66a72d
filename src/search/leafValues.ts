import type { ChildValues } from "../eval/childValues.js";
import type { Random } from "../random.js";

// How the search values a new leaf: played out, solved, or evaluated (SearchParams.leaf, solveEmpties).

/**
 * Plays a position out and returns the final disc difference for the side to move (pl, ph)
 * against (ol, oh). The search's default is `randomPlayout`; tests inject their own.
 */
export type Playout = (pl: number, ph: number, ol: number, oh: number, random: Random) => number;

/** Solves small positions exactly: 1, 0 or -1 for the side to move (pl, ph) with best play. */
export interface LeafSolver {
  outcome(pl: number, ph: number, ol: number, oh: number): number;
}

/** A static evaluation: the final disc difference the side to move (pl, ph) can expect (src/eval/evaluation.ts). */
export interface LeafEvaluation {
  evaluate(pl: number, ph: number, ol: number, oh: number): number;
  /**
   * Optional, for speed: values the children of one node at a time, reading the node once
   * (src/eval/incrementalEvaluation.ts). Its values must be `evaluate`'s.
   */
  childValues?(): ChildValues;
}

/**
 * The chance of winning that the evaluation's margin of `discs` stands for, `scale` discs a unit
 * of log-odds (SearchParams.evalScale): a leaf's value and a child's prior.
 */
export function winProbability(discs: number, scale: number): number {
  return 1 / (1 + Math.exp(-discs / scale));
}
