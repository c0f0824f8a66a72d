import { describe, expect, it } from "vitest";
import {
  BLACK,
  EMPTY,
  Game,
  type GgfGame,
  PASS,
  Position,
  WHITE,
  formatGgf,
  formatGgfMove,
  formatVertex,
  ggfToGame,
  parseCode,
  parseGgf,
  parseGgfMove,
  parseVertex,
} from "../src/index.js";

function value<T>(r: { ok: true; value: T } | { ok: false; error: string }): T {
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

const START_BOARD = "8 ---------------------------O*------*O--------------------------- *";

// Written by hand as NBoard saves a game in progress: the standard start, evaluations and times
// on some moves, and black's pass after 14 plies (black has no move there; white then has d1).
const NBOARD_GAME =
  "(;GM[Othello]PC[NBoard]DT[2026-11-22 21:00:00 GMT]PB[ntest]PW[othello-uct]RE[?]TI[05:00]TY[8]" +
  `BO[${START_BOARD}]B[F5]W[F4//1.2]B[C3/0.50]W[E6/-1.25/0.8]B[G4]W[C4]B[E7]W[C2]B[B3]W[A3]B[A2]W[A4]B[C1]W[A1]B[PA]W[D1];)`;

// A set-up start as GGS plays its random openings: white to move has no move and passes, black's
// only move is a7, white's last a8, and the game ends drawn (the course's endgame example).
const SETUP_GAME =
  "(;GM[Othello]PC[GGS/os]PB[alpha]PW[beta]RE[0]TI[01:00//00:05]TY[8r20]" +
  "BO[8 OOOOOOO-OOOOOO-*OOOOOO**OOO*O***OO*O****OOO*****-OOOO***-******* O]W[PA]B[A7/0.00/0.01]W[A8];)";

const squares = (text: string): number[] => text.split(" ").map((v) => value(parseVertex(v)));

describe("GGF moves", () => {
  it.each([
    ["F5", { move: squares("F5")[0] }],
    ["f5", { move: squares("F5")[0] }],
    ["PA", { move: PASS }],
    ["pass", { move: PASS }],
    ["A1/1.50", { move: 0, eval: 1.5 }],
    ["H8//0.2", { move: 63, seconds: 0.2 }],
    ["D3/-3.00/12.5", { move: squares("D3")[0], eval: -3, seconds: 12.5 }],
    ["C4/+2/", { move: squares("C4")[0], eval: 2 }],
  ])("reads %j", (text, expected) => {
    expect(value(parseGgfMove(text))).toEqual(expected);
  });

  it("writes the square, then the evaluation with two decimals and the time, as NBoard does", () => {
    expect(formatGgfMove({ move: 0 })).toBe("A1");
    expect(formatGgfMove({ move: PASS })).toBe("PA");
    expect(formatGgfMove({ move: 63, eval: 1.5 })).toBe("H8/1.50");
    expect(formatGgfMove({ move: 63, seconds: 0.25 })).toBe("H8//0.25");
    expect(formatGgfMove({ move: 37, eval: -0.333, seconds: 12 })).toBe("F5/-0.33/12");
    for (let s = 0; s < 64; s++) expect(value(parseGgfMove(formatGgfMove({ move: s })))).toEqual({ move: s });
  });

  it.each([
    ["", "not a move"],
    ["I1", "not a move"],
    ["A9", "not a move"],
    ["F5x", "not a move"],
    ["F5/abc", 'evaluation "abc"'],
    ["F5/1/-2", 'time "-2"'],
    ["F5/1/2/3", "more than three parts"],
    ["P", "not a move"],
  ])("rejects %j", (text, message) => {
    const r = parseGgfMove(text);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toContain(message);
  });
});

describe("GGF games", () => {
  it("reads NBoard's game in progress: players, clock, the pass, evaluations and times", () => {
    const game = value(parseGgf(NBOARD_GAME));
    expect(game).toMatchObject({
      place: "NBoard",
      date: "2026-11-22 21:00:00 GMT",
      black: "ntest",
      white: "othello-uct",
      time: "05:00",
      type: "8",
    });
    expect(game.result).toBeUndefined();
    expect(game.start.equals(Position.initial())).toBe(true);
    expect(game.moves.map((m) => formatVertex(m.move)).join(" ")).toBe(
      "F5 F4 C3 E6 G4 C4 E7 C2 B3 A3 A2 A4 C1 A1 pass D1",
    );
    expect(game.moves[1]).toEqual({ move: squares("F4")[0], seconds: 1.2 });
    expect(game.moves[2]).toEqual({ move: squares("C3")[0], eval: 0.5 });
    expect(game.moves[3]).toEqual({ move: squares("E6")[0], eval: -1.25, seconds: 0.8 });
    const played = ggfToGame(game);
    expect(played.moves.length).toBe(16);
    expect(played.position.blackToMove).toBe(true);
  });

  it("reads a set-up start with white to move, and the result", () => {
    const game = value(parseGgf(SETUP_GAME));
    const coded = value(parseCode("222222202222220122222211222121112212111122211111022221110111111120"));
    expect(game.start.equals(coded.position)).toBe(true);
    expect(game.start.blackToMove).toBe(false);
    expect(game.moves.map((m) => m.move)).toEqual([PASS, ...squares("A7 A8")]);
    expect(game.result).toEqual({ blackMargin: 0, ending: "normal" });
    expect(game).toMatchObject({ time: "01:00//00:05", type: "8r20", black: "alpha", white: "beta" });
    expect(ggfToGame(game).isOver()).toBe(true);
  });

  it("round-trips both games, text to game to the same text", () => {
    for (const text of [NBOARD_GAME, SETUP_GAME]) {
      const game = value(parseGgf(text));
      expect(formatGgf(game)).toBe(text);
      expect(value(parseGgf(formatGgf(game)))).toEqual(game);
    }
  });

  it("round-trips a game made in code: every field, results of each kind, escaped brackets", () => {
    const game = new Game();
    for (const m of squares("F5 D6 C3 D3 C4")) value(game.play(m));
    const base: GgfGame = {
      place: "othello match",
      date: "2026-11-22",
      black: "a[1]",
      white: "back\\slash",
      blackRating: "1800.5",
      whiteRating: "1799",
      blackTime: "10:00",
      whiteTime: "05:00",
      type: "8",
      start: game.start,
      moves: game.moves.map((move, i) => ({ move, seconds: i / 4 })),
    };
    for (const result of [
      { blackMargin: 12, ending: "normal" },
      { blackMargin: -64, ending: "resigned" },
      { blackMargin: 3.5, ending: "timeout" },
    ] as const) {
      const g = { ...base, result };
      expect(value(parseGgf(formatGgf(g)))).toEqual(g);
    }
    expect(formatGgf({ ...base, result: { blackMargin: -64, ending: "resigned" } })).toContain(
      "PB[a[1\\]]PW[back\\\\slash]RE[-64:r]RB[1800.5]RW[1799]TB[10:00]TW[05:00]TY[8]",
    );
  });

  it("accepts blanks and line breaks between properties and inside the board, other square letters, and a comment", () => {
    const text = `  (;GM[Othello]\n PB[x] CO[a comment]\n BO[8\n${"........\n".repeat(3)}...ox...\n...XO...\n${"........\n".repeat(3)}x]\n B[F5] ;)\n`;
    const game = value(parseGgf(text));
    expect(game.start.equals(Position.initial())).toBe(true);
    expect(game.moves).toEqual([{ move: squares("F5")[0] }]);
  });

  const withMoves = (moves: string, board = START_BOARD): string =>
    `(;GM[Othello]PB[a]PW[b]RE[?]TY[8]BO[${board}]${moves};)`;
  const setupBoard = "8 OOOOOOO-OOOOOO-*OOOOOO**OOO*O***OO*O****OOO*****-OOOO***-******* O";

  it.each([
    ["", 'starts with "(;"'],
    ["(;GM[Othello]PB[a]", "expected a property"],
    ["(;GM[Othello]PB[a;)", "has no closing ]"],
    ["(;GM[Othello]PB;)", "has no value"],
    ["(;GM[Othello]RE[?];)", "no start position"],
    [`${withMoves("")} (;`, "text after the end"],
    [withMoves("").replace("GM[Othello]", "GM[Go]"), 'the game is "Go"'],
    [withMoves("").replace("PB[a]", "PB[a]PB[c]"), "PB is given twice"],
    [withMoves("").replace("PB[a]", "XX[a]"), "unknown property XX"],
    [withMoves("").replace("RE[?]", "RE[won]"), 'the result "won"'],
    [withMoves("").replace("RE[?]", "RE[+70]"), "more than 64"],
    [withMoves("").replace("TY[8]", "TY[10]"), "board of 10"],
    [withMoves("").replace("TY[8]", "TY[8a]"), "anti-Othello"],
    [withMoves("").replace("TY[8]", "TY[8k]"), "komi"],
    [withMoves("", START_BOARD.replace("8 ", "10 ")), "board size is 10"],
    [withMoves("", START_BOARD.replace("--- *", "-- *")), "the board has 64 characters after its size"],
    [withMoves("", START_BOARD.replace("O*", "Q*")), 'square D4 of the board is "Q"'],
    [withMoves("", START_BOARD.replace(/\*$/, "-")), 'side to move is "-"'],
    [withMoves("W[F5]"), "move 1, W[F5] at character 106: black is to move"],
    [withMoves("B[A1]"), "move 1, B[A1] at character 106: illegal: the move flips no disc"],
    [withMoves("B[D4]"), "illegal: the square is occupied"],
    [withMoves("B[PA]"), "pass is legal only when the side to move has no legal move"],
    [withMoves("B[F5]W[F5x]"), 'move 2, W[F5x] at character 111: "F5x" is not a move'],
    [withMoves("W[PA]B[A7]W[A8]B[PA]", setupBoard), "move 4, B[PA] at character 121: the game is already over"],
    [
      withMoves("B[F5]")
        .replace("TY[8]", "")
        .replace(/BO\[.*?\](B\[F5\])/, "$1BO[8 x]"),
      "the board comes after the first move",
    ],
  ])("rejects %j", (text, message) => {
    const r = parseGgf(text);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toContain(message);
  });

  it("writes the discs and the side to move of any position", () => {
    const discs = Array.from({ length: 64 }, (_, s) => (s % 3 === 0 ? BLACK : s % 3 === 1 ? WHITE : EMPTY));
    for (const blackToMove of [true, false]) {
      const start = Position.fromDiscs(discs, blackToMove);
      const game = value(parseGgf(formatGgf({ type: "8", start, moves: [] })));
      expect(game.start.equals(start)).toBe(true);
      expect(game.start.blackToMove).toBe(blackToMove);
    }
  });
});
