import { describe, expect, it } from "vitest";
import { SOLVE_SHARE, SolvePlanner } from "../../src/index.js";

// The planner's constants, as docs/solver.md gives them: 5 million nodes at 20 empties, 2.2
// times as many per empty square more, a WLD solve a third of that, 10,000 nodes a millisecond
// before any measure, 64 nodes a playout.
describe("the solve planner", () => {
  it("estimates 5 million nodes at 20 empties, 2.2 times as many per empty square more", () => {
    const planner = new SolvePlanner();
    expect(planner.estimateNodes(20)).toBe(5_000_000);
    expect(planner.estimateNodes(22)).toBeCloseTo(24_200_000, 0);
    expect(planner.estimateNodes(19)).toBeCloseTo(2_272_727.27, 1);
    expect(planner.estimateNodes(14)).toBeCloseTo(44_099.53, 1);
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
    // 100 ms: 60 ms at 10,000 nodes a millisecond, 600,000 nodes.
    expect(planner.plan(17, { ms: 100 })?.mode).toBe("exact"); // 469,572
    expect(planner.plan(18, { ms: 100 })).toEqual({ mode: "wld", limitMs: 60 }); // a third of 1,033,058: 344,353
    expect(planner.plan(19, { ms: 100 })).toBeUndefined(); // a third of 2,272,727: 757,576
    // 1,562.5 playouts: 60,000 nodes.
    expect(planner.plan(14, { playouts: 1562.5 })).toEqual({ mode: "exact", nodeLimit: 60_000 });
    expect(planner.plan(15, { playouts: 1562.5 })).toEqual({ mode: "wld", nodeLimit: 60_000 });
    expect(planner.plan(16, { playouts: 1562.5 })).toBeUndefined();
    // With both budgets the smaller decides: 38,400 nodes; 60,000 nodes.
    expect(planner.plan(14, { ms: 100, playouts: 1000 })?.mode).toBe("wld");
    expect(planner.plan(16, { ms: 10, playouts: 1e6 })).toBeUndefined();
  });

  it("plans exact when the estimate just fits, WLD when it is just over", () => {
    const planner = new SolvePlanner();
    // 500 ms of the solve's share: 5 million nodes, the estimate at 20 empties.
    expect(planner.plan(20, { ms: 500 / SOLVE_SHARE })?.mode).toBe("exact");
    expect(planner.plan(20, { ms: 499 / SOLVE_SHARE })?.mode).toBe("wld");
    expect(planner.plan(21, { ms: 500 / SOLVE_SHARE })?.mode).toBe("wld");
  });

  it("learns the solver's speed from solves of 20 ms or more, half from each new one", () => {
    const planner = new SolvePlanner();
    // 60,000 nodes in 10 ms (6 ms at 10,000 a millisecond): not even WLD at 16 empties.
    expect(planner.plan(16, { ms: 10 })).toBeUndefined();
    planner.measured(1e9, 19.9); // too short to tell
    expect(planner.plan(16, { ms: 10 })).toBeUndefined();
    planner.measured(20 * 30_000, 20); // 30,000 a millisecond: the rate becomes 20,000
    expect(planner.plan(16, { ms: 10 })).toEqual({ mode: "wld", limitMs: 6 }); // 120,000 nodes
    expect(planner.plan(15, { ms: 10 })).toEqual({ mode: "exact", limitMs: 6 });
    planner.measured(40 * 2_000, 40); // 2,000 a millisecond: the rate becomes 11,000
    expect(planner.plan(15, { ms: 10 })).toEqual({ mode: "wld", limitMs: 6 });
    expect(planner.plan(16, { ms: 10 })).toBeUndefined();
  });
});
