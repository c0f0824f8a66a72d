import { describe, expect, it } from "vitest";
import {
  type PlyLine,
  type Review,
  bestSquare,
  describeMove,
  lossText,
  lostDiscs,
  moveItems,
  reviewSummary,
} from "../../../protocol/ui/page/review.js";
import { PASS } from "../../../src/index.js";
import { recordMoves } from "../../gameRecords.js";

/** Black passes after these 8 moves. */
const GAME = [...recordMoves("d3c3b3b2f5a3a1c1"), PASS];

const search = (ply: number, move: string, best: string, bestValue: number, playedValue: number): PlyLine => ({
  ply,
  move,
  by: "search",
  depth: 6,
  best,
  bestValue,
  playedValue,
  loss: bestValue - playedValue,
});

const LINES: PlyLine[] = [
  search(0, "d3", "d3", 0.4, 0.4),
  search(1, "c3", "c5", 1.2, 0.9),
  search(2, "b3", "c4", 2.5, -1.5),
  { ply: 3, move: "b2", by: "exact", depth: 18, best: "e6", bestValue: 6, playedValue: -6, loss: 12 },
  { ply: 8, move: "pass", by: "forced" },
];

describe("the move list with the review", () => {
  it("gives each move its colour and the review's line, while the game is the one reviewed", () => {
    const review: Review = { moves: GAME, lines: LINES };
    const items = moveItems(GAME, review);
    expect(items.map((i) => `${i.colour[0]}${i.vertex}`).join(" ")).toBe("bd3 wc3 bb3 wb2 bf5 wa3 ba1 wc1 bpass");
    expect(items.map((i) => i.line?.ply)).toEqual([0, 1, 2, 3, undefined, undefined, undefined, undefined, 8]);
    // Undone to three moves, another third move: only the first two lines still hold.
    expect(moveItems(recordMoves("d3c3c4"), review).map((i) => i.line?.ply)).toEqual([0, 1, undefined]);
    expect(moveItems(GAME, undefined).every((i) => i.line === undefined)).toBe(true);
  });

  it("marks the moves that lost a disc or more, with the best move and the loss", () => {
    const items = moveItems(GAME, { moves: GAME, lines: LINES });
    expect(items.map((i) => lostDiscs(i)?.ply)).toEqual([
      undefined, // no loss
      undefined, // 0.3 discs by a search: noise
      2,
      3,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined, // forced
    ]);
    expect(lossText(lostDiscs(items[2]!)!)).toBe("−4.0");
    expect(lossText(lostDiscs(items[3]!)!)).toBe("−12");
    expect(bestSquare(items[3]!)).toBe(44); // e6
    expect(bestSquare(items[1]!)).toBeUndefined();
  });

  it("says what each move did", () => {
    const items = moveItems(GAME, { moves: GAME, lines: LINES });
    expect(describeMove(items[3]!)).toBe(
      "Move 4, White b2 lost 12 discs exactly, by the solver: b2 leads to -6, e6 to +6.",
    );
    expect(describeMove(items[2]!)).toBe(
      "Move 3, Black b3 lost about 4.0 discs by the alpha-beta search, 6 plies deep: b3 leads to -1.5, c4 to +2.5.",
    );
    expect(describeMove(items[0]!)).toBe(
      "Move 1, Black d3: the best move, +0.4 discs by the alpha-beta search, 6 plies deep.",
    );
    expect(describeMove(items[1]!)).toBe(
      "Move 2, White c3: as good as c5, +0.9 discs by the alpha-beta search, 6 plies deep.",
    );
    expect(describeMove(items[8]!)).toBe("Move 9, Black pass: forced.");
    expect(describeMove(items[5]!)).toBe("Move 6, White a3.");
  });

  it("sums up each side's losses, and counts the moves while the review runs", () => {
    const items = moveItems(GAME, { moves: GAME, lines: LINES });
    expect(reviewSummary(items, false)).toBe("Reviewing… 5 of 9 moves.");
    expect(reviewSummary(items, true)).toBe(
      "Reviewed 9 moves: Black lost about 4 discs in 1 move; White lost 12 discs in 1 move.",
    );
    const small = [search(0, "d3", "c4", 1.2, 0.1)];
    expect(reviewSummary(moveItems(GAME, { moves: GAME, lines: small }), true)).toBe(
      "Reviewed 9 moves: Black lost about 1 disc in 1 move; White lost no disc.",
    );
    expect(reviewSummary(moveItems(GAME, { moves: GAME, lines: LINES.slice(0, 2) }), true)).toBe(
      "Reviewed 9 moves: Black lost no disc; White lost no disc.",
    );
  });
});
