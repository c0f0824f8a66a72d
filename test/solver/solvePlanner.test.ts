import { describe, expect, it } from "vitest";
import { SOLVE_SHARE, SolvePlanner } from "../../src/index.js";

// The planner's constants, as docs/solver.md gives them: 60,000 nodes at 14 empties, three
// times as many per empty square more, a WLD solve a third of that, 3,000 nodes a millisecond
// before any measure, 64 nodes a playout.
describe("the solve planner", () => {
  it("estimates 60,000 nodes at 14 empties, three times as many per empty square more", () => {
    const planner = new SolvePlanner();
    expect(planner.estimateNodes(14)).toBe(60_000);
    expect(planner.estimateNodes(16)).toBe(540_000);
    expect(planner.estimateNodes(13)).toBe(20_000);
  });

  it("gives a solve its share of the budget, in time or in nodes", () => {
    const planner = new SolvePlanner();
    expect(SOLVE_SHARE).toBe(0.6);
    expect(planner.plan(12, { ms: 100 })).toEqual({ mode: "exact", limitMs: 60 });
    expect(planner.plan(12, { playouts: 1000 })).toEqual({ mode: "exact", nodeLimit: 38_400 });
    expect(planner.plan(12, { ms: 100, playouts: 1000 })).toEqual({ mode: "exact", limitMs: 60, nodeLimit: 38_400 });
    // No budget: no limit, whatever the size.
    expect(planner.plan(30, {})).toEqual({ mode: "exact" });
  });

  it("always tries up to 10 empties, however small the budget", () => {
    const planner = new SolvePlanner();
    expect(planner.plan(10, { ms: 0.001 })).toEqual({ mode: "exact", limitMs: 0.0006 });
    expect(planner.plan(11, { ms: 0.001 })).toBeUndefined();
  });

  it("chooses exact when the estimate fits, WLD when a third of it does, else nothing", () => {
    const planner = new SolvePlanner();
    // 100 ms: 60 ms at 3,000 nodes a millisecond, 180,000 nodes.
    expect(planner.plan(14, { ms: 100 })?.mode).toBe("exact");
    expect(planner.plan(15, { ms: 100 })?.mode).toBe("exact"); // 180,000: just fits
    expect(planner.plan(16, { ms: 100 })).toEqual({ mode: "wld", limitMs: 60 }); // 540,000 / 3: just fits
    expect(planner.plan(17, { ms: 100 })).toBeUndefined();
    // 1,562.5 playouts: exactly 60,000 nodes, the estimate at 14 empties.
    expect(planner.plan(14, { playouts: 1562.5 })).toEqual({ mode: "exact", nodeLimit: 60_000 });
    expect(planner.plan(15, { playouts: 1562.5 })).toEqual({ mode: "wld", nodeLimit: 60_000 });
    expect(planner.plan(16, { playouts: 1562.5 })).toBeUndefined();
    // With both budgets the smaller decides.
    expect(planner.plan(14, { ms: 100, playouts: 1000 })?.mode).toBe("wld");
    expect(planner.plan(14, { ms: 10, playouts: 1e6 })).toBeUndefined();
  });

  it("learns the solver's speed from solves of 20 ms or more, half from each new one", () => {
    const planner = new SolvePlanner();
    // 18,000 nodes in 10 ms (6 ms at 3,000 a millisecond): not even WLD at 14 empties.
    expect(planner.plan(14, { ms: 10 })).toBeUndefined();
    planner.measured(1e9, 19.9); // too short to tell
    expect(planner.plan(14, { ms: 10 })).toBeUndefined();
    planner.measured(20 * 17_000, 20); // 17,000 a millisecond: the rate becomes 10,000
    expect(planner.plan(14, { ms: 10 })).toEqual({ mode: "exact", limitMs: 6 }); // 60,000 nodes: just fits
    expect(planner.plan(15, { ms: 10 })).toEqual({ mode: "wld", limitMs: 6 });
    planner.measured(40 * 2_000, 40); // 2,000 a millisecond: the rate becomes 6,000
    expect(planner.plan(14, { ms: 10 })).toEqual({ mode: "wld", limitMs: 6 });
  });
});
