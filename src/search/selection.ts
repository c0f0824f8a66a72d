import type { Random } from "../random.js";
import { NodeFlag } from "./nodeFlags.js";
import { Proof } from "./proof.js";
import type { Tree } from "./tree.js";

/**
 * The child to descend into among those neither proven nor pruned: without priors the first
 * unvisited one, otherwise the highest UCB1, mean + c * sqrt(ln N / n), where with priors the
 * mean and n include the prior's virtual visits; with PUCT (Tree.puct) the highest mean + c * P *
 * sqrt(N) / (1 + n), P the child's policy. Either way the mean and the child's factor are the
 * selection terms the tree keeps, and Tree.exploration the parent's. When pruning has set aside every unproven
 * child, those count again; -1 when every child is proven (the node then is too). With
 * `ignoreProofs`, proven children count like the others.
 */
export function selectChild(tree: Tree, node: number, c: number, ignoreProofs = false): number {
  const { flags, selectionTerms: terms, firstChild, childCount } = tree;
  const first = firstChild[node]!;
  const end = first + childCount[node]!;
  // The parent's factor once per node; each child's mean and its own factor are kept by Tree.record.
  const explore = tree.exploration(node, c);
  let best = -1;
  // Read only once the first candidate has set it (best === -1 takes that one). A double from
  // the start, as the values are (0 would start V8 on small integers).
  // Stryker disable next-line UnaryOperator: as said, +Infinity is never compared either.
  let bestValue = -Infinity;
  let prunedOnly = -1;
  for (let child = first; child < end; child++) {
    const f = flags[child]!;
    // One test for the common child, neither proven nor pruned, against the literal
    // NodeFlag.Proven | NodeFlag.Pruned: the bundle reads a module constant from memory at each use (a test
    // checks the literal).
    // Stryker disable next-line ConditionalExpression: the tests inside decide; this one spares them for most children.
    if ((f & 10) !== 0) {
      if ((f & NodeFlag.Proven) !== 0 && !ignoreProofs) continue;
      if ((f & NodeFlag.Pruned) !== 0) {
        prunedOnly = child;
        continue;
      }
    }
    // Without priors an unvisited child's spread is 1/sqrt(0): it is tried first. A shift,
    // unlike 2 * child, needs no overflow check.
    const at = child << 1;
    const s = terms[at | 1]!;
    if (s === Infinity) return child;
    const value = terms[at]! + explore * s;
    if (value > bestValue || best === -1) {
      bestValue = value;
      best = child;
    }
  }
  return best !== -1 ? best : prunedOnly;
}

/**
 * What the move rule reads of the moves it chooses among, by index from 0 to count - 1: a
 * node's children in the tree, or the root children merged from several threads' trees.
 */
export interface Candidates {
  readonly count: number;
  visits(i: number): number;
  /** Mean result for the mover, read only when visits(i) > 0. */
  mean(i: number): number;
  /** What is proven of the move for its mover. */
  proof(i: number): Proof;
  /** Whether progressive pruning has set the move aside. */
  pruned(i: number): boolean;
}

/**
 * The move to play, the search's and the root merge's rule: a move proven won for its mover,
 * if there is one (the most visited of them). Otherwise the most visited unproven move that
 * progressive pruning has not set aside (ties: the higher mean), unless its mean is below a
 * draw and a proven draw is there; a proven loss only when nothing else is left. Its index;
 * -1 when there are no candidates.
 */
export function moveToPlay(candidates: Candidates): number {
  const win = mostVisited(candidates, Proof.Win, true);
  if (win >= 0) return win;
  const open = mostVisited(candidates, Proof.Unproven, false);
  const draw = mostVisited(candidates, Proof.Draw, true);
  if (open >= 0 && !(draw >= 0 && candidates.visits(open) > 0 && candidates.mean(open) < 0.5)) return open;
  if (draw >= 0) return draw;
  const anyOpen = mostVisited(candidates, Proof.Unproven, true);
  if (anyOpen >= 0) return anyOpen;
  // Every candidate left is a proven loss.
  return mostVisited(candidates, Proof.Loss, true);
}

/**
 * The move to play drawn at a temperature above 0 (SearchParams.moveTemperature): a weaker
 * player's choice among the moves the search values. A proven win is played as `moveToPlay`
 * plays it; otherwise each visited move neither proven lost nor pruned is drawn with probability
 * proportional to exp(value / temperature), its value its mean (a proven draw's, 0.5). With no
 * such move, `moveToPlay`'s. The draw takes one number from `random`.
 */
export function drawMove(candidates: Candidates, temperature: number, random: Random): number {
  const best = moveToPlay(candidates);
  if (best < 0 || candidates.proof(best) === Proof.Win) return best;
  const values: number[] = [];
  let top = -Infinity;
  for (let i = 0; i < candidates.count; i++) {
    const proof = candidates.proof(i);
    const drawable = candidates.visits(i) > 0 && proof !== Proof.Loss && !candidates.pruned(i);
    const value = !drawable ? Number.NaN : proof === Proof.Draw ? 0.5 : candidates.mean(i);
    values.push(value);
    if (value > top) top = value;
  }
  if (top === -Infinity) return best;
  // Weights relative to the best value, so that none overflows however low the temperature.
  const weights = values.map((v) => (Number.isNaN(v) ? 0 : Math.exp((v - top) / temperature)));
  let left = random.nextFloat() * weights.reduce((sum, w) => sum + w, 0);
  let last = best;
  for (let i = 0; i < weights.length; i++) {
    if (weights[i] === 0) continue;
    last = i;
    left -= weights[i]!;
    if (left < 0) return i;
  }
  // Rounding can leave a sliver past the last weight: it belongs to the last drawable move.
  return last;
}

/** The most visited candidate with this proof (ties: the higher mean), pruned ones only if `withPruned`; -1 for none. */
function mostVisited(candidates: Candidates, proof: Proof, withPruned: boolean): number {
  let best = -1;
  for (let i = 0; i < candidates.count; i++) {
    if (candidates.proof(i) !== proof || (!withPruned && candidates.pruned(i))) continue;
    if (best < 0) {
      best = i;
      continue;
    }
    const v = candidates.visits(i);
    const bv = candidates.visits(best);
    if (v > bv || (v === bv && v > 0 && candidates.mean(i) > candidates.mean(best))) best = i;
  }
  return best;
}

/** A node's children as candidates of the move rule. */
class TreeChildren implements Candidates {
  constructor(
    private readonly tree: Tree,
    private readonly first: number,
    readonly count: number,
  ) {}

  visits(i: number): number {
    return this.tree.visits[this.first + i]!;
  }

  mean(i: number): number {
    return this.tree.mean(this.first + i);
  }

  proof(i: number): Proof {
    return this.tree.proof[this.first + i]!;
  }

  pruned(i: number): boolean {
    return (this.tree.flags[this.first + i]! & NodeFlag.Pruned) !== 0;
  }
}

/** The child to play from an expanded node, drawn at `temperature` (`drawMove`). */
export function childToDraw(tree: Tree, node: number, temperature: number, random: Random): number {
  const first = tree.firstChild[node]!;
  return first + drawMove(new TreeChildren(tree, first, tree.childCount[node]!), temperature, random);
}

/** The child to play from an expanded node, by the move rule (`moveToPlay`). */
export function childToPlay(tree: Tree, node: number): number {
  const first = tree.firstChild[node]!;
  return first + moveToPlay(new TreeChildren(tree, first, tree.childCount[node]!));
}
