import { describe, expect, it } from "vitest";
import { NodeFlag, Tree, childToPlay, proofOf, selectChild } from "../../src/index.js";
import { startTree } from "./startTree.js";

/** A start tree (`startTree`) whose nodes count `priorVisits` virtual results for their priors. */
function priorTree(priorVisits: number): Tree {
  const tree = new Tree(100);
  tree.priorVisits = priorVisits;
  return startTree(tree);
}

/** Records `wins` wins and `losses` losses at the node and as many results at the root. */
function results(tree: Tree, node: number, wins: number, losses: number): void {
  for (let i = 0; i < wins + losses; i++) {
    tree.record(node, i < wins ? 1 : 0);
    tree.record(0, i < wins ? 0 : 1);
  }
}

describe("selecting a child (UCB1)", () => {
  it("without priors, takes the first unvisited child before any visited one", () => {
    const tree = priorTree(0);
    results(tree, 1, 5, 0);
    results(tree, 2, 5, 0);
    expect(selectChild(tree, 0, 0.3)).toBe(3);
  });

  it("takes the highest mean plus exploration, the first of equals", () => {
    const tree = priorTree(0);
    results(tree, 1, 3, 7);
    results(tree, 2, 7, 3);
    results(tree, 3, 7, 3);
    results(tree, 4, 2, 2);
    // c = 0.3: the means decide (0.7 against 0.5); with c = 3 the fewer visits do.
    expect(selectChild(tree, 0, 0.3)).toBe(2);
    expect(selectChild(tree, 0, 3)).toBe(4);
  });

  it("with priors, reads the priors' means before any visit", () => {
    const tree = priorTree(2);
    tree.setPrior(3, 0.9);
    expect(selectChild(tree, 0, 0.3)).toBe(3);
  });

  it("takes a child even when every value is NaN (a parent of no visits: ln 0)", () => {
    const tree = priorTree(0);
    for (const n of [1, 2, 3, 4]) tree.record(n, 1);
    expect(selectChild(tree, 0, 0.3)).toBe(1);
  });

  it("passes over proven children unless told to count them, and -1 when all are proven", () => {
    const tree = priorTree(0);
    results(tree, 1, 9, 1);
    results(tree, 2, 1, 9);
    results(tree, 3, 1, 9);
    results(tree, 4, 1, 9);
    tree.setProof(1, proofOf("win"));
    expect(selectChild(tree, 0, 0.3)).not.toBe(1);
    expect(selectChild(tree, 0, 0.3, true)).toBe(1);
    for (const n of [2, 3, 4]) tree.setProof(n, proofOf("loss"));
    expect(selectChild(tree, 0, 0.3)).toBe(-1);
  });

  it("passes over pruned children, and counts them again when no other is left", () => {
    const tree = priorTree(0);
    results(tree, 1, 9, 1);
    results(tree, 2, 1, 9);
    results(tree, 3, 2, 8);
    results(tree, 4, 3, 7);
    tree.setFlags(1, NodeFlag.Pruned, 0);
    expect(selectChild(tree, 0, 0.3)).toBe(4);
    tree.setFlags(4, NodeFlag.Pruned, 0);
    expect(selectChild(tree, 0, 0.3)).toBe(3);
    tree.setProof(2, proofOf("loss"));
    tree.setProof(3, proofOf("loss"));
    // Only pruned children are open: one of them.
    expect([1, 4]).toContain(selectChild(tree, 0, 0.3));
  });
});

describe("the child to play (childToPlay)", () => {
  it("reads each child's own counts: the higher mean of two equally visited, a pruned child passed over", () => {
    const tree = priorTree(0);
    results(tree, 1, 5, 5);
    results(tree, 2, 2, 2);
    results(tree, 3, 7, 3);
    expect(childToPlay(tree, 0)).toBe(3);
    results(tree, 2, 20, 0);
    expect(childToPlay(tree, 0)).toBe(2);
    tree.setFlags(2, NodeFlag.Pruned, 0);
    expect(childToPlay(tree, 0)).toBe(3);
  });
});
