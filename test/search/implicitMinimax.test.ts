import { describe, expect, it } from "vitest";
import {
  DEFAULT_SEARCH_PARAMS,
  Game,
  NodeFlag,
  Proof,
  Random,
  Search,
  type SearchParams,
  Solver,
  Tree,
  parseCode,
} from "../../src/index.js";
import { discCount } from "./discCount.js";

function value<T>(r: { ok: true; value: T } | { ok: false; error: string }): T {
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

const params = (over: Partial<SearchParams> = {}): SearchParams => ({
  ...DEFAULT_SEARCH_PARAMS,
  evalScale: 4,
  maxNodes: 100_000,
  ...over,
});

function evaluated(over: Partial<SearchParams>, tree: Tree, seed = 1): Search {
  return new Search(params(over), {
    now: () => 0,
    random: new Random(seed),
    evaluation: discCount,
    solver: new Solver(),
    tree,
  });
}

const ownTree = (): Tree => new Tree(100_000);

/** The negamax of the leaves' values under n, worked out afresh: a proven node's result, an expanded node's 1 - its best child's, a leaf's prior. */
function negamax(tree: Tree, n: number): number {
  const p = tree.proof[n]!;
  if (p !== Proof.Unproven) return p === Proof.Win ? 1 : p === Proof.Loss ? 0 : 0.5;
  if ((tree.flags[n]! & NodeFlag.Expanded) === 0 || tree.childCount[n] === 0) return tree.prior[n]!;
  let best = -Infinity;
  const first = tree.firstChild[n]!;
  for (let c = first; c < first + tree.childCount[n]!; c++) best = Math.max(best, negamax(tree, c));
  return Math.fround(1 - best);
}

/** Checks every visited node of the root's subtree (the root too, unless `withRoot` is false) against the negamax; returns how many were inner nodes. */
function checkNegamax(tree: Tree, withRoot = true): number {
  let inner = 0;
  const nodes = [tree.root];
  while (nodes.length > 0) {
    const n = nodes.pop()!;
    const first = tree.firstChild[n]!;
    for (let c = first; c < first + tree.childCount[n]!; c++) nodes.push(c);
    if (tree.visits[n] === 0 || (n === tree.root && !withRoot)) continue;
    expect(tree.minimax[n]).toBeCloseTo(negamax(tree, n), 6);
    if ((tree.flags[n]! & NodeFlag.Expanded) !== 0 && tree.childCount[n]! > 0) inner++;
  }
  return inner;
}

/** Black to move with 10 empty squares: the tree meets proven and solved nodes. */
const ENDING = "011110001111122011212202111222021111122211122122111112210022220110";

describe("implicit minimax backups", () => {
  it("keep each node's minimax value of the evaluation: the negamax of its leaves' values", () => {
    const tree = ownTree();
    evaluated({ minimaxWeight: 0.3 }, tree).choose(new Game(), { visits: 3000 });
    expect(checkNegamax(tree)).toBeGreaterThan(100);
    // The values back up from deep leaves: the root's is not its children's best prior.
    const first = tree.firstChild[0]!;
    let bestPrior = 0;
    for (let c = first; c < first + tree.childCount[0]!; c++) bestPrior = Math.max(bestPrior, tree.prior[c]!);
    expect(tree.minimax[0]).not.toBeCloseTo(1 - bestPrior, 3);
  });

  it("keep them with the lookahead, whose value a leaf takes before the visit backs up", () => {
    const tree = ownTree();
    evaluated({ minimaxWeight: 0.3, leafLookahead: 1 }, tree).choose(new Game(), { visits: 3000 });
    expect(checkNegamax(tree)).toBeGreaterThan(100);
  });

  it("with proven and solved nodes, a proof is the node's value", () => {
    const tree = ownTree();
    const game = new Game(value(parseCode(ENDING)).position);
    evaluated({ minimaxWeight: 0.5, solveEmpties: 8 }, tree).choose(game, { visits: 2000 });
    let proven = 0;
    for (let n = 0; n < tree.size; n++) if (tree.visits[n]! > 0 && tree.proof[n] !== Proof.Unproven) proven++;
    expect(proven).toBeGreaterThan(5);
    expect(checkNegamax(tree)).toBeGreaterThan(5);
  });

  it("selection reads (1 - alpha) * mean + alpha * minimax", () => {
    const tree = ownTree();
    evaluated({ minimaxWeight: 0.4 }, tree).choose(new Game(), { visits: 500 });
    const k = DEFAULT_SEARCH_PARAMS.priorVisits;
    let differs = 0;
    for (let n = 1; n < tree.size; n++) {
      const mean = (tree.total[n]! + k * tree.prior[n]!) / (tree.visits[n]! + k);
      expect(tree.selectionTerms[2 * n]).toBeCloseTo(0.6 * mean + 0.4 * tree.minimax[n]!, 9);
      if (Math.abs(tree.minimax[n]! - mean) > 0.01) differs++;
    }
    expect(differs).toBeGreaterThan(10);
  });

  it("a reused subtree keeps its values", () => {
    const tree = ownTree();
    const s = evaluated({ minimaxWeight: 0.3 }, tree);
    const game = new Game();
    s.choose(game, { visits: 2000 });
    const best = s.rootChildren().reduce((a, b) => (b.visits > a.visits ? b : a));
    game.play(best.move);
    expect(s.choose(game, { visits: 1 }).reused).toBe(best.visits);
    // The subtree is the tree's now, in place.
    expect(tree.root).toBeGreaterThan(0);
    expect(checkNegamax(tree)).toBeGreaterThan(20);
  });

  it("in a tree shared by two searches, every node but the root (no one's child) keeps its value", () => {
    const p = params({ minimaxWeight: 0.3, maxNodes: 50_000 });
    const tree = Tree.shared(p.maxNodes);
    const main = new Search(p, { now: () => 0, random: new Random(1), evaluation: discCount, tree });
    const view = new Tree(tree.capacity, tree.memory);
    const helper = new Search(p, { now: () => 0, random: new Random(2), evaluation: discCount, tree: view });
    main.choose(new Game(), {
      visits: 1500,
      started: (_tree, root) => helper.searchShared(view, root, { visits: 1500 }),
    });
    expect(checkNegamax(tree, false)).toBeGreaterThan(50);
  });

  it("with alpha 0 the column is left alone and selection reads the plain mean, as before", () => {
    const tree = ownTree();
    evaluated({ minimaxWeight: 0 }, tree).choose(new Game(), { visits: 1000 });
    const k = DEFAULT_SEARCH_PARAMS.priorVisits;
    let inner = 0;
    for (let n = 1; n < tree.size; n++) {
      expect(tree.minimax[n]).toBe(tree.prior[n]);
      expect(tree.selectionTerms[2 * n]).toBe((tree.total[n]! + k * tree.prior[n]!) / (tree.visits[n]! + k));
      if (tree.childCount[n]! > 0) inner++;
    }
    expect(inner).toBeGreaterThan(50);
  });

  it("with alpha 0 the search plays as it did before the column: the same moves and visits for a seed", () => {
    /** Six moves of 2000 visits each from the start, the tree kept: each move, then its root children's visits. */
    const line = (minimaxWeight: number) => {
      // UCB1's selection, the search's before PUCT became the default.
      const s = evaluated({ minimaxWeight, selection: "ucb1" }, ownTree(), 7);
      const game = new Game();
      const out: number[] = [];
      for (let i = 0; i < 6; i++) {
        const report = s.choose(game, { visits: 2000 });
        out.push(report.move, ...s.rootChildren().map((c) => c.visits));
        game.play(report.move);
      }
      return out;
    };
    // Taken from the search before implicit minimax backups (commit c706dca).
    const before = [
      37, 471, 474, 540, 515, 43, 148, 2309, 82, 18, 1833, 1818, 136, 252, 269, 29, 677, 161, 1807, 1187, 34, 410, 377,
      2089, 176, 96, 78, 580, 45, 180, 84, 83, 3741,
    ];
    expect(line(0)).toEqual(before);
    expect(line(0.5)).not.toEqual(before);
  });
});
