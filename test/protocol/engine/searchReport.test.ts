import { describe, expect, it } from "vitest";
import { formatRootMoves, formatSearchReport } from "../../../protocol/engine/searchReport.js";
import { parseEngineReport } from "../../../protocol/ui/engineReport.js";
import { Position, type SearchReport } from "../../../src/index.js";

describe("the search's report line", () => {
  const report: SearchReport = {
    move: 19,
    reason: "search",
    playouts: 5000,
    elapsedMs: 500,
    reused: 100,
    nodes: 900,
    pruned: 3,
    visits: 4000,
    winRate: 0.75,
    pv: [19, 18],
    leaf: "playout",
    priors: false,
    solved: 7,
    stoppedEarly: false,
  };
  const start = Position.initial();

  it("says the playouts, their rate, the leaves solved, the move with its win rate, and the line", () => {
    expect(formatSearchReport(report, start)).toBe(
      "search: black: 5000 playouts in 0.50 s (10000/s; random playouts, 7 solved), reused 100, 900 nodes, 3 pruned; D3 (2 3) wins 75.0% of 4000; pv D3 C3",
    );
  });

  it("says when the leaves were evaluated, with priors or without, and an early stop", () => {
    expect(formatSearchReport({ ...report, leaf: "eval", priors: true, stoppedEarly: true }, start)).toContain(
      "5000 visits in 0.50 s (10000/s; eval leaves, priors, 7 solved, stopped early), reused 100",
    );
    expect(formatSearchReport({ ...report, leaf: "eval", priors: false }, start)).toContain(
      "(10000/s; eval leaves, 7 solved)",
    );
    expect(formatSearchReport({ ...report, priors: true }, start)).toContain(
      "(10000/s; random playouts, priors, 7 solved)",
    );
  });

  it("says the threads when it merges several searches (--threads), in a line othello ui still reads", () => {
    const line = formatSearchReport({ ...report, threads: 2 }, start);
    expect(line).toBe(
      "search: black: 5000 playouts in 0.50 s (10000/s; random playouts, 7 solved) on 2 threads, reused 100, 900 nodes, 3 pruned; D3 (2 3) wins 75.0% of 4000; pv D3 C3",
    );
    expect(parseEngineReport(line)).toMatchObject({
      kind: "search",
      playouts: 5000,
      nodes: 900,
      visits: 4000,
      pv: ["d3", "c3"],
    });
    expect(formatSearchReport({ ...report, threads: 1 }, start)).toBe(formatSearchReport(report, start));
  });

  it.each(["win", "draw", "loss"] as const)("says when the move is a proven %s", (proven) => {
    expect(formatSearchReport({ ...report, proven }, start)).toContain(
      `wins 75.0% of 4000; proven ${proven}; pv D3 C3`,
    );
  });
});

describe("the root's moves line", () => {
  const child = { visits: 0, winRate: Number.NaN, pruned: false, proven: undefined };
  it("lists every move most visited first, with its win rate, proof and pruning; unvisited ones with -", () => {
    const children = [
      { ...child, move: 19 },
      { ...child, move: 26, visits: 40, winRate: 0.4125, pruned: true },
      { ...child, move: 37, visits: 900, winRate: 0.55 },
      { ...child, move: 44, visits: 60, winRate: 1, proven: "win" as const },
    ];
    expect(formatRootMoves(children, Position.initial(), "thinking")).toBe(
      "thinking moves: black: F5 900 55.0%, E6 60 100.0% proven win, C4 40 41.3% pruned, D3 0 -",
    );
    expect(formatRootMoves(children.slice(2), Position.initial().play(37))).toBe(
      "search moves: white: F5 900 55.0%, E6 60 100.0% proven win",
    );
  });
});
