import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { type Book, type Result, err, parseBook } from "../../src/index.js";
import { printable } from "../text/numbers.js";

/**
 * The shipped book: beside the bundle (build.mjs copies book/opening.book into dist/), or in
 * the repository when the code runs from source (the tests).
 */
const SHIPPED = [new URL("./opening.book", import.meta.url), new URL("../../book/opening.book", import.meta.url)].map(
  (url) => fileURLToPath(url),
);

/** The book in a file, or what is wrong with it (unreadable, not a book, a bad line). */
export function readBook(file: string): Result<Book> {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return err(`cannot read ${printable(file)}: ${code === "ENOENT" ? "no such file" : (e as Error).message}`);
  }
  const parsed = parseBook(text);
  return parsed.ok ? parsed : err(`${printable(file)}: ${parsed.error}`);
}

/** The book a file names, or the shipped one when `file` is undefined; a broken or missing file is refused. */
export function loadBook(file: string | undefined): Result<Book> {
  if (file !== undefined) return readBook(file);
  const shipped = SHIPPED.find((f) => existsSync(f));
  if (shipped === undefined)
    return err(`the built-in opening book is missing: expected ${SHIPPED[0]} beside the program (make builds it)`);
  return readBook(shipped);
}
