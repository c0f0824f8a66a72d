import { describe, expect, it } from "vitest";
import {
  CLASSIC_SEARCH_PARAMS,
  DEFAULT_SEARCH_PARAMS,
  Game,
  PUCT_BASE,
  Position,
  Random,
  Search,
  type SearchParams,
  Tree,
  compactTree,
  parseVertex,
  searchUsesPuct,
  selectChild,
} from "../../src/index.js";
import { discCount } from "./discCount.js";
import { startTree } from "./startTree.js";

function value<T>(r: { ok: true; value: T } | { ok: false; error: string }): T {
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

const puct = (over: Partial<SearchParams> = {}): SearchParams => ({
  ...DEFAULT_SEARCH_PARAMS,
  selection: "puct",
  puctC: 1,
  policyTemp: 4,
  maxNodes: 100_000,
  ...over,
});

function search(params: SearchParams, tree: Tree): Search {
  return new Search(params, { now: () => 0, random: new Random(3), evaluation: discCount, tree });
}

/** A PUCT start tree whose four children have these policies, with priorVisits virtual visits each. */
function policyTree(policies: readonly number[], priorVisits = 2): Tree {
  const tree = new Tree(100);
  tree.priorVisits = priorVisits;
  tree.puct = true;
  startTree(tree);
  policies.forEach((p, i) => {
    tree.policy[i + 1] = p;
    tree.setPrior(i + 1, 0.5);
  });
  return tree;
}

describe("PUCT selection", () => {
  it("is the tree search's with the evaluation: flat UCB1 and the classic search keep UCB1", () => {
    expect(searchUsesPuct(puct())).toBe(true);
    expect(searchUsesPuct(puct({ selection: "ucb1" }))).toBe(false);
    expect(searchUsesPuct(puct({ algorithm: "ucb" }))).toBe(false);
    expect(searchUsesPuct({ ...CLASSIC_SEARCH_PARAMS, selection: "puct" })).toBe(false);
    for (const [params, expected] of [
      [puct(), true],
      [puct({ algorithm: "ucb" }), false],
    ] as const) {
      const tree = new Tree(1000);
      search(params, tree);
      expect(tree.puct).toBe(expected);
    }
  });

  it("explores in proportion to the policy: among equal means the child with the larger share", () => {
    const tree = policyTree([0.1, 0.2, 0.6, 0.1]);
    expect(selectChild(tree, 0, 1)).toBe(3);
  });

  it("reads mean + c * P * sqrt(N + priorVisits) / (1 + n)", () => {
    const tree = policyTree([0.25, 0.25, 0.25, 0.25]);
    // Child 1 visited 3 times, all won; the root counts them.
    for (let i = 0; i < 3; i++) {
      tree.record(1, 1);
      tree.record(0, 0);
    }
    expect(tree.exploration(0, 1.5)).toBeCloseTo(1.5 * Math.sqrt(3 + 2), 12);
    expect(tree.selectionTerms[2 * 1 + 1]).toBeCloseTo(0.25 / (1 + 3), 7);
    // Child 1's mean with its prior's two virtual visits (a bare tree mixes in no minimax value):
    // (3 + 2 * 0.5) / 5. Its value against an unvisited sibling's decides.
    const mean1 = 0.8;
    expect(tree.selectionTerms[2]).toBeCloseTo(mean1, 7);
    const value1 = mean1 + 1 * Math.sqrt(5) * (0.25 / 4);
    const value2 = 0.5 + 1 * Math.sqrt(5) * 0.25;
    expect(selectChild(tree, 0, 1)).toBe(value1 > value2 ? 1 : 2);
  });

  it("grows c with the parent's visits by puctGrowth: c * (1 + g * ln(1 + N / PUCT_BASE)), in the table and beyond it", () => {
    const tree = policyTree([0.5, 0.5]);
    tree.puctGrowth = 0.5;
    expect(tree.puctGrowth).toBe(0.5);
    // The table is read by sixteens of visits: exact at a multiple of 16.
    for (const visits of [14, 30, 4_078, 40_958, 131_070, 3_000_000]) {
      tree.visits[0] = visits;
      const n = visits + 2;
      expect(tree.exploration(0, 1.5)).toBeCloseTo(1.5 * (1 + 0.5 * Math.log(1 + n / PUCT_BASE)) * Math.sqrt(n), 9);
    }
    tree.puctGrowth = 0;
    tree.visits[0] = 40_958;
    expect(tree.exploration(0, 1.5)).toBe(1.5 * Math.sqrt(40_960));
  });

  it("passes SearchParams.puctGrowth to its tree", () => {
    const tree = new Tree(1000);
    search(puct({ puctGrowth: 0.25 }), tree);
    expect(tree.puctGrowth).toBe(0.25);
  });

  it("gives an expanded node's children the softmax of their evaluations as policy, summing to 1", () => {
    const tree = new Tree(100_000);
    search(puct({ policyTemp: 2 }), tree).choose(new Game(), { visits: 1 });
    const root = tree.root;
    const first = tree.firstChild[root]!;
    const count = tree.childCount[root]!;
    const start = Position.initial();
    const values: number[] = [];
    for (let c = first; c < first + count; c++) {
      const child = start.play(tree.move[c]!);
      values.push(-discCount.evaluate(child.playerLo, child.playerHi, child.opponentLo, child.opponentHi));
    }
    const weights = values.map((v) => Math.exp(v / 2));
    const sum = weights.reduce((s, w) => s + w, 0);
    let total = 0;
    for (let c = first; c < first + count; c++) {
      expect(tree.policy[c]).toBeCloseTo(weights[c - first]! / sum, 6);
      total += tree.policy[c]!;
    }
    expect(total).toBeCloseTo(1, 6);
  });

  it("a lower temperature sharpens the policy: more of the first visits go to the move it favours", () => {
    // After f5 d6, the replies flip different numbers of discs: disc counting tells them apart.
    const game = new Game();
    for (const square of ["f5", "d6"]) expect(game.play(value(parseVertex(square))).ok).toBe(true);
    const share = (policyTemp: number): number => {
      const tree = new Tree(100_000);
      search(puct({ policyTemp }), tree).choose(game, { visits: 100 });
      const first = tree.firstChild[tree.root]!;
      let favoured = first;
      for (let c = first; c < first + tree.childCount[tree.root]!; c++)
        if (tree.policy[c]! > tree.policy[favoured]!) favoured = c;
      return tree.visits[favoured]! / tree.visits[tree.root]!;
    };
    expect(share(0.5)).toBeGreaterThan(share(50));
  });

  it("keeps each node's policy when the tree is compacted under a new root", () => {
    const tree = new Tree(100_000);
    search(puct(), tree).choose(new Game(), { visits: 3000 });
    const first = tree.firstChild[tree.root]!;
    let deep = first;
    for (let c = first; c < first + tree.childCount[tree.root]!; c++)
      if (tree.visits[c]! > tree.visits[deep]!) deep = c;
    const policies = (root: number): number[] => {
      const f = tree.firstChild[root]!;
      return Array.from(tree.policy.subarray(f, f + tree.childCount[root]!));
    };
    const before = policies(deep);
    expect(before.length).toBeGreaterThan(1);
    tree.root = deep;
    compactTree(tree);
    expect(policies(0)).toEqual(before);
  });
});
