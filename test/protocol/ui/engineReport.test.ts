import { describe, expect, it } from "vitest";
import {
  formatAlphaBetaReport,
  formatRootMoves,
  formatSearchReport,
  formatSolveReport,
  formatUnsearchedMove,
} from "../../../protocol/engine/searchReport.js";
import { parseEngineReport, parseRootMoves } from "../../../protocol/ui/engineReport.js";
import { PASS, Position, type SearchReport, type SolveResult, parseVertex } from "../../../src/index.js";

const v = (text: string): number => {
  const move = parseVertex(text);
  if (!move.ok) throw new Error(move.error);
  return move.value;
};

const BLACK = Position.initial();
const WHITE = BLACK.play(v("f5"));

const SEARCH: SearchReport = {
  move: v("c4"),
  visits: 12345,
  elapsedMs: 480,
  startMs: 1,
  reused: 300,
  nodes: 20000,
  pruned: 3,
  moveVisits: 9000,
  moveWinRate: 0.625,
  pv: [v("c4"), v("c3"), v("d3")],
  leaf: "playout",
  priors: false,
  solved: 0,
  stoppedEarly: false,
};

// The lines come from the engine's own formatters, so a change of their wording fails here.
describe("our engine's report lines, read back", () => {
  it("reads a search line", () => {
    expect(parseEngineReport(formatSearchReport(SEARCH, BLACK))).toEqual({
      kind: "search",
      side: "black",
      playouts: 12345,
      seconds: 0.48,
      nodes: 20000,
      visits: 9000,
      winRate: 0.625,
      proven: undefined,
      pv: ["c4", "c3", "d3"],
    });
  });

  it("reads a search line with evaluated leaves", () => {
    expect(
      parseEngineReport(
        formatSearchReport({ ...SEARCH, leaf: "eval", priors: true, solved: 4, stoppedEarly: true }, BLACK),
      ),
    ).toMatchObject({
      kind: "search",
      playouts: 12345,
      nodes: 20000,
      visits: 9000,
      winRate: 0.625,
    });
  });

  it.each(["win", "draw", "loss"] as const)("reads a proven %s, from white's side", (proven) => {
    const report = parseEngineReport(formatSearchReport({ ...SEARCH, proven }, WHITE));
    expect(report).toMatchObject({ kind: "search", side: "white", proven });
  });

  it("reads a progress line, written while the search runs, as that search's report", () => {
    const line = formatSearchReport(SEARCH, BLACK, "thinking");
    expect(line.startsWith("thinking: black: 12345 playouts")).toBe(true);
    expect(parseEngineReport(line)).toEqual(parseEngineReport(formatSearchReport(SEARCH, BLACK)));
  });

  it("reads the alpha-beta player's line", () => {
    const line = formatAlphaBetaReport({ move: v("d3"), score: -3.25, depth: 6, nodes: 45678 }, 250, BLACK);
    expect(parseEngineReport(line)).toEqual({
      kind: "alphabeta",
      side: "black",
      depth: 6,
      nodes: 45678,
      seconds: 0.25,
      score: -3.25,
    });
    expect(
      parseEngineReport(formatAlphaBetaReport({ move: v("c4"), score: 12, depth: 4, nodes: 9 }, 10, WHITE)),
    ).toMatchObject({ side: "white", score: 12 });
  });

  it("reads a search that had no time", () => {
    expect(parseEngineReport(formatSearchReport({ ...SEARCH, moveVisits: 0, visits: 0, pv: [] }, BLACK))).toMatchObject(
      {
        kind: "search",
        visits: 0,
        winRate: 0.5,
        pv: [],
      },
    );
  });

  const solve = (score: number, solved = true): SolveResult =>
    ({ solved, score, move: v("c4"), nodes: 5000 }) as SolveResult;

  it.each([
    [12, "exact", { outcome: "exact", score: 12 }],
    [-4, "exact", { outcome: "exact", score: -4 }],
    [0, "exact", { outcome: "exact", score: 0 }],
    [2, "wld", { outcome: "win", score: undefined }],
    [0, "wld", { outcome: "draw", score: undefined }],
    [-2, "wld", { outcome: "loss", score: undefined }],
  ] as const)("reads a solve of %d (%s)", (score, mode, expected) => {
    expect(parseEngineReport(formatSolveReport(solve(score), mode, 20, BLACK))).toEqual({
      kind: "solve",
      side: "black",
      nodes: 5000,
      seconds: 0.02,
      ...expected,
    });
  });

  it.each([
    [8, "win"],
    [-4, "loss"],
  ] as const)("reads a solve narrowed to at least %d as a proven %s", (score, outcome) => {
    const bound = { ...solve(score), bound: "lower" } as SolveResult;
    const line = formatSolveReport(bound, "exact", 20, BLACK);
    expect(line).toMatch(/^solve: black: solved at least [+-]\d+, 5000 nodes/);
    expect(parseEngineReport(line)).toEqual({
      kind: "solve",
      side: "black",
      nodes: 5000,
      seconds: 0.02,
      outcome,
      score: undefined,
    });
  });

  it("reads an unfinished solve as no report (the search's line follows)", () => {
    expect(parseEngineReport(formatSolveReport(solve(0, false), "exact", 20, BLACK))).toBeUndefined();
  });

  it("reads the one-line notes, the vertex as the page writes it", () => {
    expect(
      parseEngineReport(
        formatUnsearchedMove({ by: "forced", move: v("c4"), reason: "only move", elapsedMs: 0 }, BLACK),
      ),
    ).toEqual({
      kind: "note",
      side: "black",
      text: "c4 is the only move, played at once",
    });
    expect(
      parseEngineReport(formatUnsearchedMove({ by: "forced", move: PASS, reason: "pass", elapsedMs: 0 }, WHITE)),
    ).toEqual({
      kind: "note",
      side: "white",
      text: "no legal move, pass",
    });
  });

  it.each(["", "othello: something else", "misbehaving engine (crash) ready", "search: nobody: x"])(
    "ignores %j",
    (line) => {
      expect(parseEngineReport(line)).toBeUndefined();
    },
  );
});

