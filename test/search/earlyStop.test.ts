import { describe, expect, it } from "vitest";
import type { Tree } from "../../src/index.js";
import { cannotChange } from "../../src/search/earlyStop.js";
import { expandRootChild, startTree } from "./startTree.js";

/**
 * The start position's root with its four children given these visits; with `after`, the
 * first child is expanded too and its first child (the node right after the root's children
 * in the tree) given that many visits.
 */
function rootWith(visits: readonly number[], after = 0): Tree {
  const tree = startTree();
  const first = tree.firstChild[0]!;
  visits.forEach((n, i) => {
    for (let k = 0; k < n; k++) tree.record(first + i, 1);
  });
  if (after > 0) {
    expandRootChild(tree, first);
    for (let k = 0; k < after; k++) tree.record(tree.firstChild[first]!, 1);
  }
  return tree;
}

describe("stopping early: whether the move can still change", () => {
  // The most visited child leads the next by 300; at 10 visits a millisecond, 30 ms more could
  // give another child those 300 visits, 29 ms could not.
  const lead300 = [100, 400, 60, 20];

  it.each([
    [29, true],
    [30, false],
  ])("a lead of 300 visits at 10 a millisecond, with %i ms left: %s", (leftMs, expected) => {
    expect(cannotChange(rootWith(lead300), 1000, 0, 100, leftMs)).toBe(expected);
  });

  it("measures the lead against the runner-up wherever it stands among the children", () => {
    expect(cannotChange(rootWith([400, 60, 20, 100]), 1000, 0, 100, 29)).toBe(true);
    expect(cannotChange(rootWith([100, 20, 60, 400]), 1000, 0, 100, 29)).toBe(true);
    // The runner-up 50 visits closer: 250 of lead, 25 ms of visits.
    expect(cannotChange(rootWith([150, 400, 60, 20]), 1000, 0, 100, 29)).toBe(false);
  });

  it("looks at the root's children only, not at the node after them", () => {
    expect(cannotChange(rootWith(lead300, 350), 1000, 0, 100, 29)).toBe(true);
  });

  it("takes the greater of the search's own visits and the root's gain as the rate", () => {
    // The root gained 2000 (threads sharing the tree): 20 a millisecond, 15 ms give 300.
    expect(cannotChange(rootWith(lead300), 1000, 2000, 100, 15)).toBe(false);
    expect(cannotChange(rootWith(lead300), 1000, 2000, 100, 14)).toBe(true);
    // The search's own 2000 against a gain of 1000: the same.
    expect(cannotChange(rootWith(lead300), 2000, 1000, 100, 15)).toBe(false);
  });

  it("never before 256 visits nor a tenth of the time", () => {
    expect(cannotChange(rootWith(lead300), 255, 0, 100, 0)).toBe(false);
    expect(cannotChange(rootWith(lead300), 256, 0, 100, 0)).toBe(true);
    // A lead of 3,900 at 25.6 visits a millisecond: more than 91 ms could give, but 10 ms is
    // under a tenth of 101 ms.
    const lead3900 = rootWith([100, 4000, 60, 20]);
    expect(cannotChange(lead3900, 256, 0, 10, 91)).toBe(false);
    expect(cannotChange(lead3900, 256, 0, 10, 90)).toBe(true);
  });
});
