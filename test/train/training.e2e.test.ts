import { copyFileSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { trainCommand } from "../../protocol/cli/trainCommand.js";
import {
  AlphaBeta,
  Evaluation,
  type Position,
  Random,
  type Weights,
  parseWeights,
  zeroWeights,
} from "../../src/index.js";
import { randomPosition } from "../eval/helpers.js";
import { temporaryDirectories } from "../temporaryDirectories.js";

/** A smoke-sized run: small enough for a test, large enough that fitting shows. */
const SMOKE = [
  "--games",
  "200",
  "--depth",
  "1",
  "--stages",
  "4",
  "--iterations",
  "30",
  "--lambda",
  "20",
  "--solve-empties",
  "10",
  "--random-plies",
  "6",
  "--seed",
  "5",
  "--threads",
  "1",
];

/** The run directories the tests make, removed at the end. */
const runDirectory = temporaryDirectories("train-");

async function train(args: string[]): Promise<{ status: number; printed: string[]; logged: string[] }> {
  const printed: string[] = [];
  const logged: string[] = [];
  const status = await trainCommand(args, { print: (l) => void printed.push(l), log: (l) => void logged.push(l) });
  return { status, printed, logged };
}

function weightsOf(file: string): Weights {
  const parsed = parseWeights(readFileSync(file));
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value;
}

/** Games between two players at depth 2 from random openings, each opening played with both colours: the first player's points (a draw counts half). */
function match(first: Evaluation, second: Evaluation, openings: number, seed: number): number {
  const players = [new AlphaBeta(first), new AlphaBeta(second)];
  const random = new Random(seed);
  let points = 0;
  for (let o = 0; o < openings; o++) {
    const opening = randomPosition(random, 6);
    for (const firstIsBlack of [true, false]) {
      let p: Position = opening;
      while (!p.isGameOver()) {
        const firstToMove = p.blackToMove === firstIsBlack;
        p = p.play(players[firstToMove ? 0 : 1]!.choose(p, { depth: 2 }).move!);
      }
      const black = p.worldScore();
      const firstScore = firstIsBlack ? black : -black;
      points += firstScore > 0 ? 1 : firstScore === 0 ? 0.5 : 0;
    }
  }
  return points / (2 * openings);
}

describe("othello train, smoke-sized", () => {
  const dir = runDirectory();
  let run: Awaited<ReturnType<typeof train>>;
  beforeAll(async () => {
    run = await train(["--dir", dir, "--rounds", "3", ...SMOKE, "--out", join(dir, "final.weights")]);
  }, 240_000);

  it("runs its rounds and reports the held-out error of each", () => {
    expect(run.status).toBe(0);
    expect(run.printed.filter((l) => /^round \d of 3: 200 games played/.test(l))).toHaveLength(3);
    expect(run.printed.at(-1)).toMatch(/^weights: .*final\.weights \(3 rounds, /);
    expect(readFileSync(join(dir, "report.txt"), "utf8")).toContain("round 3 of 3");
    expect(run.logged.some((l) => /round 1 self-play \[#+\] 100% 200\/200/.test(l))).toBe(true);
  });

  it("lowers the held-out error every round: each round's weights beat the previous round's on the same positions", () => {
    const totals = run.printed
      .filter((l) => l.startsWith("  all "))
      .map((l) => /all\s+\d+\s+([\d.]+)\s+\(([\d.]+)\)/.exec(l)!.slice(1).map(Number));
    expect(totals).toHaveLength(3);
    for (const [after, before] of totals) expect(after!).toBeLessThan(before!);
    // Near the end, where the labels are exact, the error falls by a good part against the
    // untrained evaluation (every position 0); the midgame's labels, results of games this
    // short of skill, leave it far less to learn.
    const endgame = run.printed
      .filter((l) => /^ +0 +0-15 /.test(l))
      .map((l) =>
        l
          .trim()
          .split(/\s+/)
          .slice(3)
          .map((v) => Number(v.replace(/[()]/g, ""))),
      );
    expect(endgame).toHaveLength(3);
    expect(endgame[2]![0]!).toBeLessThan(0.7 * endgame[0]![1]!);
  });

  it("makes weights that beat the untrained ones in a short match", () => {
    const trained = new Evaluation(weightsOf(join(dir, "final.weights")));
    expect(match(trained, new Evaluation(zeroWeights(4)), 10, 9)).toBeGreaterThanOrEqual(0.7);
  }, 60_000);

  it("resumes an interrupted run with the same result: finished rounds kept, a torn batch played again", async () => {
    const other = runDirectory();
    expect((await train(["--dir", other, "--rounds", "1", ...SMOKE])).status).toBe(0);
    // Round 2 stopped while writing: its first batches and part of the next.
    const data = readFileSync(join(dir, "round-2.data"));
    writeFileSync(join(other, "round-2.data"), data.subarray(0, Math.floor(data.length / 2)));
    const resumed = await train(["--dir", other, "--rounds", "3", ...SMOKE]);
    expect(resumed.status).toBe(0);
    expect(resumed.logged).toContainEqual(expect.stringMatching(/round 1 was finished before/));
    expect(resumed.logged).toContainEqual(
      expect.stringMatching(/round-2\.data: the last \d+ bytes are a batch cut short/),
    );
    expect(resumed.logged).toContainEqual(expect.stringMatching(/round 2: resuming after \d+ games/));
    for (const r of [2, 3])
      expect(
        readFileSync(join(other, `round-${r}.weights`)).equals(readFileSync(join(dir, `round-${r}.weights`))),
      ).toBe(true);
    expect(readFileSync(join(other, "round-3.data")).equals(readFileSync(join(dir, "round-3.data")))).toBe(true);
  }, 120_000);

  it("says which file it cannot write, and keeps what it finished", async () => {
    const other = runDirectory();
    const r = await train([
      "--dir",
      other,
      "--rounds",
      "1",
      ...SMOKE,
      "--out",
      join(other, "no-such-dir", "w.weights"),
    ]);
    expect(r.status).toBe(1);
    expect(r.logged.at(-1)).toMatch(
      /^othello train: ENOENT: no such file or directory, open '.*no-such-dir\/w\.weights\.\d+\.partial'; the finished rounds and batches are kept: run again to resume$/,
    );
    expect(readFileSync(join(other, "round-1.weights")).equals(readFileSync(join(dir, "round-1.weights")))).toBe(true);
  });

  it("leaves the positions of --exclude files out of the fit and the held-out error", async () => {
    // The start position, which every game records first: 200 games, 20 of them held out.
    const start = join(runDirectory(), "start.obf");
    writeFileSync(start, `# the start\n${"-".repeat(27)}OX${"-".repeat(6)}XO${"-".repeat(27)} X;\n`);
    const plain = await train(["--dir", runDirectory(), "--rounds", "1", ...SMOKE]);
    const without = await train(["--dir", runDirectory(), "--rounds", "1", ...SMOKE, "--exclude", start]);
    expect(without.status).toBe(0);
    expect(without.printed).toContainEqual(`  excluded: 200 positions met in the games, of the 1 in ${start}`);
    const heldOut = (printed: string[]): number => Number(/(\d+) held out\)/.exec(printed[0]!)![1]);
    expect(heldOut(without.printed)).toBe(heldOut(plain.printed) - 20);
    const bad = join(runDirectory(), "bad.obf");
    writeFileSync(bad, "not a position\n");
    const refused = await train(["--dir", runDirectory(), "--rounds", "1", ...SMOKE, "--exclude", `${start},${bad}`]);
    expect(refused.status).toBe(1);
    expect(refused.logged).toEqual([expect.stringMatching(/^othello train: .*bad\.obf, line 1: /)]);
  }, 60_000);

  it("refuses to resume with other settings, and a corrupt round's weights", async () => {
    const other = await train(["--dir", dir, "--rounds", "3", ...SMOKE.map((a) => (a === "200" ? "300" : a))]);
    expect(other.status).toBe(2);
    expect(other.logged[0]).toMatch(
      /holds a run with other settings .*"games":200.*; resume it with those, or use another --dir/,
    );
    const broken = runDirectory();
    copyFileSync(join(dir, "settings.json"), join(broken, "settings.json"));
    writeFileSync(join(broken, "round-1.weights"), "not weights");
    const refused = await train(["--dir", broken, "--rounds", "3", ...SMOKE]);
    expect(refused.status).toBe(1);
    expect(refused.logged[0]).toMatch(/round-1\.weights: a weights file has at least 17 bytes/);
  });
}, 240_000);
