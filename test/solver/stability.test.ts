import { describe, expect, it } from "vitest";
import { Position, Random, flips, legalMoves, parseObf, popcount, resultHi } from "../../src/index.js";
import { stableDiscs, stableHi, stableSquares } from "../../src/solver/stability.js";

function board(text: string, blackToMove = true): Position {
  const p = parseObf(`${text.replace(/\s/g, "")} ${blackToMove ? "X" : "O"}`);
  if (!p.ok) throw new Error(p.error);
  return p.value.position;
}

/** The player's discs that some line of legal play (passes included) turns over, found by walking every line. */
function everFlipped(
  pl: number,
  ph: number,
  ol: number,
  oh: number,
  mine: boolean,
  out: { lo: number; hi: number },
): void {
  const ml = legalMoves(pl, ph, ol, oh);
  const mh = resultHi;
  if ((ml | mh) === 0) {
    if (!legalMovesExist(ol, oh, pl, ph)) return;
    everFlipped(ol, oh, pl, ph, !mine, out);
    return;
  }
  for (let s = 0; s < 64; s++) {
    const lo = s < 32;
    if ((((lo ? ml : mh) >>> (s & 31)) & 1) === 0) continue;
    const fl = flips(s, pl, ph, ol, oh);
    const fh = resultHi;
    // Discs of the original player flipped now: the opponent's flips when the original player is not to move.
    if (!mine) {
      out.lo |= fl;
      out.hi |= fh;
    }
    everFlipped(ol & ~fl, oh & ~fh, pl | fl | (lo ? 1 << s : 0), ph | fh | (lo ? 0 : 1 << (s - 32)), !mine, out);
  }
}

/** The squares of the four edges, each in order along it. */
const EDGES = [
  [0, 1, 2, 3, 4, 5, 6, 7],
  [56, 57, 58, 59, 60, 61, 62, 63],
  [0, 8, 16, 24, 32, 40, 48, 56],
  [7, 15, 23, 31, 39, 47, 55, 63],
];

/**
 * The places of an edge (1 the player's disc, -1 the opponent's, 0 empty) whose disc some
 * sequence of discs put on the edge flips: either colour on any empty place, flipping along
 * the edge, legal on the whole board or not.
 */
function edgeFlippable(line: readonly number[], known: Map<string, number>): number {
  const key = line.join();
  const seen = known.get(key);
  if (seen !== undefined) return seen;
  let flippable = 0;
  for (let i = 0; i < 8; i++) {
    if (line[i] !== 0) continue;
    for (const colour of [1, -1]) {
      const next = [...line];
      next[i] = colour;
      let flipped = 0;
      for (const step of [1, -1]) {
        let run = 0;
        let j = i + step;
        while (j >= 0 && j < 8 && line[j] === -colour) {
          run |= 1 << j;
          j += step;
        }
        if (run !== 0 && j >= 0 && j < 8 && line[j] === colour) flipped |= run;
      }
      for (let j = 0; j < 8; j++) if (((flipped >> j) & 1) !== 0) next[j] = colour;
      flippable |= flipped | edgeFlippable(next, known);
    }
  }
  known.set(key, flippable);
  return flippable;
}

/**
 * The player's stable discs by the rule stability.ts follows, square by square: the edge discs
 * no play on their edge can flip, then, until none is added, every disc of the player each of
 * whose four lines is full or holds, next to it, the border or a stable disc of the player.
 */
function stableByRule(pl: number, ph: number, ol: number, oh: number, known: Map<string, number>): Set<number> {
  const cells = Array.from({ length: 64 }, (_, s) => {
    const bit = s < 32 ? 1 << s : 1 << (s - 32);
    if (((s < 32 ? pl : ph) & bit) !== 0) return 1;
    return ((s < 32 ? ol : oh) & bit) !== 0 ? -1 : 0;
  });
  const stable = new Set<number>();
  for (const edge of EDGES) {
    const flippable = edgeFlippable(
      edge.map((s) => cells[s]!),
      known,
    );
    edge.forEach((s, i) => {
      if (cells[s] === 1 && ((flippable >> i) & 1) === 0) stable.add(s);
    });
  }
  const on = (r: number, c: number) => r >= 0 && r < 8 && c >= 0 && c < 8;
  const lineFull = (r: number, c: number, dr: number, dc: number) => {
    for (const sign of [1, -1])
      for (let k = 1; on(r + sign * k * dr, c + sign * k * dc); k++)
        if (cells[8 * (r + sign * k * dr) + c + sign * k * dc] === 0) return false;
    return true;
  };
  const holds = (r: number, c: number) => !on(r, c) || (cells[8 * r + c] === 1 && stable.has(8 * r + c));
  for (let grown = true; grown; ) {
    grown = false;
    for (let s = 0; s < 64; s++) {
      if (cells[s] !== 1 || stable.has(s)) continue;
      const r = s >> 3;
      const c = s & 7;
      const ok = [
        [0, 1],
        [1, 0],
        [1, 1],
        [1, -1],
      ].every(([dr, dc]) => lineFull(r, c, dr!, dc!) || holds(r + dr!, c + dc!) || holds(r - dr!, c - dc!));
      if (ok) {
        stable.add(s);
        grown = true;
      }
    }
  }
  return stable;
}

