import { describe, expect, it } from "vitest";
import { NO_MOVE, TranspositionTable } from "../../src/solver/transpositionTable.js";

/** The bounds and move stored for the position (pl, 0, ol, 0), or undefined if it is not stored. */
function entry(table: TranspositionTable, pl: number, ol: number): [number, number, number] | undefined {
  return table.probe(pl, 0, ol, 0) ? [table.lo, table.hi, table.move] : undefined;
}

describe("the transposition table", () => {
  it("takes 1 to 26 bits", () => {
    for (const bits of [0, 27, 1.5])
      expect(() => new TranspositionTable(bits)).toThrow(`transposition table bits must be 1..26, got ${bits}`);
    expect(() => new TranspositionTable(1)).not.toThrow();
    // 2 GiB, allocated as the pages are first written: none is here.
    expect(() => new TranspositionTable(26)).not.toThrow();
  });

  it("keeps the deeper position in a bucket's first entry and replaces the second", () => {
    const table = new TranspositionTable(1); // one bucket of two entries
    table.newSolve();
    table.store(1, 0, 2, 0, 20, -4, 4, 10);
    table.store(3, 0, 4, 0, 10, 0, 0, 11);
    table.store(5, 0, 6, 0, 12, 2, 2, 12); // shallower than the first: replaces the second
    expect(entry(table, 1, 2)).toEqual([-4, 4, 10]);
    expect(entry(table, 3, 4)).toBeUndefined();
    expect(entry(table, 5, 6)).toEqual([2, 2, 12]);
    // The same position again: its bounds are intersected.
    table.store(1, 0, 2, 0, 20, 0, 64, 9);
    expect(entry(table, 1, 2)).toEqual([0, 4, 9]);
    // Deeper than the first: takes it, and the first moves to the second place.
    table.store(7, 0, 8, 0, 22, 1, 1, 13);
    expect(entry(table, 7, 8)).toEqual([1, 1, 13]);
    expect(entry(table, 1, 2)).toEqual([0, 4, 9]);
    expect(entry(table, 5, 6)).toBeUndefined();
    // An entry of an earlier solve gives way to any new one.
    table.newSolve();
    table.store(9, 0, 10, 0, 8, 3, 3, 14);
    expect(entry(table, 9, 10)).toEqual([3, 3, 14]);
    expect(entry(table, 7, 8)).toEqual([1, 1, 13]);
    expect(entry(table, 1, 2)).toBeUndefined();
    table.clear();
    expect(entry(table, 9, 10)).toBeUndefined();
    expect(entry(table, 7, 8)).toBeUndefined();
  });

  it("as deep as the first entry is deep enough to take its place", () => {
    const table = new TranspositionTable(1);
    table.newSolve();
    table.store(1, 0, 2, 0, 20, 0, 0, 1);
    table.store(3, 0, 4, 0, 10, 0, 0, 2);
    table.store(5, 0, 6, 0, 20, 0, 0, 3); // takes the first place; the first moves to the second
    table.store(7, 0, 8, 0, 5, 0, 0, 4); // replaces the second
    expect(entry(table, 5, 6)).toBeDefined();
    expect(entry(table, 7, 8)).toBeDefined();
    expect(entry(table, 1, 2)).toBeUndefined();
    expect(entry(table, 3, 4)).toBeUndefined();
  });

  it("finds a position only when all four words match", () => {
    const table = new TranspositionTable(1); // one bucket: every position meets the others
    table.store(1, 2, 3, 4, 10, 0, 0, 5);
    expect(table.probe(1, 2, 3, 4)).toBe(true);
    for (const [pl, ph, ol, oh] of [
      [9, 2, 3, 4],
      [1, 9, 3, 4],
      [1, 2, 9, 4],
      [1, 2, 3, 9],
    ] as const)
      expect(table.probe(pl, ph, ol, oh)).toBe(false);
  });

  it("updates a position found in the second entry in place", () => {
    const table = new TranspositionTable(1);
    table.store(1, 0, 2, 0, 20, 0, 0, 1);
    table.store(3, 0, 4, 0, 10, 2, 8, 2); // the second entry
    table.store(3, 0, 4, 0, 10, 0, 4, NO_MOVE);
    expect(entry(table, 3, 4)).toEqual([2, 4, 2]);
    expect(entry(table, 1, 2)).toEqual([0, 0, 1]);
  });

  it("intersects a position's bounds with those stored, the new ones winning when they disagree", () => {
    const table = new TranspositionTable(4);
    const again = (old: [number, number], lo: number, hi: number, move = NO_MOVE) => {
      table.clear();
      table.store(1, 0, 2, 0, 12, old[0], old[1], 30);
      table.store(1, 0, 2, 0, 12, lo, hi, move);
      return entry(table, 1, 2);
    };
    expect(again([0, 4], -2, 2)).toEqual([0, 2, 30]);
    expect(again([0, 4], 2, 6)).toEqual([2, 4, 30]);
    expect(again([4, 8], 0, 4)).toEqual([4, 4, 30]); // touching at 4
    expect(again([-4, 0], 0, 6)).toEqual([0, 0, 30]); // touching at 0
    expect(again([6, 8], 0, 4)).toEqual([0, 4, 30]); // disjoint: the new bounds
    expect(again([-8, -6], -4, 0)).toEqual([-4, 0, 30]);
    expect(again([-64, 64], -64, 64, 31)).toEqual([-64, 64, 31]); // a move found replaces the old
  });

  it("a cleared table is as a new one: the old entries hidden, and the deep place free for any entry", () => {
    const table = new TranspositionTable(1); // one bucket of two entries
    table.newSolve();
    table.store(1, 0, 2, 0, 20, 0, 0, 1);
    table.store(3, 0, 4, 0, 10, 0, 0, 2);
    table.clear();
    expect(entry(table, 1, 2)).toBeUndefined();
    expect(entry(table, 3, 4)).toBeUndefined();
    // The position of a hidden entry is stored anew, not merged with it (whose move it would keep).
    table.store(1, 0, 2, 0, 20, 4, 8, NO_MOVE);
    expect(entry(table, 1, 2)).toEqual([4, 8, NO_MOVE]);
    table.clear();
    // Stored without a new solve after the clear: seen, and the first place goes to the first
    // entry stored, however deep the hidden one there.
    table.store(5, 0, 6, 0, 8, 0, 0, 3);
    table.store(7, 0, 8, 0, 9, 0, 0, 4); // deeper than the first: takes it, the first moves to the second
    table.store(9, 0, 10, 0, 2, 0, 0, 5); // shallower: replaces the second
    expect(entry(table, 7, 8)).toEqual([0, 0, 4]);
    expect(entry(table, 9, 10)).toEqual([0, 0, 5]);
    expect(entry(table, 5, 6)).toBeUndefined();
    expect(entry(table, 1, 2)).toBeUndefined();
  });

  it("uses 2^16 entries until reserve asks for more, and never fewer again until cleared", () => {
    /** How many of n distinct positions stored in one solve are found afterwards. */
    const kept = (table: TranspositionTable, n: number, from: number): number => {
      table.newSolve();
      for (let i = 0; i < n; i++) table.store(from + i, 0, ~(from + i), 0, 10, 0, 0, NO_MOVE);
      let found = 0;
      for (let i = 0; i < n; i++) if (table.probe(from + i, 0, ~(from + i), 0)) found++;
      return found;
    };
    const table = new TranspositionTable(18);
    const n = 200_000;
    // At most 2^16 stay, whatever is stored; hashing fills most of them.
    const atFirst = kept(table, n, 1);
    expect(atFirst).toBeLessThanOrEqual(1 << 16);
    expect(atFirst).toBeGreaterThan(0.8 * (1 << 16));
    table.reserve(12); // fewer than in use: no change
    const unchanged = kept(table, n, 1_000_000);
    expect(unchanged).toBeLessThanOrEqual(1 << 16);
    expect(unchanged).toBeGreaterThan(0.8 * (1 << 16));
    table.reserve(17);
    const reserved = kept(table, n, 2_000_000);
    expect(reserved).toBeLessThanOrEqual(1 << 17);
    expect(reserved).toBeGreaterThan(0.8 * (1 << 17));
    table.reserve(30); // more than allocated: all of it
    const all = kept(table, n, 3_000_000);
    expect(all).toBeLessThanOrEqual(1 << 18);
    expect(all).toBeGreaterThan(0.6 * (1 << 18));
    // Cleared, it uses 2^16 entries again, as a new table does.
    table.clear();
    const cleared = kept(table, n, 4_000_000);
    expect(cleared).toBeLessThanOrEqual(1 << 16);
    expect(cleared).toBeGreaterThan(0.8 * (1 << 16));
    // A table smaller than 2^16 entries uses all of its entries from the start.
    const small = new TranspositionTable(10);
    expect(kept(small, 5000, 1)).toBeGreaterThan(0.9 * (1 << 10));
  });
});
