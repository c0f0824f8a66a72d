import { beforeAll, describe, expect, it } from "vitest";
import { Game, parseGameRecord } from "../../../src/index.js";
import { INFO, legalAfter, setupUiServer } from "./uiServerSetup.js";

/** `othello ui`'s server end to end: the review of a game (/api/review), and the solver's scores (/api/solve). */

const { serve } = setupUiServer();

/** A game where black, at 14 empties, plays b8: 20 discs worse than f1, the one best move (-2 against -22). */
const BLUNDER = "f5d6c4g5f6f4f3e3d3f7g4h3e6g3h6g6f8e7e8c5c7c6b5c8d7b6h7d8g7a4a6d2c2b3c3b4d1f2e2a5a3h8g8e1h4h5b8";

async function post(base: string, path: string, body: unknown): Promise<{ status: number; text: string }> {
  const response = await fetch(`${base}${path}`, {
    method: "POST",
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: response.status, text: await response.text() };
}

describe("/api/review and /api/solve", () => {
  let base: string;
  beforeAll(async () => ({ base } = await serve(["/no/engine/needed"])));

  it("reviews every move against the best one, line by line: exact near the end, by the search before", async () => {
    const { status, text } = await post(base, "/api/review", { moves: BLUNDER });
    expect(status).toBe(200);
    const lines = text
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const moves = parseGameRecord(BLUNDER);
    if (!moves.ok) throw new Error(moves.error);
    expect(lines).toHaveLength(moves.value.length + 1);
    expect(lines.at(-1)).toMatchObject({ done: true, moves: moves.value.length });
    expect(lines.at(-2)).toEqual({
      ply: 46,
      move: "b8",
      by: "exact",
      depth: 14,
      best: "f1",
      bestValue: -2,
      playedValue: -22,
      loss: 20,
    });
    const game = new Game();
    for (const [ply, line] of lines.slice(0, -1).entries()) {
      expect(line.ply).toBe(ply);
      expect(line.move).toBe(BLUNDER.slice(2 * ply, 2 * ply + 2));
      const empties = game.position.empties();
      // No move of this game is forced: each is reviewed, exactly from 18 empties on.
      expect(line.by).toBe(empties <= INFO.exactEmpties ? "exact" : "search");
      expect(line.loss as number).toBeGreaterThanOrEqual(0);
      expect(line.loss).toBeCloseTo((line.bestValue as number) - (line.playedValue as number), 1);
      // A move as good as the best is the best; a worse one names a better legal move.
      if (line.loss === 0) expect(line.best).toBe(line.move);
      else expect(legalAfter(BLUNDER.slice(0, 2 * ply), line.best as string)).toBe(true);
      game.play(moves.value[ply]!);
    }
  });

  it("marks a forced move, and reviews an empty game in one line", async () => {
    // After these moves black has no move: the pass, and white's only reply, are forced.
    const passing = "d3c3b3b2f5a3a1c1";
    const { text } = await post(base, "/api/review", { moves: `${passing} pass` });
    expect(JSON.parse(text.trim().split("\n")[8]!)).toEqual({ ply: 8, move: "pass", by: "forced" });
    const empty = await post(base, "/api/review", { moves: "" });
    expect(JSON.parse(empty.text)).toMatchObject({ done: true, moves: 0 });
  });

  it.each(["/api/review", "/api/solve"])(
    "%s refuses a malformed game with the reason, and other methods",
    async (path) => {
      expect(await post(base, path, { moves: "f5f5" })).toMatchObject({
        status: 400,
        text: /"moves": move 2, f5, is illegal/,
      });
      expect(await post(base, path, "[1]")).toMatchObject({ status: 400, text: /not a JSON object/ });
      expect(await post(base, path, {})).toMatchObject({ status: 400, text: /"moves" must be a game/ });
      expect((await fetch(`${base}${path}`)).status).toBe(405);
    },
  );

  it("solves each move of a position near the end, and not one with more empties", async () => {
    const near = BLUNDER.slice(0, -2);
    const { status, text } = await post(base, "/api/solve", { moves: near });
    expect(status).toBe(200);
    const scores = (JSON.parse(text) as { scores: { move: string; score: number }[] }).scores;
    expect(Object.fromEntries(scores.map((s) => [s.move, s.score]))).toEqual({
      f1: -2,
      g1: -12,
      g2: -10,
      h2: -10,
      a7: -4,
      b7: -16,
      b8: -22,
    });
    expect(JSON.parse((await post(base, "/api/solve", { moves: "f5d6" })).text)).toEqual({ scores: null });
  });
});
