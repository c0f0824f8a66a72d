import { describe, expect, it } from "vitest";
import { Game, Random, Search } from "../../src/index.js";
import { params } from "./searchHelpers.js";

// A timed search that stops once its move can no longer change (earlyStop.ts).

describe("stopping early", () => {
  it("a timed search stops once its most visited move leads by more visits than the time left can give, and says so", () => {
    let t = 0;
    // Narrow exploration piles the visits on one move; each clock read is a millisecond.
    const s = new Search(params({ ucbC: 0.05 }), { now: () => (t += 1), random: new Random(3) });
    const report = s.choose(new Game(), { timeMs: 500, stopEarly: true });
    expect(report.stoppedEarly).toBe(true);
    expect(report.elapsedMs).toBeLessThan(500);
    const visits = s
      .rootChildren()
      .map((c) => c.visits)
      .sort((a, b) => b - a);
    const rate = report.visits / report.elapsedMs;
    expect(visits[0]! - visits[1]!).toBeGreaterThan(rate * (500 - report.elapsedMs) * 0.9);
    expect(s.rootChildren().find((c) => c.move === report.move)!.visits).toBe(visits[0]);
  });

  it.each([
    // A millisecond a clock reading (every 32 visits, and one more as the search starts): the
    // tenth of the time binds. The first reading where 20 ms have passed stops it; the report's
    // reading is one later.
    [1, 21, 32 * 18],
    // Ten a reading: the tenth is reached well before 256 visits, which bind.
    [10, 110, 256],
  ])(
    "not before a tenth of its time and 256 visits, even with a reused tree's unassailable lead (%i ms a reading)",
    (step, elapsedMs, visits) => {
      let t = 0;
      const s = new Search(params({ ucbC: 0.05 }), { now: () => (t += step), random: new Random(3) });
      const g = new Game();
      s.choose(g, { visits: 8000 });
      t = 0;
      const report = s.choose(g, { timeMs: 200, stopEarly: true });
      expect(report.reused).toBeGreaterThan(32 * 200);
      expect(report).toMatchObject({ stoppedEarly: true, elapsedMs, visits });
    },
  );

  it("not without stopEarly, nor, with even visits, until the last moments", () => {
    let t = 0;
    const full = new Search(params({ ucbC: 0.05 }), { now: () => (t += 1), random: new Random(3) }).choose(new Game(), {
      timeMs: 200,
    });
    expect(full.stoppedEarly).toBe(false);
    expect(full.elapsedMs).toBeGreaterThanOrEqual(200);
    t = 0;
    const even = new Search(params({ ucbC: 10 }), { now: () => (t += 1), random: new Random(3) }).choose(new Game(), {
      timeMs: 200,
      stopEarly: true,
    });
    // Near the end a lead of a few hundred visits is enough: the last milliseconds can be saved.
    expect(even.elapsedMs).toBeGreaterThan(190);
  });
});
