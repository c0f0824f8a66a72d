import { describe, expect, it } from "vitest";
import { Game, MAX_VISITS, Position, Random, Search, type SearchParams, Tree } from "../../src/index.js";
import { discCount } from "./discCount.js";
import { frozenClock, params, search } from "./searchHelpers.js";

// Searches sharing one tree (Tree.shared, searchShared), as threads do.

describe("tree parallelisation: searches sharing one tree", () => {
  /**
   * A main search and a helper on one shared tree, the helper's visits run (in full, on this
   * thread) when the main search has made the root ready, before its own.
   */
  function sharedSearch(over: Partial<SearchParams>, helperPlayouts: number, mainPlayouts: number) {
    const p = params({ maxNodes: 50_000, ...over });
    const tree = Tree.shared(p.maxNodes);
    const evaluation = p.leaf === "eval" ? discCount : undefined;
    const main = new Search(p, { now: frozenClock, random: new Random(1), evaluation, tree });
    const view = new Tree(tree.capacity, tree.memory);
    const helper = new Search(p, { now: frozenClock, random: new Random(2), evaluation, tree: view });
    let helped = { visits: 0, solved: 0 };
    const own = main.choose(new Game(), {
      visits: mainPlayouts,
      started: (_tree, root) => {
        helped = helper.searchShared(view, root, { visits: helperPlayouts });
      },
    });
    return { main, own, helped, report: main.reportWithHelpers(helped, own.visits), tree };
  }

  /**
   * Every visit through the root went on to one child; every visit through another node added
   * its result r there and 1 - r to the child it went on to, so a node's total is its
   * children's losses plus at most one for each visit that ended at the node itself. And no
   * virtual loss is left: below the root (whose mean a shared tree does not keep), every cached
   * mean is its counts' (with the `priorVisits` the parameters set, not what the tree says it has).
   */
  function checkBookkeeping(tree: Tree, priorVisits: number): void {
    const children = (n: number) => Array.from({ length: tree.childCount[n]! }, (_, i) => tree.firstChild[n]! + i);
    expect(children(0).reduce((sum, c) => sum + tree.visits[c]!, 0)).toBe(tree.visits[0]);
    const k = priorVisits;
    let checked = 0;
    for (let n = 1; n < tree.size; n++) {
      const m = tree.visits[n]! + k;
      if (m > 0) expect(tree.selectionTerms[2 * n]).toBeCloseTo((tree.total[n]! + k * tree.prior[n]!) / m, 9);
      expect(tree.total[n]!).toBeLessThanOrEqual(tree.visits[n]! + 1e-9);
      if (tree.childCount[n] === 0) continue;
      const through = children(n).reduce((sum, c) => sum + tree.visits[c]!, 0);
      const losses = children(n).reduce((sum, c) => sum + tree.visits[c]! - tree.total[c]!, 0);
      const ended = tree.visits[n]! - through;
      expect(ended).toBeGreaterThanOrEqual(0);
      expect(tree.total[n]! - losses).toBeGreaterThanOrEqual(-1e-6);
      expect(tree.total[n]! - losses).toBeLessThanOrEqual(ended + 1e-6);
      checked++;
    }
    expect(checked).toBeGreaterThan(10);
  }

  // Each with the prior visits the parameters set: the classic search's none, or 2.
  for (const [what, over, priorVisits] of [
    ["classic", { priorVisits: 0 }, 0],
    ["evaluated", { leaf: "eval", priorVisits: 2 }, 2],
  ] as const) {
    it(`${what}: both searches' visits are in the tree, every one with its result, and the report counts them`, () => {
      const { own, helped, report, tree } = sharedSearch(over, 1500, 2000);
      expect([own.visits, helped.visits]).toEqual([2000, 1500]);
      expect(tree.visits[0]).toBe(3500);
      // The root keeps its count alone: its sum and mean stay as they were made, no one's to read.
      expect([tree.total[0], tree.selectionTerms[0]]).toEqual([0, 0.5]);
      checkBookkeeping(tree, priorVisits);
      expect(report.visits).toBe(3500);
      expect(report.nodes).toBe(tree.size);
    });
  }

  it("the tree is kept for the next move, with both searches' visits", () => {
    const { main, tree } = sharedSearch({}, 1000, 1000);
    const best = main.rootChildren().reduce((a, b) => (b.visits > a.visits ? b : a));
    const game = new Game();
    game.play(best.move);
    const next = main.choose(game, { visits: 10 });
    expect(next.reused).toBe(best.visits);
    // The move's node is the root now, in place: it has both searches' visits and this one's.
    expect(tree.root).toBe(tree.child(0, best.move));
    expect(tree.visits[tree.root]).toBe(best.visits + 10);
  });

  it("stops when told to, at its next reading of the clock", () => {
    const p = params({ maxNodes: 50_000 });
    const tree = Tree.shared(p.maxNodes);
    const owner = new Search(p, { now: frozenClock, random: new Random(1), tree });
    let calls = 0;
    owner.choose(new Game(), {
      visits: 100,
      started: (t, root) => {
        const helper = new Search(p, { now: frozenClock, random: new Random(2) });
        const done = helper.searchShared(new Tree(t.capacity, t.memory), root, { stop: () => ++calls > 2 });
        // The clock is read every 32 visits: the third reading stops it.
        expect(done.visits).toBe(64);
      },
    });
    expect(calls).toBe(3);
  });

  it("is only for a shared tree", () => {
    expect(() => search().searchShared(new Tree(10), Position.initial(), { visits: 1 })).toThrow(/shared tree/);
  });
});

