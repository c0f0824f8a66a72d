import type { Book, BookMove } from "../book/book.js";
import type { Game } from "../game.js";
import type { Random } from "../random.js";
import type { SearchLimits } from "../search/searchTerms.js";
import type { Choice, Chooser } from "./choice.js";

/**
 * Book moves this close to the best, in discs, are played as often as the best: the book's
 * values come from searches of a few plies more than the engine's own at 1 s, and differences
 * of a disc there are within their error, while two book moves are never chosen between the
 * same way twice (games from the start position differ).
 */
export const BOOK_MARGIN = 1;

/** The book's moves within `margin` discs of its best. */
export function nearBest(moves: readonly BookMove[], margin: number): BookMove[] {
  const best = Math.max(...moves.map((m) => m.value));
  return moves.filter((m) => m.value >= best - margin);
}

export interface BookFirstParts {
  readonly book: Book;
  /** Chooses among the book's near-equal moves. */
  readonly random: Random;
  /** The chooser out of book. */
  readonly next: Chooser;
}

/** The opening book first: a position in the book is answered at once by one of its best moves, at random; any other by the next chooser. */
export class BookFirst implements Chooser {
  constructor(private readonly parts: BookFirstParts) {}

  choose(game: Game, limits: SearchLimits): Choice {
    const moves = this.parts.book.lookup(game.position);
    if (moves === undefined || moves.length === 0) return this.parts.next.choose(game, limits);
    const candidates = nearBest(moves, BOOK_MARGIN);
    const { move, value } = candidates[this.parts.random.below(candidates.length)]!;
    // A lookup takes microseconds: no time worth charging.
    return { by: "book", move, value, candidates: candidates.length, elapsedMs: 0 };
  }
}
