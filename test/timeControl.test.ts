import { describe, expect, it } from "vitest";
import {
  Random,
  SAFETY_MS,
  SOLVER_EMPTIES,
  TimeControl,
  moveReserveMs,
  moveWeight,
  safetyMarginMs,
} from "../src/index.js";

describe("time control", () => {
  it("thinks the fixed time per move, less its small reserve, when the controller gives no clock, or a clock that means no limit", () => {
    const tc = new TimeControl(5000);
    expect(tc.budgetMs(true, 60)).toBe(5000 - 50 - 100);
    tc.setSettings({ mainSeconds: 0, byoYomiSeconds: 1, byoYomiStones: 0 });
    expect(tc.timeLimit).toBeNull();
    expect(tc.budgetMs(false, 30)).toBe(5000 - 50 - 100);
  });

  it("at a fixed time a move, --time 1 or time_settings 0 1 1, searches 93% of it: the time saved would be lost", () => {
    expect(moveReserveMs(1000)).toBe(70);
    expect(new TimeControl(1000).budgetMs(true, 30)).toBe(930);
    const tc = new TimeControl(5000);
    tc.setSettings({ mainSeconds: 0, byoYomiSeconds: 1, byoYomiStones: 1 });
    for (let move = 0; move < 3; move++) {
      expect(tc.budgetMs(true, 40)).toBe(930);
      tc.spend(true, 960);
    }
    // The reserve of a period of several stones is the main time's.
    tc.setSettings({ mainSeconds: 0, byoYomiSeconds: 10, byoYomiStones: 2 });
    expect(tc.budgetMs(true, 40)).toBe(Math.floor((10000 - safetyMarginMs(10000)) / 2));
  });

  it("flat: spreads main time evenly over our remaining moves, half the empty squares, plus one in reserve", () => {
    const tc = new TimeControl(5000, "flat");
    tc.setSettings({ mainSeconds: 60, byoYomiSeconds: 0, byoYomiStones: 0 });
    expect(tc.budgetMs(true, 60)).toBe(Math.floor((60000 - SAFETY_MS - 3000) / 31));
    tc.setTimeLeft(true, { seconds: 10, stones: 0 });
    expect(tc.budgetMs(true, 20)).toBe(Math.floor((10000 - SAFETY_MS - 500) / 11));
    // White's clock is its own.
    expect(tc.budgetMs(false, 20)).toBe(Math.floor((60000 - SAFETY_MS - 3000) / 11));
  });

  it("midgame: gives the middle game more than the flat share, the opening and the ending less, and still spends about all", () => {
    const flat = new TimeControl(5000, "flat");
    const midgame = new TimeControl(5000);
    for (const tc of [flat, midgame]) tc.setSettings({ mainSeconds: 60, byoYomiSeconds: 0, byoYomiStones: 0 });
    expect(midgame.budgetMs(true, 60)).toBeLessThan(0.8 * flat.budgetMs(true, 60));
    expect(moveWeight(60)).toBe(0.5);
    expect(moveWeight(30)).toBe(1);
    expect(moveWeight(SOLVER_EMPTIES + 1)).toBe(1);
    expect(moveWeight(SOLVER_EMPTIES)).toBe(0.05);
    expect(moveWeight(0)).toBe(0.05);
    // A whole game on the clock, each move spending its budget: the middle game's moves get the most.
    const spent = new Map<number, number>();
    for (let empties = 60; empties > 0; empties -= 2) {
      const ms = midgame.budgetMs(true, empties);
      spent.set(empties, ms);
      midgame.spend(true, ms);
    }
    expect(spent.get(30)!).toBeGreaterThan(1.15 * flat.budgetMs(true, 60));
    expect(spent.get(30)!).toBeGreaterThan(1.5 * spent.get(58)!);
    expect(spent.get(30)!).toBeGreaterThan(1.2 * spent.get(6)!);
    const total = [...spent.values()].reduce((a, b) => a + b, 0);
    expect(total).toBeLessThanOrEqual(60000 - SAFETY_MS);
    expect(total).toBeGreaterThan(50000);
  });

  it("counts the solver's moves as nearly free: a game whose ending the solver plays in 10 ms a move uses 80% of its 60 s clock and more", () => {
    const tc = new TimeControl(5000);
    tc.setSettings({ mainSeconds: 60, byoYomiSeconds: 0, byoYomiStones: 0 });
    let spent = 0;
    // From an XOT opening (52 empties), every budget spent in full until the solver's moves.
    for (let empties = 52; empties > 0; empties -= 2) {
      const budget = tc.budgetMs(true, empties);
      const ms = empties > SOLVER_EMPTIES ? budget : Math.min(budget, 10);
      tc.spend(true, ms);
      spent += ms;
    }
    expect(spent).toBeGreaterThan(0.8 * 60_000);
    expect(spent).toBeLessThanOrEqual(60_000 - SAFETY_MS);
  });

  it("says when time saved on a move can be spent later: main time, or a byo-yomi period with stones to come", () => {
    const tc = new TimeControl(5000);
    expect(tc.savingsCarryOver(true)).toBe(false);
    tc.setSettings({ mainSeconds: 0, byoYomiSeconds: 1, byoYomiStones: 1 });
    expect(tc.savingsCarryOver(true)).toBe(false);
    tc.setSettings({ mainSeconds: 60, byoYomiSeconds: 0, byoYomiStones: 0 });
    expect(tc.savingsCarryOver(true)).toBe(true);
    tc.setSettings({ mainSeconds: 0, byoYomiSeconds: 30, byoYomiStones: 5 });
    expect(tc.savingsCarryOver(false)).toBe(true);
    tc.setTimeLeft(false, { seconds: 6, stones: 1 });
    expect(tc.savingsCarryOver(false)).toBe(false);
  });

  it("shares a byo-yomi period among its stones", () => {
    const tc = new TimeControl(5000);
    tc.setSettings({ mainSeconds: 0, byoYomiSeconds: 30, byoYomiStones: 5 });
    expect(tc.budgetMs(false, 40)).toBe(Math.floor((30000 - SAFETY_MS - 1500) / 5));
    tc.setTimeLeft(false, { seconds: 6, stones: 1 });
    expect(tc.budgetMs(false, 40)).toBe(Math.floor(6000 - moveReserveMs(6000)));
  });

  it("keeps a smaller reserve when little time is left, and still most of a tenth of a second per move", () => {
    expect(safetyMarginMs(10000)).toBe(SAFETY_MS + 500);
    expect(safetyMarginMs(100)).toBe(25 + 5);
    const tc = new TimeControl(5000);
    tc.setSettings({ mainSeconds: 0, byoYomiSeconds: 0.1, byoYomiStones: 1 });
    expect(moveReserveMs(100)).toBe(12);
    expect(tc.budgetMs(true, 10)).toBe(88);
    tc.setSettings({ mainSeconds: 300, byoYomiSeconds: 0, byoYomiStones: 0 });
    tc.setTimeLeft(true, { seconds: 0, stones: 0 });
    expect(tc.budgetMs(true, 10)).toBe(0);
  });

  it("never gives more than the time left minus the safety margin, or a last stone's reserve", () => {
    const random = new Random(1);
    for (let i = 0; i < 2000; i++) {
      const tc = new TimeControl(5000);
      tc.setSettings({
        mainSeconds: random.below(600),
        byoYomiSeconds: random.below(60),
        byoYomiStones: random.below(25),
      });
      const seconds = random.nextFloat() * 100;
      const stones = random.below(4);
      tc.setTimeLeft(true, { seconds, stones });
      const budget = tc.budgetMs(true, 1 + random.below(60));
      const reserve = stones === 1 ? moveReserveMs(seconds * 1000) : safetyMarginMs(seconds * 1000);
      if (tc.timeLimit !== null) expect(budget).toBeLessThanOrEqual(Math.max(0, seconds * 1000 - reserve));
      expect(budget).toBeGreaterThanOrEqual(0);
    }
  });

  it("charges its own thinking to the clock, so a game without time_left reports fits in the main time", () => {
    const tc = new TimeControl(5000);
    tc.setSettings({ mainSeconds: 60, byoYomiSeconds: 0, byoYomiStones: 0 });
    let spent = 0;
    for (let empties = 60; empties > 0; empties -= 2) {
      const budget = tc.budgetMs(true, empties);
      tc.spend(true, budget);
      spent += budget;
    }
    expect(spent).toBeLessThanOrEqual(60000 - SAFETY_MS);
    expect(tc.timeLeft(false)).toBeNull();
    tc.restart();
    expect(tc.timeLeft(true)).toBeNull();
  });

  it("counts down byo-yomi stones and starts a new period when one is played out, or when main time ends", () => {
    const tc = new TimeControl(5000);
    tc.setSettings({ mainSeconds: 1, byoYomiSeconds: 30, byoYomiStones: 2 });
    tc.spend(true, 1000);
    expect(tc.timeLeft(true)).toEqual({ seconds: 30, stones: 2 });
    tc.spend(true, 10000);
    expect(tc.timeLeft(true)).toEqual({ seconds: 20, stones: 1 });
    tc.spend(true, 5000);
    expect(tc.timeLeft(true)).toEqual({ seconds: 30, stones: 2 });
  });

  it("charges nothing without a clock", () => {
    const tc = new TimeControl(5000);
    tc.spend(true, 1000);
    expect(tc.timeLeft(true)).toBeNull();
  });
});
