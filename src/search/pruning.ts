import { NodeFlag } from "./nodeFlags.js";
import type { Tree } from "./tree.js";

/**
 * Progressive pruning of one node's children. Once every child has at least `minVisits`
 * visits, a child whose mean + r*sigma lies below the best child's mean - r*sigma (sigma:
 * the standard deviation of a mean) is set aside; a pruned child whose interval overlaps the
 * best one's again comes back. The child with the best mean is never pruned, so a node always
 * keeps at least one child. Returns the change in the number of pruned children.
 */
export function updatePruning(tree: Tree, node: number, r: number, minVisits: number): number {
  const first = tree.firstChild[node]!;
  const count = tree.childCount[node]!;
  // With one child (or none) nothing can be pruned, and the loops below find nothing.
  if (r <= 0) return 0;
  let best = first;
  let bestMean = -Infinity;
  for (let c = first; c < first + count; c++) {
    if (tree.visits[c]! < minVisits) return 0;
    const m = tree.mean(c);
    if (m > bestMean) {
      bestMean = m;
      best = c;
    }
  }
  // The best child itself is never below its own lower bound (r > 0): it is never pruned.
  const threshold = bestMean - r * tree.sigma(best);
  let change = 0;
  for (let c = first; c < first + count; c++) {
    const wasPruned = (tree.flags[c]! & NodeFlag.Pruned) !== 0;
    const prune = tree.mean(c) + r * tree.sigma(c) < threshold;
    if (prune === wasPruned) continue;
    tree.setFlags(c, prune ? NodeFlag.Pruned : 0, prune ? 0 : NodeFlag.Pruned);
    change += prune ? 1 : -1;
  }
  return change;
}
