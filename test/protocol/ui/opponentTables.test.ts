import { afterEach, describe, expect, it } from "vitest";
import type { Opponent } from "../../../protocol/ui/opponent.js";
import { OpponentTables } from "../../../protocol/ui/uiServer.js";

/** Stand-ins that only record being closed, numbered in the order they were made. */
const closed: number[] = [];
let made = 0;
const make = (): Opponent => {
  const n = made++;
  return { close: () => closed.push(n) } as unknown as Opponent;
};

const open: OpponentTables[] = [];
afterEach(() => {
  for (const t of open.splice(0)) t.close();
  closed.length = 0;
  made = 0;
});

function tables(max: number, idleMs: number): OpponentTables {
  const t = new OpponentTables(make, max, idleMs);
  open.push(t);
  return t;
}

describe("the opponents of the games in play", () => {
  it("gives each game id its own opponent, the same one each time", () => {
    const t = tables(4, 60_000);
    const a = t.get("a");
    expect(t.get("b")).not.toBe(a);
    expect(t.get("a")).toBe(a);
    expect(t.size).toBe(2);
  });

  it("gives up the least recently used beyond the most, closing its engine", () => {
    const t = tables(2, 60_000);
    t.get("a"); // 0
    t.get("b"); // 1
    t.get("a"); // a is now the most recent
    t.get("c"); // 2: b goes
    expect(closed).toEqual([1]);
    expect(t.size).toBe(2);
    t.get("b"); // 3: a new one for b, and a goes
    expect(closed).toEqual([1, 0]);
  });

  it("closes an opponent left idle", async () => {
    const t = tables(4, 40);
    t.get("a");
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(closed).toEqual([0]);
    expect(t.size).toBe(0);
  });

  it("closes them all at the end", () => {
    const t = tables(4, 60_000);
    t.get("a");
    t.get("b");
    t.close();
    expect(closed.sort()).toEqual([0, 1]);
  });
});
