import { describe, expect, it } from "vitest";
import { type ThreadResult, ResultSlot } from "../../../protocol/threads/resultSlot.js";

const result: ThreadResult = {
  visits: 123_456,
  solved: 55,
  nodes: 98_765,
  reused: 4321,
  pruned: 7,
  children: [
    { move: 19, visits: 60_000, winRate: 0.53125, pruned: false, proven: undefined },
    { move: 26, visits: 0, winRate: NaN, pruned: true, proven: undefined },
    { move: 37, visits: 10, winRate: 1, pruned: false, proven: "win" },
    { move: 44, visits: 11, winRate: 0.5, pruned: false, proven: "draw" },
    { move: 64, visits: 12, winRate: 0, pruned: true, proven: "loss" },
  ],
};

/** A clock that reads `times` in turn, then stays at the last. */
const readings =
  (...times: number[]) =>
  () =>
    times.length > 1 ? times.shift()! : times[0]!;

describe("a search thread's result slot", () => {
  it("gives back the answer to the request as it was written, every field", () => {
    const slot = new ResultSlot();
    slot.write(1, result);
    expect(slot.wait(1, 0, readings(1000))).toEqual({ kind: "answered", result });
  });

  it("is read by another view of the same shared memory, as the other thread has it", () => {
    const writer = new ResultSlot();
    writer.write(3, result);
    expect(new ResultSlot(writer.buffer).wait(3, 0, readings(1000))).toEqual({ kind: "answered", result });
  });

  it("says late when the answer to this request has not come by the time given, an older answer being no answer", () => {
    const slot = new ResultSlot();
    expect(slot.wait(1, 10, readings(10))).toEqual({ kind: "late" });
    slot.write(1, result);
    // The clock reads 5, then 20: one wait of 5 ms, then the time is up.
    expect(slot.wait(2, 10, readings(5, 20))).toEqual({ kind: "late" });
    slot.write(2, { ...result, visits: 1 });
    expect(slot.wait(2, 10, readings(20))).toMatchObject({ kind: "answered", result: { visits: 1 } });
  });

  it("says failed for a request whose search threw, and answers the next one again", () => {
    const slot = new ResultSlot();
    slot.fail(1);
    expect(slot.wait(1, 0, readings(1000))).toEqual({ kind: "failed" });
    slot.write(2, result);
    expect(slot.wait(2, 0, readings(1000))).toEqual({ kind: "answered", result });
  });

  it("tells the last request the thread has begun, to another view too, apart from its answers", () => {
    const slot = new ResultSlot();
    const other = new ResultSlot(slot.buffer);
    expect(other.begun()).toBe(0);
    slot.begin(4);
    expect(other.begun()).toBe(4);
    slot.write(4, result);
    expect([other.begun(), other.wait(4, 0, readings(0)).kind]).toEqual([4, "answered"]);
  });

  it("holds a root of 64 children, and refuses more", () => {
    const slot = new ResultSlot();
    const children = Array.from({ length: 64 }, (_, move) => ({
      move,
      visits: move,
      winRate: 0.5,
      pruned: false,
      proven: undefined,
    }));
    slot.write(1, { ...result, children });
    expect(slot.wait(1, 0, readings(0))).toEqual({ kind: "answered", result: { ...result, children } });
    expect(() => slot.write(2, { ...result, children: [...children, children[0]!] })).toThrow(/65 children/);
  });
});
