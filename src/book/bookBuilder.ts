import { type Move, Position } from "../position.js";
import { Book, type BookEntry, canonicalKey } from "./book.js";

export interface BookBuildSettings {
  /** Positions fewer than this many plies from the start may be expanded (their moves all searched). */
  readonly plies: number;
  /** A move within this many discs of its position's best is followed: its position is expanded in turn. */
  readonly window: number;
  /** The search depth of each new position, raised by one where needed so that every search ends after an even number of plies from the start. */
  readonly depth: number;
}

/** A search's value of a position for its side to move, in discs, `depth` plies deep. */
export type PositionSearch = (position: Position, depth: number) => number;

/** A move of an expanded position and the position it leads to, with that position's key. */
interface Child {
  readonly move: Move;
  readonly position: Position;
  readonly key: string;
}

/** An expanded position: each legal move leads to a position searched or expanded in turn. */
interface Expanded {
  readonly position: Position;
  readonly children: readonly Child[];
}

function childrenOf(position: Position, moves: readonly Move[]): Child[] {
  return moves.map((move) => {
    const child = position.play(move);
    return { move, position: child, key: canonicalKey(child) };
  });
}

/** Plies from the start (no pass happens this early in a book's lines). */
const plyOf = (position: Position): number => 60 - position.empties();

/**
 * Builds an opening book from the start position by expansion within a window: the start is
 * expanded (each of its moves' positions searched), then, shallowest first, every position
 * reached by moves within `window` discs of their position's best, fewer than `plies` plies from
 * the start. A move's value is the negamax of the expanded positions below it over the searched
 * ones' values, all searched to leaves an even number of plies from the start, so that the
 * evaluation always judges the same side to move and values of moves of different depths
 * compare fairly.
 * Positions are one whatever their orientation. A book the builder wrote is its whole state:
 * building on from it resumes the work.
 */
export class BookBuilder {
  private readonly expanded = new Map<string, Expanded>();
  /** The searched values of positions, for their side to move (an expanded one's is not used: its moves decide). */
  private readonly searched = new Map<string, number>();

  constructor(
    private readonly settings: BookBuildSettings,
    from?: Book,
  ) {
    for (const entry of from?.entries ?? []) {
      const children = childrenOf(
        entry.position,
        entry.moves.map((m) => m.move),
      );
      this.expanded.set(canonicalKey(entry.position), { position: entry.position, children });
      // A move to a position not expanded carries that position's searched value, negated.
      for (const [i, m] of entry.moves.entries()) this.searched.set(children[i]!.key, 0 - m.value);
    }
  }

  /** How many positions are expanded: the book's size. */
  get size(): number {
    return this.expanded.size;
  }

  /** How many positions were searched, expanded ones included. */
  get searches(): number {
    return this.searched.size;
  }

  /** The next position to expand, the shallowest first; undefined when the book is complete. */
  next(): Position | undefined {
    const values = new Map<string, number>();
    const start = Position.initial();
    const queue: { readonly position: Position; readonly key: string }[] = [
      { position: start, key: canonicalKey(start) },
    ];
    const queued = new Set([queue[0]!.key]);
    for (let i = 0; i < queue.length; i++) {
      const { position, key } = queue[i]!;
      const node = this.expanded.get(key);
      if (node === undefined) {
        if (plyOf(position) < this.settings.plies && position.legalSquares().length > 0) return position;
        continue;
      }
      const scored = node.children.map((child) => ({ child, value: 0 - this.value(child.key, values) }));
      const best = Math.max(...scored.map((m) => m.value));
      for (const { child, value } of scored) {
        if (value < best - this.settings.window || queued.has(child.key)) continue;
        queued.add(child.key);
        queue.push(child);
      }
    }
    return undefined;
  }

  /** Expands `position`: each of its moves' positions not known yet is searched. */
  expand(position: Position, search: PositionSearch): void {
    const children = childrenOf(position, position.legalSquares());
    const { depth } = this.settings;
    for (const child of children) {
      if (this.expanded.has(child.key) || this.searched.has(child.key)) continue;
      this.searched.set(child.key, search(child.position, depth + ((plyOf(child.position) + depth) & 1)));
    }
    this.expanded.set(canonicalKey(position), { position, children });
  }

  /** The book: every expanded position with its moves' values, best first, in the order of expansion. */
  book(): Book {
    const values = new Map<string, number>();
    const entries: BookEntry[] = [...this.expanded.values()].map(({ position, children }) => ({
      position,
      moves: children
        .map((child) => ({ move: child.move, value: 0 - this.value(child.key, values) }))
        .sort((a, b) => b.value - a.value),
    }));
    return new Book(entries);
  }

  /** A position's value for its mover: the negamax over its moves when expanded, else its search's; `values` remembers them. */
  private value(key: string, values: Map<string, number>): number {
    const known = values.get(key);
    if (known !== undefined) return known;
    const node = this.expanded.get(key);
    let value: number;
    if (node === undefined) {
      const searched = this.searched.get(key);
      if (searched === undefined) throw new Error("a book move leads to a position never searched");
      value = searched;
    } else {
      value = Math.max(...node.children.map((child) => 0 - this.value(child.key, values)));
    }
    values.set(key, value);
    return value;
  }
}
