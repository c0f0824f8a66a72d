import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { RootChild } from "../../../src/index.js";
import { chooseRootChild, mergeRootChildren } from "../../../protocol/threads/rootMerge.js";
import { shippedEvaluation } from "../engine/helpers.js";
import {
  DEFAULT_SEARCH_PARAMS,
  Game,
  Position,
  Random,
  Search,
  Solver,
  forcedMove,
  parseObf,
} from "../../../src/index.js";

/** A child with `visits` and `winRate`, open and unpruned unless said. */
const child = (move: number, visits: number, winRate: number, more: Partial<RootChild> = {}): RootChild => ({
  move,
  visits,
  winRate,
  pruned: false,
  proven: undefined,
  ...more,
});

const chosen = (...threads: RootChild[][]): number | undefined => chooseRootChild(mergeRootChildren(threads))?.move;

describe("merging the root children of several searches", () => {
  it("sums the visits and weighs the means by them, in the first search's order, a move only another search has at the end", () => {
    const merged = mergeRootChildren([
      [child(19, 100, 0.5), child(26, 300, 0.6), child(37, 0, NaN)],
      [child(26, 100, 0.2), child(19, 300, 0.7), child(44, 5, 1)],
    ]);
    expect(merged.map((c) => [c.move, c.visits])).toEqual([
      [19, 400],
      [26, 400],
      [37, 0],
      [44, 5],
    ]);
    expect(merged[0]!.winRate).toBeCloseTo((50 + 210) / 400, 12);
    expect(merged[1]!.winRate).toBeCloseTo((180 + 20) / 400, 12);
    expect(merged[2]!.winRate).toBeNaN();
  });

  it("a move is proven when any search proved it, and pruned only when every search pruned it", () => {
    const merged = mergeRootChildren([
      [child(19, 10, 0.5, { pruned: true }), child(26, 10, 0.5, { pruned: true }), child(37, 10, 0.5)],
      [child(19, 10, 0.5, { pruned: true }), child(26, 10, 0.5), child(37, 10, 0.5, { proven: "draw" })],
    ]);
    expect(merged.map((c) => [c.pruned, c.proven])).toEqual([
      [true, undefined],
      [false, undefined],
      [false, "draw"],
    ]);
  });

  it("keeps one search's children as they are", () => {
    const children = [child(19, 10, 0.25, { pruned: true }), child(26, 7, 0.5, { proven: "win" })];
    expect(mergeRootChildren([children])).toEqual(children);
  });
});

describe("the move of the merged root", () => {
  it("is the most visited over all the searches, not the one most searches prefer", () => {
    // Two searches of three prefer D3 (19), but C4 (26) has more visits in all.
    expect(
      chosen(
        [child(19, 100, 0.5), child(26, 90, 0.5)],
        [child(19, 100, 0.5), child(26, 90, 0.5)],
        [child(19, 10, 0.5), child(26, 300, 0.5)],
      ),
    ).toBe(26);
  });

  it("on equal visits, the higher merged mean", () => {
    expect(chosen([child(19, 50, 0.6), child(26, 50, 0.4)], [child(19, 50, 0.3), child(26, 50, 0.55)])).toBe(26);
    expect(chosen([child(19, 50, 0.6), child(26, 50, 0.4)], [child(19, 50, 0.3), child(26, 50, 0.45)])).toBe(19);
  });

  it("a move one search proved won is played, however few its visits", () => {
    expect(
      chosen([child(19, 900, 0.7), child(26, 3, 0.6)], [child(19, 900, 0.7), child(26, 5, 1, { proven: "win" })]),
    ).toBe(26);
  });

  it("a move proven lost is not played while another is open, even the most visited", () => {
    expect(
      chosen([child(19, 900, 0.4), child(26, 3, 0.2)], [child(19, 900, 0, { proven: "loss" }), child(26, 3, 0.2)]),
    ).toBe(26);
  });

  it("a proven draw rather than an open move whose merged mean is below a draw; the open move when it is not", () => {
    expect(chosen([child(19, 900, 0.45), child(26, 30, 0.5, { proven: "draw" })], [child(19, 900, 0.5)])).toBe(26);
    expect(chosen([child(19, 900, 0.55), child(26, 30, 0.5, { proven: "draw" })], [child(19, 900, 0.5)])).toBe(19);
  });

  it("a move every search pruned only when no open move is left; a proven loss only when nothing else is", () => {
    expect(
      chosen(
        [child(19, 900, 0.6, { pruned: true }), child(26, 30, 0.5)],
        [child(19, 900, 0.6, { pruned: true }), child(26, 30, 0.5)],
      ),
    ).toBe(26);
    expect(
      chosen([child(19, 900, 0.6), child(26, 30, 0.5)], [child(19, 900, 0.6, { pruned: true }), child(26, 30, 0.5)]),
    ).toBe(19);
    expect(chosen([child(19, 900, 0.6, { pruned: true }), child(26, 30, 0, { proven: "loss" })])).toBe(19);
    expect(chosen([child(19, 900, 0, { proven: "loss" }), child(26, 30, 0, { proven: "loss" })])).toBe(19);
  });

  it("none for no children", () => {
    expect(chooseRootChild([])).toBeUndefined();
  });

  it("of one search is that search's own move (childToPlay), on midgame and endgame positions", () => {
    const random = new Random(5);
    const obf = readFileSync(join(import.meta.dirname, "../../positions/endgames-20-22.obf"), "utf8")
      .split("\n")
      .filter((l) => l.trim() !== "");
    // Endgames played on at random to 12 empties, where the leaf solves prove root children.
    const positions = obf.slice(0, 12).map((line) => {
      const parsed = parseObf(line);
      if (!parsed.ok) throw new Error(parsed.error);
      let p = parsed.value.position;
      while (p.empties() > 12 && !p.isGameOver()) {
        const moves = p.legalMoves();
        p = p.play(moves[random.below(moves.length)]!);
      }
      return p;
    });
    // Midgame positions of a random game from the start.
    for (let p = Position.initial(), ply = 0; ply < 30 && !p.isGameOver(); ply++) {
      const moves = p.legalMoves();
      p = p.play(moves[random.below(moves.length)]!);
      if (ply % 6 === 5) positions.push(p);
    }
    let searched = 0;
    let proven = 0;
    const evaluation = shippedEvaluation();
    for (const [i, position] of positions.entries()) {
      const search = new Search(
        { ...DEFAULT_SEARCH_PARAMS, maxNodes: 100_000, solveEmpties: 10, ppR: i % 2 === 0 ? 1 : 0 },
        { now: () => 0, random: new Random(i), solver: new Solver(16), evaluation },
      );
      // The engine plays a position without a choice at once, unsearched.
      if (forcedMove(position) !== undefined) continue;
      const report = search.choose(new Game(position), { visits: 2000 });
      searched++;
      const children = search.rootChildren();
      proven += children.filter((c) => c.proven !== undefined).length;
      expect(chooseRootChild(mergeRootChildren([children]))?.move, `position ${i}`).toBe(report.move);
    }
    expect(searched).toBeGreaterThan(12);
    expect(proven).toBeGreaterThan(0);
  });
});
