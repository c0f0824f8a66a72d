import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { usesBook } from "../../../protocol/engine/engineOptions.js";
import { loadBook, readBook } from "../../../protocol/engine/openingBook.js";
import { Session } from "../../../protocol/engine/session.js";
import { BOOK_HEADER, Book, Position, formatBook, formatObf, parseOtpMove } from "../../../src/index.js";
import { TEST_OPTIONS, converse, nboardParts, shippedEvaluation } from "./helpers.js";

const folder = mkdtempSync(join(tmpdir(), "othello-book-"));
function file(name: string, text: string): string {
  const path = join(folder, name);
  writeFileSync(path, text);
  return path;
}

const start = Position.initial();

describe("reading a book file", () => {
  it("reads the shipped book, whose start position is in it with its four equal first moves", () => {
    const shipped = loadBook(undefined);
    expect(shipped.ok).toBe(true);
    if (!shipped.ok) return;
    expect(shipped.value.size).toBeGreaterThan(50);
    const first = shipped.value.lookup(start)!;
    expect(first).toHaveLength(4);
    expect(new Set(first.map((m) => m.value)).size).toBe(1);
  });

  it("reads a book file it is given", () => {
    const path = file("start.book", `${BOOK_HEADER}\n${formatObf(start)} F5:+0.10 E6:+0.10\n`);
    const read = loadBook(path);
    expect(read.ok && read.value.size).toBe(1);
  });

  it("says what is wrong with a missing or corrupt file, and where", () => {
    expect(readBook(join(folder, "none.book"))).toEqual({
      ok: false,
      error: `cannot read ${join(folder, "none.book")}: no such file`,
    });
    expect(readBook(folder)).toMatchObject({ ok: false, error: expect.stringMatching(/^cannot read /) });
    const notBook = file("weights.book", "\u0000\u0001binary");
    expect(readBook(notBook)).toEqual({
      ok: false,
      error: `${notBook}: not an opening book: its first line is not "${BOOK_HEADER}"`,
    });
    const badLine = file("bad.book", `${BOOK_HEADER}\n${formatObf(start)} F5:+0.10 A1:+3\n`);
    expect(readBook(badLine)).toEqual({ ok: false, error: `${badLine}: line 2: A1 is not a legal move there` });
  });

  it("is needed unless --no-book, or random moves", () => {
    expect(usesBook(TEST_OPTIONS)).toBe(true);
    expect(usesBook({ ...TEST_OPTIONS, book: false })).toBe(false);
    expect(usesBook({ ...TEST_OPTIONS, chooser: "random" })).toBe(false);
    expect(usesBook({ ...TEST_OPTIONS, chooser: "alphabeta" })).toBe(true);
  });
});

/** A book of the start and of the position after f5 f6 (the diagonal opening), in that orientation only. */
const afterF5F6 = start.play(37).play(45);
const book = new Book([
  {
    position: start,
    moves: [19, 26, 37, 44].map((move) => ({ move, value: 0 })),
  },
  { position: afterF5F6, moves: afterF5F6.legalSquares().map((move, i) => ({ move, value: -2 * i })) },
]);

function bookSession(options = {}) {
  const log: string[] = [];
  const session = new Session(
    { ...TEST_OPTIONS, ...options },
    (t) => void log.push(t),
    undefined,
    shippedEvaluation(),
    book,
  );
  return { session, log };
}

/** The OTP `play` of the one reply that leads to the book's second position, whatever the first move's orientation. */
function diagonalReply(session: Session): string {
  for (const move of session.position.legalSquares())
    if (book.lookup(session.position.play(move)) !== undefined) return `play ${move >> 3} ${move & 7}`;
  throw new Error("no reply leads to the book");
}

describe("the session with a book", () => {
  it("answers a book position from the book, and says so", () => {
    const { session, log } = bookSession();
    const [reply] = converse(session, ["genmove"]);
    const move = parseOtpMove(reply!.replace("genmove ", ""));
    expect(move.ok && [19, 26, 37, 44].includes(move.value)).toBe(true);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatch(
      /^search: black: [C-F][3-6] \([0-7] [0-7]\) from the opening book, \+0\.00 discs, drawn among 4 within 1 disc of the best$/,
    );
  });

  it("plays all four first moves over seeds", () => {
    const firsts = new Set<string>();
    for (let seed = 0; seed < 40; seed++) firsts.add(converse(bookSession({ seed }).session, ["genmove"])[0]!);
    expect(firsts.size).toBe(4);
  });

  it("searches out of book, and keeps the search's tree after book moves", () => {
    const { session, log } = bookSession();
    converse(session, ["genmove"]);
    converse(session, [diagonalReply(session), "genmove"]);
    expect(log[1]).toMatch(/^search: black: .* from the opening book, \+0\.00 discs$/);
    const out = session.position.legalSquares()[0]!;
    converse(session, [`play ${out >> 3} ${out & 7}`, "genmove"]);
    expect(log[2]).toMatch(/^search: black: 200 visits .*reused 0,/);
    const reply = session.position.legalSquares()[0]!;
    converse(session, [`play ${reply >> 3} ${reply & 7}`, "genmove"]);
    expect(log[3]).toMatch(/^search: black: .*reused [1-9]\d*,/);
  });

  it("shows NBoard the book move with its value, and book for its depth", () => {
    const { session } = bookSession({ protocol: "nboard" });
    const send = (line: string): string => nboardParts(session, line).join("");
    expect(send("hint 1")).toMatch(/^status searching.*\nsearch [CDEF][3-6] 0\.00 0 book opening book\nstatus\n$/);
  });

  it("plays no book move with --no-book, nor with random moves", () => {
    for (const options of [{ book: false }, { chooser: "random" as const }]) {
      const { session, log } = bookSession(options);
      converse(session, ["genmove"]);
      expect(log[0]).toMatch(/^search: black: /);
      expect(log[0]).not.toMatch(/opening book/);
    }
  });
});

it("formats the test's book as a file that reads back", () => {
  const read = readBook(file("two.book", formatBook(book)));
  expect(read.ok && read.value.size).toBe(2);
});
