import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { FakeEngine } from "../judge/fakeEngines.js";

const ROOT = join(import.meta.dirname, "..", "..", "..");
const dir = mkdtempSync(join(tmpdir(), "judge-test-"));
const running = new Set<ChildProcess>();

afterAll(() => {
  for (const child of running) child.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

interface Finished {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Starts dist/judge.js; `port` resolves once it listens, `finished` when it exits. */
function startJudge(args: string[]): { port: Promise<number>; finished: Promise<Finished> } {
  const child = spawn("node", [join(ROOT, "dist/judge.js"), ...args], { stdio: ["ignore", "pipe", "pipe"] });
  running.add(child);
  let stdout = "";
  let stderr = "";
  child.stdout!.setEncoding("utf8").on("data", (d: string) => (stdout += d));
  let announce: (port: number) => void;
  const port = new Promise<number>((resolve) => (announce = resolve));
  child.stderr!.setEncoding("utf8").on("data", (d: string) => {
    stderr += d;
    const m = /listening on port (\d+)/.exec(stderr);
    if (m) announce(Number(m[1]));
  });
  const finished = new Promise<Finished>((resolve) =>
    child.on("exit", (status) => {
      running.delete(child);
      resolve({ status, stdout, stderr });
    }),
  );
  return { port, finished };
}

async function matchOn(port: string, log: string): Promise<{ port: number; result: Finished }> {
  const judge = startJudge([
    port,
    "1",
    "--host",
    "127.0.0.1",
    "--log",
    log,
    "--genmove-limit",
    "2",
    "--reply-limit",
    "2",
  ]);
  const listening = await judge.port;
  new FakeEngine(listening, "alpha");
  await new Promise((r) => setTimeout(r, 50));
  new FakeEngine(listening, "beta");
  return { port: listening, result: await judge.finished };
}

/** Options for the real engine in these tests; a quick time per move belongs here once the search has one. */
const ENGINE_OPTIONS: string[] = ["--time", "0.05", "--max-nodes", "50000"];

describe("the judge program", () => {
  it("referees a full match between two copies of the real engine over TCP", async () => {
    const judge = startJudge(["0", "2", "--host", "127.0.0.1", "--log", join(dir, "real.log")]);
    const port = String(await judge.port);
    const engines = ["one", "two"].map((name) => {
      const child = spawn("node", [join(ROOT, "dist/othello.js"), "--name", name, ...ENGINE_OPTIONS, port], {
        stdio: "ignore",
      });
      running.add(child);
      return new Promise<number | null>((resolve) =>
        child.on("exit", (status) => {
          running.delete(child);
          resolve(status);
        }),
      );
    });
    const result = await judge.finished;
    expect(result.status).toBe(0);
    const lines = result.stdout.trimEnd().split("\n");
    expect(lines[2]).toMatch(/^NAME:(one|two) QUIT:1 WIN:(\d) LOSE:(\d) DRAW:(\d)$/);
    expect(lines[3]).toMatch(/^NAME:(one|two) QUIT:1 WIN:(\d) LOSE:(\d) DRAW:(\d)$/);
    const [, wins, losses, draws] = /WIN:(\d) LOSE:(\d) DRAW:(\d)/.exec(lines[2]!)!.map(Number);
    expect(wins! + losses! + draws!).toBe(2);
    expect(readFileSync(join(dir, "real.log"), "utf8")).not.toContain("forfeit");
    // Each engine ends cleanly after quit.
    expect(await Promise.all(engines)).toEqual([0, 0]);
  }, 120_000);

  it("prints the original's lines, writes a transcript, and can reuse its port at once", async () => {
    const first = await matchOn("0", join(dir, "first.log"));
    expect(first.result.status).toBe(0);
    const lines = first.result.stdout.trimEnd().split("\n");
    expect(lines).toHaveLength(5);
    expect(lines[0]).toMatch(/^ply0 accepted after \d+ us$/);
    expect(lines[1]).toMatch(/^ply1 accepted after \d+ us$/);
    expect(lines[2]).toMatch(/^NAME:alpha QUIT:1 WIN:[01] LOSE:[01] DRAW:[01]$/);
    expect(lines[3]).toMatch(/^NAME:beta QUIT:1 WIN:[01] LOSE:[01] DRAW:[01]$/);
    expect(lines[4]).toMatch(/^time stamp: \d\d:\d\d:\d\d$/);
    const log = readFileSync(join(dir, "first.log"), "utf8");
    expect(log).toContain("round 1: black player 0 (alpha), white player 1 (beta)");
    expect(log).toMatch(/ {2}1\. black 2 3 \(d3\) in \d+\.\d{3} s/);
    expect(log).toMatch(/round 1 result: black \d+, white \d+: /);
    // The same port again, straight away: the original cannot bind it for a minute.
    const second = await matchOn(String(first.port), join(dir, "second.log"));
    expect(second.port).toBe(first.port);
    expect(second.result.status).toBe(0);
  }, 20_000);

  it("exits with 1 after the summary, saying who forfeited and why, when a game ends by a forfeit", async () => {
    const judge = startJudge(["0", "2", "--host", "127.0.0.1", "--genmove-limit", "2", "--reply-limit", "2"]);
    const port = await judge.port;
    new FakeEngine(port, "alpha");
    await new Promise((r) => setTimeout(r, 50));
    // beta answers its first genmove with a move that is not legal.
    new FakeEngine(port, "beta", (command, count) =>
      command === "genmove" && count === 1 ? { reply: "genmove 0 0" } : undefined,
    );
    const result = await judge.finished;
    expect(result.status).toBe(1);
    expect(result.stdout).toMatch(/^NAME:alpha QUIT:1 WIN:2 LOSE:0 DRAW:0\nNAME:beta QUIT:0 WIN:0 LOSE:2 DRAW:0\n/m);
    expect(result.stderr.trimEnd().split("\n").at(-1)).toMatch(/^judge: player 1 \(beta\) forfeited: .*illegal/);
  }, 20_000);

  it("exits with 1 when the port is taken", async () => {
    const server = createServer().listen(0, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    const address = server.address();
    const port = typeof address === "object" && address !== null ? address.port : 0;
    const result = await startJudge([String(port), "--host", "127.0.0.1"]).finished;
    server.close();
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("EADDRINUSE");
  }, 10_000);

  it("exits with 1 after the summary when the engines do not come", async () => {
    const result = await startJudge(["0", "3", "--host", "127.0.0.1", "--connect-limit", "0.3"]).finished;
    expect(result.status).toBe(1);
    expect(result.stdout).toContain(
      "NAME:unknown QUIT:0 WIN:0 LOSE:0 DRAW:3\nNAME:unknown QUIT:0 WIN:0 LOSE:0 DRAW:3\n",
    );
  }, 10_000);

  it.each(["--log", "--port-file"])(
    "a %s file it cannot write: status 2 and the reason, before it listens",
    async (option) => {
      const missing = join(dir, "no-such-folder", "judge.out");
      const result = await startJudge(["0", "--host", "127.0.0.1", option, missing]).finished;
      expect(result.status).toBe(2);
      expect(result.stderr).toMatch(/^judge: cannot write \/\S+: no such folder\n$/);
    },
    10_000,
  );

  it("a bad command line: one line on stderr and status 2; --help and --version on stdout", async () => {
    const bad = await startJudge(["12x"]).finished;
    expect(bad.status).toBe(2);
    expect(bad.stderr).toBe('judge: PORT: expected a whole number from 0 to 65535, got "12x" (see judge --help)\n');
    const option = await startJudge(["0", "--bogus"]).finished;
    expect(option.status).toBe(2);
    expect(option.stderr).toBe('judge: unknown option "--bogus" (see judge --help)\n');
    const help = await startJudge(["-h"]).finished;
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^usage: judge PORT \[ROUNDS\] \[OPTIONS\]\n/);
    expect(help.stdout).toContain("--genmove-limit S");
    const version = await startJudge(["--version"]).finished;
    expect(version.stdout).toMatch(/^judge \d+\.\d+\.\d+\n$/);
  }, 10_000);
});
