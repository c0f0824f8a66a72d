import { describe, expect, it } from "vitest";
import {
  CLASSIC_SEARCH_PARAMS,
  Game,
  compactTree,
  countInSubtree,
  DEFAULT_SEARCH_PARAMS,
  NodeFlag,
  PASS,
  Position,
  Random,
  Search,
  Tree,
  proofOf,
  prove,
  trimTree,
} from "../../src/index.js";
import { recordMoves } from "../gameRecords.js";
import { discCount } from "./discCount.js";
import { expandRootChild, startTree } from "./startTree.js";

const start = Position.initial();

/** Every count and cached term of node n. */
function countsOf(tree: Tree, n: number): number[] {
  return [
    tree.visits[n]!,
    tree.total[n]!,
    tree.squares[n]!,
    tree.selectionTerms[2 * n]!,
    tree.selectionTerms[2 * n + 1]!,
  ];
}

describe("a tree in shared memory (tree parallelisation)", () => {
  it("is the same tree through a view of its memory, as another thread sees it", () => {
    const tree = startTree(Tree.shared(100));
    const view = new Tree(100, tree.memory);
    expect(tree.shared && view.shared).toBe(true);
    expect([view.size, view.childCount[0], view.firstChild[0]]).toEqual([5, 4, 1]);
    // A node expanded through the view is there for the tree, and the nodes it took are taken for both.
    const next = start.play(tree.move[1]!);
    expect(view.expand(1, next.playerLo, next.playerHi, next.opponentLo, next.opponentHi)).toBe(true);
    expect([tree.size, tree.childCount[1], tree.firstChild[1]]).toEqual([8, 3, 5]);
    view.record(2, 1);
    expect(countsOf(tree, 2)).toEqual(countsOf(view, 2));
    expect(tree.visits[2]).toBe(1);
  });

  it("a tree of its own is not shared, and memory for another size is refused", () => {
    const own = new Tree(10);
    expect(own.shared).toBe(false);
    expect(new Tree(10, own.memory).shared).toBe(false);
    expect(() => new Tree(20, Tree.shared(10).memory)).toThrow(/memory for 10 nodes given to a tree of 20/);
    const { capacity, buffers } = own.memory;
    expect(() => new Tree(10, { capacity, buffers: buffers.slice(1) })).toThrow(/memory for 10 nodes/);
  });

  it("a node another thread is expanding is not expanded again, nor one already expanded", () => {
    for (const tree of [startTree(Tree.shared(100)), startTree(new Tree(100))]) {
      const next = start.play(tree.move[1]!);
      const args = [next.playerLo, next.playerHi, next.opponentLo, next.opponentHi] as const;
      tree.setFlags(1, NodeFlag.Expanding, 0);
      expect(tree.expand(1, ...args)).toBe(false);
      expect([tree.size, tree.childCount[1]]).toEqual([5, 0]);
      tree.setFlags(1, 0, NodeFlag.Expanding);
      expect(tree.expand(1, ...args)).toBe(true);
      expect(tree.flags[1]! & (NodeFlag.Expanded | NodeFlag.Expanding)).toBe(NodeFlag.Expanded);
      expect(tree.expand(1, ...args)).toBe(false);
      expect(tree.size).toBe(8);
    }
  });

  it("a full shared pool refuses to expand, leaves the node free, and its size stays at its capacity", () => {
    const tree = startTree(Tree.shared(6));
    const next = start.play(tree.move[1]!);
    expect(tree.expand(1, next.playerLo, next.playerHi, next.opponentLo, next.opponentHi)).toBe(false);
    expect(tree.flags[1]).toBe(0);
    expect(tree.size).toBe(5);
  });

  it("a visit counted on the way down is a loss until its result comes, and then the same as recording it", () => {
    const shared = startTree(Tree.shared(100));
    const own = startTree(new Tree(100));
    for (const tree of [shared, own]) tree.record(1, 1);
    shared.addVisit(1);
    // Two visits, one win: the mean is a half while the second is under way.
    expect([shared.visits[1], shared.selectionTerms[2]]).toEqual([2, 0.5]);
    shared.addResult(1, 0.75);
    own.record(1, 0.75);
    expect(countsOf(shared, 1)).toEqual(countsOf(own, 1));
    expect(shared.mean(1)).toBe(0.875);
  });

  it("with priors, the virtual loss counts against the prior's mean too", () => {
    const tree = startTree(Tree.shared(100));
    tree.priorVisits = 2;
    tree.setPrior(1, 0.6);
    // Priors are kept in single precision.
    const prior = Math.fround(0.6);
    tree.addVisit(1);
    expect(tree.selectionTerms[2]).toBeCloseTo((2 * prior) / 3, 12);
    tree.addResult(1, 0.9);
    expect(tree.selectionTerms[2]).toBeCloseTo((0.9 + 2 * prior) / 3, 12);
  });
});

