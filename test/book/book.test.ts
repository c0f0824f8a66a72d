import { describe, expect, it } from "vitest";
import { Book, Position, SYMMETRIES, canonicalKey, parseVertex, squareImage, wordsImage } from "../../src/index.js";

const square = (vertex: string): number => {
  const parsed = parseVertex(vertex);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value;
};

/** The position's image under symmetry k. */
function image(p: Position, k: number): Position {
  const [pl, ph] = wordsImage(p.playerLo, p.playerHi, k);
  const [ol, oh] = wordsImage(p.opponentLo, p.opponentHi, k);
  return Position.fromSides(pl, ph, ol, oh, p.blackToMove);
}

/** The position after f5 (white to move): its replies are f4, f6 and d6. */
const afterF5 = Position.initial().play(square("f5"));

describe("canonicalKey", () => {
  it("is the same for a position's 8 images and for either colour to move", () => {
    const key = canonicalKey(afterF5);
    for (let k = 0; k < SYMMETRIES; k++) expect(canonicalKey(image(afterF5, k))).toBe(key);
    const swappedColour = Position.fromSides(
      afterF5.playerLo,
      afterF5.playerHi,
      afterF5.opponentLo,
      afterF5.opponentHi,
      !afterF5.blackToMove,
    );
    expect(canonicalKey(swappedColour)).toBe(key);
  });

  it("tells different positions apart", () => {
    const replies = afterF5.legalSquares().map((m) => canonicalKey(afterF5.play(m)));
    expect(new Set(replies).size).toBe(3);
    expect(canonicalKey(Position.initial())).not.toBe(canonicalKey(afterF5));
  });
});

describe("Book.lookup", () => {
  const book = new Book([
    {
      position: afterF5,
      moves: [
        { move: square("f6"), value: 0.5 },
        { move: square("d6"), value: -0.25 },
        { move: square("f4"), value: -3 },
      ],
    },
  ]);

  it("finds a position as it was stored", () => {
    expect(book.size).toBe(1);
    expect(book.lookup(afterF5)).toEqual([
      { move: square("f6"), value: 0.5 },
      { move: square("d6"), value: -0.25 },
      { move: square("f4"), value: -3 },
    ]);
  });

  it("finds each of its 8 images, the moves turned with the board and legal there", () => {
    for (let k = 0; k < SYMMETRIES; k++) {
      const turned = image(afterF5, k);
      const moves = book.lookup(turned);
      expect(moves, `symmetry ${k}`).toEqual([
        { move: squareImage(square("f6"), k), value: 0.5 },
        { move: squareImage(square("d6"), k), value: -0.25 },
        { move: squareImage(square("f4"), k), value: -3 },
      ]);
      for (const m of moves!) expect(turned.isLegal(m.move)).toBe(true);
    }
  });

  it("finds the start's four equal openings from a book that stores them once", () => {
    // The position after d3 is the one after f5 turned: a book of f5 answers after any first move.
    for (const first of ["d3", "c4", "e6"]) {
      const after = Position.initial().play(square(first));
      const moves = book.lookup(after)!;
      expect(moves.map((m) => m.value)).toEqual([0.5, -0.25, -3]);
      for (const m of moves) expect(after.isLegal(m.move)).toBe(true);
    }
  });

  it("answers undefined for a position not in it", () => {
    expect(book.lookup(Position.initial())).toBeUndefined();
    expect(book.lookup(afterF5.play(square("f6")))).toBeUndefined();
  });

  it("refuses a position given twice, whatever its orientation (a caller's bug: parseBook checks it)", () => {
    const entry = { position: afterF5, moves: [{ move: square("f6"), value: 0 }] };
    const turned = { position: image(afterF5, 3), moves: [{ move: squareImage(square("f6"), 3), value: 0 }] };
    expect(() => new Book([entry, turned])).toThrow(/twice/);
  });
});