function legalMovesExist(pl: number, ph: number, ol: number, oh: number): boolean {
  return (legalMoves(pl, ph, ol, oh) | resultHi) !== 0;
}

describe("stable discs", () => {
  it("every disc of a full board", () => {
    const p = board(`XXXXXXXX XXXXOOOO XXOXXOOO XOXXXOOO XXXOOXOO OOOOOOOO XOXOXOXO OXOXOXOX`);
    expect(stableDiscs(p.playerLo, p.playerHi, p.opponentLo, p.opponentHi)).toBe(p.blackDiscs());
    expect(stableDiscs(p.opponentLo, p.opponentHi, p.playerLo, p.playerHi)).toBe(p.whiteDiscs());
  });

  it("a corner and the edge discs that lean on it, not a lone edge disc", () => {
    const p = board(`XXX--X-- X------- -------- -------- -------- -------- -------- --------`);
    // a1, b1, c1 and a2 lean on the corner; f1 can still be outflanked along the edge.
    expect(stableDiscs(p.playerLo, p.playerHi, p.opponentLo, p.opponentHi)).toBe(4);
  });

  it("finds exactly the discs its rule makes stable (random positions from the start to the end)", () => {
    const random = new Random(5);
    const known = new Map<string, number>();
    let found = 0;
    for (let game = 0; game < 40; game++) {
      let p = Position.initial();
      while (!p.isGameOver()) {
        for (const [pl, ph, ol, oh] of [
          [p.playerLo, p.playerHi, p.opponentLo, p.opponentHi],
          [p.opponentLo, p.opponentHi, p.playerLo, p.playerHi],
        ] as const) {
          const want = stableByRule(pl, ph, ol, oh, known);
          const lo = stableSquares(pl, ph, ol, oh);
          const got = new Set<number>();
          for (let s = 0; s < 64; s++) if ((((s < 32 ? lo : stableHi) >>> (s & 31)) & 1) !== 0) got.add(s);
          expect([...got].sort((a, b) => a - b)).toEqual([...want].sort((a, b) => a - b));
          expect(stableDiscs(pl, ph, ol, oh)).toBe(want.size);
          found += want.size;
        }
        const moves = p.legalMoves();
        p = p.play(moves[random.below(moves.length)]!);
      }
    }
    expect(found).toBeGreaterThan(10_000); // not vacuous
  });

  it("never claims a disc that some line of play flips (random endings, every line walked)", () => {
    const random = new Random(11);
    let checked = 0;
    let found = 0;
    while (checked < 150) {
      let p = Position.initial();
      const empties = 5 + random.below(4);
      while (p.empties() > empties && !p.isGameOver()) {
        const moves = p.legalMoves();
        p = p.play(moves[random.below(moves.length)]!);
      }
      if (p.isGameOver()) continue;
      checked++;
      const out = { lo: 0, hi: 0 };
      everFlipped(p.playerLo, p.playerHi, p.opponentLo, p.opponentHi, true, out);
      const sl = stableSquares(p.playerLo, p.playerHi, p.opponentLo, p.opponentHi);
      const sh = stableHi;
      expect([sl & out.lo, sh & out.hi]).toEqual([0, 0]);
      expect([sl & ~p.playerLo, sh & ~p.playerHi]).toEqual([0, 0]);
      found += popcount(sl) + popcount(sh);
    }
    // Not vacuous: endings have stable discs.
    expect(found).toBeGreaterThan(150);
  });
});
