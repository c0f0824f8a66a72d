import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { EngineListener } from "../../../protocol/ui/engineLinks.js";
import { Opponent } from "../../../protocol/ui/opponent.js";
import { OpponentTables, createUiServer } from "../../../protocol/ui/uiServer.js";
import { INFO, LIMITS, MISBEHAVING, OTHELLO, askMove, legalAfter, setupUiServer } from "./uiServerSetup.js";

/**
 * `othello ui`'s server end to end with engines other than ours over OTP: ours over GTP, engines
 * that crash, hang or play illegal moves, one that does not start, and one that connects over TCP.
 */

const servers = setupUiServer();
const { serve, listen, closers, analyst } = servers;

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
      createUiServer(servers.page, INFO, { get: () => shared, find: () => shared }, analyst),
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
