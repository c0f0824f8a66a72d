import {
  MOBILITY_MAX,
  MOVER_POTENTIAL,
  OPPONENT_MOBILITY,
  OPPONENT_POTENTIAL,
  PARITY,
  POTENTIAL_MAX,
} from "./boardFeatures.js";
import { lazyModule } from "../kernel.js";
import { EVALUATION_KERNEL_BASE64 } from "./evaluationKernelBytes.js";
import { BOARD_OFFSET, PLACES } from "./patterns.js";
import { SQUARE_FIRST, SQUARE_MASK_HI, SQUARE_MASK_LO, SQUARE_PLACES } from "./squarePlaces.js";

/**
 * The incremental evaluation's child values in WebAssembly (evaluationKernel.wat, assembled by
 * `make kernel` into evaluationKernelBytes.ts), on 64-bit boards with native population counts.
 * `IncrementalEvaluation` keeps its pattern state in the kernel's memory, through `levels` and
 * `discs`, and its TypeScript stays the reference the kernel is tested against.
 */
export interface EvaluationKernel {
  /** The levels' entries, in the kernel's memory: IncrementalEvaluation's `levels`. */
  readonly levels: Int32Array;
  /** The levels' discs, in the kernel's memory: IncrementalEvaluation's `discs`. */
  readonly discs: Int32Array;
  /**
   * The view at `view` of `levels` summed over `places` places at the stage whose table starts
   * at `base`, the constant left out; each place's weight is kept for `valueAfter`.
   */
  viewSum(view: number, base: number, places: number): number;
  /**
   * After the side to move plays s turning (fl, fh): the weights of the places the move touches
   * less those `viewSum` kept, plus the child's board features, in weight units. The view is
   * the opponent's at the child's stage, summed by `viewSum` just before; the mover's discs are
   * at word `at` of `discs`, the opponent's at `other`; `replies` is the opponent's legal moves
   * after the move, or -1 if not counted.
   */
  valueAfter(
    s: number,
    fl: number,
    fh: number,
    view: number,
    base: number,
    at: number,
    other: number,
    replies: number,
  ): number;
}

interface KernelExports {
  readonly memory: WebAssembly.Memory;
  readonly squaresAt: WebAssembly.Global;
  readonly pairsAt: WebAssembly.Global;
  readonly masksAt: WebAssembly.Global;
  readonly deltaAt: WebAssembly.Global;
  readonly weightsAt: WebAssembly.Global;
  readonly levelsAt: WebAssembly.Global;
  readonly discsAt: WebAssembly.Global;
  readonly tableAt: WebAssembly.Global;
  readonly viewSum: EvaluationKernel["viewSum"];
  readonly valueAfter: EvaluationKernel["valueAfter"];
}

/** Words the kernel keeps a place (its change and its weight): 64, more than the places. */
const PLACE_WORDS = 64;

const kernelModule = lazyModule(EVALUATION_KERNEL_BASE64);

const PAGE = 65536;

/**
 * A new kernel with its own memory, holding a copy of the evaluation's `table` (4.4 MB with
 * today's 13 stages) and room for `levelWords` words of levels and `discWords` of discs.
 */
export function createEvaluationKernel(table: Int16Array, levelWords: number, discWords: number): EvaluationKernel {
  const constant = (value: number) => new WebAssembly.Global({ value: "i32", mutable: false }, value);
  const exports = new WebAssembly.Instance(kernelModule(), {
    features: {
      board: constant(BOARD_OFFSET),
      opponentMobility: constant(OPPONENT_MOBILITY),
      moverPotential: constant(MOVER_POTENTIAL),
      opponentPotential: constant(OPPONENT_POTENTIAL),
      parity: constant(PARITY),
      mobilityMax: constant(MOBILITY_MAX),
      potentialMax: constant(POTENTIAL_MAX),
    },
  }).exports as unknown as KernelExports;
  const at = (global: WebAssembly.Global) => global.value as number;
  const fits = (start: number, bytes: number, end: number) => {
    if (start + bytes > end)
      throw new Error(`evaluationKernel.wat: ${bytes} bytes do not fit at ${start} below ${end}`);
  };
  fits(at(exports.squaresAt), 4 * SQUARE_FIRST.length, at(exports.pairsAt));
  fits(at(exports.pairsAt), 4 * SQUARE_PLACES.length, at(exports.masksAt));
  fits(at(exports.masksAt), 8 * 64, at(exports.deltaAt));
  fits(at(exports.deltaAt), 4 * PLACE_WORDS, at(exports.weightsAt));
  fits(at(exports.weightsAt), 4 * PLACE_WORDS, at(exports.levelsAt));
  fits(at(exports.levelsAt), 4 * levelWords, at(exports.discsAt));
  fits(at(exports.discsAt), 4 * discWords, at(exports.tableAt));
  if (PLACES > PLACE_WORDS) throw new Error(`evaluationKernel.wat keeps ${PLACE_WORDS} places, not ${PLACES}`);
  const memory = exports.memory;
  const needed = at(exports.tableAt) + 2 * table.length;
  if (needed > memory.buffer.byteLength) memory.grow(Math.ceil((needed - memory.buffer.byteLength) / PAGE));
  // Views made after the growth: growing detaches the memory's earlier buffer.
  const buffer = memory.buffer;
  new Int32Array(buffer, at(exports.squaresAt), SQUARE_FIRST.length).set(SQUARE_FIRST);
  new Int32Array(buffer, at(exports.pairsAt), SQUARE_PLACES.length).set(SQUARE_PLACES);
  const masks = new Int32Array(buffer, at(exports.masksAt), 2 * 64);
  for (let s = 0; s < 64; s++) {
    masks[2 * s] = SQUARE_MASK_LO[s]!;
    masks[2 * s + 1] = SQUARE_MASK_HI[s]!;
  }
  new Int16Array(buffer, at(exports.tableAt), table.length).set(table);
  return {
    levels: new Int32Array(buffer, at(exports.levelsAt), levelWords),
    discs: new Int32Array(buffer, at(exports.discsAt), discWords),
    viewSum: exports.viewSum,
    valueAfter: exports.valueAfter,
  };
}
