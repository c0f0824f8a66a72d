import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { OutputWaiter } from "./outputWaiter.js";

// The built program over real pipes, as a GUI or a match runner starts it: `make check` builds it first.
const PROGRAM = fileURLToPath(new URL("../../../dist/othello.js", import.meta.url));
/** How long the tests leave the engine pondering, in milliseconds. */
const PONDER_MS = 400;
/**
 * The pause before the expected reply in the test of visits kept: an idle machine ponders some
 * 70,000 visits in 400 ms; more for a loaded test machine, whose CPU the other test files share.
 */
const PONDER_LONG_MS = 1000;
/**
 * A command answered while the engine ponders waits at most a step (5 ms) to be read; this much
 * allows for a loaded test machine, and is still far below the seconds an unbroken ponder runs
 * before its pool of a million nodes is full.
 */
const PROMPT_MS = 300;

beforeAll(() => {
  if (!existsSync(PROGRAM)) throw new Error(`${PROGRAM} is missing: run "node build.mjs othello" (make check does)`);
});

/** The engine over pipes: a line sent, and the time until stdout holds a reply that `done` accepts. */
class Engine {
  readonly child: ChildProcess;
  private stdout = "";
  stderr = "";
  private readonly output = new OutputWaiter();

  constructor(args: string[]) {
    // Without the book: the searches from the start position are what pondering grows.
    this.child = spawn(process.execPath, [PROGRAM, "--seed", "7", "--max-nodes", "1000000", "--no-book", ...args], {
      stdio: ["pipe", "pipe", "pipe"],
    });
    this.child.stdout!.on("data", (b: Buffer) => {
      this.stdout += b.toString();
      this.output.notify();
    });
    this.child.stderr!.on("data", (b: Buffer) => {
      this.stderr += b.toString();
      this.output.notify();
    });
  }

  /** Sends `line`; the reply (stdout since the line was sent) once `done` accepts it, and how long it took. */
  async ask(line: string, done: (reply: string) => boolean): Promise<{ reply: string; ms: number }> {
    const from = this.stdout.length;
    const sent = performance.now();
    this.child.stdin!.write(`${line}\n`);
    await this.until(`reply to ${line}`, () => done(this.stdout.slice(from)));
    return { reply: this.stdout.slice(from), ms: performance.now() - sent };
  }

  /** A GTP command's reply, up to its blank line. */
  gtp(command: string): Promise<{ reply: string; ms: number }> {
    return this.ask(command, (reply) => reply.endsWith("\n\n"));
  }

  /** The exit status, and how long after `since` the process ended. */
  exited(since: number): Promise<{ code: number | null; ms: number }> {
    return new Promise((resolve) => {
      const done = (code: number | null) => resolve({ code, ms: performance.now() - since });
      if (this.child.exitCode !== null) done(this.child.exitCode);
      else this.child.on("close", done);
    });
  }

  /** Waits until `ready` says so, for at most 20 s; `what` names what is awaited should it not come. */
  until(what: string, ready: () => boolean): Promise<void> {
    return this.output.until(ready, () => `no ${what}; stderr ${this.stderr}`);
  }