describe("a tree's memory layout", () => {
  it("starts each column in a cache set of its own (64-byte lines, 64 sets), so the root's lines do not evict each other", () => {
    for (const tree of [new Tree(100_000), Tree.shared(100_000)]) {
      const columns = [
        tree.move,
        tree.flags,
        tree.childCount,
        tree.firstChild,
        tree.visits,
        tree.total,
        tree.squares,
        tree.prior,
        tree.selectionTerms,
        tree.proof,
        tree.gained,
        tree.minimax,
      ];
      const sets = columns.map((c) => Math.floor(c.byteOffset / 64) % 64);
      expect(new Set(sets).size).toBe(columns.length);
      // Every column still holds a node's elements for the whole pool.
      for (const c of columns) expect(c.length === 100_000 || c.length === 200_000).toBe(true);
      expect(tree.selectionTerms.length).toBe(200_000);
      expect(tree.gained.length).toBe(200_000);
    }
  });
});

describe("a tree's edges", () => {
  it("finds no child for a move that is not one of the node's", () => {
    const tree = startTree(new Tree(10));
    const d3 = start.legalSquares()[0]!;
    expect(tree.child(0, d3)).toBe(tree.firstChild[0]);
    expect(tree.child(0, 0)).toBe(-1);
    // Nor among the nodes that follow the children.
    expandRootChild(tree, 1);
    expect(tree.child(0, tree.move[5]!)).toBe(-1);
  });

  it("proves no node that is not expanded", () => {
    const tree = new Tree(10);
    tree.reset();
    expect(prove(tree, 0)).toBe(false);
  });

  it("refuses a capacity that is not a positive whole number, saying which", () => {
    expect(() => new Tree(0)).toThrow("tree capacity must be a positive integer, got 0");
    expect(() => new Tree(2.5)).toThrow("tree capacity must be a positive integer, got 2.5");
    expect(new Tree(1).capacity).toBe(1);
  });
});

describe("expanding a node", () => {
  it("fills the pool to its last node", () => {
    // The root and its four children: five nodes, all there is.
    const tree = startTree(new Tree(5));
    expect(tree.childCount[0]).toBe(4);
  });

  it("proves a full board of 32 discs each a draw, and says the node is expanded", () => {
    const tree = new Tree(10);
    tree.reset();
    expect(tree.expand(0, -1, 0, 0, -1)).toBe(true);
    expect(tree.proof[0]).toBe(proofOf("draw"));
    expect(tree.flags[0]! & (NodeFlag.Expanded | NodeFlag.Terminal)).toBe(NodeFlag.Expanded | NodeFlag.Terminal);
  });

  it("gives a pass no discs, even in a node that held a move's before", () => {
    const tree = startTree(new Tree(10));
    expandRootChild(tree, 1);
    expect(tree.gained[10]! | tree.gained[11]!).not.toBe(0);
    startTree(tree);
    // The mover's disc on b1 flanks nothing; the opponent's on a1 can take it from c1.
    expect(tree.expand(1, 1 << 1, 0, 1 << 0, 0)).toBe(true);
    expect([tree.childCount[1], tree.firstChild[1], tree.move[5]]).toEqual([1, 5, PASS]);
    expect([tree.gained[10], tree.gained[11]]).toEqual([0, 0]);
  });

  it("leaves the children unpublished when asked, until publish", () => {
    const tree = new Tree(10);
    tree.reset();
    expect(tree.expand(0, start.playerLo, start.playerHi, start.opponentLo, start.opponentHi, false)).toBe(true);
    expect(tree.flags[0]! & NodeFlag.Expanded).toBe(0);
    expect(tree.childCount[0]).toBe(4);
    tree.publish(0);
    expect(tree.flags[0]! & NodeFlag.Expanded).toBe(NodeFlag.Expanded);
  });
});

