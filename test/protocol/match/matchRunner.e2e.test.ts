import { execFileSync, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { formatVertex, parseGgf } from "../../../src/index.js";
import { formatCommandLine } from "../../../protocol/text/commandLine.js";
import { ProcessRegistry } from "../../../protocol/controller/engineProcess.js";
import { type EngineSpec, type MatchSettings, runMatch, tally } from "../../../protocol/match/matchRunner.js";
import { randomOpenings } from "../../../protocol/match/openings.js";
import { runOthello } from "../cli/runOthello.js";

const ROOT = join(import.meta.dirname, "..", "..", "..");
const OTHELLO = join(ROOT, "dist/othello.js");
const dir = mkdtempSync(join(tmpdir(), "match-test-"));
const registry = new ProcessRegistry();

afterAll(() => {
  registry.killAll();
  rmSync(dir, { recursive: true, force: true });
});

/** Processes whose command line holds `marker`, to check that none is left behind. */
function processesWith(marker: string): string[] {
  return execFileSync("ps", ["-eo", "args"], { encoding: "utf8" })
    .split("\n")
    .filter((l) => l.includes(marker) && !l.includes("ps -eo"));
}

const othello: EngineSpec = { argv: ["node", OTHELLO], protocol: "otp" };
// Our engine over GTP, on a fixed number of visits, whatever the clock says. (`make interop`
// plays GRhino, another program's GTP, through the same runner.)
const OTHELLO_GTP = ["node", OTHELLO, "--gtp", "--visits", "300", "--name", "gtp-engine"];
/**
 * Marks this file's misbehaving engines on their command lines (an argument they ignore), so the
 * check that none is left behind sees neither other test files' engines, run at the same time,
 * nor the orphans of an earlier run that was killed.
 */
const MARKER = `match-runner-test-${process.pid}`;
const misbehaving = (mode: string): EngineSpec => ({
  argv: ["node", join(ROOT, "test/protocol/match/misbehavingEngine.mjs"), mode, "otp", MARKER],
  protocol: "otp",
});

function settings(engines: [EngineSpec, EngineSpec], games: number, extra: Partial<MatchSettings> = {}): MatchSettings {
  // A short move time keeps the games quick whatever the engines' defaults.
  return {
    engines,
    openings: randomOpenings(Math.ceil(games / 2), 4, 7),
    games,
    concurrency: 1,
    moveTimeSeconds: 0.05,
    genmoveLimitMs: 5000,
    replyLimitMs: 5000,
    ...extra,
  };
}

describe("the match runner", () => {
  it("plays real engines against each other: one over OTP, one over GTP, colours swapped", async () => {
    const gtp: EngineSpec = { argv: OTHELLO_GTP, protocol: "gtp" };
    const done: number[] = [];
    const result = await runMatch(settings([othello, gtp], 4, { concurrency: 2 }), registry, (g) => done.push(g.index));
    expect(done.sort()).toEqual([0, 1, 2, 3]);
    expect(result.names).toEqual(["othello-uct", "gtp-engine"]);
    expect(result.games.map((g) => g.black)).toEqual([0, 1, 0, 1]);
    expect(result.games[0]!.opening).toBe(result.games[1]!.opening);
    for (const g of result.games) {
      expect(g.forfeit).toBeUndefined();
      expect(g.moves.slice(0, 4).join(" ")).toBe(g.opening);
      expect(g.blackDiscs + g.whiteDiscs).toBeGreaterThan(4);
      // Every genmove is timed, the last two (each side's pass in the finished game) included.
      expect(g.moveTimes[0].length + g.moveTimes[1].length).toBe(g.moves.length - 4 + 2);
    }
    const t = tally(result.games);
    expect(t.wins + t.draws + t.losses).toBe(4);
  }, 60_000);

  it("plays two copies of our engine over OTP", async () => {
    const result = await runMatch(settings([othello, othello], 2), registry, () => {});
    expect(result.games.every((g) => g.forfeit === undefined && g.moves.length >= 20)).toBe(true);
  }, 60_000);

  it("forfeits a crashing engine, keeps its last stderr lines, restarts it, and leaves no process", async () => {
    const result = await runMatch(settings([othello, misbehaving("crash")], 2), registry, () => {});
    for (const g of result.games) {
      expect(g.winner).toBe(0);
      expect(g.forfeit?.engine).toBe(1);
      expect(g.forfeit?.reason).toMatch(/exited with status 3 before replying to "genmove"/);
      expect(g.forfeit?.lastWords).toEqual(["misbehaving engine (crash) ready", "about to crash on genmove"]);
    }
    expect(processesWith(MARKER)).toEqual([]);
  }, 60_000);

  it("with a game clock, forfeits an engine whose genmoves take longer in all than the game's time", async () => {
    const slow = misbehaving("slow");
    const result = await runMatch(
      settings([slow, slow], 2, { moveTimeSeconds: undefined, gameTimeSeconds: 0.2 }),
      registry,
      () => {},
    );
    // Black moves first in both games and spends 0.3 s on it: at least that is charged (more on
    // a loaded machine, where the reply arrives later), to the millisecond.
    expect(result.games.map((g) => g.forfeit?.engine)).toEqual([0, 1]);
    for (const g of result.games) {
      const used = /^out of time: (\d+\.\d{3}) s used of the game's 0\.2 s$/.exec(g.forfeit?.reason ?? "");
      expect(used, g.forfeit?.reason).not.toBeNull();
      expect(Number(used![1])).toBeGreaterThanOrEqual(0.3);
      expect(Number(used![1])).toBeLessThan(5);
    }
  });

  it("forfeits an illegal move and a timeout, and kills the engine that hangs", async () => {
    const illegal = await runMatch(settings([misbehaving("illegal"), othello], 1), registry, () => {});
    expect(illegal.games[0]!.forfeit).toMatchObject({
      engine: 0,
      reason: expect.stringMatching(/illegal move D4 \(3 3\): the square is occupied/),
    });
    const started = performance.now();
    const hang = await runMatch(
      settings([othello, misbehaving("hang")], 2, { genmoveLimitMs: 2000 }),
      registry,
      () => {},
    );
    expect(performance.now() - started).toBeLessThan(20_000);
    expect(hang.games.map((g) => g.forfeit?.reason)).toEqual([
      expect.stringMatching(/no reply to "genmove" within 2\.000 s/),
      expect.stringMatching(/no reply/),
    ]);
    expect(processesWith(MARKER)).toEqual([]);
  }, 60_000);

  it("once it has seen enough, starts no game and ends the engines of the games under way by closing their input", async () => {
    // Both games hang on B's genmove, for up to a minute; the engines end at the end of their input.
    const enough = new AbortController();
    const timer = setTimeout(() => enough.abort(), 1000);
    const started = performance.now();
    const result = await runMatch(
      settings([othello, misbehaving("hang")], 10, { concurrency: 2, genmoveLimitMs: 60_000, replyLimitMs: 30_000 }),
      registry,
      () => {},
      undefined,
      enough.signal,
    );
    clearTimeout(timer);
    // Not the genmove limit, nor the reply limit after which an engine still there is killed.
    expect(performance.now() - started).toBeLessThan(15_000);
    expect(result.games).toEqual([]);
    expect(result.names).toEqual(["othello-uct", "hang"]);
    expect(processesWith(MARKER)).toEqual([]);
  }, 60_000);

  it("told it has seen enough by the game it reports, plays no other", async () => {
    const enough = new AbortController();
    const result = await runMatch(
      settings([othello, othello], 6),
      registry,
      () => enough.abort(),
      undefined,
      enough.signal,
    );
    expect(result.games.map((g) => [g.index, g.forfeit])).toEqual([[0, undefined]]);
  }, 60_000);

  it("runs as othello match, printing the summary and writing JSON, GGF and a log", () => {
    const json = join(dir, "match.json");
    const ggf = join(dir, "match.ggf");
    const log = join(dir, "match.log");
    const openings = join(dir, "openings.txt");
    writeFileSync(openings, "f5 d6 c3\n");
    const run = spawnSync(
      "node",
      [
        OTHELLO,
        "match",
        "--engine-a",
        `node ${OTHELLO}`,
        "--engine-b",
        formatCommandLine(OTHELLO_GTP),
        "--protocol-b",
        "gtp",
        "--games",
        "2",
        "--move-time",
        "0.05",
        "--openings",
        openings,
        "--json",
        json,
        "--log",
        log,
        "--ggf",
        ggf,
      ],
      { encoding: "utf8", timeout: 60_000 },
    );
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^games: 2 {3}A wins \d, draws \d, losses \d {3}forfeits: A 0, B 0$/m);
    expect(run.stdout).toMatch(/^Elo A - B: \S+ \(95% CI \S+ to \S+\)$/m);
    expect(run.stdout).toMatch(
      /^time per move of B: average \d+\.\d{3} s, max \d+\.\d{3} s over \d+ moves, at most \d+\.\d{3} s in one game$/m,
    );
    expect(run.stdout).toMatch(
      /^ {2}by phase, opening \(41-60 empties\), middle game \(21-40\), ending \(0-20\): \d+\.\d{3} s, \d+\.\d{3} s, \d+\.\d{3} s$/m,
    );
    expect(run.stderr).toContain("2/2");
    const data = JSON.parse(readFileSync(json, "utf8"));
    expect(Object.keys(data.summary.moveTimes[0].phases)).toEqual(["opening", "middleGame", "ending"]);
    expect(data.date).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(data.summary.games).toBe(2);
    expect(data.games.map((g: { opening: string }) => g.opening)).toEqual(["f5 d6 c3", "f5 d6 c3"]);
    expect(readFileSync(log, "utf8")).toMatch(/^game 1: opening "f5 d6 c3", black A, white B: /);
    // One game a line, each the same game as the JSON's, A's name on black in the first.
    const games = readFileSync(ggf, "utf8")
      .trimEnd()
      .split("\n")
      .map((line) => parseGgf(line));
    expect(games).toHaveLength(2);
    games.forEach((g, i) => {
      if (!g.ok) throw new Error(g.error);
      expect(g.value.moves.map((m) => formatVertex(m.move).toLowerCase())).toEqual(data.games[i].moves);
      expect(g.value.moves.slice(0, 3).every((m) => m.seconds === undefined)).toBe(true);
      expect(g.value.moves.slice(3).every((m) => m.seconds !== undefined)).toBe(true);
      expect(g.value.result?.ending).toBe("normal");
    });
    expect(games[0]!.ok && games[0]!.value.black).toBe(data.engines[0].name);
    const bad = spawnSync("node", [OTHELLO, "match", "--engine-a", "x"], { encoding: "utf8" });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toBe("othello match: --engine-b is missing (see othello match --help)\n");
  }, 60_000);

  it("with --sprt, stops once the test decides: our engine against random moves, H1 of [0, 50] accepted", async () => {
    const json = join(dir, "sprt.json");
    // Reproducible engines, marked by their unusual seeds so as to see that none is left behind.
    const strong = `node ${OTHELLO} --visits 200 --seed 9127`;
    const random = `node ${OTHELLO} --search random --seed 9128`;
    const { status, stdout, stderr } = await runOthello([
      "match",
      "--engine-a",
      strong,
      "--engine-b",
      random,
      "--games",
      "40",
      "--concurrency",
      "2",
      "--sprt",
      "0",
      "50",
      "--json",
      json,
    ]);
    expect(status, stderr).toBe(0);
    const sprt =
      /^SPRT: LLR (\d+\.\d\d) \(-2\.94, 2\.94\) H1 accepted {3}H0: Elo 0, H1: Elo 50, alpha 0\.05, beta 0\.05$/m.exec(
        stdout,
      );
    expect(sprt, stdout).not.toBeNull();
    expect(Number(sprt![1])).toBeGreaterThanOrEqual(2.94);
    const pairs = JSON.parse(
      /^pairs: (\[[\d, ]+\]), by A's points in the pair: 0, 0\.5, 1, 1\.5, 2$/m.exec(stdout)![1]!,
    );
    const complete = pairs.reduce((a: number, b: number) => a + b, 0);
    const played = Number(/^games: (\d+) /m.exec(stdout)?.[1]);
    // Stopped at a pair's end, before the 20 pairs; the other worker's game, if done first, reported too.
    expect(complete).toBeLessThan(20);
    expect(played - 2 * complete).toBeGreaterThanOrEqual(0);
    expect(played - 2 * complete).toBeLessThanOrEqual(1);
    // A line after each pair, the last the one that decided.
    const progress = stderr.split("\n").filter((l) => l.startsWith("SPRT after "));
    expect(progress).toHaveLength(complete);
    expect(progress[0]).toMatch(/^SPRT after 1 pair: LLR -?\d+\.\d\d \(-2\.94, 2\.94\), pairs \[[\d, ]+\]$/);
    expect(progress.at(-1)).toBe(
      `SPRT after ${complete} pairs: LLR ${sprt![1]} (-2.94, 2.94), pairs [${pairs.join(", ")}]: H1 accepted`,
    );
    const data = JSON.parse(readFileSync(json, "utf8"));
    expect(data.settings.sprt).toEqual({ elo0: 0, elo1: 50, alpha: 0.05, beta: 0.05 });
    expect(data.summary.pairs).toEqual(pairs);
    expect(data.summary.sprt.accepted).toBe("H1");
    expect(data.summary.sprt.lower).toBeCloseTo(-Math.log(19), 12);
    expect(data.summary.sprt.upper).toBeCloseTo(Math.log(19), 12);
    expect(data.summary.sprt.llr).toBeCloseTo(Number(sprt![1]), 2);
    expect(data.games).toHaveLength(played);
    expect(processesWith("--seed 912")).toEqual([]);
  }, 120_000);

  it.each(["--log", "--json", "--ggf"])(
    "refuses a %s file it cannot write before playing: status 2, the reason, and no file written",
    (option) => {
      const json = join(dir, `unplayed${option}.json`);
      const missing = join(dir, "no-such-folder", "match.out");
      const files = option === "--json" ? ["--json", missing] : ["--json", json, option, missing];
      const run = spawnSync(
        "node",
        [OTHELLO, "match", "--engine-a", `node ${OTHELLO}`, "--engine-b", `node ${OTHELLO}`, "--games", "2", ...files],
        { encoding: "utf8", timeout: 60_000 },
      );
      expect(run.status).toBe(2);
      expect(run.stderr).toMatch(/^othello match: cannot write \/\S+: no such folder\n$/);
      expect(run.stdout).toBe("");
      // The JSON is written when the match ends, so a refused or interrupted match leaves none.
      expect(existsSync(json)).toBe(false);
    },
  );

  it("exits with status 1 and says why when a game was forfeited or an engine could not start", () => {
    const crash = spawnSync(
      "node",
      [
        OTHELLO,
        "match",
        "--engine-a",
        `node ${OTHELLO} --visits 100`,
        "--engine-b",
        `node ${join(ROOT, "test/protocol/match/misbehavingEngine.mjs")} crash`,
        "--games",
        "2",
      ],
      { encoding: "utf8", timeout: 60_000 },
    );
    expect(crash.status).toBe(1);
    expect(crash.stdout).toMatch(/forfeits: A 0, B 2$/m);
    expect(crash.stderr).toMatch(
      /^match: B forfeited 2 game\(s\), first in game 1: exited with status 3 before replying to "genmove"$/m,
    );
    const missing = spawnSync(
      "node",
      [OTHELLO, "match", "--engine-a", `node ${OTHELLO}`, "--engine-b", "/nonexistent/engine", "--games", "1"],
      { encoding: "utf8", timeout: 60_000 },
    );
    // An engine that cannot start ends the match before any game: one line, status 1.
    expect(missing.status).toBe(1);
    expect(missing.stdout).toBe("");
    expect(missing.stderr).toBe(
      'othello match: B (/nonexistent/engine) at start-up: could not be started: spawn /nonexistent/engine ENOENT before replying to "name"; no game played\n',
    );
  }, 60_000);

  it("Ctrl-C: the games finished are reported and written (JSON, GGF), the status is 130", async () => {
    const json = join(dir, "interrupted.json");
    const ggf = join(dir, "interrupted.ggf");
    const engine = `node ${OTHELLO} --visits 50`;
    const child = spawn(
      "node",
      [OTHELLO, "match", "--engine-a", engine, "--engine-b", engine, "--games", "40", "--json", json, "--ggf", ggf],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
    const interrupted = new Promise<void>((resolve) =>
      child.stderr.setEncoding("utf8").on("data", (d: string) => {
        stderr += d;
        if (/\] 5% 2\/40, /.test(stderr)) resolve();
      }),
    );
    await interrupted;
    const sent = performance.now();
    child.kill("SIGINT");
    const status = await new Promise<number | null>((resolve) => child.on("exit", resolve));
    expect(performance.now() - sent).toBeLessThan(10_000);
    expect(status).toBe(130);
    const played = Number(/^games: (\d+) /m.exec(stdout)?.[1]);
    expect(played).toBeGreaterThanOrEqual(2);
    expect(played).toBeLessThan(40);
    expect(stderr.trimEnd().split("\n").at(-1)).toBe(
      `othello match: interrupted after ${played} of 40 games; those are reported`,
    );
    const data = JSON.parse(readFileSync(json, "utf8"));
    expect(data.summary.games).toBe(played);
    expect(data.games).toHaveLength(played);
    expect(data.games.every((g: { forfeit?: unknown }) => g.forfeit === undefined)).toBe(true);
    expect(readFileSync(ggf, "utf8").trimEnd().split("\n")).toHaveLength(played);
    expect(processesWith(`${OTHELLO} --visits 50`)).toEqual([]);
  }, 60_000);

  it("othello match -h prints its usage on stdout; a bad option is one line and status 2", () => {
    const help = spawnSync("node", [OTHELLO, "match", "-h"], { encoding: "utf8" });
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^usage: othello match --engine-a CMD --engine-b CMD \[OPTIONS\]\n/);
    const bad = spawnSync("node", [OTHELLO, "match", "--games", "0"], { encoding: "utf8" });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toBe(
      "othello match: --games: 0 is out of range: expected 1 to 1000000 (see othello match --help)\n",
    );
  });
});
