import { describe, expect, it } from "vitest";
import { loadEvaluation } from "../../../protocol/engine/evaluationWeights.js";
import { ANALYSIS_LIMITS, type AnalysisTools, exactScores, reviewMove } from "../../../protocol/ui/moveAnalysis.js";
import { AlphaBeta, PASS, Solver, parseVertex } from "../../../src/index.js";
import { positionAfter } from "../../gameRecords.js";

const evaluation = loadEvaluation(undefined);
if (!evaluation.ok) throw new Error(evaluation.error);
const tools: AnalysisTools = {
  solver: new Solver(),
  alphaBeta: new AlphaBeta(evaluation.value),
  now: () => performance.now(),
};

const v = (text: string): number => {
  const move = parseVertex(text);
  if (!move.ok) throw new Error(move.error);
  return move.value;
};

/** Tools whose clock leaps a second at each reading, with a solver that has solved nothing yet. */
function hurriedTools(): AnalysisTools {
  let t = 0;
  return { ...tools, solver: new Solver(), now: () => (t += 1000) };
}

/** Black to move with 14 empties: f1 keeps -2, b8 gives -22, a7 -4. */
const ENDING = positionAfter(
  "f5d6c4g5f6f4f3e3d3f7g4h3e6g3h6g6f8e7e8c5c7c6b5c8d7b6h7d8g7a4a6d2c2b3c3b4d1f2e2a5a3h8g8e1h4h5",
);

describe("a move against the best one", () => {
  it("is exact near the end: the best move, the values before and after, and the loss", () => {
    expect(reviewMove(ENDING, v("b8"), tools, ANALYSIS_LIMITS)).toEqual({
      by: "exact",
      depth: 14,
      best: v("f1"),
      bestValue: -2,
      playedValue: -22,
      loss: 20,
    });
    expect(reviewMove(ENDING, v("a7"), tools, ANALYSIS_LIMITS)).toMatchObject({ best: v("f1"), loss: 2 });
    expect(reviewMove(ENDING, v("f1"), tools, ANALYSIS_LIMITS)).toMatchObject({ best: v("f1"), loss: 0 });
  });

  it("is searched when the position has more empties, or when the solve runs out of time", () => {
    const opening = positionAfter("f5d6c3d3c4");
    const played = reviewMove(opening, v("f4"), tools, ANALYSIS_LIMITS);
    expect(played).toMatchObject({ by: "search", depth: ANALYSIS_LIMITS.depth });
    if (played.by === "forced") throw new Error("not forced");
    expect(played.loss).toBeCloseTo(played.bestValue - played.playedValue, 9);
    expect(played.loss).toBeGreaterThanOrEqual(0);
    // The search's best move loses nothing by its own measure.
    expect(reviewMove(opening, played.best, tools, ANALYSIS_LIMITS)).toMatchObject({ best: played.best, loss: 0 });
    // A clock that leaps a second at each reading: the solve gives up, the search answers.
    const hurried = hurriedTools();
    // Which move the depth-8 search prefers depends on the weights (f1 or a7, 2 discs apart);
    // that b8, 20 discs worse than the best, is a blunder does not.
    const searched = reviewMove(ENDING, v("b8"), hurried, ANALYSIS_LIMITS);
    expect(searched).toMatchObject({ by: "search", depth: ANALYSIS_LIMITS.depth });
    if (searched.by === "forced") throw new Error("not forced");
    expect([v("f1"), v("a7")]).toContain(searched.best);
    expect(searched.loss).toBeGreaterThan(10);
  });

  it("is forced for a pass and for the only legal move", () => {
    expect(reviewMove(positionAfter("d3c3b3b2f5a3a1c1"), PASS, tools, ANALYSIS_LIMITS)).toEqual({ by: "forced" });
    const only = positionAfter("c4e3f2e2d2c6e6");
    expect(only.legalMoves()).toEqual([v("f3")]);
    expect(reviewMove(only, v("f3"), tools, ANALYSIS_LIMITS)).toEqual({ by: "forced" });
  });
});

describe("the exact scores of a position's moves", () => {
  it("scores every legal move for the mover", () => {
    const scores = exactScores(ENDING, tools, ANALYSIS_LIMITS);
    expect(scores?.map((s) => s.move).sort((a, b) => a - b)).toEqual(ENDING.legalSquares().sort((a, b) => a - b));
    expect(Math.max(...(scores ?? []).map((s) => s.score))).toBe(tools.solver.solve(ENDING).score);
    expect(scores?.find((s) => s.move === v("b8"))?.score).toBe(-22);
  });

  it("has none for a position with more empties, or one not solved in time", () => {
    expect(exactScores(positionAfter("f5d6"), tools, ANALYSIS_LIMITS)).toBeUndefined();
    expect(exactScores(ENDING, hurriedTools(), ANALYSIS_LIMITS)).toBeUndefined();
  });
});
