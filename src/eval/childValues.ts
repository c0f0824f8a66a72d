/**
 * The evaluations of one node's children, for the tree search's priors: `set` the node, then
 * `evaluateAfterGain` each child. Its values are the static evaluation's (`Evaluation.evaluate`);
 * reading the node once for all its children is what makes it faster (`IncrementalEvaluation`).
 */
export interface ChildValues {
  /** The node: the mover (pl, ph) against (ol, oh). */
  set(pl: number, ph: number, ol: number, oh: number): void;
  /** `evaluate` of the child where the node's mover gains (gl, gh): the square played and the discs turned; nothing for a pass. */
  evaluateAfterGain(gl: number, gh: number): number;
}
