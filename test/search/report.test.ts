import { describe, expect, it } from "vitest";
import {
  DEFAULT_SEARCH_PARAMS,
  NodeFlag,
  Position,
  Tree,
  childStats,
  makeSearchReport,
  proofOf,
} from "../../src/index.js";
import { expandRootChild, startTree } from "./startTree.js";

const start = Position.initial();

const counts = { visits: 0, solved: 0, stoppedEarly: false, elapsedMs: 0, startMs: 0, reused: 0, pruned: 0 };

describe("a search's report", () => {
  it("says whether the children had priors", () => {
    const tree = startTree();
    expect(makeSearchReport(tree, { ...DEFAULT_SEARCH_PARAMS, priorVisits: 2 }, counts).priors).toBe(true);
    expect(makeSearchReport(tree, { ...DEFAULT_SEARCH_PARAMS, priorVisits: 0 }, counts).priors).toBe(false);
  });

  it("gives the move's mean over its visits, NaN before any, and the line as far as it was visited", () => {
    const tree = startTree();
    const empty = makeSearchReport(tree, DEFAULT_SEARCH_PARAMS, counts);
    expect(empty).toMatchObject({ moveVisits: 0, moveWinRate: Number.NaN, pv: [] });
    tree.record(2, 1);
    tree.record(2, 0);
    tree.record(2, 1);
    expect(makeSearchReport(tree, DEFAULT_SEARCH_PARAMS, counts)).toMatchObject({
      move: tree.move[2],
      moveVisits: 3,
      moveWinRate: 2 / 3,
      pv: [tree.move[2]],
    });
  });

  it("says what is proven of the move, and nothing while it is unproven", () => {
    const tree = startTree();
    tree.record(1, 1);
    expect("proven" in makeSearchReport(tree, DEFAULT_SEARCH_PARAMS, counts)).toBe(false);
    tree.setProof(1, proofOf("win"));
    expect(makeSearchReport(tree, DEFAULT_SEARCH_PARAMS, counts).proven).toBe("win");
  });

  it("gives the line as far as it was visited, and at most 8 moves of it", () => {
    for (const plies of [5, 8, 9, 10]) {
      // A line of visited nodes, each the first child of the one before, the last a leaf.
      const tree = new Tree(200);
      tree.reset();
      let p = start;
      let node = 0;
      const line = [];
      for (let i = 0; i < plies; i++) {
        tree.expand(node, p.playerLo, p.playerHi, p.opponentLo, p.opponentHi);
        node = tree.firstChild[node]!;
        tree.record(node, 1);
        line.push(tree.move[node]!);
        p = p.play(tree.move[node]!);
      }
      expect(makeSearchReport(tree, DEFAULT_SEARCH_PARAMS, counts).pv).toEqual(line.slice(0, 8));
    }
  });
});

describe("a node's children in numbers (childStats)", () => {
  it("are those of the node the line leads to", () => {
    const tree = startTree();
    const d3 = tree.move[1]!;
    const p = expandRootChild(tree, 1);
    tree.record(5, 1);
    const stats = childStats(tree, [d3]);
    expect(stats.map((c) => c.move)).toEqual(p.legalSquares());
    expect(stats[0]).toMatchObject({
      visits: 1,
      total: 1,
      winRate: 1,
      prior: undefined,
      pruned: false,
      proven: undefined,
    });
    tree.setFlags(6, NodeFlag.Pruned, 0);
    tree.setProof(7, proofOf("loss"));
    expect(childStats(tree, [d3]).map((c) => [c.pruned, c.proven])).toEqual([
      [false, undefined],
      [true, undefined],
      [false, "loss"],
    ]);
    tree.priorVisits = 2;
    tree.setPrior(5, 0.25);
    expect(childStats(tree, [d3])[0]!.prior).toBe(0.25);
    expect(stats[1]!.winRate).toBeNaN();
  });

  it("are none where the tree holds no such node, or the node has no children", () => {
    const tree = startTree();
    const d3 = tree.move[1]!;
    // d3's node is a leaf; a1 is no move from the root; the line goes on past a leaf.
    expect(childStats(tree, [d3])).toEqual([]);
    expect(childStats(tree, [0])).toEqual([]);
    expect(childStats(tree, [d3, 20])).toEqual([]);
    expect(childStats(tree, [0, 20])).toEqual([]);
    expect(childStats(tree, []).length).toBe(4);
  });
});
