import { describe, expect, it } from "vitest";
import { EXCLUDED, ExcludedPositions, Position, Random, SampleBuffer, parseObf } from "../../src/index.js";
import { randomPosition } from "../eval/helpers.js";

/** The position's 8 images, by moving each disc square by square: row x, column y of square x * 8 + y. */
function images(p: Position): Position[] {
  const discs = [p.playerLo, p.playerHi, p.opponentLo, p.opponentHi];
  const at = (words: number[], s: number): number => (s < 32 ? (words[0]! >>> s) & 1 : (words[1]! >>> (s - 32)) & 1);
  const result: Position[] = [];
  for (const transform of [
    (x: number, y: number) => [x, y],
    (x: number, y: number) => [y, 7 - x],
    (x: number, y: number) => [7 - x, 7 - y],
    (x: number, y: number) => [7 - y, x],
    (x: number, y: number) => [x, 7 - y],
    (x: number, y: number) => [7 - x, y],
    (x: number, y: number) => [y, x],
    (x: number, y: number) => [7 - y, 7 - x],
  ]) {
    const words = [0, 0, 0, 0];
    for (let s = 0; s < 64; s++) {
      const [x, y] = transform(s >> 3, s & 7);
      const t = x! * 8 + y!;
      for (const side of [0, 1]) {
        if (at(discs.slice(2 * side, 2 * side + 2), s) === 0) continue;
        if (t < 32) words[2 * side] |= 1 << t;
        else words[2 * side + 1] |= 1 << (t - 32);
      }
    }
    result.push(Position.fromSides(words[0]!, words[1]!, words[2]!, words[3]!, true));
  }
  return result;
}

describe("ExcludedPositions", () => {
  const fforum = parseObf("--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X;");
  if (!fforum.ok) throw new Error(fforum.error);
  const excluded = new ExcludedPositions([fforum.value.position]);

  it("finds the positions and their 8 symmetric images in samples, and marks them EXCLUDED", () => {
    const random = new Random(2);
    const buffer = new SampleBuffer();
    const others = Array.from({ length: 20 }, () => randomPosition(random, 30));
    const mine = images(fforum.value.position);
    expect(new Set(mine.map((p) => [p.playerLo, p.playerHi, p.opponentLo, p.opponentHi].join())).size).toBe(8);
    for (const p of [...others.slice(0, 10), ...mine, ...others.slice(10)])
      buffer.add(p.playerLo, p.playerHi, p.opponentLo, p.opponentHi, 0, 0);
    const mask = new Uint8Array(buffer.count).fill(1);
    expect(excluded.exclude(buffer.toSamples(), mask)).toBe(8);
    expect([...mask]).toEqual([...Array(10).fill(1), ...Array(8).fill(EXCLUDED), ...Array(10).fill(1)]);
  });

  it("does not take the position with the sides swapped for it", () => {
    const p = fforum.value.position;
    const buffer = new SampleBuffer();
    buffer.add(p.opponentLo, p.opponentHi, p.playerLo, p.playerHi, 0, 0);
    expect(excluded.exclude(buffer.toSamples(), new Uint8Array(1))).toBe(0);
  });
});
