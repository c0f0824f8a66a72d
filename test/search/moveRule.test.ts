import { describe, expect, it } from "vitest";
import { moveToPlay } from "../../src/index.js";
import { type Row, candidates } from "./candidateRows.js";

describe("the move rule (moveToPlay)", () => {
  it.each<[string, readonly Row[], number]>([
    [
      "the most visited open move",
      [
        [10, 0.6, "-"],
        [30, 0.5, "-"],
        [20, 0.7, "-"],
      ],
      1,
    ],
    [
      "of equal visits, the higher mean",
      [
        [30, 0.5, "-"],
        [30, 0.55, "-"],
        [30, 0.52, "-"],
      ],
      1,
    ],
    [
      "of equal visits and means, the first",
      [
        [30, 0.5, "-"],
        [30, 0.5, "-"],
      ],
      0,
    ],
    [
      "of no visits at all, the first, no mean read",
      [
        [0, 0, "-"],
        [0, 0, "-"],
      ],
      0,
    ],
    [
      "not a pruned move, however visited",
      [
        [50, 0.6, "-", "p"],
        [30, 0.5, "-"],
      ],
      1,
    ],
    [
      "a proven win over any open move",
      [
        [90, 0.6, "-"],
        [5, 1, "win"],
      ],
      1,
    ],
    [
      "the most visited of two wins",
      [
        [3, 1, "win"],
        [90, 0.6, "-"],
        [5, 1, "win"],
      ],
      2,
    ],
    [
      "of two wins equally visited, the higher mean",
      [
        [5, 0.9, "win"],
        [5, 1, "win"],
      ],
      1,
    ],
    [
      "a pruned win too",
      [
        [90, 0.6, "-"],
        [5, 1, "win", "p"],
      ],
      1,
    ],
    [
      "a draw over an open move that loses on average",
      [
        [90, 0.45, "-"],
        [5, 0.5, "draw"],
      ],
      1,
    ],
    [
      "an open move at exactly a draw's mean over the draw",
      [
        [90, 0.5, "-"],
        [5, 0.5, "draw"],
      ],
      0,
    ],
    [
      "an open move not yet visited over a draw",
      [
        [0, 0, "-"],
        [5, 0.5, "draw"],
      ],
      0,
    ],
    [
      "an open move over a proven loss",
      [
        [1, 0.1, "-"],
        [90, 0, "loss"],
      ],
      0,
    ],
    [
      "a draw over a proven loss",
      [
        [90, 0, "loss"],
        [5, 0.5, "draw"],
      ],
      1,
    ],
    [
      "a pruned open move when no other is left",
      [
        [90, 0, "loss"],
        [10, 0.3, "-", "p"],
        [20, 0.2, "-", "p"],
      ],
      2,
    ],
    [
      "a draw before pruned open moves",
      [
        [10, 0.3, "-", "p"],
        [5, 0.5, "draw"],
      ],
      1,
    ],
    [
      "the most visited of proven losses",
      [
        [9, 0, "loss"],
        [90, 0, "loss"],
        [30, 0, "loss"],
      ],
      1,
    ],
    [
      "a draw, listed first, over an open move that loses on average",
      [
        [5, 0.5, "draw"],
        [90, 0.45, "-"],
      ],
      0,
    ],
    [
      "a draw, listed first, over a proven loss",
      [
        [5, 0.5, "draw"],
        [90, 0, "loss"],
      ],
      0,
    ],
    [
      "the most visited of proven losses, pruned or not",
      [
        [9, 0, "loss", "p"],
        [90, 0, "loss", "p"],
      ],
      1,
    ],
    [
      "a pruned draw over an open move that loses on average",
      [
        [90, 0.45, "-"],
        [5, 0.5, "draw", "p"],
      ],
      1,
    ],
    ["nothing among no candidates", [], -1],
  ])("%s", (_, rows, expected) => {
    expect(moveToPlay(candidates(rows))).toBe(expected);
  });
});
