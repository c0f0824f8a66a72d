import { describe, expect, it } from "vitest";
import { formatSearchReport } from "../../../protocol/engine/searchReport.js";
import { parseEngineReport } from "../../../protocol/ui/engineReport.js";
import { Position, type SearchReport } from "../../../src/index.js";

describe("the search's report line", () => {
  const report: SearchReport = {
    move: 19, reason: "search", playouts: 5000, elapsedMs: 500, reused: 100, nodes: 900, pruned: 3,
    visits: 4000, winRate: 0.75, pv: [19, 18],
  };
  const start = Position.initial();

  it("says the playouts, their rate, the move with its win rate, and the line", () => {
    expect(formatSearchReport(report, start)).toBe(
      "search: black: 5000 playouts in 0.50 s (10000/s), reused 100, 900 nodes, 3 pruned; D3 (2 3) wins 75.0% of 4000; pv D3 C3");
  });

  it("says the threads when it merges several searches (--threads), in a line othello ui still reads", () => {
    const line = formatSearchReport({ ...report, threads: 2 }, start);
    expect(line).toBe("search: black: 5000 playouts in 0.50 s (10000/s) on 2 threads, reused 100, 900 nodes, 3 pruned; D3 (2 3) wins 75.0% of 4000; pv D3 C3");
    expect(parseEngineReport(line)).toMatchObject({ kind: "search", playouts: 5000, nodes: 900, visits: 4000, pv: ["d3", "c3"] });
    expect(formatSearchReport({ ...report, threads: 1 }, start)).toBe(formatSearchReport(report, start));
  });

  it.each(["win", "draw", "loss"] as const)("says when the move is a proven %s", (proven) => {
    expect(formatSearchReport({ ...report, proven }, start)).toContain(`wins 75.0% of 4000; proven ${proven}; pv D3 C3`);
  });
});
