import { describe, expect, it } from "vitest";
import { BOOK_HEADER, Book, Position, Random, formatBook, formatObf, parseBook, parseVertex } from "../../src/index.js";

const square = (vertex: string): number => {
  const parsed = parseVertex(vertex);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value;
};

const start = Position.initial();
const afterF5 = start.play(square("f5"));
const START_LINE = `${formatObf(start)} F5:+0.00 E6:+0.00 D3:+0.00 C4:+0.00`;
const F5_LINE = `${formatObf(afterF5)} F6:+0.52 D6:+0.30 F4:-3.10`;

function parsedError(text: string): string {
  const parsed = parseBook(text);
  if (parsed.ok) throw new Error("expected an error");
  return parsed.error;
}

describe("parseBook and formatBook", () => {
  it("read a book's lines, comments and empty lines skipped", () => {
    const parsed = parseBook(`${BOOK_HEADER}\n# a comment\n\n${START_LINE}\n${F5_LINE}\n`);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.value.size).toBe(2);
    expect(parsed.value.lookup(afterF5)).toEqual([
      { move: square("f6"), value: 0.52 },
      { move: square("d6"), value: 0.3 },
      { move: square("f4"), value: -3.1 },
    ]);
  });

  it("write what they read, the values to a hundredth of a disc with their sign", () => {
    const book = new Book([
      {
        position: afterF5,
        moves: [
          { move: square("f6"), value: 0.524 },
          { move: square("f4"), value: -3.1 },
          { move: square("d6"), value: 0 },
        ],
      },
    ]);
    const text = formatBook(book, ["built by a test"]);
    expect(text).toBe(`${BOOK_HEADER}\n# built by a test\n${formatObf(afterF5)} F6:+0.52 F4:-3.10 D6:+0.00\n`);
    const again = parseBook(text);
    expect(again.ok && formatBook(again.value, ["built by a test"])).toBe(text);
  });

  it("refuse a file that is not a book at its first line", () => {
    expect(parsedError("")).toMatch(/not an opening book/);
    expect(parsedError(`${START_LINE}\n`)).toMatch(/not an opening book/);
    expect(parsedError("othello-book 2\n")).toMatch(/not an opening book/);
  });

  it("say which line is wrong, and why", () => {
    const bad = (line: string): string => parsedError(`${BOOK_HEADER}\n${START_LINE}\n${line}\n`);
    expect(bad("XO")).toMatch(/^line 3: expected the 64 squares/);
    expect(bad(`${"Z".repeat(64)} X F5:+1`)).toMatch(/^line 3: expected 64 squares of X, O or -/);
    expect(bad(`${formatObf(afterF5)} F6=+1`)).toMatch(/^line 3: "F6=\+1" is not a move and its value/);
    expect(bad(`${formatObf(afterF5)} F6:+65`)).toMatch(/^line 3: F6:\+65: a value is between -64 and \+64/);
    expect(bad(`${formatObf(afterF5)} F6:+1e3`)).toMatch(/is not a move and its value/);
    expect(bad(`${formatObf(afterF5)} A1:+1`)).toMatch(/^line 3: A1 is not a legal move there/);
    expect(bad(`${formatObf(afterF5)} F6:+1 F6:+2`)).toMatch(/^line 3: F6 is listed twice/);
    expect(bad(`${formatObf(afterF5)}`)).toMatch(
      /^line 3: expected the 64 squares, the side to move, and at least one move/,
    );
  });

  it("refuse a position given twice, whatever its orientation", () => {
    const afterD3 = start.play(square("d3"));
    const error = parsedError(`${BOOK_HEADER}\n${F5_LINE}\n${formatObf(afterD3)} C3:+0.52\n`);
    expect(error).toBe("line 3: the position of line 2 again (or its mirror image)");
  });

  it("answer any damaged text with an error, never an exception", () => {
    const text = `${BOOK_HEADER}\n${START_LINE}\n${F5_LINE}\n`;
    const random = new Random(7);
    const alphabet = "XO-:+.-0123456789ABCDEFGHabc \n#";
    for (let trial = 0; trial < 500; trial++) {
      const chars = [...text];
      for (let edits = 1 + random.below(4); edits > 0; edits--) {
        const at = random.below(chars.length);
        const kind = random.below(3);
        if (kind === 0) chars[at] = alphabet[random.below(alphabet.length)]!;
        else if (kind === 1) chars.splice(at, 1);
        else chars.splice(at, 0, alphabet[random.below(alphabet.length)]!);
      }
      const parsed = parseBook(chars.join(""));
      if (!parsed.ok) expect(parsed.error).not.toBe("");
    }
  });
});
