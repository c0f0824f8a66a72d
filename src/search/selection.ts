import { NodeFlag } from "./nodeFlags.js";
import { Proof } from "./proof.js";
import type { Tree } from "./tree.js";

/** UCB1 of a child with `points` (wins, draws counting half) over `visits`, under a parent with `parentVisits`. */
export function ucb1(points: number, visits: number, parentVisits: number, c: number): number {
  return points / visits + c * Math.sqrt(Math.log(parentVisits) / visits);
}

/**
 * The child to descend into among those neither proven nor pruned: without priors the first
 * unvisited one, otherwise the highest UCB1, mean + c * sqrt(ln N / n), where with priors the
 * mean and n include the prior's virtual visits. When pruning has set aside every unproven
 * child, those count again; -1 when every child is proven (the node then is too). With
 * `ignoreProofs`, proven children count like the others.
 */
export function selectChild(tree: Tree, node: number, c: number, ignoreProofs = false): number {
  const { flags, ucb, firstChild, childCount } = tree;
  const first = firstChild[node]!;
  const end = first + childCount[node]!;
  // c * sqrt(ln N) once per node; each child's mean and 1/sqrt(n) are kept by Tree.record.
  const explore = tree.exploration(node, c);
  let best = -1;
  let bestValue = -Infinity;
  let prunedOnly = -1;
  for (let child = first; child < end; child++) {
    const f = flags[child]!;
    // One test for the common child, neither proven nor pruned, against the literal
    // NodeFlag.Proven | NodeFlag.Pruned: the bundle reads a module constant from memory at each use (a test
    // checks the literal).
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
    const s = ucb[at | 1]!;
    if (s === Infinity) return child;
    const value = ucb[at]! + explore * s;
    if (value > bestValue || best < 0) {
      bestValue = value;
      best = child;
    }
  }
  return best >= 0 ? best : prunedOnly;
}

/**
 * The move to play from a node. A child proven won for its mover, if there is one (the most
 * visited of them). Otherwise the most visited unproven child that progressive pruning has not
 * set aside (ties: the higher mean), unless its mean is below a draw and a proven draw is there;
 * a proven loss only when nothing else is left.
 */
export function mostVisitedChild(tree: Tree, node: number): number {
  const first = tree.firstChild[node]!;
  const end = first + tree.childCount[node]!;
  const win = mostVisited(tree, first, end, Proof.Win, true);
  if (win >= 0) return win;
  const open = mostVisited(tree, first, end, Proof.Unproven, false);
  const draw = mostVisited(tree, first, end, Proof.Draw, true);
  if (open >= 0 && !(draw >= 0 && tree.visits[open]! > 0 && tree.mean(open) < 0.5)) return open;
  if (draw >= 0) return draw;
  const anyOpen = mostVisited(tree, first, end, Proof.Unproven, true);
  if (anyOpen >= 0) return anyOpen;
  const loss = mostVisited(tree, first, end, Proof.Loss, true);
  return loss >= 0 ? loss : first;
}

/** The most visited child with this proof (ties: the higher mean), pruned ones only if `withPruned`; -1 for none. */
function mostVisited(tree: Tree, first: number, end: number, proof: number, withPruned: boolean): number {
  let best = -1;
  for (let c = first; c < end; c++) {
    if (tree.proof[c] !== proof || (!withPruned && (tree.flags[c]! & NodeFlag.Pruned) !== 0)) continue;
    if (best < 0) {
      best = c;
      continue;
    }
    const v = tree.visits[c]!;
    const bv = tree.visits[best]!;
    if (v > bv || (v === bv && v > 0 && tree.mean(c) > tree.mean(best))) best = c;
  }
  return best;
}
