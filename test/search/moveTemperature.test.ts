import { describe, expect, it } from "vitest";
import {
  DEFAULT_SEARCH_PARAMS,
  Game,
  Random,
  Search,
  type SearchReport,
  Tree,
  childToPlay,
  parseVertex,
} from "../../src/index.js";
import { discCount } from "./discCount.js";

/** A game a few moves in, where several moves are worth searching. */
function opening(): Game {
  const game = new Game();
  for (const square of ["f5", "d6", "c3", "d3", "c4"]) {
    const move = parseVertex(square);
    if (!move.ok) throw new Error(move.error);
    game.play(move.value);
  }
  return game;
}

/** The default search over the disc count (no random playouts: the tree is the same whatever the seed), at `moveTemperature`. */
function searched(moveTemperature: number, seed: number): { report: SearchReport; tree: Tree } {
  const tree = new Tree(50_000);
  const search = new Search(
    { ...DEFAULT_SEARCH_PARAMS, maxNodes: 50_000, solveEmpties: 0, moveTemperature },
    { now: () => 0, random: new Random(seed), evaluation: discCount, tree },
  );
  return { report: search.choose(opening(), { visits: 400 }), tree };
}

describe("the search's move at a temperature (moveTemperature)", () => {
  it("at 0 is the move rule's, whatever the seed", () => {
    for (const seed of [1, 2, 3]) {
      const { report, tree } = searched(0, seed);
      expect(report.move).toBe(tree.move[childToPlay(tree, tree.root)]);
    }
  });

  it("above 0 is drawn among the visited moves, differently from seed to seed, and the report is the drawn move's", () => {
    const moves = new Set<number>();
    for (let seed = 1; seed <= 12; seed++) {
      const { report, tree } = searched(0.2, seed);
      moves.add(report.move);
      const first = tree.firstChild[tree.root]!;
      const child = Array.from({ length: tree.childCount[tree.root]! }, (_, i) => first + i).find(
        (c) => tree.move[c] === report.move,
      )!;
      expect(tree.visits[child]).toBeGreaterThan(0);
      expect(report.moveVisits).toBe(tree.visits[child]);
      expect(report.moveWinRate).toBe(tree.mean(child));
      expect(report.pv[0]).toBe(report.move);
    }
    expect(moves.size).toBeGreaterThan(1);
  });

  it("draws the same move for the same seed", () => {
    expect(searched(0.2, 7).report.move).toBe(searched(0.2, 7).report.move);
  });
});
