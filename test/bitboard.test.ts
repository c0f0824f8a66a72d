import { describe, expect, it } from "vitest";
import { Random, flips, legalMoves, lowestBit, nthSetBit, popcount, resultHi } from "../src/index.js";

const DIRECTIONS = [[0, 1], [0, -1], [1, 0], [-1, 0], [1, 1], [1, -1], [-1, 1], [-1, -1]] as const;

function has(lo: number, hi: number, s: number): boolean {
  return ((s < 32 ? lo >>> s : hi >>> (s - 32)) & 1) === 1;
}

/** The discs a move flips, walking square by square: the reference the bit tricks must match. */
function slowFlips(s: number, pl: number, ph: number, ol: number, oh: number): [number, number] {
  let lo = 0, hi = 0;
  if (has(pl | ol, ph | oh, s)) return [0, 0];
  for (const [dx, dy] of DIRECTIONS) {
    let x = (s >> 3) + dx, y = (s & 7) + dy;
    const run: number[] = [];
    while (x >= 0 && x < 8 && y >= 0 && y < 8 && has(ol, oh, x * 8 + y)) {
      run.push(x * 8 + y);
      x += dx;
      y += dy;
    }
    if (run.length > 0 && x >= 0 && x < 8 && y >= 0 && y < 8 && has(pl, ph, x * 8 + y)) {
      for (const t of run) t < 32 ? (lo |= 1 << t) : (hi |= 1 << (t - 32));
    }
  }
  return [lo, hi];
}

/** Random boards of every density, from nearly empty to nearly full. */
function randomBoards(n: number): [number, number, number, number][] {
  const random = new Random(42);
  const boards: [number, number, number, number][] = [];
  for (let i = 0; i < n; i++) {
    const density = random.nextFloat();
    let pl = 0, ph = 0, ol = 0, oh = 0;
    for (let s = 0; s < 64; s++) {
      if (random.nextFloat() > density) continue;
      const bit = 1 << (s & 31);
      if (random.below(2) === 0) s < 32 ? (pl |= bit) : (ph |= bit);
      else s < 32 ? (ol |= bit) : (oh |= bit);
    }
    boards.push([pl, ph, ol, oh]);
  }
  return boards;
}

describe("bit tricks agree with square-by-square references on random boards", () => {
  const boards = randomBoards(3000);

  it("flips, for every square", () => {
    for (const [pl, ph, ol, oh] of boards) {
      for (let s = 0; s < 64; s++) {
        if (has(pl | ol, ph | oh, s)) continue;
        const lo = flips(s, pl, ph, ol, oh);
        expect([lo, resultHi]).toEqual(slowFlips(s, pl, ph, ol, oh));
      }
    }
  });

  it("legal moves are exactly the empty squares that flip something", () => {
    for (const [pl, ph, ol, oh] of boards) {
      let lo = 0, hi = 0;
      for (let s = 0; s < 64; s++) {
        const [fl, fh] = slowFlips(s, pl, ph, ol, oh);
        if ((fl | fh) !== 0) s < 32 ? (lo |= 1 << s) : (hi |= 1 << (s - 32));
      }
      expect([legalMoves(pl, ph, ol, oh), resultHi]).toEqual([lo, hi]);
    }
  });
});

describe("word helpers", () => {
  it("popcount, lowestBit and nthSetBit match a bit-by-bit count", () => {
    const random = new Random(5);
    for (let i = 0; i < 20000; i++) {
      const w = random.nextU32() & random.nextU32() | 0;
      const bits: number[] = [];
      for (let b = 0; b < 32; b++) if (((w >>> b) & 1) === 1) bits.push(b);
      expect(popcount(w)).toBe(bits.length);
      if (bits.length > 0) expect(lowestBit(w)).toBe(bits[0]);
      bits.forEach((b, r) => expect(nthSetBit(w, r)).toBe(b));
    }
    expect(nthSetBit(0x80000000 | 0, 0)).toBe(31);
    expect(popcount(-1)).toBe(32);
  });
});
