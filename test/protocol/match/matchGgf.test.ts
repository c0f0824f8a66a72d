import { describe, expect, it } from "vitest";
import { Game, type Move, parseGgf, parseVertex } from "../../../src/index.js";
import type { GameRecord } from "../../../protocol/match/matchRunner.js";
import { formatGameRecordGgf } from "../../../protocol/match/matchGgf.js";

const DATE = "2026-11-22 22:00:00 GMT";

function played(text: string): Game {
  const game = new Game();
  for (const v of text.split(" ")) {
    const m = parseVertex(v);
    if (!m.ok || !game.play(m.value).ok) throw new Error(`bad move ${v}`);
  }
  return game;
}

function parsed(text: string) {
  const game = parseGgf(text);
  if (!game.ok) throw new Error(game.error);
  return game.value;
}

const square = (v: string): Move => (parseVertex(v) as { value: Move }).value;

describe("a match game as GGF", () => {
  it("names the players by colour, gives each engine's move its own time in order, none to the opening, and the result", () => {
    // Black wipes white out in 9 plies; engine B (1) plays black after the opening d3 c3.
    const moves = "d3 c3 b3 d2 e1 d6 d7 e3 f4".split(" ");
    const game = played(moves.join(" "));
    const record: GameRecord = {
      index: 1,
      opening: "d3 c3",
      black: 1,
      moves,
      winner: 1,
      blackDiscs: game.position.blackDiscs(),
      whiteDiscs: game.position.whiteDiscs(),
      forfeit: undefined,
      // The passes after the end are genmoves too, and come last.
      moveTimes: [
        [200, 400, 600, 5],
        [100, 300, 500, 700, 5],
      ],
    };
    const text = formatGameRecordGgf(record, ["engine-a", "engine-b"], DATE);
    const ggf = parsed(text);
    expect(ggf).toMatchObject({ place: "othello match", date: DATE, black: "engine-b", white: "engine-a", type: "8" });
    expect(ggf.result).toEqual({ blackMargin: 64, ending: "normal" });
    expect(ggf.moves).toEqual([
      { move: square("d3") },
      { move: square("c3") },
      { move: square("b3"), seconds: 0.1 },
      { move: square("d2"), seconds: 0.2 },
      { move: square("e1"), seconds: 0.3 },
      { move: square("d6"), seconds: 0.4 },
      { move: square("d7"), seconds: 0.5 },
      { move: square("e3"), seconds: 0.6 },
      { move: square("f4"), seconds: 0.7 },
    ]);
    expect(text).toContain("B[B3//0.1]W[D2//0.2]");
  });

  it("counts the empty squares for the winner, and writes a draw as 0", () => {
    const base = {
      index: 0,
      opening: "",
      black: 0 as const,
      moves: [],
      forfeit: undefined,
      moveTimes: [[], []] as [number[], number[]],
    };
    expect(
      parsed(formatGameRecordGgf({ ...base, winner: 1, blackDiscs: 20, whiteDiscs: 40 }, ["a", "b"], DATE)).result,
    ).toEqual({ blackMargin: -24, ending: "normal" });
    expect(
      parsed(formatGameRecordGgf({ ...base, winner: null, blackDiscs: 30, whiteDiscs: 30 }, ["a", "b"], DATE)).result,
    ).toEqual({ blackMargin: 0, ending: "normal" });
  });

  it("writes a forfeit as the forfeiting side's resignation", () => {
    const record: GameRecord = {
      index: 0,
      opening: "f5 d6",
      black: 0,
      moves: ["f5", "d6", "c3"],
      winner: 0,
      blackDiscs: 4,
      whiteDiscs: 3,
      forfeit: { engine: 1, reason: 'no reply to "genmove" within 2.000 s', lastWords: [] },
      moveTimes: [[50], []],
    };
    const ggf = parsed(formatGameRecordGgf(record, ["a", "b"], DATE));
    expect(ggf.result).toEqual({ blackMargin: 64, ending: "resigned" });
    expect(ggf.moves.at(-1)).toEqual({ move: square("c3"), seconds: 0.05 });
    const lost = parsed(
      formatGameRecordGgf({ ...record, winner: 1, forfeit: { ...record.forfeit!, engine: 0 } }, ["a", "b"], DATE),
    );
    expect(lost.result).toEqual({ blackMargin: -64, ending: "resigned" });
  });
});
