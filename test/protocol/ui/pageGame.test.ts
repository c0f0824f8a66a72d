import { describe, expect, it } from "vitest";
import {
  type Mode,
  boardView,
  describeReport,
  discBars,
  discScale,
  discsOf,
  discsPlaced,
  evaluationOf,
  gameGgf,
  gameUpTo,
  statusLine,
  answeredMove,
  parseSeconds,
  plural,
  graphPoints,
  loadRecord,
  personPlays,
  refusal,
  resultText,
  signed,
  undoLength,
  winChance,
} from "../../../protocol/ui/page/pageGame.js";
import type { EngineReport } from "../../../protocol/ui/engineReport.js";
import { Game, PASS, Position, parseGgf, parseVertex } from "../../../src/index.js";
import { recordMoves } from "../../gameRecords.js";

const v = (text: string): number => {
  const move = parseVertex(text);
  if (!move.ok) throw new Error(move.error);
  return move.value;
};

/** Black passes after these 8 moves; white then plays on. */
const BLACK_PASSES = "d3c3b3b2f5a3a1c1";

describe("what the board shows", () => {
  it("shows the start: four discs, black's four moves, no last move", () => {
    const view = boardView(new Game(), true);
    expect(view.squares.filter((s) => s.legal).length).toBe(4);
    expect([v("c4"), v("d3"), v("e6"), v("f5")].every((s) => view.squares[s]!.legal)).toBe(true);
    expect([view.black, view.white, view.toMove, view.lastMove]).toEqual([2, 2, "black", undefined]);
    expect(view.squares.some((s) => s.last || s.flipped)).toBe(false);
  });

  it("marks the last move and exactly the discs it turned", () => {
    const game = gameUpTo(recordMoves("f5d6c3"), 3);
    const view = boardView(game, true);
    expect(view.lastMove).toBe(v("c3"));
    expect(view.squares.flatMap((s, i) => (s.flipped ? [i] : []))).toEqual([v("d4")]);
    expect(view.squares[v("c3")]).toMatchObject({ disc: "black", last: true, flipped: false });
    expect(view.squares[v("d4")]!.disc).toBe("black");
    expect([view.black, view.white, view.toMove]).toEqual([5, 2, "white"]);
  });

  it("marks no legal move when the person is not to move", () => {
    expect(boardView(new Game(), false).squares.some((s) => s.legal)).toBe(false);
  });

  it("keeps showing the last disc played after a pass", () => {
    const game = gameUpTo([...recordMoves(BLACK_PASSES), PASS], 9);
    expect(boardView(game, true).lastMove).toBe(v("c1"));
  });

  it("says who won a finished game, and by how much", () => {
    const position = Position.fromDiscs([...Array(40).fill(1), ...Array(24).fill(2)], true);
    expect(resultText(position)).toBe("Game over: Black wins 40–24");
    expect(
      resultText(Position.fromDiscs([...Array(20).fill(1), ...Array(30).fill(2), ...Array(14).fill(0)], true)),
    ).toBe("Game over: White wins 30–20");
    expect(resultText(Position.fromDiscs([...Array(32).fill(1), ...Array(32).fill(2)], true))).toBe(
      "Game over: a draw, 32–32",
    );
  });
});

describe("a click on the board", () => {
  it.each([
    ["d4", /d4 is not a legal move: the square is taken\. Legal: d3 c4 f5 e6\./],
    ["a1", /a1 is not a legal move: it flips no disc/],
  ])("on %s is refused with the reason", (square, message) => {
    expect(refusal(new Game(), v(square))).toMatch(message);
  });

  it("on a legal square is no refusal", () => {
    expect(refusal(new Game(), v("f5"))).toBeUndefined();
  });
});

