import { Position, Tree } from "../../src/index.js";

const START = Position.initial();

/**
 * The tree emptied and its root made the start position, expanded: the four children are nodes
 * 1 to 4 (d3, c4, f5, e6). A new tree of 100 nodes unless one is given.
 */
export function startTree(tree: Tree = new Tree(100)): Tree {
  tree.reset();
  if (!tree.expand(0, START.playerLo, START.playerHi, START.opponentLo, START.opponentHi))
    throw new Error("the start position's root did not expand");
  return tree;
}

/** Expands the root's child `child` (a node of 1 to 4) of a start tree; returns its position. Its children follow the nodes handed out before. */
export function expandRootChild(tree: Tree, child: number): Position {
  const p = START.play(tree.move[child]!);
  tree.expand(child, p.playerLo, p.playerHi, p.opponentLo, p.opponentHi);
  return p;
}

/**
 * A start tree whose root children, nodes 1 to 4, hold `results` in order: (wins, losses) in
 * whole games, each a result of 1 or 0. With `losingGrandchildren`, child 1 is expanded and each
 * of its children has lost 100 games.
 */
export function rootWithResults(
  results: readonly (readonly [number, number])[],
  { losingGrandchildren = false } = {},
): Tree {
  const tree = startTree();
  const first = tree.firstChild[0]!;
  results.forEach(([w, l], i) => {
    for (let k = 0; k < w; k++) tree.record(first + i, 1);
    for (let k = 0; k < l; k++) tree.record(first + i, 0);
  });
  if (losingGrandchildren) {
    expandRootChild(tree, first);
    const g = tree.firstChild[first]!;
    for (let c = g; c < g + tree.childCount[first]!; c++) for (let k = 0; k < 100; k++) tree.record(c, 0);
  }
  return tree;
}
