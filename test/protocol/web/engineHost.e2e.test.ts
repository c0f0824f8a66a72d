import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { Game, type Move, PASS, formatVertex, parseVertex } from "../../../src/index.js";
import { TOP_LEVEL } from "../../../protocol/engine/levels.js";
import { EngineHost, loadStart } from "../../../protocol/web/engineHost.js";
import type { WorkerAnswer, WorkerStart } from "../../../protocol/web/workerMessages.js";
import { recordMoves } from "../../gameRecords.js";

const ROOT = join(import.meta.dirname, "..", "..", "..");
const GAME = recordMoves(
  "f5d6c4g5f6f4f3e3d3f7g4h3e6g3h6g6f8e7e8c5c7c6b5c8d7b6h7d8g7a4a6d2c2b3c3b4d1f2e2a5a3h8g8e1h4h5",
);
/** Positions of the opening (the book's), the middle game (the search's) and the end (the solver's). */
const PLIES = [0, 1, 6, 14, 23, 31, 38, 44, 46];
const VISITS = 1500;
const SEED = 11;

function start(overrides: Partial<WorkerStart> = {}): WorkerStart {
  const weights = readFileSync(join(ROOT, "weights/eval.weights"));
  return {
    kind: "start",
    weights: weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.length),
    book: readFileSync(join(ROOT, "book/opening.book"), "utf8"),
    seed: SEED,
    maxNodes: 200_000,
    visits: VISITS,
    ...overrides,
  };
}

function host(overrides: Partial<WorkerStart> = {}): { host: EngineHost; answers: WorkerAnswer[] } {
  const answers: WorkerAnswer[] = [];
  const request = start(overrides);
  const loaded = loadStart(request);
  if (!loaded.ok) throw new Error(loaded.error);
  return { host: new EngineHost(request, loaded.value, (a) => void answers.push(a)), answers };
}

interface Search {
  readonly move: string;
  readonly nodes: number;
}

const vertex = (move: Move): string => (move === PASS ? "pass" : formatVertex(move).toLowerCase());
const colour = (ply: number): string => (ply % 2 === 0 ? "b" : "w");

