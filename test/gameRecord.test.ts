import { describe, expect, it } from "vitest";
import { Game, PASS, formatGameRecord, parseGameRecord, parseVertex } from "../src/index.js";

const v = (text: string): number => {
  const move = parseVertex(text);
  if (!move.ok) throw new Error(move.error);
  return move.value;
};

/** After these 8 moves black has no move and must pass (white to play again). */
const BLACK_PASSES = ["d3", "c3", "b3", "b2", "f5", "a3", "a1", "c1"];

describe("game records in standard notation", () => {
  it.each([
    ["f5d6c3", ["f5", "d6", "c3"]],
    ["F5 D6 C3", ["f5", "d6", "c3"]],
    ["1. f5 2. d6 3. c3", ["f5", "d6", "c3"]],
    ["f5, d6, c3", ["f5", "d6", "c3"]],
    ["", []],
  ])("reads %j", (text, moves) => {
    const parsed = parseGameRecord(text);
    expect(parsed).toEqual({ ok: true, value: moves.map(v) });
  });

  it("inserts the forced passes a record leaves out, and writes them out again", () => {
    const game = new Game();
    for (const m of BLACK_PASSES) expect(game.play(v(m)).ok).toBe(true);
    expect(game.position.legalMoves()).toEqual([PASS]);
    const reply = game.position.swapped().legalSquares()[0]!;
    const record = `${BLACK_PASSES.join("")}${formatGameRecord([reply])}`;
    const parsed = parseGameRecord(record);
    expect(parsed).toEqual({ ok: true, value: [...BLACK_PASSES.map(v), PASS, reply] });
    expect(parsed.ok && formatGameRecord(parsed.value)).toBe(record);
    // An explicit pass is accepted too, in any of its spellings.
    for (const pass of ["pass", "PA", "--"])
      expect(parseGameRecord(`${BLACK_PASSES.join(" ")} ${pass} ${formatGameRecord([reply])}`)).toEqual(parsed);
  });

  it("leaves a forced pass at the end for whoever moves next", () => {
    const parsed = parseGameRecord(BLACK_PASSES.join(""));
    expect(parsed.ok && parsed.value.length).toBe(8);
  });

  it.each([
    ["f5f5", /move 2, f5, is illegal after "f5": the square is occupied/],
    ["a1", /move 1, a1, is illegal after "": the move flips no disc/],
    ["f5 z9", /move 2: "z9" is not a vertex|move 2: z9 is off the board/],
    ["f5 pass", /pass is legal only when/],
    ["f5 d6 !", /move 3: "!" is not a vertex/],
  ])("refuses %j, saying where and why", (text, message) => {
    const parsed = parseGameRecord(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error).toMatch(message);
  });

  it("round-trips a whole game", () => {
    const game = new Game();
    // The first legal move each time, to the end.
    while (!game.isOver()) game.play(game.position.legalMoves()[0]!);
    const text = formatGameRecord(game.moves);
    expect(text).toMatch(/^([a-h][1-8])+$/);
    expect(parseGameRecord(text)).toEqual({ ok: true, value: [...game.moves] });
  });
});