describe("our engine's moves lines, read back", () => {
  const children = [
    { move: v("c4"), visits: 900, winRate: 0.625, pruned: false, proven: undefined },
    { move: v("d3"), visits: 40, winRate: 0.3, pruned: true, proven: undefined },
    { move: v("e6"), visits: 12, winRate: 1, pruned: false, proven: "win" as const },
    { move: v("f5"), visits: 0, winRate: Number.NaN, pruned: false, proven: undefined },
  ];

  it("reads every move with its visits, win rate, proof and pruning", () => {
    expect(parseRootMoves(formatRootMoves(children, BLACK, "thinking"))).toEqual({
      word: "thinking",
      side: "black",
      moves: [
        { move: "c4", visits: 900, winRate: 0.625, proven: null, pruned: false },
        { move: "d3", visits: 40, winRate: 0.3, proven: null, pruned: true },
        { move: "e6", visits: 12, winRate: 1, proven: "win", pruned: false },
        { move: "f5", visits: 0, winRate: null, proven: null, pruned: false },
      ],
    });
    expect(parseRootMoves(formatRootMoves(children.slice(0, 1), WHITE))).toMatchObject({
      word: "search",
      side: "white",
      moves: [{ move: "c4" }],
    });
  });

  it("is not a report, and a report is not a moves line; a garbled one is nothing", () => {
    const line = formatRootMoves(children, BLACK);
    expect(parseEngineReport(line)).toBeUndefined();
    expect(parseRootMoves(formatSearchReport(SEARCH, BLACK))).toBeUndefined();
    expect(parseRootMoves("search moves: black: C4 9x0 62.5%")).toBeUndefined();
  });
});
