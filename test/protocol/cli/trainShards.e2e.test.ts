import { cpSync, existsSync, readFileSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { formatWeights, zeroWeights } from "../../../src/index.js";
import { lines, runOthello } from "./runOthello.js";
import { temporaryDirectories } from "../../temporaryDirectories.js";

/** Two small rounds, as train.e2e.test.ts's, of 24 games: 4 shards of 6. */
const SMALL = [
  "--games",
  "24",
  "--depth",
  "1",
  "--stages",
  "4",
  "--iterations",
  "10",
  "--solve-empties",
  "8",
  "--seed",
  "7",
  "--threads",
  "1",
];
const FILES = ["round-1.data", "round-2.data", "round-1.weights", "round-2.weights"];
const SHARDS = ["1", "2", "3", "4"];

/** The run directories the tests make, removed at the end. */
const runDirectory = temporaryDirectories("train-shards-e2e-");

const bytes = (dir: string, file: string): Buffer => readFileSync(join(dir, file));

async function train(dir: string, ...args: string[]): Promise<string> {
  const run = await runOthello(["train", "--dir", dir, ...SMALL, ...args]);
  expect(run.status, run.stderr).toBe(0);
  return run.stdout;
}

/** Each round's shards, one after the other or all at once, then its fit. */
async function shardedRun(dir: string, parallel: boolean, shards = SHARDS): Promise<void> {
  for (const round of ["1", "2"]) {
    const shard = (i: string): Promise<string> => train(dir, "--rounds", round, "--shard", `${i}/4`);
    if (parallel) await Promise.all(shards.map(shard));
    else for (const i of shards) await shard(i);
    await train(dir, "--rounds", round);
  }
}

describe("othello train --shard", () => {
  const one = runDirectory();
  const sequence = runDirectory();
  const parallel = runDirectory();
  beforeAll(async () => {
    await train(one, "--rounds", "2");
    await shardedRun(sequence, false);
    await shardedRun(parallel, true);
  }, 120_000);

  it("makes the same data and weights in one process, in 4 shards one after another, and in 4 at once", () => {
    for (const dir of [sequence, parallel])
      for (const file of FILES) expect(bytes(dir, file).equals(bytes(one, file)), file).toBe(true);
    expect(bytes(sequence, "round-2.shard-3-of-4.data").equals(bytes(parallel, "round-2.shard-3-of-4.data"))).toBe(
      true,
    );
  });

  it("plays the shards missing at the fit, with the same result", async () => {
    const dir = runDirectory();
    await shardedRun(dir, false, ["1", "3"]);
    for (const file of FILES) expect(bytes(dir, file).equals(bytes(one, file)), file).toBe(true);
  }, 60_000);

  it("does nothing for a shard done, and plays again a shard killed while writing", async () => {
    const dir = runDirectory();
    cpSync(parallel, dir, { recursive: true });
    unlinkSync(join(dir, "round-2.weights"));
    const done = join(dir, "round-2.shard-2-of-4.data");
    const before = statSync(done).mtimeMs;
    expect(await train(dir, "--rounds", "2", "--shard", "2/4")).toMatch(/done before, nothing to play/);
    expect(statSync(done).mtimeMs).toBe(before);
    unlinkSync(done);
    writeFileSync(`${done}.12345.partial`, "half a shard");
    expect(await train(dir, "--rounds", "2", "--shard", "2/4")).toMatch(
      /: played into .*round-2\.shard-2-of-4\.data$/m,
    );
    expect(bytes(dir, "round-2.shard-2-of-4.data").equals(bytes(parallel, "round-2.shard-2-of-4.data"))).toBe(true);
    expect(existsSync(`${done}.12345.partial`)).toBe(false);
  }, 60_000);

  it("refuses at the fit, naming it, a shard corrupt or played by other weights; status lists it as bad", async () => {
    const corrupt = runDirectory();
    cpSync(parallel, corrupt, { recursive: true });
    for (const file of ["round-2.weights", "round-2.data"]) unlinkSync(join(corrupt, file));
    const shard = join(corrupt, "round-2.shard-3-of-4.data");
    const good = readFileSync(shard);
    good[good.length - 5] = good[good.length - 5]! ^ 1;
    writeFileSync(shard, good);
    const otherWeights = runDirectory();
    cpSync(parallel, otherWeights, { recursive: true });
    for (const file of ["round-2.weights", "round-2.data"]) unlinkSync(join(otherWeights, file));
    writeFileSync(join(otherWeights, "round-1.weights"), formatWeights(zeroWeights(4)));
    const cases: [string, RegExp][] = [
      [corrupt, /round-2\.shard-3-of-4\.data: its games do not match its checksum .*: refused; delete it/],
      [otherWeights, /round-2\.shard-1-of-4\.data: it was played by other weights \(sha256:\w+\) than the round's/],
    ];
    for (const [dir, message] of cases) {
      const fit = await runOthello(["train", "--dir", dir, ...SMALL, "--rounds", "2"]);
      expect(fit.status).toBe(1);
      expect(lines(fit.stderr).at(-1)).toMatch(message);
      expect(statSync(join(dir, "round-2.data"), { throwIfNoEntry: false })).toBeUndefined();
      const status = await runOthello(["train", "status", dir]);
      expect(status.status).toBe(1);
      expect(lines(status.stdout)).toContainEqual(expect.stringMatching(/^round 1: finished/));
      expect(lines(status.stdout)).toContainEqual(
        expect.stringMatching(/^round 2: 4 shards: done .*; missing none; bad /),
      );
      expect(lines(status.stdout)).toContainEqual(expect.stringMatching(/^ {2}bad: .*round-2\.shard-\d-of-4\.data: /));
    }
  }, 60_000);

  it("lists shards done and missing with the games done", async () => {
    const dir = runDirectory();
    await train(dir, "--rounds", "1", "--shard", "2/4");
    await train(dir, "--rounds", "1", "--shard", "3/4");
    const status = await runOthello(["train", "status", dir]);
    expect(status.status).toBe(0);
    expect(lines(status.stdout).slice(1)).toEqual([
      "round 1: 4 shards: done 2-3; missing 1, 4; bad none: 12 of 24 games",
    ]);
  }, 30_000);

  it("says which file a shard of a later round waits for, and reads its index from Slurm or Kubernetes", async () => {
    const dir = runDirectory();
    const early = await runOthello(["train", "--dir", dir, ...SMALL, "--rounds", "2", "--shard", "1/4"]);
    expect(early.status).toBe(1);
    expect(lines(early.stderr)).toEqual([
      expect.stringMatching(
        /^othello train: round 2's games are played by round 1's weights, .*round-1\.weights, which is not there yet: finish round 1 first/,
      ),
    ]);
    // The child takes the environment as it is when it starts.
    const dry = async (variable: string, value: string): Promise<string> => {
      process.env[variable] = value;
      const running = runOthello(["train", "--dir", dir, ...SMALL, "--rounds", "1", "--shard", "auto/4", "--dry-run"]);
      delete process.env[variable];
      return (await running).stdout;
    };
    expect(await dry("SLURM_ARRAY_TASK_ID", "4")).toMatch(
      /^round 1, shard 4 of 4 \(SLURM_ARRAY_TASK_ID=4\): games 19 to 24 of 24, played by all-zero weights .* into .*round-1\.shard-4-of-4\.data$/m,
    );
    expect(await dry("JOB_COMPLETION_INDEX", "0")).toMatch(
      /^round 1, shard 1 of 4 \(JOB_COMPLETION_INDEX=0\): games 1 to 6 /m,
    );
  }, 30_000);
});