describe("a tree's counts kept up", () => {
  it("halves the visited nodes' counts, keeping their means, and leaves the unvisited as they were", () => {
    const tree = startTree(new Tree(10));
    for (const r of [1, 1, 0, 1]) tree.record(1, r);
    tree.record(2, 1);
    tree.halve();
    expect([tree.visits[1], tree.total[1], tree.visits[2], tree.total[2]]).toEqual([2, 1.5, 0, 0]);
    // Node 2 is unvisited again (no priors): it reads as an unvisited node does.
    expect(tree.selectionTerms[2 * 2]).toBe(0.5);
    expect([tree.visits[3], tree.total[3], tree.squares[3]]).toEqual([0, 0, 0]);
    tree.record(3, 1);
    expect(tree.mean(3)).toBe(1);
  });

  it("keeps a leaf's minimax value, gives an expanded node one minus its best child's, and says whether it changed", () => {
    const tree = startTree(new Tree(10));
    // Values a 32-bit float holds exactly.
    tree.minimax[1] = 0.75;
    expect(tree.updateMinimax(1)).toBe(false);
    expect(tree.minimax[1]).toBe(0.75);
    tree.minimax[2] = 0.25;
    tree.minimax[3] = 0.875;
    tree.minimax[4] = 0.5;
    expect(tree.updateMinimax(0)).toBe(true);
    expect(tree.minimax[0]).toBe(0.125);
    expect(tree.updateMinimax(0)).toBe(false);
    // A child other than the best one moves: the best, and so the node's value, stays.
    tree.minimax[2] = 0.5;
    expect(tree.updateMinimax(0)).toBe(false);
    tree.minimax[1] = 0.9375;
    expect(tree.updateMinimax(0)).toBe(true);
    expect(tree.minimax[0]).toBe(0.0625);
    tree.setProof(0, proofOf("draw"));
    expect(tree.updateMinimax(0)).toBe(true);
    expect(tree.minimax[0]).toBe(0.5);
  });

  it("says a proven node is proven", () => {
    const tree = new Tree(10);
    tree.reset();
    tree.expand(0, -1, 0, 0, -1);
    expect(prove(tree, 0)).toBe(true);
    expect(tree.proof[0]).toBe(proofOf("draw"));
  });
});

/**
 * The subtree under n, node by node in depth-first order: every column's value but the child
 * links, which the shape gives. With `keepChildrenFrom`, what a trim to it leaves: the nodes
 * below n with fewer visits as leaves.
 */
function subtreeOf(tree: Tree, n: number, keepChildrenFrom = 0, isRoot = true): unknown {
  const expanded = isRoot || tree.visits[n]! >= keepChildrenFrom;
  const first = tree.firstChild[n]!;
  const children = [];
  if (expanded)
    for (let c = first; c < first + tree.childCount[n]!; c++)
      children.push(subtreeOf(tree, c, keepChildrenFrom, false));
  return {
    move: tree.move[n],
    flags: expanded || tree.childCount[n] === 0 ? tree.flags[n] : tree.flags[n]! & ~NodeFlag.Expanded,
    proof: tree.proof[n],
    prior: tree.prior[n],
    minimax: tree.minimax[n],
    gained: [tree.gained[2 * n], tree.gained[2 * n + 1]],
    counts: countsOf(tree, n),
    children,
  };
}

/** The number of nodes under n, n included. */
function sizeOf(tree: Tree, n: number): number {
  let size = 1;
  const first = tree.firstChild[n]!;
  for (let c = first; c < first + tree.childCount[n]!; c++) size += sizeOf(tree, c);
  return size;
}

/** A tree grown by 3000 visits of the classic search from the start, and its most visited grandchild. */
function grown(): { tree: Tree; deep: number } {
  const tree = new Tree(100_000);
  new Search(
    { ...CLASSIC_SEARCH_PARAMS, maxNodes: 100_000, ppR: 1 },
    { now: () => 0, random: new Random(5), tree },
  ).choose(new Game(), { visits: 3000 });
  const most = (n: number): number => {
    let best = tree.firstChild[n]!;
    for (let c = best; c < tree.firstChild[n]! + tree.childCount[n]!; c++)
      if (tree.visits[c]! > tree.visits[best]!) best = c;
    return best;
  };
  return { tree, deep: most(most(0)) };
}

