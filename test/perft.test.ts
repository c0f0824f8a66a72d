import { describe, expect, it } from "vitest";
import { PASS, Position, parseCode, perft } from "../src/index.js";

// Othello's perft figures from the start: a forced pass counts as a move, a finished game as one leaf.
const START = [1, 4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288];

describe("perft from the start position", () => {
  for (let d = 0; d < START.length; d++) {
    it(`depth ${d} = ${START[d]}`, () => {
      expect(perft(Position.initial(), d)).toBe(START[d]);
    });
  }
});

/** Counts leaves through the Position API (legalMoves and play), independently of perft's raw words. */
function slowPerft(position: Position, depth: number): number {
  if (depth === 0) return 1;
  const moves = position.legalMoves();
  if (moves.length === 0) return 1;
  let n = 0;
  for (const m of moves) n += slowPerft(position.play(m), depth - 1);
  return n;
}

function fromCode(code: string): Position {
  const r = parseCode(code);
  if (!r.ok) throw new Error(r.error);
  return r.value.position;
}

describe("perft through passes and finished games", () => {
  // Black to move, no black move at all: a forced pass at the root.
  const forcedPass = fromCode("2222222222222222222222222222222222222222222222222222222222221000" + "10");
  // Nearly full: each side may be forced to pass on the way to the end.
  const nearEnd = fromCode("1111111111111111111111111111111111111111111111112222222202220000" + "10");
  const cases: [string, Position][] = [
    ["forced pass", forcedPass],
    ["near the end", nearEnd],
  ];
  for (const [name, p] of cases) {
    it(`${name}: perft agrees with a move-by-move count at depths 1-8`, () => {
      for (let d = 1; d <= 8; d++) expect(perft(p, d)).toBe(slowPerft(p, d));
    });
  }

  it("a forced pass is a move: perft(1) is 1 and leads to the opponent's moves", () => {
    expect(forcedPass.legalMoves()).toEqual([PASS]);
    expect(perft(forcedPass, 1)).toBe(1);
    expect(perft(forcedPass, 2)).toBe(forcedPass.swapped().legalSquares().length);
  });

  it("a finished game is one leaf at every depth", () => {
    const full = fromCode("1".repeat(40) + "2".repeat(24) + "10");
    expect(full.isGameOver()).toBe(true);
    for (let d = 1; d <= 5; d++) expect(perft(full, d)).toBe(1);
  });

  it("agrees with the move-by-move count on positions from the start, depth 6", () => {
    expect(perft(Position.initial(), 6)).toBe(slowPerft(Position.initial(), 6));
  });
});
