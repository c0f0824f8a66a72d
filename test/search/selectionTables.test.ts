import { describe, expect, it } from "vitest";
import { SelectionTables, Tree, selectionTables } from "../../src/index.js";

describe("selection tables: sqrt(ln N) and 1 / sqrt(n) looked up", () => {
  // Below the table's end, at its edge and far beyond (where Math computes them).
  const counts = [0, 1, 2, 3, 7, 64, 1000, 65_534, 65_535, 65_536, 65_537, 1_000_003, 2 ** 30];

  for (const offset of [0, 2, 0.5, 8]) {
    it(`give exactly what Math gives, counts offset by ${offset}`, () => {
      const tables = new SelectionTables(offset);
      for (const n of counts) {
        expect(tables.sqrtLog(n)).toBe(Math.sqrt(Math.log(n + offset)));
        expect(tables.inverseSqrt(n)).toBe(1 / Math.sqrt(n + offset));
      }
    });
  }

  it("are made once for each offset and shared", () => {
    expect(selectionTables(2)).toBe(selectionTables(2));
    expect(selectionTables(2)).not.toBe(selectionTables(3));
    expect(selectionTables(3).offset).toBe(3);
  });

  it("follow the tree's prior visits: its spread and exploration term count them", () => {
    const tree = new Tree(10);
    tree.reset();
    for (let i = 0; i < 5; i++) tree.record(0, 1);
    expect(tree.selectionTerms[1]).toBe(1 / Math.sqrt(5));
    expect(tree.exploration(0, 0.3)).toBe(0.3 * Math.sqrt(Math.log(5)));
    tree.priorVisits = 2;
    expect(tree.priorVisits).toBe(2);
    tree.record(0, 1);
    expect(tree.selectionTerms[1]).toBe(1 / Math.sqrt(8));
    expect(tree.exploration(0, 0.3)).toBe(0.3 * Math.sqrt(Math.log(8)));
  });
});