describe("undo", () => {
  const game = recordMoves("f5d6c3d3c4");
  it.each([
    // Black (the person) played f5, c3, c4: undo goes to before c4, then before c3.
    ["black", 5, 4],
    ["black", 4, 2],
    ["black", 3, 2],
    // White played d6, d3: from 5 moves, back to before d3.
    ["white", 5, 3],
    ["white", 1, 0],
    ["both", 5, 4],
    ["neither", 5, 4],
    ["black", 0, 0],
  ] as [Mode, number, number][])("for %s from %d moves keeps %d", (mode, from, keep) => {
    expect(undoLength(game.slice(0, from), mode)).toBe(keep);
  });

  it("skips a forced pass to the person's previous move", () => {
    // After black's forced pass (move 9) white plays again: black's own last move was a1 (move 7).
    const record = recordMoves(BLACK_PASSES);
    const passed = [...record, PASS];
    const reply = gameUpTo(passed, 9).position.legalSquares()[0]!;
    const all = [...passed, reply];
    expect(undoLength(all, "black")).toBe(6); // a1 was black's move 7 (index 6)
    expect(undoLength(all, "white")).toBe(9); // white's own reply
    expect(undoLength(all, "both")).toBe(9);
  });
});

describe("pasting a game", () => {
  it("loads a legal record", () => {
    const loaded = loadRecord(" f5 d6 c3 ");
    expect(loaded.ok && loaded.value.moves).toEqual(recordMoves("f5d6c3"));
  });

  it("loads a GGF game, passes included, and exports one that reads back the same", () => {
    const game = gameUpTo(recordMoves(BLACK_PASSES), 8);
    expect(game.play(PASS).ok).toBe(true); // black has no move after d3c3b3b2f5a3a1c1
    expect(game.play(game.position.legalMoves()[0]!).ok).toBe(true);
    const text = gameGgf(game, "you", "our engine");
    expect(text).toMatch(
      /^\(;GM\[Othello\]PC\[othello ui\]PB\[you\]PW\[our engine\]RE\[\?\]TY\[8\]BO\[8 -{27}O\*-{6}\*O-{27} \*\]B\[D3\]/,
    );
    const loaded = loadRecord(text);
    expect(loaded.ok && loaded.value.moves).toEqual(game.moves);
  });

  it("a finished game's GGF carries the result from black's side, empty squares to the winner", () => {
    // A wipe-out in nine moves: the winner's margin is all 64 squares.
    const wipeOut = gameUpTo(recordMoves("d3c3b3d2e1d6d7e3f4"), 9);
    expect(wipeOut.isOver()).toBe(true);
    const parsed = parseGgf(gameGgf(wipeOut, "a", "b"));
    expect(parsed.ok && parsed.value.result).toEqual({ blackMargin: 64, ending: "normal" });
  });

  it.each([
    [
      "(;GM[Othello]TY[8]BO[8 -------------------------------------------------------------- *]B[F5];)",
      /That GGF game cannot be read: /,
    ],
    [
      "(;GM[Othello]TY[8]BO[8 ---------------------------**------*O--------------------------- O];)",
      /starts from a set-up position/,
    ],
  ])("refuses GGF %j", (text, message) => {
    const loaded = loadRecord(text);
    expect(loaded.ok).toBe(false);
    if (!loaded.ok) expect(loaded.error).toMatch(message);
  });

  it.each([
    ["", /Paste a game first/],
    ["f5f5", /That game cannot be played: move 2, f5, is illegal after "f5": the square is occupied\./],
  ])("refuses %j", (text, message) => {
    const loaded = loadRecord(text);
    expect(loaded.ok).toBe(false);
    if (!loaded.ok) expect(loaded.error).toMatch(message);
  });

  it("counts the discs placed, passes not", () => {
    expect(discsPlaced([...recordMoves(BLACK_PASSES), PASS, v("e6")], 10)).toBe(9);
  });
});

describe("the engine's reports", () => {
  const search: EngineReport = {
    kind: "search",
    side: "white",
    playouts: 12000,
    seconds: 0.5,
    nodes: 3000,
    visits: 8000,
    winRate: 0.75,
    proven: undefined,
    pv: ["c4", "c3"],
  };

  it("turn into black's chances and margin, whoever searched", () => {
    // 75% is 7 ln 3 discs by the evaluation's win curve.
    const margin = 7 * Math.log(3);
    expect(evaluationOf(search, 7)).toEqual({
      ply: 7,
      black: 0.25,
      discs: -margin,
      label: "White 75.0%, about +7.7 discs",
    });
    expect(evaluationOf({ ...search, side: "black" }, 7)).toMatchObject({ black: 0.75, discs: margin });
    expect(evaluationOf({ ...search, proven: "win" }, 7)).toEqual({
      ply: 7,
      black: 0,
      discs: undefined,
      label: "White proven win",
    });
    expect(evaluationOf({ ...search, proven: "draw" }, 7)).toMatchObject({ black: 0.5, discs: 0 });
    expect(
      evaluationOf({ kind: "solve", side: "black", outcome: "exact", score: -6, nodes: 1, seconds: 0 }, 50),
    ).toEqual({ ply: 50, black: 0, discs: -6, label: "Black -6 discs, exact" });
    expect(
      evaluationOf({ kind: "solve", side: "white", outcome: "draw", score: undefined, nodes: 1, seconds: 0 }, 50),
    ).toMatchObject({ black: 0.5, discs: 0 });
    expect(
      evaluationOf({ kind: "solve", side: "white", outcome: "win", score: undefined, nodes: 1, seconds: 0 }, 50),
    ).toMatchObject({ black: 0, discs: undefined });
    const alphaBeta: EngineReport = { kind: "alphabeta", side: "white", depth: 6, nodes: 5000, seconds: 0.1, score: 8 };
    const ahead = evaluationOf(alphaBeta, 20)!;
    expect(ahead).toMatchObject({ label: "White +8.0 discs", discs: -8 });
    expect(ahead.black).toBeCloseTo(1 - winChance(8), 10);
    expect(ahead.black).toBeGreaterThan(0.15);
    expect(ahead.black).toBeLessThan(0.25);
    expect(evaluationOf({ ...alphaBeta, score: 0 }, 20)?.black).toBe(0.5);
    expect(evaluationOf({ ...alphaBeta, side: "black", score: -8 }, 20)?.black).toBeCloseTo(ahead.black, 10);
    expect(
      evaluationOf({ kind: "note", side: "black", text: "c4 is the only move, played at once" }, 3),
    ).toBeUndefined();
    expect(evaluationOf(undefined, 3)).toBeUndefined();
  });

  it("write margins with their sign, and no -0", () => {
    expect([signed(4), signed(-2.5, 1), signed(0), signed(-0.04, 1), signed(0.04, 1)]).toEqual([
      "+4",
      "-2.5",
      "0",
      "0.0",
      "0.0",
    ]);
  });

  it("read a win rate as discs by the win curve, within the board's 64", () => {
    expect(discsOf(0.5)).toBe(0);
    expect(discsOf(winChance(12.5))).toBeCloseTo(12.5, 10);
    expect(discsOf(1)).toBe(64);
    expect(discsOf(0)).toBe(-64);
  });

  it("read as sentences", () => {
    expect(describeReport(search)).toBe(
      "White: win rate 75.0% over 8,000 visits; expected line c4 c3. 12,000 playouts, 3,000 nodes in 0.50 s.",
    );
    expect(
      describeReport({ kind: "solve", side: "black", outcome: "exact", score: 12, nodes: 40000, seconds: 0.25 }),
    ).toBe("Black: solved exactly: wins by 12 discs. 40,000 positions in 0.25 s.");
    expect(describeReport({ kind: "note", side: "black", text: "c4 is the only move, played at once" })).toBe(
      "Black: c4 is the only move, played at once.",
    );
    expect(
      describeReport({ kind: "alphabeta", side: "black", depth: 6, nodes: 12345, seconds: 0.25, score: -2.5 }),
    ).toBe("Black: -2.5 discs by the evaluation, searched 6 plies deep. 12,345 positions in 0.25 s.");
    expect(describeReport(undefined)).toMatch(/no report/);
  });

  it("make the graph's line of chances and bars of margins, in the order of the game, a margin unknown left out", () => {
    const evaluations = [
      { ply: 30, black: 0.25, discs: -8, label: "" },
      { ply: 0, black: 1, discs: undefined, label: "" },
      { ply: 60, black: 0.5, discs: 16, label: "" },
    ];
    expect(graphPoints(evaluations, 300, 100)).toBe("0.0,0.0 150.0,75.0 300.0,50.0");
    expect(discScale(evaluations)).toBe(16);
    expect(discBars(evaluations, 300, 100, 16)).toBe("M150.0,50.0V75.0M300.0,50.0V0.0");
    expect(discBars(evaluations, 300, 100, 32)).toBe("M150.0,50.0V62.5M300.0,50.0V25.0");
    expect(graphPoints([], 300, 100)).toBe("");
    expect(discBars([], 300, 100, 16)).toBe("");
  });

  it("scale the discs to the widest margin: 16, 32 or 64 each side", () => {
    const at = (discs: number | undefined) => ({ ply: 1, black: 0.5, discs, label: "" });
    expect(discScale([])).toBe(16);
    expect(discScale([at(-16), at(undefined)])).toBe(16);
    expect(discScale([at(3), at(-17)])).toBe(32);
    expect(discScale([at(40)])).toBe(64);
  });
});

describe("who plays", () => {
  it.each([
    ["black", [true, false]],
    ["white", [false, true]],
    ["both", [true, true]],
    ["neither", [false, false]],
  ] as [Mode, boolean[]][])("%s", (mode, plays) => {
    expect([personPlays(mode, "black"), personPlays(mode, "white")]).toEqual(plays);
  });
});

describe("the status line", () => {
  const none = { error: undefined, thinking: undefined, engineToMove: false };
  it("says an error first, then the engine thinking, then the result, then whose move it is", () => {
    const game = new Game();
    expect(statusLine(game, { ...none, error: "The engine failed." })).toEqual({
      state: "error",
      text: "The engine failed.",
    });
    expect(statusLine(game, { ...none, thinking: { seconds: 1.26, hint: true } })).toEqual({
      state: "engine",
      text: "The engine is thinking about your move… 1.3 s",
    });
    expect(statusLine(game, { ...none, thinking: { seconds: 0.4, hint: false } }).text).toBe(
      "The engine is thinking… 0.4 s",
    );
    expect(statusLine(game, none)).toEqual({ state: "person", text: "Black to play: your move." });
    expect(statusLine(game, { ...none, engineToMove: true })).toEqual({
      state: "engine",
      text: "Black: the engine's move.",
    });
    const full = Position.fromDiscs([...Array(32).fill(1), ...Array(32).fill(2)], true);
    expect(statusLine(new Game(full), { ...none, engineToMove: true })).toEqual({
      state: "over",
      text: resultText(full),
    });
  });
});

describe("the engine's answer and the time per move", () => {
  it("takes a legal move, and says plainly when the engine failed or answered an illegal one", () => {
    const start = Position.initial();
    const answer = { move: "d3", report: undefined };
    expect(answeredMove({ ok: true, value: answer }, start)).toEqual({
      ok: true,
      value: { answer, move: recordMoves("d3")[0] },
    });
    expect(answeredMove({ ok: false, error: "it crashed" }, start)).toEqual({
      ok: false,
      error: "The engine failed: it crashed. The game so far is kept.",
    });
    for (const move of ["a1", "pass", "z9"])
      expect(answeredMove({ ok: true, value: { move } }, start)).toEqual({
        ok: false,
        error: `The engine answered ${move}, which is not a legal move here. The game so far is kept.`,
      });
  });

  it("takes a time per move within the engine's range, and refuses any other with the range", () => {
    const range = { minSeconds: 0.1, maxSeconds: 30 };
    expect(parseSeconds("2.5", range)).toEqual({ ok: true, value: 2.5 });
    for (const text of ["0.05", "31", "x", ""])
      expect(parseSeconds(text, range)).toEqual({
        ok: false,
        error: "The time per move is a number of seconds from 0.1 to 30.",
      });
    expect(parseSeconds("1", undefined).ok).toBe(false);
    expect([plural(1, "move"), plural(3, "move")]).toEqual(["1 move", "3 moves"]);
  });
});
