import { spawn } from "node:child_process";
import { type AddressInfo, connect } from "node:net";
import type { Server } from "node:http";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ProcessRegistry } from "../../../protocol/controller/engineProcess.js";
import { shippedWeights } from "../../../protocol/engine/evaluationWeights.js";
import { Analyst } from "../../../protocol/ui/analyst.js";
import { EngineListener, processLinks } from "../../../protocol/ui/engineLinks.js";
import { Opponent } from "../../../protocol/ui/opponent.js";
import {
  OpponentTables,
  type PageFiles,
  type UiInfo,
  createUiServer,
  loadPage,
} from "../../../protocol/ui/uiServer.js";
import { Game, formatGameRecord, parseGameRecord, parseVertex } from "../../../src/index.js";

const ROOT = join(import.meta.dirname, "..", "..", "..");
const OTHELLO = join(ROOT, "dist/othello.js");
const MISBEHAVING = join(ROOT, "test/protocol/match/misbehavingEngine.mjs");
const INFO: UiInfo = {
  engine: "test engine",
  seconds: 0.05,
  minSeconds: 0.01,
  maxSeconds: 60,
  hints: true,
  exactEmpties: 18,
  levels: [],
  level: 0,
};
const LIMITS = { replyMs: 3000, graceMs: 700 };

const registry = new ProcessRegistry();
const closers: (() => void)[] = [];
let page: PageFiles;
const analyst = new Analyst(shippedWeights, join(ROOT, "dist/analysisWorker.js"));

beforeAll(() => {
  const loaded = loadPage(join(ROOT, "dist/ui"));
  if (!loaded.ok) throw new Error(loaded.error);
  page = loaded.value;
}, 60_000);

afterAll(() => {
  for (const close of closers) close();
  registry.killAll();
  analyst.close();
});

/** A server on a free loopback port whose games are played by `argv` (one process per game id). */
async function serve(
  argv: string[],
  protocol: "otp" | "gtp" = "otp",
): Promise<{ base: string; tables: OpponentTables; server: Server }> {
  const tables = new OpponentTables(
    () => new Opponent(processLinks(argv, protocol, registry, LIMITS.replyMs), LIMITS),
    3,
    60_000,
  );
  return listen(createUiServer(page, INFO, tables, analyst), tables);
}

async function listen(
  server: Server,
  tables: OpponentTables,
): Promise<{ base: string; tables: OpponentTables; server: Server }> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  closers.push(() => {
    tables.close();
    server.closeAllConnections();
    server.close();
  });
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, tables, server };
}

async function askMove(base: string, body: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(`${base}/api/move`, {
    method: "POST",
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

/** The request line sent as it is, without the URL normalizing that fetch does; the status and the body. */
function rawGet(base: string, path: string): Promise<{ status: number; body: string }> {
  const { port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), "127.0.0.1");
    let text = "";
    socket.setEncoding("utf8").on("data", (d: string) => (text += d));
    socket.on("error", reject);
    socket.on("end", () =>
      resolve({ status: Number(/^HTTP\/1\.1 (\d+)/.exec(text)?.[1]), body: text.slice(text.indexOf("\r\n\r\n") + 4) }),
    );
    socket.write(`GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
  });
}

function replay(record: string): Game {
  const moves = parseGameRecord(record);
  if (!moves.ok) throw new Error(moves.error);
  const game = new Game();
  for (const m of moves.value) game.play(m);
  return game;
}

const legalAfter = (record: string, move: string): boolean => {
  const square = parseVertex(move);
  return square.ok && replay(record).position.isLegal(square.value);
};

describe("the page's files, and nothing else", () => {
  let base: string;
  beforeAll(async () => ({ base } = await serve(["node", OTHELLO])));

  it.each([
    ["/", "text/html", /<div id="board"/],
    ["/index.html", "text/html", /<div id="board"/],
    ["/page.js", "text/javascript", /./],
    ["/page.css", "text/css", /#board/],
  ])("serves %s", async (path, type, body) => {
    const response = await fetch(`${base}${path}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain(type);
    expect(response.headers.get("content-security-policy")).toContain("default-src 'self'");
    expect(await response.text()).toMatch(body);
  });

  it.each([
    "/../../etc/passwd",
    "/%2e%2e/%2e%2e/etc/passwd",
    "/..%2fpackage.json",
    "/package.json",
    "/dist/othello.js",
    "/page.js/../../Makefile",
    "//etc/passwd",
    "/ui/index.html",
  ])("serves no %s", async (path) => {
    const { status, body } = await rawGet(base, path);
    expect(status).toBe(404);
    expect(body).not.toMatch(/root:|"devDependencies"|<html/);
  });

  it("answers other methods with 405", async () => {
    expect((await fetch(`${base}/`, { method: "POST", body: "x" })).status).toBe(405);
    expect((await fetch(`${base}/api/move`)).status).toBe(405);
  });

  it("tells the page who plays and the time range", async () => {
    expect(await (await fetch(`${base}/api/info`)).json()).toEqual(INFO);
  });

  it("says the page is not built when it is not", () => {
    const missing = loadPage(join(ROOT, "no-such-dir"));
    expect(missing.ok).toBe(false);
    if (!missing.ok) expect(missing.error).toMatch(/the page is not built .*make all/);
  });
});

