import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { shippedWeights } from "../../../protocol/engine/evaluationWeights.js";
import { Analyst } from "../../../protocol/ui/analyst.js";
import { err, parseVertex } from "../../../src/index.js";
import { recordMoves } from "../../gameRecords.js";

const ROOT = join(import.meta.dirname, "..", "..", "..");

const v = (text: string): number => {
  const move = parseVertex(text);
  if (!move.ok) throw new Error(move.error);
  return move.value;
};

const ENDING = "f5d6c4g5f6f4f3e3d3f7g4h3e6g3h6g6f8e7e8c5c7c6b5c8d7b6h7d8g7a4a6d2c2b3c3b4d1f2e2a5a3h8g8e1h4h5";

describe("the analysis thread", () => {
  const analyst = new Analyst(shippedWeights, join(ROOT, "dist/analysisWorker.js"));
  afterAll(() => analyst.close());

  it("reviews a move and scores a position on its own thread, in the order asked", async () => {
    const order: string[] = [];
    const [review, scores] = await Promise.all([
      analyst
        .review(recordMoves(ENDING), v("b8"), () => false)
        .then((r) => {
          order.push("review");
          return r;
        }),
      analyst
        .scores(recordMoves(ENDING), () => false)
        .then((r) => {
          order.push("scores");
          return r;
        }),
    ]);
    expect(review).toEqual({
      ok: true,
      value: { by: "exact", depth: 14, best: v("f1"), bestValue: -2, playedValue: -22, loss: 20 },
    });
    expect(scores.ok && scores.value?.length).toBe(7);
    expect(order).toEqual(["review", "scores"]);
  });

  it("drops a job whose asker has gone before it began", async () => {
    const dropped = await analyst.scores(recordMoves(ENDING), () => true);
    expect(dropped).toEqual({ ok: false, error: "abandoned" });
  });

  it("says when the evaluation's weights cannot be read", async () => {
    const unweighted = new Analyst(
      () => err("cannot read w.weights: no such file"),
      join(ROOT, "dist/analysisWorker.js"),
    );
    expect(await unweighted.scores([], () => false)).toEqual(
      err("the analysis cannot start: cannot read w.weights: no such file"),
    );
  });

  it("says when the thread's bundle is missing", async () => {
    const unbuilt = new Analyst(shippedWeights, join(ROOT, "no-such-dir/analysisWorker.js"));
    const answer = await unbuilt.scores([], () => false);
    expect(answer.ok).toBe(false);
    if (!answer.ok)
      expect(answer.error).toMatch(
        /the analysis is not built: .*no-such-dir\/analysisWorker\.js is missing \(make builds it\)/,
      );
  });
});