describe("compacting a tree whose root has moved down", () => {
  it("keeps the root's subtree node for node, the root now node 0, and frees the rest", () => {
    const { tree, deep } = grown();
    const before = subtreeOf(tree, deep);
    const size = sizeOf(tree, deep);
    expect(size).toBeLessThan(tree.size - 1000);
    tree.root = deep;
    compactTree(tree);
    expect([tree.root, tree.size]).toEqual([0, size]);
    expect(subtreeOf(tree, 0)).toEqual(before);
    // Children still follow their parent, so compacting again changes nothing.
    compactTree(tree);
    expect(subtreeOf(tree, 0)).toEqual(before);
  });

  it("counts a flag over the root's subtree alone", () => {
    const { tree, deep } = grown();
    let inPool = 0;
    for (let n = 0; n < tree.size; n++) if ((tree.flags[n]! & NodeFlag.Expanded) !== 0) inPool++;
    tree.root = deep;
    const inSubtree = countInSubtree(tree, NodeFlag.Expanded);
    expect(inSubtree).toBeGreaterThan(10);
    expect(inSubtree).toBeLessThan(inPool);
    compactTree(tree);
    let kept = 0;
    for (let n = 0; n < tree.size; n++) if ((tree.flags[n]! & NodeFlag.Expanded) !== 0) kept++;
    expect(kept).toBe(inSubtree);
    expect(countInSubtree(tree, NodeFlag.Expanded)).toBe(inSubtree);
  });
});

describe("trimming a tree too large for the searches to come", () => {
  /** The children kept when the nodes with at least k visits keep theirs, the root with them: what a trim to k keeps. */
  function keptWith(tree: Tree, k: number): number {
    let kept = 1;
    for (let n = 0; n < tree.size; n++)
      if (tree.childCount[n]! > 0 && tree.visits[n]! >= k) kept += tree.childCount[n]!;
    return kept;
  }

  it("takes the children from the nodes of fewest visits, by powers of two, as few as bring it to the target", () => {
    const { tree } = grown();
    const target = Math.floor(tree.size / 3);
    // The least power of two whose trim fits the target.
    let k = 1;
    while (keptWith(tree, k) > target) k *= 2;
    expect(k).toBeGreaterThan(2);
    const expected = subtreeOf(tree, 0, k);
    const size = keptWith(tree, k);
    trimTree(tree, target);
    expect([tree.root, tree.size]).toEqual([0, size]);
    expect(tree.size).toBeLessThanOrEqual(target);
    expect(keptWith(tree, 1)).toBe(size);
    expect(subtreeOf(tree, 0)).toEqual(expected);
  });

  it("compacts a tree within the target without trimming it, from a root moved down as from node 0", () => {
    const { tree, deep } = grown();
    const before = subtreeOf(tree, 0);
    const size = tree.size;
    trimTree(tree, size);
    expect(tree.size).toBe(size);
    expect(subtreeOf(tree, 0)).toEqual(before);
    const under = subtreeOf(tree, deep);
    const underSize = sizeOf(tree, deep);
    tree.root = deep;
    trimTree(tree, underSize);
    expect([tree.root, tree.size]).toEqual([0, underSize]);
    expect(subtreeOf(tree, 0)).toEqual(under);
  });

  it("is what the search does to a kept tree that fills a quarter of the pool, and the search goes on in it", () => {
    const maxNodes = 20_000;
    const tree = new Tree(maxNodes);
    const search = new Search(
      { ...DEFAULT_SEARCH_PARAMS, maxNodes },
      { now: () => 0, random: new Random(3), tree, evaluation: discCount },
    );
    const game = new Game();
    for (const move of recordMoves("f5d6c3")) game.play(move);
    const first = search.choose(game, { visits: 6000 });
    expect(tree.size).toBeGreaterThan(maxNodes / 2);
    // The move's subtree, the largest, holds more than a quarter of the pool.
    game.play(first.move);
    search.follow(game);
    expect(tree.size).toBeLessThanOrEqual(maxNodes / 4);
    expect(tree.root).toBe(0);
    // Nodes visited more than once, yet leaves: the trim took their children.
    const trimmed = (n: number): boolean =>
      tree.visits[n]! > 1 && tree.childCount[n] === 0 && tree.proof[n] === proofOf(undefined);
    let count = 0;
    for (let n = 0; n < tree.size; n++) if (trimmed(n)) count++;
    expect(count).toBeGreaterThan(10);
    const again = search.choose(game, { visits: 3000 });
    expect(again.visits).toBe(3000);
    expect(tree.visits[0]).toBeGreaterThan(3000);
  });
});

describe("a tree's columns", () => {
  it("hold a number a node, two in the columns of pairs", () => {
    const tree = new Tree(10);
    expect([tree.visits.length, tree.move.length, tree.total.length]).toEqual([10, 10, 10]);
    expect([tree.selectionTerms.length, tree.gained.length]).toEqual([20, 20]);
  });
});
