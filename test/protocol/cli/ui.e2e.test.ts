import { execFileSync, spawn, spawnSync } from "node:child_process";
import { createServer } from "node:net";
import { join } from "node:path";
import { describe, expect, it, onTestFinished } from "vitest";
import { LEVELS } from "../../../protocol/engine/levels.js";
import type { UiInfo } from "../../../protocol/ui/uiServer.js";

const ROOT = join(import.meta.dirname, "..", "..", "..");
const OTHELLO = join(ROOT, "dist/othello.js");

function run(args: string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync("node", [OTHELLO, "ui", ...args], { encoding: "utf8", timeout: 20_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe("othello ui's command line", () => {
  it.each([
    [["--engine", "x", "--listen", "9000"], /--engine and --listen are two different opponents/],
    [["--protocol", "gtp"], /--protocol says what --engine speaks/],
    [["--listen", "9000", "--protocol", "otp"], /an engine on --listen speaks OTP/],
    [["--engine", "x", "--search", "ucb"], /--search is an option of our engine, which --engine replaces/],
    [["--listen", "9000", "--level", "3"], /--level is an option of our engine, which --listen replaces/],
    [["--level", "11"], /--level: 11 is out of range: expected 1 to 10/],
    [["--search", "bogus"], /--search: expected uct, ucb, random or alphabeta, got "bogus"/],
    [["--time", "0"], /--time: 0 is out of range: expected 0.01 to 60/],
    [["--host", "example.com"], /--host: "example.com" is not an IP address/],
    [["--engine", "'unclosed"], /--engine: unclosed ' in the command/],
    [["stray"], /unexpected argument "stray"/],
  ])("refuses %j", (args, message) => {
    const { status, stderr } = run(args);
    expect(status).toBe(2);
    expect(stderr).toMatch(message);
    expect(stderr).toMatch(/\(see othello ui --help\)/);
  });

  it("lists its options and our engine's in --help, and othello --help lists it", () => {
    const { status, stdout } = run(["--help"]);
    expect(status).toBe(0);
    expect(stdout).toMatch(/^usage: othello ui \[--port P\]/);
    for (const option of [
      "--port P",
      "--host ADDRESS",
      "--engine CMD",
      "--protocol otp|gtp",
      "--listen PORT",
      "--time SECONDS",
      "--level N",
      "--search uct|ucb|random",
      "--max-nodes N",
      "--visits N",
      "--tune KEY=VALUE",
      "(alias: --playouts)",
    ])
      expect(stdout).toContain(option);
    expect(execFileSync("node", [OTHELLO, "--help"], { encoding: "utf8" })).toMatch(/othello ui \[--port P\]/);
  });

  it("says when its port is taken", async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
    const port = (blocker.address() as { port: number }).port;
    const { status, stderr } = run(["--port", String(port)]);
    blocker.close();
    expect(status).toBe(1);
    expect(stderr).toMatch(new RegExp(`cannot serve on 127.0.0.1 port ${port}: EADDRINUSE`));
  });
});

describe("othello ui running", () => {
  it("prints the address, serves the page and moves at the levels, and on SIGINT stops with its engines", async () => {
    const args = ["ui", "--port", "0", "--time", "0.05", "--max-nodes", "100000", "--level", "2"];
    const child = spawn("node", [OTHELLO, ...args], { stdio: ["ignore", "pipe", "pipe"] });
    // A failed check must not leave the server and its engines running: SIGINT stops both.
    onTestFinished(() => void (child.exitCode === null && child.signalCode === null && child.kill("SIGINT")));
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    const url = await new Promise<string>((resolve) => {
      let out = "";
      child.stdout!.setEncoding("utf8").on("data", (d: string) => {
        out += d;
        const m =
          /^othello ui: open (http:\/\/127\.0\.0\.1:\d+\/) \(playing our engine \(--max-nodes 100000\)\)$/m.exec(out);
        if (m !== null) resolve(m[1]!);
      });
    });
    expect((await fetch(url)).status).toBe(200);
    // Our engine's levels, the page starting at --level's.
    const info = (await (await fetch(`${url}api/info`)).json()) as UiInfo;
    expect(info.levels.map((l) => l.level)).toEqual(LEVELS.map((l) => l.level));
    expect(info.level).toBe(2);
    const ask = (level: unknown, seconds = 0.05): Promise<Response> =>
      fetch(`${url}api/move`, { method: "POST", body: JSON.stringify({ game: "cli", moves: "f5", seconds, level }) });
    const move = async (level?: number, seconds = 0.05): Promise<{ engine: string; report: { playouts: number } }> => {
      const answer = await ask(level, seconds);
      expect(answer.status).toBe(200);
      return (await answer.json()) as { engine: string; report: { playouts: number } };
    };
    // Left out, the start level; then the level asked. Below the top, no book: each searches its level's visits.
    const started = await move();
    expect(started.engine).toBe("othello-uct");
    expect(started.report.playouts).toBe(LEVELS[1]!.settings!.visits);
    expect((await move(1)).report.playouts).toBe(LEVELS[0]!.settings!.visits);
    // A level's fixed visits, a tenth of a second's work or more at level 9, are not cut short by a short time.
    expect((await move(9, 0.01)).report.playouts).toBe(LEVELS[8]!.settings!.visits);
    for (const level of [0, 11, 2.5, "3"]) {
      const refused = await ask(level);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({ error: '"level" must be one of 1, 2, 3, 4, 5, 6, 7, 8, 9, 10' });
    }
    // Its engine is a child process with our engine's option passed on.
    const engines = execFileSync("ps", ["-o", "pid=,args=", "--ppid", String(child.pid)], { encoding: "utf8" })
      .trim()
      .split("\n");
    expect(engines).toHaveLength(1);
    expect(engines[0]).toMatch(/othello\.js --max-nodes 100000 --max-move-time 61 --progress 0\.25$/);
    const enginePid = Number(engines[0]!.trim().split(/\s+/)[0]);
    child.kill("SIGINT");
    expect(await exited).toBe(0);
    expect(() => process.kill(enginePid, 0)).toThrow();
  }, 30_000);
});
