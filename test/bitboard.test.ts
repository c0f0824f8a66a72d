import { describe, expect, it } from "vitest";
import {
  Random,
  byteCounts,
  pairCount,
  flipCount,
  flips,
  legalMoves,
  lowestBit,
  moveCount,
  nthSquare,
  popcount,
  resultHi,
  uniformBelow,
} from "../src/index.js";
import { Mismatches } from "./mismatches.js";

const DIRECTIONS = [
  [0, 1],
  [0, -1],
  [1, 0],
  [-1, 0],
  [1, 1],
  [1, -1],
  [-1, 1],
  [-1, -1],
] as const;

function has(lo: number, hi: number, s: number): boolean {
  return ((s < 32 ? lo >>> s : hi >>> (s - 32)) & 1) === 1;
}

/** The discs a move flips, walking square by square: the reference the bit tricks must match. */
function slowFlips(s: number, pl: number, ph: number, ol: number, oh: number): [number, number] {
  let lo = 0,
    hi = 0;
  if (has(pl | ol, ph | oh, s)) return [0, 0];
  for (const [dx, dy] of DIRECTIONS) {
    let x = (s >> 3) + dx,
      y = (s & 7) + dy;
    const run: number[] = [];
    while (x >= 0 && x < 8 && y >= 0 && y < 8 && has(ol, oh, x * 8 + y)) {
      run.push(x * 8 + y);
      x += dx;
      y += dy;
    }
    if (run.length > 0 && x >= 0 && x < 8 && y >= 0 && y < 8 && has(pl, ph, x * 8 + y)) {
      for (const t of run) {
        if (t < 32) lo |= 1 << t;
        else hi |= 1 << (t - 32);
      }
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
    let pl = 0,
      ph = 0,
      ol = 0,
      oh = 0;
    for (let s = 0; s < 64; s++) {
      if (random.nextFloat() > density) continue;
      const bit = 1 << (s & 31);
      const mine = random.below(2) === 0;
      if (mine && s < 32) pl |= bit;
      else if (mine) ph |= bit;
      else if (s < 32) ol |= bit;
      else oh |= bit;
    }
    boards.push([pl, ph, ol, oh]);
  }
  return boards;
}

describe("bit tricks agree with square-by-square references on random boards", () => {
  const boards = randomBoards(3000);

  it("flips, for every square", () => {
    const wrong = new Mismatches();
    for (const [pl, ph, ol, oh] of boards) {
      for (let s = 0; s < 64; s++) {
        if (has(pl | ol, ph | oh, s)) continue;
        const got = `${flips(s, pl, ph, ol, oh)},${resultHi}`;
        wrong.check(got, slowFlips(s, pl, ph, ol, oh).join(), `${s} on ${[pl, ph, ol, oh]}`);
      }
    }
    wrong.expectNone();
  });

  it("flipCount, for every square, counts the discs flips returns", () => {
    const wrong = new Mismatches();
    for (const [pl, ph, ol, oh] of boards) {
      for (let s = 0; s < 64; s++) {
        if (has(pl | ol, ph | oh, s)) continue;
        const [lo, hi] = slowFlips(s, pl, ph, ol, oh);
        wrong.check(flipCount(s, pl, ph, ol, oh), popcount(lo) + popcount(hi), `${s} on ${[pl, ph, ol, oh]}`);
      }
    }
    wrong.expectNone();
  });

  it("legal moves are exactly the empty squares that flip something, and moveCount counts them", () => {
    for (const [pl, ph, ol, oh] of boards) {
      let lo = 0,
        hi = 0;
      for (let s = 0; s < 64; s++) {
        const [fl, fh] = slowFlips(s, pl, ph, ol, oh);
        if ((fl | fh) !== 0 && s < 32) lo |= 1 << s;
        else if ((fl | fh) !== 0) hi |= 1 << (s - 32);
      }
      expect([legalMoves(pl, ph, ol, oh), resultHi]).toEqual([lo, hi]);
      expect(moveCount(pl, ph, ol, oh)).toBe(popcount(lo) + popcount(hi));
    }
  });
});

describe("word helpers", () => {
  it("popcount, byteCounts and lowestBit match a bit-by-bit count", () => {
    const random = new Random(5);
    const wrong = new Mismatches();
    for (let i = 0; i < 20000; i++) {
      const w = (random.nextU32() & random.nextU32()) | 0;
      const bits: number[] = [];
      for (let b = 0; b < 32; b++) if (((w >>> b) & 1) === 1) bits.push(b);
      wrong.check(popcount(w), bits.length, `popcount of ${w}`);
      if (bits.length > 0) wrong.check(lowestBit(w), bits[0], `lowestBit of ${w}`);
      for (let k = 0; k < 4; k++)
        wrong.check((byteCounts(w) >>> (8 * k)) & 255, bits.filter((b) => b >> 3 === k).length, `byte ${k} of ${w}`);
    }
    wrong.expectNone();
    expect(popcount(-1)).toBe(32);
    expect(byteCounts(-1)).toBe(0x08080808);
  });

  it("pairCount counts both words, up to all 64 squares", () => {
    const random = new Random(7);
    const wrong = new Mismatches();
    for (let i = 0; i < 20000; i++) {
      const lo = random.nextU32() | random.nextU32() | 0;
      const hi = (random.nextU32() & random.nextU32()) | 0;
      wrong.check(pairCount(lo, hi), popcount(lo) + popcount(hi), `${[lo, hi]}`);
    }
    wrong.expectNone();
    expect(pairCount(-1, -1)).toBe(64);
    expect(pairCount(0, 1 << 31)).toBe(1);
  });

  it("nthSquare gives the squares of a pair in order, over both words and every byte", () => {
    const random = new Random(6);
    const pairs: [number, number][] = [
      [-1, -1],
      [0, 1 << 31],
      [1, 0],
      [0x80000000 | 0, 1],
      [0xff, 0xff000000 | 0],
    ];
    for (let i = 0; i < 5000; i++) {
      const density = i % 4;
      let lo = random.nextU32() | 0,
        hi = random.nextU32() | 0;
      for (let d = 0; d < density; d++) {
        lo &= random.nextU32();
        hi &= random.nextU32();
      }
      pairs.push([lo, hi]);
    }
    const wrong = new Mismatches();
    for (const [lo, hi] of pairs) {
      const squares: number[] = [];
      for (let s = 0; s < 64; s++) if (has(lo, hi, s)) squares.push(s);
      squares.forEach((s, r) => {
        wrong.check(nthSquare(lo, hi, r), s, `${r} of ${[lo, hi]}`);
      });
    }
    wrong.expectNone();
  });

  it("uniformBelow splits the 32-bit words evenly among 0..n-1", () => {
    const random = new Random(7);
    for (let n = 1; n <= 64; n++) {
      // The words that give r are those from ceil(r * 2^26 / n) * 64 on: every r gets a share
      // of 2^32 / n, give or take 64 words.
      for (let r = 0; r < n; r++) {
        const first = Math.ceil((r * 2 ** 26) / n) * 64;
        expect(uniformBelow(first | 0, n)).toBe(r);
        if (first > 0) expect(uniformBelow((first - 1) | 0, n)).toBe(r - 1);
      }
      expect(uniformBelow(-1, n)).toBe(n - 1);
      for (let i = 0; i < 100; i++) {
        const u = random.nextU32();
        expect(uniformBelow(u | 0, n)).toBe(Math.floor(((u >>> 6) * n) / 2 ** 26));
      }
    }
  });
});
