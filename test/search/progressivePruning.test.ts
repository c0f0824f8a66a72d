import { describe, expect, it } from "vitest";
import { NodeFlag, Game, type Tree, childToPlay, selectChild, updatePruning } from "../../src/index.js";
import { rootWithResults, startTree } from "./startTree.js";
import { recordResults, search } from "./searchHelpers.js";

// Progressive pruning (pruning.ts) in the search.

describe("progressive pruning", () => {
  it("prunes a clearly worse child, never the best, and un-prunes it when the intervals overlap again", () => {
    const tree = rootWithResults([
      [60, 40],
      [20, 80],
      [55, 45],
      [58, 42],
    ]);
    const first = tree.firstChild[0]!;
    expect(updatePruning(tree, 0, 2, 50)).toBe(1);
    expect(tree.flags[first + 1]! & NodeFlag.Pruned).toBe(NodeFlag.Pruned);
    for (const i of [0, 2, 3]) expect(tree.flags[first + i]! & NodeFlag.Pruned).toBe(0);
    for (let k = 0; k < 150; k++) tree.record(first + 1, 1); // the pruned child recovers and becomes the best
    expect(updatePruning(tree, 0, 2, 50)).toBe(-1);
    expect(tree.flags[first + 1]! & NodeFlag.Pruned).toBe(0);
  });

  it("waits until every child has the minimum visits, and r = 0 turns it off", () => {
    const tree = rootWithResults([
      [60, 40],
      [2, 8],
      [55, 45],
      [58, 42],
    ]);
    expect(updatePruning(tree, 0, 2, 50)).toBe(0);
    const full = rootWithResults([
      [60, 40],
      [20, 80],
      [55, 45],
      [58, 42],
    ]);
    expect(updatePruning(full, 0, 0, 50)).toBe(0);
  });

  it("never leaves a node without a child, even when all the others are far worse", () => {
    const tree = rootWithResults([
      [100, 0],
      [0, 100],
      [0, 100],
      [0, 100],
    ]);
    expect(updatePruning(tree, 0, 1, 10)).toBe(3);
    expect(tree.flags[tree.firstChild[0]!]! & NodeFlag.Pruned).toBe(0);
    expect(selectChild(tree, 0, 1)).toBe(tree.firstChild[0]);
  });

  it("is counted in the search report", () => {
    const r = search({ ppR: 1, ppMinVisits: 16 }, 3).choose(new Game(), { visits: 10000 });
    expect(r.pruned).toBeGreaterThan(0);
    const off = search({ ppR: 0 }, 3).choose(new Game(), { visits: 2000 });
    expect(off.pruned).toBe(0);
  });
});

describe("pruned children", () => {
  /** The start position's four children, with the given visits and wins; child `pruned` set aside. */
  function tree(stats: [number, number][], pruned: number): Tree {
    const t = startTree();
    stats.forEach(([v, w], i) => {
      recordResults(t, 1 + i, v, w);
    });
    t.visits[0] = stats.reduce((a, [v]) => a + v, 0);
    t.flags[1 + pruned]! |= NodeFlag.Pruned;
    return t;
  }

  it("selection never descends into a pruned child, even the one with the highest UCB", () => {
    const t = tree(
      [
        [50, 50],
        [50, 10],
        [50, 20],
        [50, 5],
      ],
      0,
    );
    expect(selectChild(t, 0, 0.3)).toBe(3);
  });

  it("the move played is never a pruned child, even the most visited", () => {
    const t = tree(
      [
        [90, 60],
        [50, 10],
        [60, 20],
        [50, 5],
      ],
      0,
    );
    expect(childToPlay(t, 0)).toBe(3);
  });
});
