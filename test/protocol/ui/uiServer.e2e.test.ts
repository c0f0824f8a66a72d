import { connect } from "node:net";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { type OpponentTables, loadPage } from "../../../protocol/ui/uiServer.js";
import { Game, formatGameRecord } from "../../../src/index.js";
import { INFO, OTHELLO, ROOT, askMove, legalAfter, replay, setupUiServer } from "./uiServerSetup.js";

/**
 * `othello ui`'s server end to end: the page's files and nothing else, and /api/move with our
 * engine. /api/review and /api/solve are uiServerReview.e2e.test.ts's; other engines,
 * uiServerEngines.e2e.test.ts's.
 */

const { serve } = setupUiServer();

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
    [
      "a level to an engine without levels",
      { game: "t", moves: "", seconds: 1, level: 3 },
      400,
      /"level": test engine has no levels/,
    ],
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