describe("/api/move with our engine", () => {
  let base: string;
  let tables: OpponentTables;
  // The search's reports: no opening book.
  beforeAll(async () => ({ base, tables } = await serve(["node", OTHELLO, "--no-book"])));

  it("answers a book move with the engine's note that says so", async () => {
    const { base: bookBase } = await serve(["node", OTHELLO]);
    const { status, json } = await askMove(bookBase, { game: "book", moves: "f5", seconds: 0.05 });
    expect(status).toBe(200);
    expect(legalAfter("f5", json.move as string)).toBe(true);
    expect(json.report).toMatchObject({
      kind: "note",
      side: "white",
      text: expect.stringContaining("from the opening book"),
    });
  });

  it("answers a legal move with the engine's report", async () => {
    const { status, json } = await askMove(base, { game: "tab-1", moves: "f5", seconds: 0.05 });
    expect(status).toBe(200);
    expect(json.engine).toBe("othello-uct");
    expect(legalAfter("f5", json.move as string)).toBe(true);
    expect(json.report).toMatchObject({ kind: "search", side: "white" });
    // Without --progress our engine writes no moves line.
    expect(json.moves).toBeUndefined();
  });

  it("tells how the search stands while our engine thinks (its --progress lines), and nothing otherwise", async () => {
    const thinking = async (game: string) => {
      const response = await fetch(`${base}/api/thinking?game=${game}`);
      return { status: response.status, json: (await response.json()) as Record<string, unknown> };
    };
    expect(await thinking("nobody")).toEqual({ status: 200, json: { ply: null, report: null, moves: null } });
    expect((await thinking("a%20b")).status).toBe(400);
    const { base: progressBase } = await serve(["node", OTHELLO, "--progress", "0.1", "--no-book"]);
    const asked = askMove(progressBase, { game: "live", moves: "f5", seconds: 1.5 });
    const seen: unknown[] = [];
    const seenMoves: unknown[] = [];
    for (let i = 0; i < 12; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const response = await fetch(`${progressBase}/api/thinking?game=live`);
      const { ply, report, moves } = (await response.json()) as { ply: unknown; report: unknown; moves: unknown };
      if (report !== null) {
        seen.push(report);
        // The move searched is the one after f5.
        expect(ply).toBe(1);
      }
      if (moves !== null) seenMoves.push(moves);
    }
    expect(seen.length).toBeGreaterThan(0);
    expect(seen[0]).toMatchObject({ kind: "search", side: "white" });
    // Every legal move of white's after f5, each with its visits and win rate.
    const legal = (moves: unknown) => (moves as { moves: { move: string }[] }).moves.map((m) => m.move).sort();
    expect(seenMoves.length).toBeGreaterThan(0);
    expect(seenMoves[0]).toMatchObject({ word: "thinking", side: "white" });
    expect(legal(seenMoves[0])).toEqual(["d6", "f4", "f6"]);
    const { status, json } = await asked;
    expect(status).toBe(200);
    expect(json.report).toMatchObject({ kind: "search", side: "white" });
    for (const r of seen as { playouts: number }[])
      expect(r.playouts).toBeLessThanOrEqual((json.report as { playouts: number }).playouts);
    expect(json.moves).toMatchObject({ word: "search", side: "white" });
    expect(legal(json.moves)).toEqual(["d6", "f4", "f6"]);
    const visits = (json.moves as { moves: { visits: number }[] }).moves.reduce((sum, m) => sum + m.visits, 0);
    expect(visits).toBeGreaterThan(0);
    expect(visits).toBeLessThanOrEqual((json.report as { playouts: number }).playouts);
    // After the move, nothing is being thought about.
    const after = await fetch(`${progressBase}/api/thinking?game=live`);
    expect(await after.json()).toEqual({ ply: null, report: null, moves: null });
  });

  it("keeps two tabs' games apart, each with its own engine", async () => {
    const games: Record<string, string> = { "tab-a": "f5", "tab-b": "d3c3" };
    for (let round = 0; round < 3; round++) {
      // Both tabs ask at once; each answer must be legal in its own game.
      const answers = await Promise.all(
        Object.entries(games).map(
          async ([id, record]) =>
            [id, record, await askMove(base, { game: id, moves: record, seconds: 0.05 })] as const,
        ),
      );
      for (const [id, record, { status, json }] of answers) {
        expect(status, JSON.stringify(json)).toBe(200);
        expect(legalAfter(record, json.move as string), `${id}: ${json.move} after ${record}`).toBe(true);
        // The tab answers with its first legal move.
        const game = replay(`${record}${json.move}`);
        games[id] = formatGameRecord([...game.moves, ...game.position.legalSquares().slice(0, 1)]);
      }
    }
    expect(tables.size).toBeGreaterThanOrEqual(2);
  });

  it("takes passes written out, and answers a forced pass itself", async () => {
    // Black must pass after these moves: asked then, the answer is the pass; with the pass written, white's move.
    const passing = "d3c3b3b2f5a3a1c1";
    const forced = await askMove(base, { game: "tab-p", moves: passing, seconds: 0.05 });
    expect([forced.status, forced.json.move, forced.json.report]).toEqual([200, "pass", undefined]);
    const after = await askMove(base, { game: "tab-p", moves: `${passing} pass`, seconds: 0.05 });
    expect(after.status, JSON.stringify(after.json)).toBe(200);
    expect(after.json.move).not.toBe("pass");
    expect(legalAfter(`${passing} pass`, after.json.move as string)).toBe(true);
  });

  it("follows an undo: the engine is asked again from an earlier position", async () => {
    const first = await askMove(base, { game: "tab-u", moves: "f5d6c3", seconds: 0.05 });
    const again = await askMove(base, { game: "tab-u", moves: "f5", seconds: 0.05 });
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(legalAfter("f5", again.json.move as string)).toBe(true);
  });

  it.each([
    ["not json", "{", 400, /the request is not JSON/],
    ["not an object", "3", 400, /not a JSON object/],
    ["a bad game id", { game: "../x", moves: "", seconds: 1 }, 400, /"game" must be an id/],
    ["moves that are not text", { game: "t", moves: 5, seconds: 1 }, 400, /"moves" must be a game/],
    ["an illegal game", { game: "t", moves: "f5f5", seconds: 1 }, 400, /"moves": move 2, f5, is illegal/],
    ["a time out of range", { game: "t", moves: "", seconds: 0 }, 400, /"seconds" must be a number from 0.01 to 60/],
    ["a time that is not a number", { game: "t", moves: "", seconds: "1" }, 400, /"seconds"/],
  ])("refuses %s with the reason", async (_, body, status, message) => {
    const answer = await askMove(base, body);
    expect(answer.status).toBe(status);
    expect(answer.json.error).toMatch(message);
  });

  it("refuses a finished game", async () => {
    const game = new Game();
    while (!game.isOver()) game.play(game.position.legalMoves()[0]!);
    const answer = await askMove(base, { game: "t", moves: formatGameRecord(game.moves), seconds: 0.05 });
    expect(answer.status).toBe(400);
    expect(answer.json.error).toBe('"moves": the game is over, there is no move to make');
  });

  it("refuses a move asked by another site's page, and takes one from its own", async () => {
    const body = JSON.stringify({ game: "t", moves: "", seconds: 0.05 });
    const foreign = await fetch(`${base}/api/move`, {
      method: "POST",
      headers: { origin: "http://evil.example" },
      body,
    });
    expect(foreign.status).toBe(403);
    expect(((await foreign.json()) as { error: string }).error).toBe("requests from http://evil.example are refused");
    const own = await fetch(`${base}/api/move`, { method: "POST", headers: { origin: base }, body });
    expect(own.status).toBe(200);
  });

  it("refuses a body that is too large", async () => {
    const answer = await askMove(base, JSON.stringify({ game: "t", moves: "f5".repeat(10_000), seconds: 1 }));
    expect(answer.status).toBe(413);
  });

  it("keeps working when a tab closes during a search", async () => {
    const controller = new AbortController();
    const abandoned = fetch(`${base}/api/move`, {
      method: "POST",
      body: JSON.stringify({ game: "tab-gone", moves: "f5", seconds: 1 }),
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 100);
    await expect(abandoned).rejects.toThrow();
    const { status, json } = await askMove(base, { game: "tab-gone", moves: "f5d6", seconds: 0.05 });
    expect(status, JSON.stringify(json)).toBe(200);
    expect(legalAfter("f5d6", json.move as string)).toBe(true);
    expect((await fetch(`${base}/`)).status).toBe(200);
  });
});

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

describe("/api/move with other engines", () => {
  it("plays our engine over GTP too", async () => {
    const { base } = await serve(["node", OTHELLO, "--gtp"], "gtp");
    const { status, json } = await askMove(base, { game: "g", moves: "f5d6", seconds: 0.05 });
    expect(status, JSON.stringify(json)).toBe(200);
    expect(legalAfter("f5d6", json.move as string)).toBe(true);
  });

  it.each([
    [
      "crash",
      /crash: exited with status 3 before replying to "genmove" \(its last words: .*about to crash on genmove\)/,
    ],
    ["hang", /hang: no reply to "genmove" within 1\.700 s/],
    ["illegal", /illegal answered an illegal move, d4/],
  ])(
    "reports an engine that does %s, and carries on",
    async (mode, message) => {
      const { base } = await serve(["node", MISBEHAVING, mode]);
      const { status, json } = await askMove(base, { game: "m", moves: "", seconds: 0.05 });
      expect(status).toBe(502);
      expect(json.error).toMatch(message);
      // The server still serves, and asks (a new or reset) engine again.
      expect((await fetch(`${base}/`)).status).toBe(200);
      const again = await askMove(base, { game: "m", moves: "", seconds: 0.05 });
      expect(again.json.error).toMatch(message);
    },
    20_000,
  );

  it("reports an engine command that does not start", async () => {
    const { base } = await serve(["/no/such/engine"]);
    const { status, json } = await askMove(base, { game: "x", moves: "", seconds: 0.05 });
    expect(status).toBe(502);
    expect(json.error).toMatch(
      /the engine "\/no\/such\/engine" did not start: could not be started: spawn \/no\/such\/engine ENOENT/,
    );
  });

  it("plays an OTP engine that connects over TCP (--listen), and says when none is connected", async () => {
    const listener = new EngineListener(LIMITS.replyMs);
    closers.push(() => listener.close());
    const port = await listener.listen(0, "127.0.0.1");
    if (!port.ok) throw new Error(port.error);
    const shared = new Opponent(listener.source(port.value), LIMITS);
    const tables = new OpponentTables(() => shared, 1, 60_000);
    const { base } = await listen(
      createUiServer(page, INFO, { get: () => shared, find: () => shared }, analyst),
      tables,
    );
    const none = await askMove(base, { game: "a", moves: "f5", seconds: 0.05 });
    expect(none.status).toBe(502);
    expect(none.json.error).toMatch(
      new RegExp(`no engine is connected: start one as "ENGINE 127.0.0.1 ${port.value}"`),
    );
    const engine = spawn("node", [OTHELLO, "--name", "course-engine", String(port.value)], { stdio: "ignore" });
    closers.push(() => engine.kill("SIGKILL"));
    let answer = none;
    for (let tries = 0; tries < 50 && answer.status !== 200; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      answer = await askMove(base, { game: "a", moves: "f5", seconds: 0.05 });
    }
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    expect(answer.json.engine).toBe("course-engine");
    // Two tabs share the one engine, each game told in full when the other played last.
    const other = await askMove(base, { game: "b", moves: "d3c3", seconds: 0.05 });
    const back = await askMove(base, { game: "a", moves: "f5d6c3", seconds: 0.05 });
    expect([other.status, back.status]).toEqual([200, 200]);
    expect(legalAfter("d3c3", other.json.move as string)).toBe(true);
    expect(legalAfter("f5d6c3", back.json.move as string)).toBe(true);
  }, 20_000);
});
