import { describe, expect, it } from "vitest";
import {
  type Book,
  BookBuilder,
  type BookBuildSettings,
  Position,
  type PositionSearch,
  canonicalKey,
  formatBook,
  parseBook,
} from "../../src/index.js";

/**
 * A stand-in for the search: a value that depends on the position only (whatever its
 * orientation), spread over a few discs, and a record of the depths asked.
 */
function fakeSearch(): { search: PositionSearch; calls: { ply: number; depth: number }[] } {
  const calls: { ply: number; depth: number }[] = [];
  const search: PositionSearch = (position, depth) => {
    calls.push({ ply: 60 - position.empties(), depth });
    let h = 0;
    for (const c of canonicalKey(position)) h = (Math.imul(h, 31) + c.charCodeAt(0)) | 0;
    // Quarters of a disc: exact in binary and in the file, so that a resumed build compares the same numbers.
    return ((h >>> 0) % 24) / 4 - 3;
  };
  return { search, calls };
}

/** Expands positions until the book is complete or `steps` are done. */
function build(builder: BookBuilder, search: PositionSearch, steps = Infinity): void {
  for (let i = 0; i < steps; i++) {
    const next = builder.next();
    if (next === undefined) return;
    builder.expand(next, search);
  }
}

const SETTINGS: BookBuildSettings = { plies: 4, window: 1, depth: 5 };

describe("BookBuilder", () => {
  it("expands the start, then the positions of moves within the window, up to the plies", () => {
    const { search } = fakeSearch();
    const builder = new BookBuilder(SETTINGS);
    build(builder, search);
    const book = builder.book();
    // The start's four moves are one position under symmetry.
    expect(book.entries[0]!.position.equals(Position.initial())).toBe(true);
    expect(book.lookup(Position.initial())!.map((m) => m.value)).toEqual(
      Array(4).fill(book.entries[0]!.moves[0]!.value),
    );
    for (const { position, moves } of book.entries) {
      expect(60 - position.empties()).toBeLessThan(SETTINGS.plies);
      expect(moves.map((m) => m.move).sort((a, b) => a - b)).toEqual(position.legalSquares());
    }
    expect(book.size).toBeGreaterThan(3);
    expect(builder.next()).toBeUndefined();
  });

  it("values a move by the negamax of the book below it, else by the search of its position", () => {
    const { search } = fakeSearch();
    const builder = new BookBuilder(SETTINGS);
    build(builder, search);
    const book = builder.book();
    for (const { position, moves } of book.entries)
      for (const { move, value } of moves) {
        const child = position.play(move);
        const below = book.lookup(child);
        const expected = below === undefined ? 0 - search(child, 0) : 0 - Math.max(...below.map((m) => m.value));
        expect(value).toBeCloseTo(expected, 10);
      }
  });

  it("holds every position of the lines within the window, and not all the others", () => {
    const { search } = fakeSearch();
    const builder = new BookBuilder(SETTINGS);
    build(builder, search);
    const book = builder.book();
    // The lines of moves within the window from the start, as the final values have them.
    const line = [Position.initial()];
    const reached = new Set([canonicalKey(line[0]!)]);
    for (let i = 0; i < line.length; i++) {
      const moves = book.lookup(line[i]!);
      if (60 - line[i]!.empties() < SETTINGS.plies) expect(moves).toBeDefined();
      if (moves === undefined) continue;
      for (const { move, value } of moves) {
        const child = line[i]!.play(move);
        if (value < moves[0]!.value - SETTINGS.window || reached.has(canonicalKey(child))) continue;
        reached.add(canonicalKey(child));
        line.push(child);
      }
    }
    const followed = book.entries.filter((e) => reached.has(canonicalKey(e.position))).length;
    expect(followed).toBeGreaterThan(3);
    // Moves outside the window lead out of the book (but for transpositions).
    const outside = book.entries.flatMap(({ position, moves }) =>
      moves.filter(
        (m) => m.value < moves[0]!.value - SETTINGS.window && book.lookup(position.play(m.move)) === undefined,
      ),
    );
    expect(outside.length).toBeGreaterThan(0);
  });

  it("searches each position once, to leaves an even number of plies from the start", () => {
    const { search, calls } = fakeSearch();
    const builder = new BookBuilder(SETTINGS);
    build(builder, search);
    expect(calls.length).toBe(builder.searches);
    for (const { ply, depth } of calls) {
      expect((ply + depth) % 2).toBe(0);
      expect([SETTINGS.depth, SETTINGS.depth + 1]).toContain(depth);
    }
  });

  it("goes on from a book it wrote, as if never interrupted", () => {
    const whole = new BookBuilder(SETTINGS);
    build(whole, fakeSearch().search);
    const first = new BookBuilder(SETTINGS);
    build(first, fakeSearch().search, 5);
    const written = parseBook(formatBook(first.book()));
    if (!written.ok) throw new Error(written.error);
    const resumed = new BookBuilder(SETTINGS, written.value);
    expect(resumed.size).toBe(5);
    const { search, calls } = fakeSearch();
    build(resumed, search);
    const text = (book: Book): string => formatBook(book);
    expect(text(resumed.book())).toBe(text(whole.book()));
    // Only the positions not searched before the interruption are searched again.
    expect(calls.length).toBeLessThan(whole.searches);
  });

  it("grows a book to more plies", () => {
    const { search } = fakeSearch();
    const small = new BookBuilder({ ...SETTINGS, plies: 2 });
    build(small, search);
    const grown = new BookBuilder(SETTINGS, small.book());
    expect(grown.next()).toBeDefined();
    build(grown, search);
    expect(grown.size).toBeGreaterThan(small.size);
  });
});
