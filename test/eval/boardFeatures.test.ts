import { describe, expect, it } from "vitest";
import {
  BOARD_FEATURES,
  BOARD_FEATURE_SIZES,
  COMPACT_SIZE,
  FIRST_PATTERN_SET_NAME,
  PATTERN_COMPACT_SIZE,
  Position,
  Random,
  boardFeatureEntries,
  boardFeaturesSum,
  crc32,
  parseWeights,
} from "../../src/index.js";
import { randomPosition } from "./helpers.js";

/** What is on square s: 1 a disc of the side to move, 2 one of the opponent's, 0 nothing. */
function owner(p: Position, s: number): number {
  const lo = s < 32 ? 1 << s : 0;
  const hi = s < 32 ? 0 : 1 << (s - 32);
  if ((p.playerLo & lo) !== 0 || (p.playerHi & hi) !== 0) return 1;
  if ((p.opponentLo & lo) !== 0 || (p.opponentHi & hi) !== 0) return 2;
  return 0;
}

/** The features as plain values, counted square by square: the reference the bit tricks must meet. */
function reference(p: Position): number[] {
  const swapped = Position.fromSides(p.opponentLo, p.opponentHi, p.playerLo, p.playerHi, !p.blackToMove);
  const potential = (of: number): number => {
    let n = 0;
    for (let s = 0; s < 64; s++) {
      if (owner(p, s) !== 0) continue;
      let next = false;
      for (let dx = -1; dx <= 1; dx++)
        for (let dy = -1; dy <= 1; dy++) {
          const x = (s >> 3) + dx;
          const y = (s & 7) + dy;
          if (x >= 0 && x < 8 && y >= 0 && y < 8 && owner(p, x * 8 + y) === of) next = true;
        }
      if (next) n++;
    }
    return n;
  };
  const quadrantEmpties = [0, 0, 0, 0];
  let empties = 0;
  for (let s = 0; s < 64; s++)
    if (owner(p, s) === 0) {
      quadrantEmpties[2 * Number(s >> 3 >= 4) + Number((s & 7) >= 4)]!++;
      empties++;
    }
  const oddQuadrants = quadrantEmpties.filter((n) => n % 2 === 1).length;
  return [
    Math.min(32, p.legalSquares().length),
    Math.min(32, swapped.legalSquares().length),
    Math.min(40, potential(2)),
    Math.min(40, potential(1)),
    2 * oddQuadrants + (empties % 2),
  ];
}

/** The entries written, as values within each feature's own table. */
function values(p: Position): number[] {
  const out = new Int32Array(BOARD_FEATURES);
  boardFeatureEntries(p.playerLo, p.playerHi, p.opponentLo, p.opponentHi, out, 0);
  let offset = 0;
  return [...out].map((entry, f) => {
    const value = entry - offset;
    offset += BOARD_FEATURE_SIZES[f]!;
    return value;
  });
}

describe("the board features", () => {
  it("of the start are 4 moves a side, 10 empties next to each side's discs, 4 odd quadrants of 60 empties", () => {
    // Next to white's d4: c3 d3 e3 c4 c5; next to its e5: f4 f5 d6 e6 f6. Each quadrant has 15 empties.
    expect(values(Position.initial())).toEqual([4, 4, 10, 10, 2 * 4 + 0]);
  });

  it("equal the square-by-square counts on 400 random positions of every stage", () => {
    const random = new Random(21);
    for (let g = 0; g < 400; g++) {
      const p = randomPosition(random, g % 61);
      expect(values(p), `position ${g}`).toEqual(reference(p));
    }
  });

  it("are summed by boardFeaturesSum, given the mover's moves, as the table's weights at boardFeatureEntries' entries", () => {
    const random = new Random(9);
    const size = BOARD_FEATURE_SIZES.reduce((n, s) => n + s, 0);
    // Distinct weights at an offset, so that a wrong entry or a wrong base gives a wrong sum.
    const base = 7;
    const table = Int16Array.from({ length: base + size }, (_, i) => 3 * i + 1);
    const out = new Int32Array(BOARD_FEATURES);
    for (let g = 0; g < 200; g++) {
      const p = randomPosition(random, random.below(61));
      boardFeatureEntries(p.playerLo, p.playerHi, p.opponentLo, p.opponentHi, out, 0);
      const expected = [...out].reduce((sum, entry) => sum + table[base + entry]!, 0);
      const moves = p.legalSquares().length;
      expect(boardFeaturesSum(table, base, p.playerLo, p.playerHi, p.opponentLo, p.opponentHi, moves)).toBe(expected);
    }
  });

  it("lie within their tables, whatever the position", () => {
    const random = new Random(5);
    for (let g = 0; g < 400; g++) {
      const v = values(randomPosition(random, random.below(61)));
      v.forEach((value, f) => {
        expect(value).toBeGreaterThanOrEqual(0);
        expect(value).toBeLessThan(BOARD_FEATURE_SIZES[f]!);
      });
    }
  });
});

/**
 * A file of the first pattern set (version 1, no board features) with `stages` stages of
 * `entries` weights, the i-th weight written `weight(i)`, its checksum right.
 */
function firstSetFile(stages: number, entries: number, weight: (i: number) => number): Uint8Array {
  const name = new TextEncoder().encode(FIRST_PATTERN_SET_NAME);
  const header = 13 + name.length;
  const bytes = new Uint8Array(header + 2 * stages * entries + 4);
  const view = new DataView(bytes.buffer);
  bytes.set(new TextEncoder().encode("OTHW"), 0);
  view.setUint16(4, 1, true);
  view.setUint16(6, stages, true);
  view.setUint32(8, entries, true);
  view.setUint8(12, name.length);
  bytes.set(name, 13);
  for (let i = 0; i < stages * entries; i++) view.setInt16(header + 2 * i, weight(i), true);
  view.setUint32(bytes.length - 4, crc32(bytes, bytes.length - 4), true);
  return bytes;
}

describe("a weights file of the first pattern set", () => {
  it("is read with its pattern weights as they are and the board features' zero", () => {
    const stages = 2;
    const parsed = parseWeights(firstSetFile(stages, PATTERN_COMPACT_SIZE, (i) => (i % 1000) - 500));
    if (!parsed.ok) throw new Error(parsed.error);
    for (let s = 0; s < stages; s++) {
      const stage = parsed.value.values.subarray(s * COMPACT_SIZE, (s + 1) * COMPACT_SIZE);
      expect(stage[0]).toBe(((s * PATTERN_COMPACT_SIZE) % 1000) - 500);
      expect(stage[PATTERN_COMPACT_SIZE - 1]).toBe((((s + 1) * PATTERN_COMPACT_SIZE - 1) % 1000) - 500);
      expect([...stage.subarray(PATTERN_COMPACT_SIZE)].every((v) => v === 0)).toBe(true);
    }
  });

  it("of another entry count is refused, naming the set", () => {
    const parsed = parseWeights(firstSetFile(1, COMPACT_SIZE, () => 0));
    expect(parsed.ok ? "accepted" : parsed.error).toMatch(
      new RegExp(
        `${COMPACT_SIZE} entries per stage; the pattern set "${FIRST_PATTERN_SET_NAME}" has ${PATTERN_COMPACT_SIZE}`,
      ),
    );
  });
});
