import type { Evaluation } from "../eval/evaluation.js";
import { stageOf } from "../eval/weights.js";
import { sampleEmpties } from "./fitting.js";
import { GAME_START, type Samples } from "./samples.js";

/** One game in this many is held out of the fit to measure the error on positions it never saw. */
export const HELD_OUT_EVERY = 10;

/** training[i] = 1 for the positions fitted, 0 for the held-out ones: whole games, the last of every HELD_OUT_EVERY. */
export function trainingMask(samples: Samples): Uint8Array {
  const mask = new Uint8Array(samples.count);
  let game = -1;
  for (let i = 0; i < samples.count; i++) {
    if ((samples.flags[i]! & GAME_START) !== 0) game++;
    mask[i] = game % HELD_OUT_EVERY === HELD_OUT_EVERY - 1 ? 0 : 1;
  }
  return mask;
}

export interface StageError {
  readonly positions: number;
  /** Mean absolute error in discs (NaN without positions). */
  readonly meanAbsoluteError: number;
}

/** The evaluation's mean absolute error against the labels of the positions with mask[i] === select, stage by stage, and over all. */
export function stageErrors(
  evaluation: Evaluation,
  samples: Samples,
  mask: Uint8Array,
  select: number,
  stages: number,
): { readonly stages: StageError[]; readonly all: StageError } {
  const sums = new Float64Array(stages);
  const counts = new Int32Array(stages);
  const b = samples.boards;
  for (let i = 0; i < samples.count; i++) {
    if (mask[i] !== select) continue;
    const s = stageOf(sampleEmpties(samples, i), stages);
    sums[s]! += Math.abs(
      evaluation.evaluate(b[4 * i]!, b[4 * i + 1]!, b[4 * i + 2]!, b[4 * i + 3]!) - samples.scores[i]!,
    );
    counts[s]!++;
  }
  const total = counts.reduce((a, c) => a + c, 0);
  return {
    stages: Array.from({ length: stages }, (_, s) => ({
      positions: counts[s]!,
      meanAbsoluteError: sums[s]! / counts[s]!,
    })),
    all: { positions: total, meanAbsoluteError: sums.reduce((a, c) => a + c, 0) / total },
  };
}
