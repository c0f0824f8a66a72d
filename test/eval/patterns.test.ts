import { describe, expect, it } from "vitest";
import {
  BLACK,
  BOARD_ENTRIES,
  BOARD_FEATURES,
  COMPACT_SIZE,
  CONSTANT_ENTRY,
  type Disc,
  EMPTY,
  Evaluation,
  FEATURES,
  PATTERN_COMPACT_SIZE,
  PATTERN_KINDS,
  Position,
  RAW_OFFSETS,
  Random,
  patternEntries,
  zeroWeights,
} from "../../src/index.js";
import { evaluatePosition, randomEvaluation, randomPosition, transformed } from "./helpers.js";

function entries(p: Position): number[] {
  const out = new Int32Array(FEATURES);
  patternEntries(p.playerLo, p.playerHi, p.opponentLo, p.opponentHi, out);
  return [...out];
}

/** The position with the listed squares (by name) of black, the rest empty, black to move. */
function blackOn(...names: string[]): Position {
  const discs: Disc[] = new Array(64).fill(EMPTY);
  for (const n of names) discs[(Number(n[1]) - 1) * 8 + n.charCodeAt(0) - 97] = BLACK;
  return Position.fromDiscs(discs, true);
}

const [E2X, C33, C25, ROW2, ROW3, ROW4, D8, D7, , D5, D4] = RAW_OFFSETS as number[];

describe("pattern entries", () => {
  it("of the empty board are every place's configuration 0, and the constant last", () => {
    const empty = entries(Position.fromDiscs(new Array(64).fill(EMPTY), true));
    const kindOfPlace = PATTERN_KINDS.flatMap((k, i) => new Array(k.places).fill(RAW_OFFSETS[i]!));
    expect(empty).toEqual([...kindOfPlace, CONSTANT_ENTRY]);
  });

  // One mover's disc changes exactly the places through its square, each by 3^(its cell).
  const table: [string, Record<number, number>][] = [
    ["a1", { 0: E2X + 1, 2: E2X + 1, 4: C33 + 1, 8: C25 + 1, 9: C25 + 1, 28: D8 + 1 }],
    ["h8", { 1: E2X + 3 ** 7, 3: E2X + 3 ** 7, 7: C33 + 1, 14: C25 + 1, 15: C25 + 1, 28: D8 + 3 ** 7 }],
    [
      "b2",
      {
        0: E2X + 3 ** 8,
        2: E2X + 3 ** 8,
        4: C33 + 3 ** 4,
        8: C25 + 3 ** 6,
        9: C25 + 3 ** 6,
        16: ROW2 + 3,
        18: ROW2 + 3,
        28: D8 + 3,
      },
    ],
    // Diagonal places: 28-29 the long ones; then for d = 1..4, x - y = d, y - x = d, x + y = 7 - d, x + y = 7 + d.
    ["d1", { 0: E2X + 3 ** 3, 8: C25 + 3 ** 3, 10: C25 + 3 ** 4, 26: ROW4 + 1, 39: D5 + 1, 44: D4 + 3 ** 3 }],
    ["c6", { 6: C33 + 3 ** 8, 21: ROW3 + 3 ** 2, 22: ROW3 + 3 ** 5, 29: D8 + 3 ** 2, 38: D5 + 3 ** 2 }],
    [
      "g3",
      { 5: C33 + 3 ** 7, 11: C25 + 3 ** 7, 19: ROW2 + 3 ** 2, 20: ROW3 + 3 ** 6, 33: D7 + 3 ** 5, 43: D4 + 3 ** 2 },
    ],
  ];
  for (const [square, changed] of table) {
    it(`with one disc on ${square}: ${Object.keys(changed).length} places change`, () => {
      const empty = entries(Position.fromDiscs(new Array(64).fill(EMPTY), true));
      const expected = empty.map((e, i) => changed[i] ?? e);
      expect(entries(blackOn(square))).toEqual(expected);
      // The opponent's disc is the digit 2.
      const swapped = entries(blackOn(square).swapped());
      expect(swapped).toEqual(empty.map((e, i) => (changed[i] === undefined ? e : e + 2 * (changed[i]! - e))));
    });
  }

  it("has a compact table as large as the configurations up to each kind's mirror (Burnside's count), plus the constant", () => {
    let expected = 1;
    for (const kind of PATTERN_KINDS) {
      if (kind.mirror === undefined) {
        expected += 3 ** kind.cells;
        continue;
      }
      const seen = new Set<number>();
      let cycles = 0;
      for (let i = 0; i < kind.cells; i++) {
        if (seen.has(i)) continue;
        cycles++;
        for (let j = i; !seen.has(j); j = kind.mirror[j]!) seen.add(j);
      }
      expected += (3 ** kind.cells + 3 ** cycles) / 2;
    }
    expect(PATTERN_COMPACT_SIZE).toBe(expected);
    // The board features' tables follow, one entry a value.
    expect(COMPACT_SIZE).toBe(expected + BOARD_ENTRIES);
  });
});

describe("the evaluation under the board's symmetries", () => {
  it("gives a position and its 8 transforms the same value, with random weights, at every stage", () => {
    const evaluation = randomEvaluation(7);
    const random = new Random(3);
    for (let g = 0; g < 120; g++) {
      const p = randomPosition(random, g % 60);
      const value = evaluatePosition(evaluation, p);
      for (let t = 1; t < 8; t++)
        expect(evaluatePosition(evaluation, transformed(p, t)), `position ${g}, transform ${t}`).toBe(value);
    }
  });

  it("tells positions apart: a disc moved off a symmetric image changes the value", () => {
    const evaluation = randomEvaluation(8);
    const random = new Random(4);
    let differ = 0;
    for (let g = 0; g < 50; g++) {
      const p = randomPosition(random, 20);
      const q = p.swapped();
      if (evaluatePosition(evaluation, p) !== evaluatePosition(evaluation, q)) differ++;
    }
    expect(differ).toBe(50);
  });

  it("keeps no state from one call to the next: any order gives the same values", () => {
    const evaluation = randomEvaluation(9);
    const random = new Random(5);
    const positions = Array.from({ length: 20 }, (_, i) => randomPosition(random, 3 * i));
    const first = positions.map((p) => evaluatePosition(evaluation, p));
    const again = [...positions]
      .reverse()
      .map((p) => evaluatePosition(evaluation, p))
      .reverse();
    expect(again).toEqual(first);
  });

  it("scores in discs: weights of 1/256 sum over the 46 places, the constant and the board features", () => {
    const weights = zeroWeights(13);
    weights.values.fill(256);
    expect(evaluatePosition(new Evaluation(weights), Position.initial())).toBe(FEATURES + BOARD_FEATURES);
    weights.values.fill(-128);
    expect(evaluatePosition(new Evaluation(weights), Position.initial())).toBe(-(FEATURES + BOARD_FEATURES) / 2);
  });
});
