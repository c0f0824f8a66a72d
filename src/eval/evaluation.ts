import { popcount } from "../bitboard.js";
import { type EvaluationTables, IncrementalEvaluation } from "./incrementalEvaluation.js";
import { ENTRIES, RAW_SIZE, positionEntries } from "./patterns.js";
import { WEIGHT_UNITS, type Weights, expandWeights, stageOf } from "./weights.js";

/**
 * The static evaluation: the predicted final disc difference for the side to move, the sum of
 * its stage's weights over the position's pattern places, the constant and the board features.
 * Allocation-free. Along a search path, `IncrementalEvaluation` gives the same values from
 * indices kept up to date move by move.
 */
export class Evaluation implements EvaluationTables {
  /** The weights spread over full base-3 tables, stage by stage (`expandWeights`). */
  readonly table: Int16Array;
  /** stageBase[e]: where the table of the stage of e empty squares starts. */
  readonly stageBase = new Int32Array(65);
  private readonly entries = new Int32Array(ENTRIES);

  constructor(readonly weights: Weights) {
    this.table = expandWeights(weights);
    for (let e = 0; e <= 64; e++) this.stageBase[e] = stageOf(e, weights.stages) * RAW_SIZE;
  }

  /** A valuer of a node's children for the tree search (`LeafEvaluation.childValues`): an incremental evaluation of its own. */
  childValues(): IncrementalEvaluation {
    return new IncrementalEvaluation(this);
  }

  /** The mover (pl, ph) against (ol, oh): the final disc difference it can expect. */
  evaluate(pl: number, ph: number, ol: number, oh: number): number {
    const entries = this.entries;
    positionEntries(pl, ph, ol, oh, entries);
    const table = this.table;
    const base = this.stageBase[64 - popcount(pl | ol) - popcount(ph | oh)]!;
    let sum = 0;
    for (let i = 0; i < ENTRIES; i++) sum += table[base + entries[i]!]!;
    return sum / WEIGHT_UNITS;
  }
}
