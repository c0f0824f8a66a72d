import { formatObf, formatVertex, parseObf, parseVertex } from "../notation.js";
import { PASS } from "../position.js";
import { type Result, err, ok } from "../result.js";
import { Book, type BookEntry, type BookMove, canonicalKey } from "./book.js";

/**
 * The book file's first line: its format and version. The rest, one position a line: the 64
 * squares a1, b1, .. h8 (`X` black, `O` white, `-` empty), a space, the side to move (X or O),
 * then its moves, each `VERTEX:VALUE` (`F5:+0.52`), the value in discs for the side to move.
 * Lines that start with `#` are comments; empty lines are skipped.
 */
export const BOOK_HEADER = "othello-book 1";

/** No value is beyond a wipeout. */
const MAX_VALUE = 64;

function parseBookMove(text: string): Result<BookMove> {
  const m = /^([A-Ha-h][1-8]):([+-]?\d{1,2}(?:\.\d+)?)$/.exec(text);
  if (m === null) return err(`"${text}" is not a move and its value like F5:+0.52`);
  const value = Number(m[2]);
  if (Math.abs(value) > MAX_VALUE) return err(`${text}: a value is between -${MAX_VALUE} and +${MAX_VALUE} discs`);
  const move = parseVertex(m[1]!);
  return move.ok ? ok({ move: move.value, value }) : move;
}

/** One position line, its moves legal and each listed once. */
function parseEntry(line: string): Result<BookEntry> {
  const words = line.split(/\s+/);
  if (words.length < 3) return err("expected the 64 squares, the side to move, and at least one move with its value");
  const board = parseObf(`${words[0]} ${words[1]}`);
  if (!board.ok) return board;
  const position = board.value.position;
  const moves: BookMove[] = [];
  for (const word of words.slice(2)) {
    const parsed = parseBookMove(word);
    if (!parsed.ok) return parsed;
    const { move } = parsed.value;
    if (move === PASS || !position.isLegal(move)) return err(`${formatVertex(move)} is not a legal move there`);
    if (moves.some((m) => m.move === move)) return err(`${formatVertex(move)} is listed twice`);
    moves.push(parsed.value);
  }
  return ok({ position, moves });
}

/** A book file's text: the book, or the first thing wrong with it and its line. */
export function parseBook(text: string): Result<Book> {
  const lines = text.split("\n");
  if (lines[0]?.trim() !== BOOK_HEADER) return err(`not an opening book: its first line is not "${BOOK_HEADER}"`);
  const entries: BookEntry[] = [];
  /** Each position's line by its key under symmetry. */
  const seen = new Map<string, number>();
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === "" || line.startsWith("#")) continue;
    const entry = parseEntry(line);
    if (!entry.ok) return err(`line ${i + 1}: ${entry.error}`);
    const key = canonicalKey(entry.value.position);
    const first = seen.get(key);
    if (first !== undefined) return err(`line ${i + 1}: the position of line ${first} again (or its mirror image)`);
    seen.set(key, i + 1);
    entries.push(entry.value);
  }
  return ok(new Book(entries));
}

function formatValue(value: number): string {
  const text = value.toFixed(2);
  return value >= 0 ? `+${text}` : text;
}

/** A book as its file's text; `comments` go after the header, each line prefixed with `# `. */
export function formatBook(book: Book, comments: readonly string[] = []): string {
  const lines = [BOOK_HEADER, ...comments.map((c) => `# ${c}`)];
  for (const { position, moves } of book.entries)
    lines.push(
      `${formatObf(position)} ${moves.map((m) => `${formatVertex(m.move)}:${formatValue(m.value)}`).join(" ")}`,
    );
  return `${lines.join("\n")}\n`;
}
