import { describe, expect, it } from "vitest";
import { PATTERN_KINDS, PLACES } from "../../src/index.js";
import { SQUARE_FIRST, SQUARE_MASK_HI, SQUARE_MASK_LO, SQUARE_PLACES } from "../../src/eval/squarePlaces.js";

const placeOf = (pair: number) => pair >>> 16;
const powerOf = (pair: number) => pair & 0xffff;

describe("the places through each square", () => {
  const cellsOfPlace = PATTERN_KINDS.flatMap((k) => new Array<number>(k.places).fill(k.cells));

  it("give each place its cells' powers of 3, each once: 3^0 to 3^(cells - 1)", () => {
    const powers: number[][] = Array.from({ length: PLACES }, () => []);
    for (let s = 0; s < 64; s++) {
      for (let i = SQUARE_FIRST[s]!; i < SQUARE_FIRST[s + 1]!; i++)
        powers[placeOf(SQUARE_PLACES[i]!)]!.push(powerOf(SQUARE_PLACES[i]!));
    }
    powers.forEach((list, p) => {
      expect(
        [...list].sort((a, b) => a - b),
        `place ${p}`,
      ).toEqual(Array.from({ length: cellsOfPlace[p]! }, (_, c) => 3 ** c));
    });
    expect(SQUARE_FIRST[64]).toBe(cellsOfPlace.reduce((a, b) => a + b, 0));
  });

  it("list a square in 4 to 8 places, never one place twice", () => {
    for (let s = 0; s < 64; s++) {
      const places = [...SQUARE_PLACES.subarray(SQUARE_FIRST[s]!, SQUARE_FIRST[s + 1]!)].map(placeOf);
      expect(places.length, `square ${s}`).toBeGreaterThanOrEqual(4);
      expect(places.length, `square ${s}`).toBeLessThanOrEqual(8);
      expect(new Set(places).size).toBe(places.length);
    }
  });

  it("have as their bit masks exactly the places listed", () => {
    for (let s = 0; s < 64; s++) {
      const listed = new Set([...SQUARE_PLACES.subarray(SQUARE_FIRST[s]!, SQUARE_FIRST[s + 1]!)].map(placeOf));
      for (let p = 0; p < PLACES; p++) {
        const bit = p < 32 ? (SQUARE_MASK_LO[s]! >>> p) & 1 : (SQUARE_MASK_HI[s]! >>> (p - 32)) & 1;
        expect(bit === 1, `square ${s}, place ${p}`).toBe(listed.has(p));
      }
      expect(SQUARE_MASK_HI[s]! >>> (PLACES - 32), `square ${s}: no bit beyond the places`).toBe(0);
    }
  });
});
