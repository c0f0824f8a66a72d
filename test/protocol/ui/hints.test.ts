import { describe, expect, it } from "vitest";
import type { RootMoves } from "../../../protocol/ui/engineReport.js";
import { compactCount, squareValues } from "../../../protocol/ui/page/hints.js";

const root: RootMoves = {
  word: "thinking",
  side: "white",
  moves: [
    { move: "d6", visits: 12_400, winRate: 0.482, proven: null, pruned: false },
    { move: "f4", visits: 950, winRate: 0.41, proven: null, pruned: true },
    { move: "f6", visits: 0, winRate: null, proven: null, pruned: false },
  ],
};

describe("the hints on the squares", () => {
  it("show the engine's win rate and visits for each move, its most visited move as the best", () => {
    const values = squareValues(root, undefined);
    expect([...values.keys()]).toEqual(["d6", "f4", "f6"]);
    expect(values.get("d6")).toEqual({
      main: "48%",
      detail: "12k",
      best: true,
      words: "wins 48.2% of 12,400 visits",
    });
    expect(values.get("f4")).toMatchObject({ main: "41%", detail: "950", best: false, words: /set aside/ });
    expect(values.get("f6")).toEqual({ main: "–", detail: "0", best: false, words: "not searched yet" });
  });

  it("show a proven result, and take a proven win as the best whatever its visits", () => {
    const proven: RootMoves = {
      ...root,
      moves: [...root.moves.slice(0, 2), { move: "f6", visits: 3, winRate: 1, proven: "win", pruned: false }],
    };
    const values = squareValues(proven, undefined);
    expect(values.get("f6")).toMatchObject({ main: "win", best: true, words: "a proven win, 3 visits" });
    expect(values.get("d6")?.best).toBe(false);
  });

  it("show the exact scores once the position is solved, in place of the search's, every best move marked", () => {
    const exact = [
      { move: "a1", score: 4 },
      { move: "b2", score: -10 },
      { move: "h8", score: 4 },
      { move: "g7", score: 0 },
    ];
    const values = squareValues(root, exact);
    expect([...values.keys()]).toEqual(["a1", "b2", "h8", "g7"]);
    expect(values.get("a1")).toEqual({
      main: "+4",
      detail: "exact",
      best: true,
      words: "+4 discs at the end with best play",
    });
    expect(values.get("h8")?.best).toBe(true);
    expect(values.get("b2")).toMatchObject({ main: "-10", best: false });
    expect(values.get("g7")?.main).toBe("0");
    // Not solved in time: the search's values stay.
    expect(squareValues(root, null).get("d6")?.main).toBe("48%");
    expect(squareValues(undefined, undefined).size).toBe(0);
  });

  it("count visits in a few characters", () => {
    expect([0, 950, 1000, 1250, 12_400, 999_400, 999_999, 1_250_000, 45_000_000].map(compactCount)).toEqual([
      "0",
      "950",
      "1k",
      "1.3k",
      "12k",
      "999k",
      "1M",
      "1.3M",
      "45M",
    ]);
  });
});
