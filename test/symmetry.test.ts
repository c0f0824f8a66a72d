import { describe, expect, it } from "vitest";
import { SYMMETRIES, squareImage, wordsImage } from "../src/index.js";

describe("the board's symmetries", () => {
  it("are 8 different permutations of the squares, the first the identity", () => {
    const maps = new Set<string>();
    for (let k = 0; k < SYMMETRIES; k++) {
      const images = Array.from({ length: 64 }, (_, s) => squareImage(s, k));
      expect(new Set(images).size).toBe(64);
      maps.add(images.join(","));
    }
    expect(maps.size).toBe(8);
    expect(Array.from({ length: 64 }, (_, s) => squareImage(s, 0))).toEqual(Array.from({ length: 64 }, (_, s) => s));
  });

  it("keep the four centre squares among themselves and the corners among the corners", () => {
    for (let k = 0; k < SYMMETRIES; k++) {
      expect([27, 28, 35, 36].map((s) => squareImage(s, k)).sort()).toEqual([27, 28, 35, 36]);
      expect([0, 7, 56, 63].map((s) => squareImage(s, k)).sort((a, b) => a - b)).toEqual([0, 7, 56, 63]);
    }
  });

  it("move a board's words square by square, high and low words alike", () => {
    const squares = [0, 9, 31, 32, 45, 63];
    let lo = 0;
    let hi = 0;
    for (const s of squares)
      if (s < 32) lo |= 1 << s;
      else hi |= 1 << (s - 32);
    for (let k = 0; k < SYMMETRIES; k++) {
      const [l, h] = wordsImage(lo, hi, k);
      const expected = squares.map((s) => squareImage(s, k));
      const found: number[] = [];
      for (let s = 0; s < 64; s++) if ((s < 32 ? (l >>> s) & 1 : (h >>> (s - 32)) & 1) === 1) found.push(s);
      expect(found).toEqual(expected.sort((a, b) => a - b));
    }
  });
});
