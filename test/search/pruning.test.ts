import { describe, expect, it } from "vitest";
import { NodeFlag, PASS, Position, Tree, updatePruning } from "../../src/index.js";
import { rootWithResults } from "./startTree.js";

const pruned = (tree: Tree, node: number) => (tree.flags[node]! & NodeFlag.Pruned) !== 0;

describe("progressive pruning, at its edges", () => {
  it("counts a child with exactly the minimum visits as ready", () => {
    const tree = rootWithResults([
      [30, 20],
      [2, 48],
      [28, 22],
      [29, 21],
    ]);
    expect(updatePruning(tree, 0, 2, 50)).toBe(1);
    expect(pruned(tree, tree.firstChild[0]! + 1)).toBe(true);
  });

  it("prunes among two children too", () => {
    // The first position along a line of play where the mover has exactly two moves.
    let p = Position.initial();
    while (p.legalSquares().length !== 2) p = p.play(p.legalSquares().at(-1) ?? PASS);
    const tree = new Tree(10);
    tree.reset();
    tree.expand(0, p.playerLo, p.playerHi, p.opponentLo, p.opponentHi);
    expect(tree.childCount[0]).toBe(2);
    const first = tree.firstChild[0]!;
    for (let k = 0; k < 100; k++) tree.record(first, k < 70 ? 2 : 0);
    for (let k = 0; k < 100; k++) tree.record(first + 1, k < 10 ? 2 : 0);
    expect(updatePruning(tree, 0, 2, 50)).toBe(1);
    expect(pruned(tree, first + 1)).toBe(true);
    expect(pruned(tree, first)).toBe(false);
  });

  it("touches only the node's own children, not the nodes that follow them in the tree", () => {
    const tree = rootWithResults(
      [
        [60, 40],
        [20, 80],
        [55, 45],
        [58, 42],
      ],
      { losingGrandchildren: true },
    );
    const first = tree.firstChild[0]!;
    const next = first + tree.childCount[0]!;
    expect(tree.firstChild[first]).toBe(next);
    expect(updatePruning(tree, 0, 2, 50)).toBe(1);
    expect(pruned(tree, next)).toBe(false);
  });

  it("measures the others against the first of two equally good children", () => {
    // Same mean: the first (100 visits) has the narrower interval, so its lower bound is the
    // higher threshold; a child just under it is pruned, though not under the second's.
    const tree = rootWithResults([
      [60, 40],
      [30, 20],
      [208, 192],
      [10, 90],
    ]);
    const first = tree.firstChild[0]!;
    const upper = tree.mean(first + 2) + tree.sigma(first + 2);
    expect(upper).toBeLessThan(tree.mean(first) - tree.sigma(first));
    expect(upper).toBeGreaterThan(tree.mean(first + 1) - tree.sigma(first + 1));
    expect(updatePruning(tree, 0, 1, 50)).toBe(2);
    expect(pruned(tree, first + 2)).toBe(true);
  });
});

describe("progressive pruning, the bound itself", () => {
  it("keeps a child whose upper bound only touches the best's lower bound", () => {
    // Two children won every game: both means 1, both spreads 0, so each bound is exactly 1.
    const tree = rootWithResults([
      [50, 0],
      [50, 0],
      [0, 50],
      [0, 50],
    ]);
    const first = tree.firstChild[0]!;
    expect(tree.sigma(first + 1)).toBe(0);
    expect(updatePruning(tree, 0, 2, 50)).toBe(2);
    expect([0, 1, 2, 3].map((i) => pruned(tree, first + i))).toEqual([false, false, true, true]);
  });
});

describe("progressive pruning, the best child", () => {
  it("is found wherever it stands among the children", () => {
    const tree = rootWithResults([
      [10, 40],
      [30, 20],
      [28, 22],
      [45, 5],
    ]);
    const first = tree.firstChild[0]!;
    expect(updatePruning(tree, 0, 2, 50)).toBe(3);
    expect([0, 1, 2, 3].map((i) => pruned(tree, first + i))).toEqual([true, true, true, false]);
  });
});
