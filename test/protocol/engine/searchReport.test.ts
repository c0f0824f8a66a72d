import { describe, expect, it } from "vitest";
import {
  formatChoice,
  formatRootMoves,
  formatSearchReport,
  formatUnsearchedMove,
} from "../../../protocol/engine/searchReport.js";
import { parseEngineReport } from "../../../protocol/ui/engineReport.js";
import { PASS, Position, type SearchReport } from "../../../src/index.js";

describe("the search's report line", () => {
  const report: SearchReport = {
    move: 19,
    visits: 5000,
    elapsedMs: 500,
    startMs: 2,
    reused: 100,
    nodes: 900,
    pruned: 3,
    moveVisits: 4000,
    moveWinRate: 0.75,
    pv: [19, 18],
    leaf: "playout",
    priors: false,
    solved: 7,
    stoppedEarly: false,
  };
  const start = Position.initial();

  it("says the playouts, their rate, the leaves solved, the move with its win rate, and the line", () => {
    expect(formatSearchReport(report, start)).toBe(
      "search: black: 5000 playouts in 0.50 s (10000/s; random playouts, 7 solved, first visit after 2 ms), reused 100, 900 nodes, 3 pruned; D3 (2 3) wins 75.0% of 4000; pv D3 C3",
    );
  });

  it("says when the leaves were evaluated, with priors or without, and an early stop", () => {
    expect(formatSearchReport({ ...report, leaf: "eval", priors: true, stoppedEarly: true }, start)).toContain(
      "5000 visits in 0.50 s (10000/s; eval leaves, priors, 7 solved, stopped early, first visit after 2 ms), reused 100",
    );
    expect(formatSearchReport({ ...report, leaf: "eval", priors: false }, start)).toContain(
      "(10000/s; eval leaves, 7 solved, first visit after 2 ms)",
    );
    expect(formatSearchReport({ ...report, priors: true }, start)).toContain(
      "(10000/s; random playouts, priors, 7 solved, first visit after 2 ms)",
    );
  });

  it("says the threads when it merges several searches (--threads), in a line othello ui still reads", () => {
    const line = formatSearchReport({ ...report, threads: 2 }, start);
    expect(line).toBe(
      "search: black: 5000 playouts in 0.50 s (10000/s; random playouts, 7 solved, first visit after 2 ms) on 2 threads, reused 100, 900 nodes, 3 pruned; D3 (2 3) wins 75.0% of 4000; pv D3 C3",
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

  it("says a move played without search in the search's line: a forced one, or the random baseline's", () => {
    expect(formatUnsearchedMove({ by: "forced", move: 19, reason: "only move", elapsedMs: 0 }, start)).toBe(
      "search: black: D3 (2 3) is the only move, played at once",
    );
    expect(formatUnsearchedMove({ by: "forced", move: PASS, reason: "pass", elapsedMs: 0 }, start)).toBe(
      "search: black has no legal move, pass",
    );
    expect(formatUnsearchedMove({ by: "forced", move: PASS, reason: "game over", elapsedMs: 0 }, start)).toBe(
      "search: black: the game is over, pass",
    );
    expect(formatUnsearchedMove({ by: "random", move: 19, elapsedMs: 0 }, start)).toBe(
      "search: black: D3 (2 3) at random",
    );
  });

  it("says each choice in its own line, none for the solver's (said when the solve ended)", () => {
    expect(formatChoice({ by: "search", move: 19, report, elapsedMs: 600 }, start)).toBe(
      formatSearchReport(report, start),
    );
    expect(formatChoice({ by: "random", move: 19, elapsedMs: 0 }, start)).toBe("search: black: D3 (2 3) at random");
    expect(
      formatChoice(
        { by: "alphabeta", move: 19, score: 1.5, depth: 4, nodes: 300, searchMs: 100, elapsedMs: 120 },
        start,
      ),
    ).toBe("alphabeta: black: depth 4, 300 nodes in 0.10 s (3000/s); D3 (2 3) +1.50 discs");
    expect(formatChoice({ by: "solver", move: 19, mode: "exact", score: 4, elapsedMs: 5 }, start)).toBeUndefined();
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
