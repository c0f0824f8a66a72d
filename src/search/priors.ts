import { flips, legalMoves, lowestBit, resultHi, squareHi, squareLo } from "../bitboard.js";
import type { ChildValues } from "../eval/childValues.js";
import { type LeafEvaluation, winProbability } from "./leafValues.js";
import type { Tree } from "./tree.js";

/**
 * A node's expansion with priors: each child gets the evaluation's win probability for the side
 * to move at the node, its prior, and its value when it is first reached (SearchParams.leaf,
 * priorVisits), and with PUCT (Tree.puct) its policy, a softmax of the same values. One per
 * search, as its incremental evaluation keeps the node it was set to.
 */
export class Priors {
  /**
   * `scale`: the disc difference whose logistic gives the win probability (SearchParams.evalScale);
   * `childValues`: the evaluation's incremental form, for speed (LeafEvaluation.childValues);
   * `policyTemp`: the softmax's temperature in discs (SearchParams.policyTemp).
   */
  constructor(
    private readonly evaluation: LeafEvaluation,
    private readonly scale: number,
    private readonly childValues: ChildValues | undefined,
    private readonly policyTemp: number,
  ) {}

  /** The children's evaluations for the mover at the node, in discs (at most 64 moves, a pass included). */
  private readonly values = new Float64Array(64);
  /** With PUCT, each child's softmax weight, exp((value - best) / policyTemp), before it is divided by their sum. */
  private readonly weights = new Float64Array(64);

  /** Expands the node of `tree` (Tree.expand), the mover (pl, ph) against (ol, oh), and gives its children their priors (and with PUCT their policy); false when the tree has no room. */
  expand(tree: Tree, node: number, pl: number, ph: number, ol: number, oh: number): boolean {
    // The children get their priors before other threads may read them. (A node the tree has
    // no room for stays a leaf: the caller finds it so whatever this returns; a finished
    // game's node has no children to give priors.)
    // Stryker disable next-line BooleanLiteral: as said.
    if (!tree.expand(node, pl, ph, ol, oh, false)) return false;
    const first = tree.firstChild[node]!;
    const count = tree.childCount[node]!;
    const { scale, childValues, values } = this;
    const { gained } = tree;
    childValues?.set(pl, ph, ol, oh);
    let most = -Infinity;
    for (let i = 0; i < count; i++) {
      // The child's position from the discs its move gains (none for a pass).
      const value = this.valueAfterGain(gained[2 * (first + i)]!, gained[2 * (first + i) + 1]!, pl, ph, ol, oh);
      values[i] = value;
      if (value > most) most = value;
    }
    if (tree.puct) {
      // A softmax over the mover's values: the policy PUCT's exploration follows.
      const { weights, policyTemp } = this;
      let sum = 0;
      for (let i = 0; i < count; i++) {
        weights[i] = Math.exp((values[i]! - most) / policyTemp);
        sum += weights[i]!;
      }
      for (let i = 0; i < count; i++) tree.policy[first + i] = weights[i]! / sum;
    }
    // `<=` would write the prior of the node after the children: in one thread a node not yet
    // handed out, cleared when it is; only a race between threads would show it.
    // Stryker disable next-line EqualityOperator: as said.
    for (let i = 0; i < count; i++) tree.setPrior(first + i, winProbability(values[i]!, scale));
    tree.publish(node);
    return true;
  }

  /**
   * A new leaf's value one move further on: the win probability, for the player who moved into
   * the leaf, of the mover's best reply there by the evaluation (the leaf's mover (pl, ph)
   * against (ol, oh)); `prior` when the mover has no move.
   */
  lookahead(pl: number, ph: number, ol: number, oh: number, prior: number): number {
    let ml = legalMoves(pl, ph, ol, oh);
    let mh = resultHi;
    if ((ml | mh) === 0) return prior;
    this.childValues?.set(pl, ph, ol, oh);
    let best = -Infinity;
    for (; ml !== 0; ml &= ml - 1) best = Math.max(best, this.replyValue(lowestBit(ml), pl, ph, ol, oh));
    for (; mh !== 0; mh &= mh - 1) best = Math.max(best, this.replyValue(32 + lowestBit(mh), pl, ph, ol, oh));
    // The mover's best margin is a margin against the player who moved into the leaf.
    return winProbability(-best, this.scale);
  }

  /** The value for the mover (pl, ph) of its move on square s (`valueAfterGain`). */
  private replyValue(s: number, pl: number, ph: number, ol: number, oh: number): number {
    const gl = flips(s, pl, ph, ol, oh) | squareLo(s);
    return this.valueAfterGain(gl, resultHi | squareHi(s), pl, ph, ol, oh);
  }

  /**
   * The evaluation for the mover (pl, ph) once it gains (gl, gh), the square played and the discs
   * turned: the child's, whose side to move is the opponent, negated; by the incremental form,
   * set to the node, when there is one.
   */
  private valueAfterGain(gl: number, gh: number, pl: number, ph: number, ol: number, oh: number): number {
    const { childValues } = this;
    return -(
      // Stryker disable next-line ConditionalExpression: the same value either way (bit for bit: test/eval/); only the time differs.
      (childValues === undefined
        ? this.evaluation.evaluate(ol & ~gl, oh & ~gh, pl | gl, ph | gh)
        : childValues.evaluateAfterGain(gl, gh))
    );
  }
}
