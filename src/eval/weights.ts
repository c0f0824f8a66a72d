import { type Result, err, ok } from "../result.js";
import { CANONICAL, COMPACT_SIZE, RAW_SIZE } from "./patterns.js";

/**
 * Trained weights: for each stage of the game, one value per compact pattern entry (mirror
 * images share one), in units of 1/WEIGHT_UNITS of a disc. Stage s covers the positions whose
 * empty squares e give stageOf(e, stages) = s.
 */
export interface Weights {
  readonly stages: number;
  /** stages * COMPACT_SIZE values, stage by stage. */
  readonly values: Int16Array;
}

/** Weights are stored in 1/256 of a disc: a 16-bit value reaches +-128 discs, far beyond any one pattern's share. */
export const WEIGHT_UNITS = 256;
/** The most stages a file may have (one per number of empty squares, 0..60). */
export const MAX_STAGES = 61;

/** The stage of a position with `empties` empty squares: equal slices of 0..60. */
export function stageOf(empties: number, stages: number): number {
  return Math.floor((Math.min(empties, 60) * stages) / 61);
}

/** Weights that are all zero: the untrained evaluation (every position worth 0). */
export function zeroWeights(stages: number): Weights {
  return { stages, values: new Int16Array(stages * COMPACT_SIZE) };
}

/**
 * The weights spread over full base-3 tables, stage by stage (stages * RAW_SIZE): what the
 * evaluation reads, one look-up per pattern place and no mirror computed at run time.
 */
export function expandWeights(weights: Weights): Int16Array {
  const table = new Int16Array(weights.stages * RAW_SIZE);
  for (let s = 0; s < weights.stages; s++) {
    const raw = s * RAW_SIZE;
    const compact = s * COMPACT_SIZE;
    for (let i = 0; i < RAW_SIZE; i++) table[raw + i] = weights.values[compact + CANONICAL[i]!]!;
  }
  return table;
}

/**
 * The mean of several weights, entry by entry (rounded to the nearest unit). The evaluation is a
 * sum of weights, so the mean's evaluation of a position is the mean of theirs: an ensemble of
 * evaluations trained apart, at the cost of one.
 */
export function averageWeights(all: readonly Weights[]): Result<Weights> {
  const first = all[0];
  if (first === undefined) return err("no weights to average");
  const other = all.find((w) => w.stages !== first.stages);
  if (other !== undefined)
    return err(
      `the weights have different stage counts (${first.stages} and ${other.stages}): they cannot be averaged`,
    );
  const values = new Int16Array(first.values.length);
  for (let i = 0; i < values.length; i++) {
    let sum = 0;
    for (const w of all) sum += w.values[i]!;
    values[i] = Math.round(sum / all.length);
  }
  return ok({ stages: first.stages, values });
}
