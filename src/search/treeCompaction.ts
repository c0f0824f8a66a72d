import { NodeFlag } from "./nodeFlags.js";
import type { Tree } from "./tree.js";

/**
 * Freeing the nodes of a tree whose root has moved down (Search.follow): the pool's nodes
 * outside the root's subtree are garbage, its old siblings' subtrees and the ancestors.
 *
 * A node's children are handed out when it is expanded, after it, so one pass over the pool
 * in order, from the root on, finds the subtree: every node reached is a child of one found
 * before. Two such passes free the garbage in place, at the speed of memory, with no second
 * pool to copy into.
 */

/**
 * Numbers the root's subtree in pool order: `forward[n]` becomes node n's place among them, or
 * -1 for a node outside it (for the nodes from the root on; those before it are all outside).
 * A node below the root with fewer than `keepChildrenFrom` visits loses its children on the way
 * (`trimTree`): it becomes a leaf again, and its subtree is outside. Returns how many nodes the
 * subtree has.
 */
function numberSubtree(tree: Tree, keepChildrenFrom = 0): number {
  const root = tree.root;
  const end = tree.size;
  const { forward, childCount, firstChild, visits } = tree;
  forward.fill(-1, root, end);
  forward[root] = 0;
  let next = 0;
  for (let n = root; n < end; n++) {
    if (forward[n]! < 0) continue;
    forward[n] = next++;
    if (childCount[n]! > 0 && visits[n]! < keepChildrenFrom && n !== root) {
      // Its next visit expands it afresh; its mean, prior, proof and minimax value stay.
      childCount[n] = 0;
      tree.setFlags(n, 0, NodeFlag.Expanded);
      continue;
    }
    const first = firstChild[n]!;
    for (let c = first, last = first + childCount[n]!; c < last; c++) forward[c] = 0;
  }
  return next;
}

/**
 * Frees every node outside the root's subtree, in place: the subtree's nodes slide down to the
 * start of the pool in their order, the root becoming node 0, and the pool's end follows them.
 * The first pass numbers the subtree's nodes (`numberSubtree`), the second moves each down,
 * which overwrites only nodes freed or already moved.
 */
export function compactTree(tree: Tree, keepChildrenFrom = 0): void {
  const root = tree.root;
  const end = tree.size;
  const size = numberSubtree(tree, keepChildrenFrom);
  const { forward, childCount, firstChild } = tree;
  for (let n = root; n < end; n++) {
    const to = forward[n]!;
    // Stryker disable next-line ConditionalExpression: a freed node "moved" to -1 writes nowhere (typed arrays ignore it); the test spares the work.
    if (to < 0) continue;
    // Stryker disable next-line ConditionalExpression,EqualityOperator: a leaf's firstChild is never read; the test spares a look-up.
    if (childCount[n]! > 0) firstChild[n] = forward[firstChild[n]!]!;
    // Stryker disable next-line ConditionalExpression: a node moved onto itself is unchanged.
    if (to !== n) moveNode(tree, n, to);
  }
  tree.size = size;
  tree.root = 0;
}

/**
 * Compacts the tree as `compactTree` does, and frees room in it while doing so when the root's
 * subtree holds more than `target` nodes: the nodes with the fewest visits lose their children
 * (become leaves again, to be expanded afresh when the search comes back), the fewest visits
 * that bring the subtree to `target` nodes or below, by powers of two. A long search fills the
 * pool and stops growing its tree; the visits of its little-visited branches are worth the least.
 *
 * A node has at least the visits of any of its children, so the nodes that keep their children
 * with at least 2^j visits are exactly the expanded ones with so many: one pass over the numbered
 * subtree counts their children by j, and the root and those children are what stays. A target
 * below the root's own children keeps just those.
 */
export function trimTree(tree: Tree, target: number): void {
  numberSubtree(tree);
  const { forward, childCount, visits } = tree;
  const children = new Float64Array(32);
  for (let n = tree.root, end = tree.size; n < end; n++) {
    const count = childCount[n]!;
    if (count > 0 && forward[n]! >= 0) children[31 - Math.clz32(Math.max(1, visits[n]!))]! += count;
  }
  let kept = 1;
  let j = 32;
  while (j > 0 && kept + children[j - 1]! <= target) kept += children[--j]!;
  compactTree(tree, j > 0 ? 2 ** j : 0);
}

/** The nodes of the root's subtree that carry `flag` (NodeFlag), found as `compactTree` finds the subtree. */
export function countInSubtree(tree: Tree, flag: number): number {
  numberSubtree(tree);
  const { forward, flags } = tree;
  let count = 0;
  for (let n = tree.root, end = tree.size; n < end; n++) if (forward[n]! >= 0 && (flags[n]! & flag) !== 0) count++;
  return count;
}

/** Node `from` moved to `to`, a free place. */
function moveNode(tree: Tree, from: number, to: number): void {
  tree.move[to] = tree.move[from]!;
  tree.flags[to] = tree.flags[from]!;
  tree.childCount[to] = tree.childCount[from]!;
  tree.firstChild[to] = tree.firstChild[from]!;
  tree.visits[to] = tree.visits[from]!;
  tree.total[to] = tree.total[from]!;
  tree.squares[to] = tree.squares[from]!;
  tree.proof[to] = tree.proof[from]!;
  tree.prior[to] = tree.prior[from]!;
  tree.minimax[to] = tree.minimax[from]!;
  tree.policy[to] = tree.policy[from]!;
  tree.selectionTerms[2 * to] = tree.selectionTerms[2 * from]!;
  tree.selectionTerms[2 * to + 1] = tree.selectionTerms[2 * from + 1]!;
  tree.gained[2 * to] = tree.gained[2 * from]!;
  tree.gained[2 * to + 1] = tree.gained[2 * from + 1]!;
}
