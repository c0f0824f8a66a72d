import { describe, expect, it } from "vitest";
import { BOOK_MARGIN, Book, BookFirst, Game, Position, Random, nearBest, parseVertex } from "../../src/index.js";
import { recording } from "./recording.js";

const square = (vertex: string): number => {
  const parsed = parseVertex(vertex);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value;
};

/** After f5, white's replies: f6 best, d6 within a disc of it, f4 more than a disc behind. */
const afterF5 = Position.initial().play(square("f5"));
const book = new Book([
  {
    position: afterF5,
    moves: [
      { move: square("f6"), value: 0.4 },
      { move: square("d6"), value: 0.4 - BOOK_MARGIN + 0.01 },
      { move: square("f4"), value: 0.4 - BOOK_MARGIN - 0.01 },
    ],
  },
]);

function gameAfter(...moves: string[]): Game {
  const game = new Game();
  for (const m of moves) if (!game.play(square(m)).ok) throw new Error(`illegal ${m}`);
  return game;
}

describe("nearBest", () => {
  it("keeps the moves within the margin of the best, the best included", () => {
    const moves = [
      { move: 1, value: -2 },
      { move: 2, value: -1 },
      { move: 3, value: -3.5 },
    ];
    expect(nearBest(moves, 1)).toEqual([moves[0], moves[1]]);
    expect(nearBest(moves, 0)).toEqual([moves[1]]);
    expect(nearBest(moves, 2.5)).toEqual(moves);
  });
});

describe("BookFirst", () => {
  it("plays a book position at once, by one of the moves within the margin, each of them now and then", () => {
    const chosen = new Map<number, number>();
    const next = recording();
    for (let seed = 0; seed < 200; seed++) {
      const chooser = new BookFirst({ book, random: new Random(seed), next });
      const choice = chooser.choose(gameAfter("f5"), {});
      expect(choice.by).toBe("book");
      if (choice.by !== "book") return;
      expect(choice.candidates).toBe(2);
      expect(choice.elapsedMs).toBe(0);
      chosen.set(choice.move, (chosen.get(choice.move) ?? 0) + 1);
    }
    expect([...chosen.keys()].sort((a, b) => a - b)).toEqual([square("f6"), square("d6")].sort((a, b) => a - b));
    expect(chosen.get(square("f6"))!).toBeGreaterThan(60);
    expect(chosen.get(square("d6"))!).toBeGreaterThan(60);
    expect(next.asked).toHaveLength(0);
  });

  it("gives the move's book value", () => {
    const choice = new BookFirst({ book, random: new Random(1), next: recording() }).choose(gameAfter("f5"), {});
    expect(choice.by === "book" && [square("f6"), square("d6")].includes(choice.move)).toBe(true);
    if (choice.by === "book") expect(choice.value).toBe(choice.move === square("f6") ? 0.4 : 0.4 - BOOK_MARGIN + 0.01);
  });

  it("answers a mirror image of a book position with the mirrored moves", () => {
    // After d3 the board is the one after f5 mirrored in the a8-h1 diagonal: f6 and d6 become c3 and c5.
    const seen = new Set<number>();
    for (let seed = 0; seed < 50; seed++) {
      const choice = new BookFirst({ book, random: new Random(seed), next: recording() }).choose(gameAfter("d3"), {});
      seen.add(choice.move);
    }
    expect([...seen].sort((a, b) => a - b)).toEqual([square("c3"), square("c5")].sort((a, b) => a - b));
  });

  it("is the same choice for the same seed", () => {
    const moves = (seed: number): number[] => {
      const chooser = new BookFirst({ book, random: new Random(seed), next: recording() });
      return Array.from({ length: 20 }, () => chooser.choose(gameAfter("f5"), {}).move);
    };
    expect(moves(9)).toEqual(moves(9));
    expect(new Set(moves(9)).size).toBe(2);
  });

  it("leaves a position out of book to the next chooser, with the same limits", () => {
    const next = recording();
    const asked: unknown[] = [];
    const chooser = new BookFirst({
      book,
      random: new Random(1),
      next: {
        choose: (game, limits) => {
          asked.push(limits);
          return next.choose(game, limits);
        },
      },
    });
    const game = gameAfter("f5", "f6");
    const choice = chooser.choose(game, { visits: 7 });
    expect(choice.by).toBe("random");
    expect(next.asked).toEqual([game]);
    expect(asked).toEqual([{ visits: 7 }]);
  });
});
