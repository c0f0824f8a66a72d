import { existsSync } from "node:fs";
import {
  AlphaBeta,
  BOOK_MARGIN,
  type Book,
  BookBuilder,
  MAX_DEPTH,
  type Result,
  err,
  formatBook,
  ok,
} from "../../src/index.js";
import { loadEvaluation } from "../engine/evaluationWeights.js";
import { readBook } from "../engine/openingBook.js";
import { parseDecimal, parseWholeNumber, printable } from "../text/numbers.js";
import { field, nonEmpty } from "../text/optionTable.js";
import { checkOutputFile, writeAtomically } from "./outputFile.js";
import { type Output, type Program, programArguments, usageError } from "./program.js";

interface BookOptions {
  readonly plies: number;
  readonly window: number;
  readonly depth: number;
  /** Stop once the book holds this many positions. */
  readonly positions: number;
  /** Stop after this many seconds (the position being expanded is finished first); undefined: no limit. */
  readonly timeLimit: number | undefined;
  readonly weights: string | undefined;
}

/** The shipped book's settings (docs/book.md, make book). */
const DEFAULTS: BookOptions = {
  plies: 10,
  window: 2,
  depth: 10,
  positions: 100_000,
  timeLimit: undefined,
  weights: undefined,
};

export const bookProgram: Program<BookOptions> = {
  name: "othello book",
  synopsis: ["othello book build FILE [--plies N] [--window DISCS] [--depth N] [OPTIONS]"],
  about: [
    "Builds the opening book FILE (docs/book.md) with the alpha-beta search over the evaluation: from the start",
    "position, every move of each expanded position is searched, and the positions reached by moves within",
    "--window discs of their position's best are expanded in turn, the shallowest first, fewer than --plies plies from",
    "the start; a move's value is the negamax of the expanded positions below it. The file is written after each",
    "position, so that an interrupted build loses nothing: run again on the same FILE, it goes on from where it",
    "stopped (and with a larger --plies or --window it grows the book). A FILE that is not a book is left alone.",
  ],
  options: {
    "--plies": field(
      "plies",
      "N",
      `expand the positions fewer than N plies from the start: the book answers a game's first N moves at most (default ${DEFAULTS.plies})`,
      (t) => parseWholeNumber(t, 1, 40),
    ),
    "--window": field(
      "window",
      "DISCS",
      `follow the moves within DISCS of their position's best (default ${DEFAULTS.window})`,
      (t) => parseDecimal(t, 0, 64),
    ),
    "--depth": field(
      "depth",
      "N",
      `search each new position N plies deep, or N + 1 so that the search ends an even number of plies from the start (default ${DEFAULTS.depth})`,
      (t) => parseWholeNumber(t, 1, MAX_DEPTH - 1),
    ),
    "--positions": field(
      "positions",
      "N",
      `stop once the book holds N positions (default ${DEFAULTS.positions})`,
      (t) => parseWholeNumber(t, 1, 10_000_000),
    ),
    "--time-limit": field(
      "timeLimit",
      "S",
      "stop after S seconds, the position being expanded finished first (default: none)",
      (t) => parseDecimal(t, 1, 1e7),
    ),
    "--weights": field("weights", "FILE", "the evaluation's weights file (default: the built-in weights)", nonEmpty),
  },
  defaults: () => DEFAULTS,
};

/** The book FILE holds, or an empty start when there is no such file. */
function startingBook(file: string): Result<Book | undefined> {
  if (!existsSync(file)) return ok(undefined);
  const read = readBook(file);
  return read.ok ? read : err(`${read.error} (left as it is; give another FILE)`);
}

/** `othello book build FILE`: builds or grows an opening book. */
export async function bookCommand(args: readonly string[], out: Output): Promise<number> {
  const parsed = programArguments(bookProgram, args, out);
  if (typeof parsed === "number") return parsed;
  const [action, file, ...extra] = parsed.positional;
  if (action !== "build")
    return usageError(
      bookProgram,
      `expected build, got ${action === undefined ? "nothing" : `"${printable(action)}"`}`,
      out,
    );
  if (file === undefined) return usageError(bookProgram, "expected the book's FILE after build", out);
  if (extra.length > 0) return usageError(bookProgram, `expected one FILE, got ${extra.length + 1}`, out);
  const writable = checkOutputFile(file);
  if (!writable.ok) {
    out.log(`othello book: ${writable.error}`);
    return 2;
  }
  const from = startingBook(file);
  if (!from.ok) {
    out.log(`othello book: ${from.error}`);
    return 2;
  }
  const loaded = loadEvaluation(parsed.settings.weights);
  if (!loaded.ok) {
    out.log(`othello book: ${loaded.error}`);
    return 2;
  }
  const settings = parsed.settings;
  const { plies, window, depth } = settings;
  const builder = new BookBuilder({ plies, window, depth }, from.value);
  const alphaBeta = new AlphaBeta(loaded.value);
  const started = performance.now();
  const seconds = (): number => (performance.now() - started) / 1000;
  const comments = [
    `last built by: othello book build FILE --plies ${plies} --window ${window} --depth ${depth} (docs/book.md)`,
    `values: discs for the side to move; a move within ${BOOK_MARGIN} disc of the best is played as often as the best`,
  ];
  out.log(
    `othello book: ${file}: ${builder.size} positions to start from; --plies ${plies} --window ${window} --depth ${depth}`,
  );
  let expandedNow = 0;
  for (;;) {
    if (builder.size >= settings.positions) break;
    if (settings.timeLimit !== undefined && seconds() >= settings.timeLimit) break;
    const next = builder.next();
    if (next === undefined) break;
    const before = builder.searches;
    builder.expand(next, (position, d) =>
      alphaBeta.value(position.playerLo, position.playerHi, position.opponentLo, position.opponentHi, d),
    );
    expandedNow++;
    writeAtomically(file, formatBook(builder.book(), comments));
    out.log(
      `othello book: ${builder.size} positions (ply ${60 - next.empties()} expanded, ${builder.searches - before} searched), ${seconds().toFixed(1)} s`,
    );
  }
  const complete = builder.next() === undefined;
  out.print(
    `${file}: ${builder.size} positions, ${expandedNow} expanded in ${seconds().toFixed(1)} s; ${complete ? "complete to these settings" : "not complete: run again to go on"}`,
  );
  return 0;
}