  /** The `reused N` of each search line so far. */
  reused(): number[] {
    return [...this.stderr.matchAll(/^search: .* reused (\d+),/gm)].map((m) => Number(m[1]));
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let engines: Engine[] = [];
function engine(args: string[]): Engine {
  const started = new Engine(args);
  engines.push(started);
  return started;
}
afterEach(() => {
  for (const e of engines) e.child.kill("SIGKILL");
  engines = [];
});

/**
 * Our first move, a pause on the opponent's time, the reply the search expected (the second
 * move of its line), and our next move: the reused visits of the two searches.
 */
async function playTwoMoves(e: Engine): Promise<number[]> {
  const first = (await e.gtp("genmove b")).reply;
  expect(first).toMatch(/^= [C-F][3-6]\n\n$/);
  await pause(PONDER_LONG_MS);
  const expected = /^search: .* pv \S+ (\S+)/m.exec(e.stderr)![1]!;
  expect((await e.gtp(`play w ${expected}`)).reply).toBe("=\n\n");
  expect((await e.gtp("genmove b")).reply).toMatch(/^= [A-H][1-8]\n\n$/);
  // stderr is another pipe: its search line may come after the reply.
  await e.until("second search line", () => e.reused().length === 2);
  return e.reused();
}

describe("--ponder over GTP", () => {
  it("searches on after genmove: the next move, after the expected reply, finds many more visits kept", {
    timeout: 20_000,
  }, async () => {
    // The first search alike in both (a fixed number of visits, one seed), so the expected reply is the same.
    const plain = await playTwoMoves(engine(["--gtp", "--visits", "3000"]));
    const pondering = engine(["--gtp", "--visits", "3000", "--ponder"]);
    const pondered = await playTwoMoves(pondering);
    expect(plain[0]).toBe(0);
    expect(pondered[0]).toBe(0);
    // Without pondering only what the first search found below the reply, a part of its 3000 visits.
    expect(plain[1]).toBeLessThan(3000);
    expect(pondered[1]).toBeGreaterThan(plain[1]! + 3000);
    expect(pondering.stderr).toMatch(/^ponder: [1-9]\d* visits in \d+\.\d\d s since the last search$/m);
  });

  it("answers each command at once while it ponders, and ponders on after each", { timeout: 20_000 }, async () => {
    const e = engine(["--gtp", "--time", "0.2", "--ponder"]);
    await e.gtp("genmove b");
    const latencies: number[] = [];
    for (let i = 0; i < 10; i++) {
      await pause(PONDER_MS / 10);
      const { reply, ms } = await e.gtp("name");
      expect(reply).toBe("= othello-uct\n\n");
      latencies.push(ms);
    }
    expect(Math.max(...latencies), `latencies ${latencies.map((ms) => ms.toFixed(1)).join(" ")} ms`).toBeLessThan(
      PROMPT_MS,
    );
    await e.gtp("genmove w");
    expect(e.stderr).toMatch(/^ponder: [1-9]\d* visits/m);
  });

  it.each([
    ["quit", (e: Engine) => e.child.stdin!.write("quit\n")],
    ["the end of input", (e: Engine) => e.child.stdin!.end()],
  ])("%s while it ponders ends it at once, status 0", { timeout: 20_000 }, async (_what, end) => {
    const e = engine(["--gtp", "--time", "0.2", "--ponder"]);
    await e.gtp("genmove b");
    await pause(PONDER_MS);
    const since = performance.now();
    end(e);
    const { code, ms } = await e.exited(since);
    expect(code).toBe(0);
    expect(ms).toBeLessThan(2000);
  });
});

describe("--ponder over NBoard", () => {
  it("ponders once our move is sent back, answers ping at once, and the next go keeps the visits", {
    timeout: 20_000,
  }, async () => {
    // A first search of a fixed 3000 visits: without pondering, the next search could keep at most those.
    const e = engine(["--nboard", "--visits", "3000", "--ponder"]);
    await e.ask("nboard 2", (reply) => reply.includes("set myname"));
    const { reply } = await e.ask("go", (r) => /^=== \S+\n/m.test(r));
    const ours = /^=== ([A-H][1-8])/m.exec(reply)![1]!;
    await e.ask("move " + ours, () => true);
    await pause(2 * PONDER_MS);
    const pong = await e.ask("ping 1", (r) => r.includes("pong 1\n"));
    expect(pong.ms).toBeLessThan(PROMPT_MS);
    const theirs = /^search: .* pv \S+ (\S+)/m.exec(e.stderr)![1]!;
    await e.ask(`move ${theirs}`, () => true);
    await e.ask("go", (r) => /^=== /m.test(r));
    expect(e.stderr).toMatch(/^ponder: [1-9]\d* visits/m);
    expect(e.reused()[1]).toBeGreaterThan(3000);
  });
});

describe("--ponder where it must not", () => {
  it.each([
    [[], "OTP never ponders"],
    [["--gtp", "--search", "alphabeta"], "keeps no tree to ponder in"],
  ])("%j --ponder is refused with status 2 and says why", { timeout: 20_000 }, async (args, why) => {
    const e = engine([...args, "--ponder"]);
    const { code } = await e.exited(performance.now());
    expect(code).toBe(2);
    expect(e.stderr).toMatch(new RegExp(`^othello: --ponder: .*${why}.*\\n$`));
  });
});
