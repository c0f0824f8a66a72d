import type { Move, Position } from "../position.js";
import { SYMMETRIES, squareImage, wordsImage } from "../symmetry.js";

/** A move of a book position with its value for the side to move, in discs. */
export interface BookMove {
  readonly move: Move;
  readonly value: number;
}

/** A position of the book and its moves, in the position's own orientation. */
export interface BookEntry {
  readonly position: Position;
  readonly moves: readonly BookMove[];
}

const sidesKey = (pl: number, ph: number, ol: number, oh: number): string => `${pl | 0},${ph | 0},${ol | 0},${oh | 0}`;

/** A position's discs as the key of a map: the mover's and the opponent's words, whatever the colour. */
function positionKey(position: Position, k: number): string {
  const [pl, ph] = wordsImage(position.playerLo, position.playerHi, k);
  const [ol, oh] = wordsImage(position.opponentLo, position.opponentHi, k);
  return sidesKey(pl, ph, ol, oh);
}

/**
 * The same key for a position and its images under the 8 symmetries: the least of theirs.
 * The colour to move is not in it: the game from a position is the same for either colour.
 */
export function canonicalKey(position: Position): string {
  let least = positionKey(position, 0);
  for (let k = 1; k < SYMMETRIES; k++) {
    const key = positionKey(position, k);
    if (key < least) least = key;
  }
  return least;
}

/**
 * An opening book: positions with their moves' values, found whatever the board's orientation
 * (a position is found through any of its 8 images, and its moves are turned to match).
 */
export class Book {
  private readonly byKey = new Map<string, BookEntry>();

  /** `entries` must hold each position once, whatever the orientation (parseBook checks it). */
  constructor(readonly entries: readonly BookEntry[]) {
    const canonical = new Set<string>();
    for (const entry of entries) {
      const key = canonicalKey(entry.position);
      if (canonical.has(key)) throw new Error("the book holds a position twice");
      canonical.add(key);
      this.byKey.set(positionKey(entry.position, 0), entry);
    }
  }

  get size(): number {
    return this.entries.length;
  }

  /** The book's moves for `position`, as squares of `position` itself; undefined when it is not in the book. */
  lookup(position: Position): BookMove[] | undefined {
    for (let k = 0; k < SYMMETRIES; k++) {
      const entry = this.byKey.get(positionKey(position, k));
      if (entry === undefined) continue;
      // The entry is the position's image under k: its square m is the square s whose image is m.
      const preimage = new Array<number>(64);
      for (let s = 0; s < 64; s++) preimage[squareImage(s, k)] = s;
      return entry.moves.map((m) => ({ move: preimage[m.move]!, value: m.value }));
    }
    return undefined;
  }
}