describe("the page's engine (the worker's host)", () => {
  it("plays the moves of othello --gtp at the same visits and seed, book, search and solver alike", () => {
    const { host: engine, answers } = host();
    PLIES.forEach((ply, id) => {
      engine.handle({ kind: "move", id, moves: GAME.slice(0, ply), seconds: 1, level: TOP_LEVEL, hint: false });
    });
    const moves = answers.filter((a) => a.kind === "move").map((a) => a.move);
    // The same requests to the command-line engine: a new game for each position, its moves, its genmove.
    const commands = PLIES.flatMap((ply) => [
      "clear_board",
      ...GAME.slice(0, ply).map((m, i) => `play ${colour(i)} ${vertex(m)}`),
      `genmove ${colour(ply)}`,
    ]);
    const gtp = spawnSync(
      process.execPath,
      [join(ROOT, "dist/othello.js"), "--gtp", "--visits", String(VISITS), "--seed", String(SEED)],
      { input: `${commands.join("\n")}\nquit\n`, encoding: "utf8" },
    );
    const replies = gtp.stdout.split("\n").filter((line) => /^= [a-hA-H][1-8]|^= pass/.test(line));
    expect(replies.map((r) => r.slice(2).toLowerCase())).toEqual(moves);
    expect(moves).toHaveLength(PLIES.length);
    // The positions reach the book, the search and the solver: the answers say so.
    const by = answers.filter((a) => a.kind === "move").map((a) => a.report?.kind);
    expect(by.slice(0, 3)).toEqual(["note", "note", "note"]);
    expect(by).toContain("search");
    expect(by.at(-1)).toBe("solve");
  });

  it("says how its search stands while it runs, and answers each request with its id", () => {
    const { host: engine, answers } = host({ visits: undefined });
    engine.handle({ kind: "move", id: 7, moves: GAME.slice(0, 20), seconds: 0.6, level: TOP_LEVEL, hint: true });
    const thinking = answers.filter((a) => a.kind === "thinking");
    expect(thinking.length).toBeGreaterThan(0);
    expect(thinking.every((a) => a.id === 7 && a.moves !== undefined && a.report?.kind === "search")).toBe(true);
    const move = answers.at(-1)!;
    expect(move).toMatchObject({ kind: "move", id: 7, report: { kind: "search" } });
  });

  it("keeps its tree when the game goes on, and starts afresh on another game", () => {
    const { host: engine, answers } = host();
    const ask = (id: number, moves: readonly Move[], hint = false): Search => {
      engine.handle({ kind: "move", id, moves, seconds: 1, level: TOP_LEVEL, hint });
      const answer = answers.at(-1);
      if (answer?.kind !== "move" || answer.report?.kind !== "search") throw new Error(JSON.stringify(answer));
      return { move: answer.move, nodes: answer.report.nodes };
    };
    // Hints search a tree of their own: the game's tree is the engine's moves'.
    const hint = ask(1, GAME.slice(0, 20), true);
    const own = ask(2, GAME.slice(0, 20));
    expect(own.nodes).toBeLessThanOrEqual(hint.nodes + VISITS);
    expect(ask(5, GAME.slice(0, 20), true).nodes).toBeGreaterThan(hint.nodes);
    // Its move and the person's reply: the tree is kept, so the next search starts with nodes already under its root.
    const reply = new Game();
    for (const m of GAME.slice(0, 20)) reply.play(m);
    const played = parseVertex(own.move);
    if (!played.ok) throw new Error(played.error);
    reply.play(played.value);
    const line = reply.moves;
    const next = ask(3, [...line, reply.position.legalMoves()[0]!]);
    expect(next.nodes).toBeGreaterThan(VISITS);
    // Another game: the tree starts afresh.
    expect(ask(4, GAME.slice(0, 21)).nodes).toBeLessThan(next.nodes);
  });

  it("searches the hints even where the book has the move, so that every move has a value", () => {
    const { host: engine, answers } = host();
    engine.handle({ kind: "move", id: 1, moves: [], seconds: 1, level: TOP_LEVEL, hint: true });
    const hint = answers.at(-1);
    expect(hint).toMatchObject({ kind: "move", id: 1, report: { kind: "search" } });
    expect(hint?.kind === "move" && hint.moves?.moves.map((m) => m.move).sort()).toEqual(["c4", "d3", "e6", "f5"]);
    engine.handle({ kind: "move", id: 2, moves: [], seconds: 1, level: TOP_LEVEL, hint: false });
    expect(answers.at(-1)).toMatchObject({ kind: "move", id: 2, report: { kind: "note" } });
  });

  it("answers a level below the top at once, with its few visits", () => {
    const { host: engine, answers } = host({ visits: undefined });
    engine.handle({ kind: "move", id: 1, moves: GAME.slice(0, 20), seconds: 5, level: 1, hint: false });
    const answer = answers.at(-1)!;
    expect(answer).toMatchObject({ kind: "move", id: 1, engine: "othello-uct, level 1" });
    expect(answer.kind === "move" && answer.report?.kind === "search" && answer.report.seconds).toBeLessThan(1);
  });

  it("refuses what is not a game, a level that does not exist, and a corrupt weights file, saying why", () => {
    const { host: engine, answers } = host();
    engine.handle({ kind: "move", id: 1, moves: [GAME[1]!], seconds: 1, level: TOP_LEVEL, hint: false });
    expect(answers.at(-1)).toMatchObject({ kind: "error", id: 1, error: expect.stringContaining("illegal move d6") });
    engine.handle({ kind: "move", id: 2, moves: [], seconds: 1, level: TOP_LEVEL + 1, hint: false });
    expect(answers.at(-1)).toMatchObject({ kind: "error", id: 2, error: expect.stringContaining("no level") });
    const corrupt = start();
    new Uint8Array(corrupt.weights)[1000]! ^= 1;
    const loaded = loadStart(corrupt);
    expect(loaded).toMatchObject({ ok: false, error: expect.stringContaining("checksum") });
    expect(loadStart({ ...start(), book: "not a book" })).toMatchObject({ ok: false });
  });

  it("gives the exact scores near the end and reviews a move against the best one", () => {
    const { host: engine, answers } = host();
    engine.handle({ kind: "scores", id: 1, moves: GAME.slice(0, 44) });
    const scores = answers.at(-1);
    expect(scores?.kind === "scores" && scores.scores !== null && scores.scores.length).toBeGreaterThan(0);
    engine.handle({ kind: "review", id: 2, moves: GAME.slice(0, 44), move: GAME[44]! });
    expect(answers.at(-1)).toMatchObject({ kind: "review", id: 2, review: { by: "exact" } });
  });
});