describe("counters of a shared tree", () => {
  it("a helper stops at the limit rather than halve the counts under the other threads", () => {
    const p = params({ maxNodes: 1000 });
    let ready: readonly [Tree, Position] | undefined;
    new Search(p, { now: frozenClock, random: new Random(1), tree: Tree.shared(1000) }).choose(new Game(), {
      visits: 10,
      started: (tree, root) => {
        ready = [tree, root];
      },
    });
    const [tree, root] = ready!;
    tree.visits[0] = MAX_VISITS;
    const helper = new Search(p, { now: frozenClock, random: new Random(2) });
    expect(helper.searchShared(tree, root, { visits: 50 }).visits).toBe(0);
    expect(tree.visits[0]).toBe(MAX_VISITS);
  });
});

describe("a helper on a shared tree (searchShared)", () => {
  /** A shared tree searched by a main search with narrow exploration (a lopsided tree), and its root. */
  function sharedTree(visits: number): readonly [Tree, Position] {
    const p = params({ ucbC: 0.05, maxNodes: 100_000 });
    let ready: readonly [Tree, Position] | undefined;
    new Search(p, { now: frozenClock, random: new Random(3), tree: Tree.shared(100_000) }).choose(new Game(), {
      visits,
      started: (tree, root) => {
        ready = [tree, root];
      },
    });
    return ready!;
  }

  it("stops at its deadline", () => {
    const [tree, root] = sharedTree(10);
    let t = 0;
    const helper = new Search(params(), { now: () => (t += 1), random: new Random(2) });
    // A millisecond a reading, a reading every 32 visits: 5 ms are 4 or 5 readings' visits.
    expect(helper.searchShared(tree, root, { timeMs: 5, visits: 3000 }).visits).toBeLessThanOrEqual(32 * 5);
  });

  it("never stops early: the main search decides when the move is settled", () => {
    const [tree, root] = sharedTree(8000);
    let t = 0;
    const helper = new Search(params({ ucbC: 0.05 }), { now: () => (t += 1), random: new Random(2) });
    expect(helper.searchShared(tree, root, { timeMs: 200, visits: 3000 }).visits).toBe(3000);
  });
});
