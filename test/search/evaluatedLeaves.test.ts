import { describe, expect, it } from "vitest";
import {
  NodeFlag,
  Game,
  Position,
  Random,
  Search,
  type SearchParams,
  Solver,
  Tree,
  parseBoardLines,
  parseCode,
} from "../../src/index.js";
import { discCount } from "./discCount.js";
import { exact, frozenClock, params, value } from "./searchHelpers.js";

// Leaves valued by the evaluation, and its priors (priors.ts), in the search.

describe("evaluated leaves and priors", () => {
  const evalParams = (over: Partial<SearchParams> = {}): SearchParams =>
    params({ leaf: "eval", priorVisits: 2, evalScale: 4, ...over });
  /** A search with evaluated leaves, growing `tree` from a new game. */
  const evaluated = (over: Partial<SearchParams> = {}, evaluation = discCount, tree?: Tree) =>
    new Search(evalParams(over), {
      now: frozenClock,
      random: new Random(1),
      playout: () => {
        throw new Error("no playout with evaluated leaves");
      },
      evaluation,
      ...(tree === undefined ? {} : { tree }),
    });
  const ownTree = (): Tree => new Tree(200_000);

  it("gives each child the win probability of its evaluation for the player who moves into it", () => {
    const s = evaluated();
    s.choose(new Game(), { visits: 1 });
    const start = Position.initial();
    for (const child of s.rootChildren()) {
      const after = start.play(child.move);
      // Evaluated from the child's side to move (the opponent), then turned to the mover's side.
      const discs = -discCount.evaluate(after.playerLo, after.playerHi, after.opponentLo, after.opponentHi);
      expect(discs).toBe(3);
      expect(child.prior).toBeCloseTo(1 / (1 + Math.exp(-discs / 4)), 6);
    }
  });

  it("values a new leaf by its prior and backs it up, alternating the point of view", () => {
    const tree = ownTree();
    const s = evaluated({}, discCount, tree);
    s.choose(new Game(), { visits: 200 });
    let checked = 0;
    for (let n = 0; n < tree.size; n++) {
      if ((tree.flags[n]! & NodeFlag.Expanded) === 0 || tree.visits[n] === 0) continue;
      // A node's total is its own first value (its prior, the root has none) plus what its children's movers did not score.
      const first = tree.firstChild[n]!;
      let fromChildren = 0;
      let childVisits = 0;
      for (let c = first; c < first + tree.childCount[n]!; c++) {
        fromChildren += tree.visits[c]! - tree.total[c]!;
        childVisits += tree.visits[c]!;
      }
      const own = n === 0 ? 0 : tree.prior[n]!;
      // Its first visit stopped at it (unexpanded); every later one went on to a child.
      expect(tree.visits[n]).toBe(childVisits + (n === 0 ? 0 : 1));
      expect(tree.total[n]).toBeCloseTo(own + fromChildren, 5);
      checked++;
    }
    expect(checked).toBeGreaterThan(20);
  });

  it("expands a leaf at its second visit: its first is valued by its prior alone", () => {
    const tree = ownTree();
    const report = evaluated({}, discCount, tree).choose(new Game(), { visits: 50 });
    for (let n = 1; n < tree.size; n++) {
      const expanded = (tree.flags[n]! & NodeFlag.Expanded) !== 0;
      expect(expanded).toBe(tree.visits[n]! >= 2);
      if (tree.visits[n] === 1) expect(tree.total[n]).toBeCloseTo(tree.prior[n]!, 6);
    }
    expect(report).toMatchObject({ leaf: "eval", priors: true });
  });

  it("follows the evaluation: a move the evaluation calls a sure win is played", () => {
    // The evaluation loves one square for the player who takes it: after D3 (19) the mover's side is worth +60.
    const lovesD3 = {
      evaluate: (pl: number, _ph: number, ol: number, _oh: number) =>
        (ol & (1 << 19)) !== 0 ? -60 : (pl & (1 << 19)) !== 0 ? 60 : 0,
    };
    for (const priorVisits of [0, 2])
      expect(evaluated({ priorVisits }, lovesD3).choose(new Game(), { visits: 300 }).move).toBe(19);
  });

  it("with random playouts for leaves, priors from the evaluation still weigh the children", () => {
    const lovesD3 = {
      evaluate: (pl: number, _ph: number, ol: number, _oh: number) =>
        (ol & (1 << 19)) !== 0 ? -60 : (pl & (1 << 19)) !== 0 ? 60 : 0,
    };
    const s = new Search(params({ leaf: "playout", priorVisits: 50, evalScale: 4 }), {
      now: frozenClock,
      random: new Random(1),
      evaluation: lovesD3,
    });
    const report = s.choose(new Game(), { visits: 40 });
    expect(report).toMatchObject({ move: 19, leaf: "playout", priors: true });
    expect(s.rootChildren().find((c) => c.move === 19)!.prior).toBeGreaterThan(0.99);
    expect(
      () => new Search(params({ leaf: "playout", priorVisits: 2 }), { now: frozenClock, random: new Random(1) }),
    ).toThrow(/needs an evaluation/);
  });

  it("without priors, unvisited children are tried first, as in the classic search", () => {
    const s = evaluated({ priorVisits: 0 });
    s.choose(new Game(), { visits: 4 });
    expect(s.rootChildren().map((c) => c.visits)).toEqual([1, 1, 1, 1]);
  });

  it.each([
    // Black to move with 4 empties: lost by 22 whatever it plays.
    ["a lost ending", "WWWWWWWW/WBBBBBBW/WBBBBBBW/WBBBBBBW/WBBBBBBW/WBBBBBWW/WBBBBB--/WWWWWW--", "loss"],
    // Black to move with 10 empties: g8 wins, and only g8 (the trap of "refutations deeper than one ply").
    ["a won ending with one winning move", "011110001111122011212202111222021111122211122122111112210022220110", "win"],
  ] as const)("still solves small leaves and proves them: %s", (_, text, expected) => {
    const p = text.includes("/") ? value(parseBoardLines(text, true)) : value(parseCode(text)).position;
    // The result with best play, by exact search apart from the solver and the search.
    const best = exact(p);
    const word = (score: number) => (score > 0 ? "win" : score < 0 ? "loss" : "draw");
    expect(word(best)).toBe(expected);
    const s = new Search(evalParams({ solveEmpties: 8 }), {
      now: frozenClock,
      random: new Random(1),
      solver: new Solver(),
      evaluation: discCount,
    });
    const report = s.choose(new Game(p), { visits: 500 });
    expect(report.proven).toBe(expected);
    // The move played achieves it: the position after it is worth the opposite to the opponent.
    expect(p.legalSquares()).toContain(report.move);
    expect(word(-exact(p.play(report.move)))).toBe(expected);
  });
});
