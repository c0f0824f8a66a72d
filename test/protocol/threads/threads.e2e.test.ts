import { spawn } from "node:child_process";
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { Game, PASS, parseOtpMove } from "../../../src/index.js";

// Worker threads load the built worker (dist/searchWorker.js), so --threads is tested on the
// built program; test/buildPrograms.ts builds it before any test starts.
const DIST = join(import.meta.dirname, "..", "..", "..", "dist");
/** The search from the first move: no opening book. */
const QUICK = ["--visits", "300", "--max-nodes", "20000", "--seed", "4", "--no-book"];

interface Finished {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** The program at `program` with `args` and `input` on its stdin; killed (status null) if it has not ended within 30 s. */
function run(args: readonly string[], input: string, program = join(DIST, "othello.js")): Promise<Finished> {
  const child = spawn(process.execPath, [program, ...args], { stdio: ["pipe", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
  child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
  child.stdin.end(input);
  const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
  return new Promise((resolve) =>
    child.on("close", (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    }),
  );
}

/** The search report lines of a run's stderr. */
const searchLines = (stderr: string): string[] => stderr.split("\n").filter((l) => l.startsWith("search: "));

/** The replies to 80 genmoves and a final_score: a whole game of legal moves (passes once it is over), and its score. */
/** The engine as a conversation: a command, then its one reply line; stderr gathered as it comes. */
class Conversation {
  private readonly child;
  private pending: string[] = [];
  private waiting: ((line: string) => void) | undefined;
  stderr = "";

  constructor(args: readonly string[]) {
    this.child = spawn(process.execPath, [join(DIST, "othello.js"), ...args], { stdio: ["pipe", "pipe", "pipe"] });
    this.child.stderr.setEncoding("utf8").on("data", (d: string) => {
      this.stderr += d;
    });
    let partial = "";
    this.child.stdout.setEncoding("utf8").on("data", (d: string) => {
      const lines = (partial + d).split("\n");
      partial = lines.pop()!;
      for (const line of lines) {
        const waiting = this.waiting;
        this.waiting = undefined;
        if (waiting === undefined) this.pending.push(line);
        else waiting(line);
      }
    });
  }

  ask(command: string): Promise<string> {
    this.child.stdin.write(`${command}\n`);
    const ready = this.pending.shift();
    return ready === undefined ? new Promise((resolve) => (this.waiting = resolve)) : Promise.resolve(ready);
  }

  close(): Promise<number | null> {
    this.child.stdin.end("quit\n");
    return new Promise((resolve) => this.child.on("close", resolve));
  }

  kill(): void {
    this.child.kill("SIGKILL");
  }
}

function expectWholeGame(stdout: string): void {
  const replies = stdout.trimEnd().split("\n");
  const game = new Game();
  for (const reply of replies.slice(0, -1)) {
    const move = parseOtpMove(reply.replace(/^genmove /, ""));
    if (!move.ok) throw new Error(`${reply}: ${move.error}`);
    if (game.isOver()) expect(move.value).toBe(PASS);
    else expect(game.play(move.value), `${reply} after ${game.moves.join(" ")}`).toMatchObject({ ok: true });
  }
  expect(game.isOver()).toBe(true);
  expect(replies.at(-1)).toBe(`final_score ${game.position.discDifference()}`);
}

/** A folder holding the built program without its worker, and whatever worker the test writes there. */
const scratch = mkdtempSync(join(tmpdir(), "othello-threads-"));
copyFileSync(join(DIST, "othello.js"), join(scratch, "othello.js"));
copyFileSync(join(DIST, "eval.weights"), join(scratch, "eval.weights"));
writeFileSync(join(scratch, "package.json"), '{ "type": "module" }\n');
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("othello --threads", () => {
  it("--parallel root: searches each move with N searches, each doing --visits, says so in its report, and ends at quit", {
    timeout: 40_000,
  }, async () => {
    const { status, stdout, stderr } = await run(
      ["--threads", "2", "--parallel", "root", ...QUICK],
      "genmove\ngenmove\nquit\n",
    );
    expect(stdout).toMatch(/^genmove [0-7] [0-7]\ngenmove [0-7] [0-7]\nquit\n$/);
    const lines = searchLines(stderr);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      /^search: black: 600 visits in [\d.]+ s \(\d+\/s; eval leaves, priors, \d+ solved, first visit after \d+ ms\) on 2 threads, reused 0, \d+ nodes, 0 pruned; [A-H][1-8] \(\d \d\) wins [\d.]+% of \d+; pv [A-H][1-8]/,
    );
    expect(lines[1]).toMatch(/^search: white: 600 visits in [\d.]+ s \(\d+\/s; [^)]*\) on 2 threads, reused \d+,/);
    expect(stderr).not.toContain("threads:");
    expect(status).toBe(0);
  });

  it("--parallel root: plays a whole game against itself on 3 threads, every move legal, and ends at the end of input", {
    timeout: 60_000,
  }, async () => {
    const { status, stdout, stderr } = await run(
      ["--threads", "3", "--parallel", "root", ...QUICK],
      `${"genmove\n".repeat(80)}final_score\n`,
    );
    expectWholeGame(stdout);
    expect(searchLines(stderr).filter((l) => / on 3 threads, /.test(l)).length).toBeGreaterThan(10);
    expect(stderr).not.toContain("threads:");
    expect(status).toBe(0);
  });

  it("without its worker beside the program: says so, and searches on one thread", async () => {
    const { status, stdout, stderr } = await run(
      ["--threads", "2", ...QUICK],
      "genmove\nquit\n",
      join(scratch, "othello.js"),
    );
    expect(stdout).toMatch(/^genmove [0-7] [0-7]\nquit\n$/);
    expect(stderr).toContain(
      `threads: ${join(scratch, "searchWorker.js")} is missing (make builds it): searching on 1 thread, not 2`,
    );
    expect(searchLines(stderr)).toEqual([
      expect.stringMatching(/^search: black: 300 visits in [\d.]+ s \(\d+\/s; [^)]*\), reused 0,/),
    ]);
    expect(status).toBe(0);
  });

  it("a worker whose search fails is left out at once and said on stderr, and the engine goes on with the others", {
    timeout: 40_000,
  }, async () => {
    // The real worker, except that the first one started is handed a broken game from the second move on.
    copyFileSync(join(DIST, "searchWorker.js"), join(scratch, "realSearchWorker.js"));
    writeFileSync(
      join(scratch, "searchWorker.js"),
      [
        'import { parentPort, threadId } from "node:worker_threads";',
        "const on = parentPort.on.bind(parentPort);",
        'if (threadId === 1) parentPort.on = (event, listener) => on(event, (m) => listener(m.kind === "search" && m.moves.length > 0 ? { ...m, moves: [99] } : m));',
        'await import("./realSearchWorker.js");',
      ].join("\n"),
    );
    try {
      const { status, stdout, stderr } = await run(
        ["--threads", "3", "--parallel", "root", ...QUICK],
        "genmove\ngenmove\ngenmove\nquit\n",
        join(scratch, "othello.js"),
      );
      expect(stdout).toMatch(/^(genmove [0-7] [0-7]\n){3}quit\n$/);
      // Said at once; the reason follows when the worker's error event is handled, which may be after quit.
      expect(stderr).toContain("threads: thread 2's search failed; searching on 2 threads from now on");
      expect(stderr).not.toMatch(/threads: thread [^2]/);
      expect(stderr).not.toContain("did not answer");
      expect(
        searchLines(stderr).map((l) => /^search: \w+: (\d+) visits .* on (\d) threads,/.exec(l)?.slice(1)),
      ).toEqual([
        ["900", "3"],
        ["600", "2"],
        ["600", "2"],
      ]);
      expect(status).toBe(0);
    } finally {
      rmSync(join(scratch, "searchWorker.js"));
    }
  });

  it("--parallel tree, the default: the threads search one shared tree, kept from move to move, and the report says so", {
    timeout: 100_000,
  }, async () => {
    // A worker joins when it can, which on a loaded machine may be after the first 0.5 s moves
    // or two; once joined it searches every move after, in the tree kept from the move before.
    // A worker late by more than a move's grace is left out or ended (said on stderr, the
    // engine's tolerance of a loaded machine): such a run proves nothing, and is run again.
    for (let attempt = 1; ; attempt++) {
      const { status, stdout, stderr } = await run(
        ["--threads", "2", "--time", "0.5", "--max-nodes", "2000000", "--seed", "4", "--no-book"],
        `${"genmove\n".repeat(6)}quit\n`,
      );
      expect(status).toBe(0);
      expect(stdout).toMatch(/^(genmove [0-7] [0-7]\n){6}quit\n$/);
      const said = stderr.split("\n").filter((l) => l.startsWith("threads:"));
      for (const line of said)
        expect(line).toMatch(/^threads: thread 2 (did not answer by the deadline|did not stop with the move)/);
      const lines = searchLines(stderr);
      expect(lines).toHaveLength(6);
      expect(lines[0]).toMatch(
        /^search: black: \d+ visits in [\d.]+ s \(\d+\/s; eval leaves, priors, \d+ solved, first visit after \d+ ms\)( on 2 threads sharing one tree)?, reused 0, \d+ nodes, 0 pruned; [A-H][1-8] \(\d \d\) wins [\d.]+% of \d+; pv [A-H][1-8]/,
      );
      // One tree: its nodes are no more than the visits make (a leaf is expanded at its second visit), not a sum over trees.
      const counts = lines.map((l) => /: (\d+) visits .* reused (\d+), (\d+) nodes,/.exec(l)!.slice(1).map(Number));
      for (const [visits, reused, nodes] of counts) expect(nodes).toBeLessThan(15 * (visits! + reused!));
      const joined = lines.findIndex((l) => l.includes(" on 2 threads sharing one tree, "));
      if ((said.length > 0 || joined < 0 || joined >= 5) && attempt < 3) continue;
      expect(said, "a worker was late in every run").toEqual([]);
      expect(joined, "no move was searched on 2 threads").toBeGreaterThanOrEqual(0);
      expect(joined, "the worker had not joined by the fifth move").toBeLessThan(5);
      for (const line of lines.slice(Math.max(joined, 1)))
        expect(line).toMatch(
          /^search: (black|white): \d+ visits in [\d.]+ s \(\d+\/s; [^)]*\) on 2 threads sharing one tree, reused [1-9]\d*, \d+ nodes,/,
        );
      break;
    }
  });

  it("--parallel tree: a whole game on 3 threads, classic and evaluated, every move legal", {
    timeout: 120_000,
  }, async () => {
    for (const classic of [[], ["--classic"]]) {
      // A time rather than --visits: the engine's thread does that many, and the others could not
      // begin in that little time. The workers join when they can, which on a loaded machine may
      // take longer than a game of 0.05 s moves: moves are played until they have joined, and the
      // game that counts starts afresh after that.
      const engine = new Conversation([
        "--threads",
        "3",
        "--parallel",
        "tree",
        ...classic,
        "--time",
        "0.05",
        "--max-nodes",
        "20000",
        "--seed",
        "4",
      ]);
      try {
        const started = performance.now();
        while (!engine.stderr.includes(" on 3 threads sharing one tree, ")) {
          expect(performance.now() - started, "the workers never joined").toBeLessThan(60_000);
          const reply = await engine.ask("genmove");
          // A pass may be the game's end: start another.
          if (reply === "genmove 8 0") await engine.ask("clear_board");
        }
        await engine.ask("clear_board");
        const joined = engine.stderr.length;
        const replies: string[] = [];
        for (let i = 0; i < 80; i++) replies.push(await engine.ask("genmove"));
        replies.push(await engine.ask("final_score"));
        expectWholeGame(`${replies.join("\n")}\n`);
        const game = searchLines(engine.stderr.slice(joined));
        // A worker late by more than the move's grace is left out or ended, a tolerance of a loaded
        // machine that the engine says on stderr; nothing else may go wrong with the threads.
        const said = engine.stderr.split("\n").filter((l) => l.startsWith("threads:"));
        for (const line of said)
          expect(line).toMatch(/^threads: thread \d (did not answer by the deadline|did not stop with the move)/);
        const shared = said.length === 0 ? / on 3 threads sharing one tree, / : / on [23] threads sharing one tree, /;
        expect(game.filter((l) => shared.test(l)).length).toBeGreaterThan(10);
        expect(await engine.close()).toBe(0);
      } finally {
        engine.kill();
      }
    }
  });

  it("othello bench --threads 2 measures the search at 1 and 2 threads", { timeout: 60_000 }, async () => {
    const { status, stdout, stderr } = await run(
      ["bench", "--perft-depth", "3", "--rounds", "1", "--threads", "2"],
      "",
    );
    const lines = stdout.trimEnd().split("\n");
    expect(lines).toContainEqual(
      expect.stringMatching(/^search visits\/s at 1 and 2 threads \(.*\): 1 thread \d+; 2 threads \d+$/),
    );
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^visits\/s at 2 threads: \d+ = \d+\.\d\dx 1 thread's \d+ \(best rounds; medians \d+\.\d\dx\)$/,
      ),
    );
    expect(lines).toContainEqual(
      expect.stringMatching(/^2 threads against 1, round by round: \d+\.\d\d; median \d+\.\d\dx$/),
    );
    // The default, one shared tree: also one thread searching twice as long, its tree as large.
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^1 thread searching 2 s a round, its tree as large as the shared one: visits\/s \d+; 2 threads against it, round by round: \d+\.\d\d; median \d+\.\d\dx$/,
      ),
    );
    expect(lines.at(-1)).toMatch(/^playouts\/s: \d+$/);
    expect(stderr).toContain("bench: search at 1 and 2 threads in turn, round 1 of 1");
    expect(status).toBe(0);
  });
});
