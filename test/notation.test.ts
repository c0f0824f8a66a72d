import { describe, expect, it } from "vitest";
import {
  PASS,
  Position,
  drawCourseBoard,
  formatBoardLines,
  formatCode,
  formatObf,
  formatOtpMove,
  formatVertex,
  parseBoardLines,
  parseCode,
  parseColour,
  parseObf,
  parseOtpMove,
  parseVertex,
} from "../src/index.js";

const START_CODE = "000000000000000000000000000210000001200000000000000000000000000010";

function value<T>(r: { ok: true; value: T } | { ok: false; error: string }): T {
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

describe("OTP moves", () => {
  it("round-trips every square and the pass", () => {
    for (let s = 0; s < 64; s++) expect(value(parseOtpMove(formatOtpMove(s)))).toBe(s);
    expect(formatOtpMove(PASS)).toBe("8 0");
    expect(value(parseOtpMove("8 0"))).toBe(PASS);
    expect(value(parseOtpMove("2 3"))).toBe(19);
    expect(value(parseOtpMove("  2   3 "))).toBe(19);
  });
  it.each([
    ["", "two numbers"],
    ["3", "two numbers"],
    ["3 4 5", "two numbers"],
    ["a b", "two numbers"],
    ["-1 2", "two numbers"],
    ["3.0 2", "two numbers"],
    ["8 1", "off the board"],
    ["2 8", "off the board"],
    ["9 0", "off the board"],
    ["99 99", "off the board"],
    ["100 0", "two numbers"],
  ])("rejects %j", (text, message) => {
    const r = parseOtpMove(text);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toContain(message);
  });
});

describe("GTP vertices", () => {
  it("round-trips every square and the pass, in any case", () => {
    for (let s = 0; s < 64; s++) {
      const v = formatVertex(s);
      expect(value(parseVertex(v))).toBe(s);
      expect(value(parseVertex(v.toLowerCase()))).toBe(s);
    }
    expect(formatVertex(PASS)).toBe("pass");
    expect(value(parseVertex("PASS"))).toBe(PASS);
  });
  it("puts the column letter first and row 1 at the top: OTP (2,3) is d3", () => {
    expect(formatVertex(value(parseOtpMove("2 3")))).toBe("D3");
    expect(value(parseVertex("a1"))).toBe(0);
    expect(value(parseVertex("h8"))).toBe(63);
  });
  it.each(["", "d", "3d", "i1", "a0", "a9", "a10", "z5", "d3x", "pas"])("rejects %j", (text) => {
    expect(parseVertex(text).ok).toBe(false);
  });
});

describe("colours", () => {
  it("accepts b, w, black, white in any case and nothing else", () => {
    for (const t of ["b", "B", "black", "BLACK", "Black"]) expect(value(parseColour(t))).toBe("black");
    for (const t of ["w", "W", "white", "WHITE"]) expect(value(parseColour(t))).toBe("white");
    for (const t of ["", "x", "blue", "bl"]) expect(parseColour(t).ok).toBe(false);
  });
});

describe("course code", () => {
  it("reads the start position and writes it back", () => {
    const coded = value(parseCode(START_CODE));
    expect(coded.position.equals(Position.initial())).toBe(true);
    expect(coded.passes).toBe(0);
    expect(formatCode(coded.position, coded.passes)).toBe(START_CODE);
  });
  it("reads side 0 and 2 as white, 1 as black, and the pass counter", () => {
    const board = START_CODE.slice(0, 64);
    expect(value(parseCode(board + "01")).position.blackToMove).toBe(false);
    expect(value(parseCode(board + "22")).position.blackToMove).toBe(false);
    expect(value(parseCode(board + "22")).passes).toBe(2);
    expect(value(parseCode(board + "11")).position.blackToMove).toBe(true);
  });
  it("round-trips positions along a game", () => {
    let p = Position.initial();
    for (let i = 0; i < 30 && !p.isGameOver(); i++) {
      const back = value(parseCode(formatCode(p, 0)));
      expect(back.position.equals(p)).toBe(true);
      p = p.play(p.legalMoves()[i % p.legalMoves().length]!);
    }
  });
  it.each([
    ["too short", START_CODE.slice(0, 65), "got 65"],
    ["too long", START_CODE + "0", "got 67"],
    ["empty", "", "got 0"],
    ["a letter", START_CODE.slice(0, 10) + "x" + START_CODE.slice(11), 'found "x" at position 11'],
    ["a square digit 3", "3" + START_CODE.slice(1), "square digit 1"],
    ["a side digit 3", START_CODE.slice(0, 64) + "30", "side-to-move digit is 3"],
    ["a pass counter 3", START_CODE.slice(0, 64) + "13", "pass counter is 3"],
  ])("rejects %s", (_name, text, message) => {
    const r = parseCode(text);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toContain(message);
  });
});

describe("seed 002 boards", () => {
  const text = "--------/--------/--B-----/---BB---/---BW---/--------/--------/--------";
  it("reads B, W and - with rows separated by / or line breaks", () => {
    const p = value(parseBoardLines(text, false));
    expect(p.blackToMove).toBe(false);
    expect(p.blackDiscs()).toBe(4);
    expect(p.whiteDiscs()).toBe(1);
    expect(formatBoardLines(p)).toBe(text.replaceAll("/", "\n"));
    expect(value(parseBoardLines(formatBoardLines(p), false)).equals(p)).toBe(true);
  });
  it.each([
    ["7 rows", text.slice(0, -9)],
    ["a short row", text.replace("--B-----", "--B----")],
    ["a bad character", text.replace("--B-----", "--X-----")],
  ])("rejects %s", (_name, bad) => {
    expect(parseBoardLines(bad, true).ok).toBe(false);
  });
});

describe("obf one-line boards", () => {
  const line = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18; H1:+12; H7:+6;";
  it("reads squares a1..h8, the side to move and the scored moves", () => {
    const problem = value(parseObf(line));
    expect(problem.position.blackToMove).toBe(true);
    expect(problem.position.discAt(2)).toBe(1); // c1 is X
    expect(problem.position.discAt(9)).toBe(2); // b2 is O
    expect(problem.moves).toEqual([
      { move: value(parseVertex("g8")), score: 18 },
      { move: value(parseVertex("h1")), score: 12 },
      { move: value(parseVertex("h7")), score: 6 },
    ]);
    expect(formatObf(problem.position)).toBe(line.slice(0, 66));
  });
  it.each([
    ["a short board", line.slice(1)],
    ["no side", line.slice(0, 64)],
    ["a bad side", line.slice(0, 65) + "Z"],
    ["a bad scored move", line.slice(0, 66) + "; Z9:+1"],
  ])("rejects %s", (_name, bad) => {
    expect(parseObf(bad).ok).toBe(false);
  });
});

describe("the course drawing", () => {
  it("shows whose turn and the grid, X black and O white", () => {
    expect(drawCourseBoard(Position.initial())).toBe(
      [
        "X's turn",
        ".|0|1|2|3|4|5|6|7|",
        "0|.|.|.|.|.|.|.|.|",
        "1|.|.|.|.|.|.|.|.|",
        "2|.|.|.|.|.|.|.|.|",
        "3|.|.|.|O|X|.|.|.|",
        "4|.|.|.|X|O|.|.|.|",
        "5|.|.|.|.|.|.|.|.|",
        "6|.|.|.|.|.|.|.|.|",
        "7|.|.|.|.|.|.|.|.|",
      ].join("\n"),
    );
  });
});
