import { spawn } from "node:child_process";
import { cpSync, existsSync, readFileSync, statSync, symlinkSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { formatWeights, zeroWeights } from "../../../src/index.js";
import { lines, runOthello } from "./runOthello.js";
import { temporaryDirectories } from "../../temporaryDirectories.js";

// Self-play threads load the built worker (dist/selfPlayWorker.js), so --threads is tested on
// the built program; test/buildPrograms.ts builds it before any test starts.
const OTHELLO = join(import.meta.dirname, "..", "..", "..", "dist/othello.js");

/** Two small rounds: the second is played with trained weights, the first with zero ones. */
const SMALL = [
  "--rounds",
  "2",
  "--games",
  "60",
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
];
const FILES = ["round-1.data", "round-2.data", "round-1.weights", "round-2.weights"];

/** The run directories the tests make, removed at the end. */
const runDirectory = temporaryDirectories("train-e2e-");

const bytes = (dir: string, file: string): Buffer => readFileSync(join(dir, file));

describe("othello train --threads", () => {
  const one = runDirectory();
  const two = runDirectory();
  beforeAll(async () => {
    const runs = [await runOthello(["train", "--dir", one, "--threads", "1", ...SMALL])];
    runs.push(await runOthello(["train", "--dir", two, "--threads", "2", ...SMALL]));
    for (const r of runs) expect(r.status, r.stderr).toBe(0);
  }, 120_000);

  it("makes the same data and weights on 1 thread and on 2", () => {
    for (const file of FILES) expect(bytes(two, file).equals(bytes(one, file)), file).toBe(true);
    expect(bytes(one, "round-2.data").length).toBeGreaterThan(0);
  });

  it("makes the same with openings and TD(lambda) labels on 1 thread and on 3", async () => {
    const openings = join(runDirectory(), "openings.txt");
    writeFileSync(openings, "# three openings\nf5d6c3\nf5f6\nf5f4e3\n");
    const variety = ["--openings", openings, "--td-lambda", "0.5", "--games", "40"];
    const dirs = [runDirectory(), runDirectory()];
    for (const [i, threads] of ["1", "3"].entries()) {
      const r = await runOthello(["train", "--dir", dirs[i]!, "--threads", threads, ...SMALL, ...variety]);
      expect(r.status, r.stderr).toBe(0);
    }
    for (const file of FILES) expect(bytes(dirs[1]!, file).equals(bytes(dirs[0]!, file)), file).toBe(true);
    // Other games than without them.
    expect(bytes(dirs[0]!, "round-1.data").equals(bytes(one, "round-1.data"))).toBe(false);
  }, 120_000);

  it("refuses 0 threads and absurd numbers in one line", async () => {
    for (const n of ["0", "65", "-1", "two"]) {
      const r = await runOthello(["train", "--dir", runDirectory(), "--threads", n]);
      expect(r.status).toBe(2);
      expect(lines(r.stderr)).toEqual([
        expect.stringMatching(/^othello train: --threads: .*(out of range|whole number)/),
      ]);
    }
  });

  it("resumes a run killed on 2 threads, and ends with the same files", async () => {
    const dir = runDirectory();
    const child = spawn(
      process.execPath,
      [OTHELLO, "train", "--dir", dir, "--threads", "2", ...SMALL, "--games", "400"],
      {
        stdio: "ignore",
      },
    );
    const data = join(dir, "round-1.data");
    await new Promise<void>((resolve) => {
      const poll = setInterval(() => {
        if (existsSync(data) && statSync(data).size > 0) {
          clearInterval(poll);
          child.kill("SIGKILL");
          resolve();
        }
      }, 5);
    });
    await new Promise((resolve) => child.on("exit", resolve));
    const resumed = await runOthello(["train", "--dir", dir, "--threads", "2", ...SMALL, "--games", "400"]);
    expect(resumed.status, resumed.stderr).toBe(0);
    expect(resumed.stderr).toMatch(/round 1: resuming after \d+ games/);
    const whole = runDirectory();
    expect((await runOthello(["train", "--dir", whole, "--threads", "2", ...SMALL, "--games", "400"])).status).toBe(0);
    for (const file of FILES) expect(bytes(dir, file).equals(bytes(whole, file)), file).toBe(true);
  }, 180_000);

  it("refuses a finished round's corrupt or truncated data in one line naming it, and leaves it as it is", async () => {
    for (const damage of ["corrupt", "truncated"] as const) {
      const dir = runDirectory();
      cpSync(one, dir, { recursive: true });
      unlinkSync(join(dir, "round-2.weights"));
      const data = bytes(dir, "round-1.data");
      const damaged =
        damage === "corrupt"
          ? Buffer.concat([data.subarray(0, 400), Buffer.from("XXXX"), data.subarray(404)])
          : data.subarray(0, data.length - 100);
      writeFileSync(join(dir, "round-1.data"), damaged);
      const r = await runOthello(["train", "--dir", dir, "--threads", "2", ...SMALL]);
      expect(r.status).toBe(1);
      const last = lines(r.stderr).at(-1)!;
      expect(last).toMatch(/^othello train: .*round-1\.data: .*left as it is$/);
      expect(last).toMatch(damage === "corrupt" ? /corrupt/ : /the last \d+ bytes are not a whole batch/);
      expect(bytes(dir, "round-1.data").equals(damaged)).toBe(true);
      expect(bytes(dir, "round-2.data").equals(bytes(one, "round-2.data"))).toBe(true);
    }
  }, 120_000);

  it("says in one line that the disk is full, and keeps what it finished", async () => {
    const dir = runDirectory();
    symlinkSync("/dev/full", join(dir, "report.txt"));
    const r = await runOthello(["train", "--dir", dir, "--threads", "2", ...SMALL]);
    expect(r.status).toBe(1);
    expect(lines(r.stderr).at(-1)).toMatch(
      /^othello train: ENOSPC: no space left on device, write; the finished rounds and batches are kept: run again to resume$/,
    );
    expect(bytes(dir, "round-1.data").equals(bytes(one, "round-1.data"))).toBe(true);
  }, 60_000);

  it("says in one line that an openings file cannot be read", async () => {
    const r = await runOthello(["train", "--dir", runDirectory(), "--openings", "/no/such/file", ...SMALL]);
    expect(r.status).toBe(1);
    expect(lines(r.stderr)).toEqual([
      expect.stringMatching(/^othello train: cannot read the openings \/no\/such\/file: ENOENT/),
    ]);
  });

  it("starts from --start-weights: round 1 plays with them, with TD labels", async () => {
    const start = join(runDirectory(), "start.weights");
    const zero = join(runDirectory(), "zero.weights");
    // Round 2's weights of the run above: trained, of the same stage count.
    writeFileSync(start, bytes(one, "round-2.weights"));
    writeFileSync(zero, formatWeights(zeroWeights(4)));
    const run = async (...more: string[]): Promise<string> => {
      const dir = runDirectory();
      const r = await runOthello(["train", "--dir", dir, "--threads", "2", ...SMALL, "--rounds", "1", ...more]);
      expect(r.status, r.stderr).toBe(0);
      return dir;
    };
    // All-zero weights to start from are the default start, byte for byte.
    const fromZero = await run("--start-weights", zero);
    for (const file of ["round-1.data", "round-1.weights"])
      expect(bytes(fromZero, file).equals(bytes(one, file)), file).toBe(true);
    // Trained weights play other games, and TD(lambda) labels them from round 1 on.
    const trained = await run("--start-weights", start);
    expect(bytes(trained, "round-1.data").equals(bytes(one, "round-1.data"))).toBe(false);
    const td = await run("--start-weights", start, "--td-lambda", "0.5");
    expect(bytes(td, "round-1.data").equals(bytes(trained, "round-1.data"))).toBe(false);
    expect(bytes(td, "round-1.data").length).toBe(bytes(trained, "round-1.data").length);
  }, 120_000);

  it("refuses start weights it cannot use in one line, and a resume from other start weights", async () => {
    const dir = runDirectory();
    const bad = join(dir, "bad.weights");
    writeFileSync(bad, "not weights");
    const thirteen = join(dir, "thirteen.weights");
    writeFileSync(thirteen, formatWeights(zeroWeights(13)));
    const cases: [string, RegExp][] = [
      [bad, /^othello train: --start-weights: .*bad\.weights: /],
      [join(dir, "missing.weights"), /^othello train: --start-weights: cannot read .*missing\.weights: no such file$/],
      [thirteen, /^othello train: --start-weights: .*thirteen\.weights has 13 stages, the run 4 \(--stages\)/],
    ];
    for (const [file, message] of cases) {
      const r = await runOthello(["train", "--dir", join(dir, "run"), ...SMALL, "--start-weights", file]);
      expect(r.status).toBe(1);
      expect(lines(r.stderr)).toEqual([expect.stringMatching(message)]);
    }
    // A run bound to one start file's contents is not resumed from other contents under the same name.
    const start = join(dir, "start.weights");
    writeFileSync(start, formatWeights(zeroWeights(4)));
    const run = join(dir, "bound");
    const first = await runOthello(["train", "--dir", run, ...SMALL, "--rounds", "1", "--start-weights", start]);
    expect(first.status, first.stderr).toBe(0);
    writeFileSync(start, bytes(one, "round-2.weights"));
    const again = await runOthello(["train", "--dir", run, ...SMALL, "--start-weights", start]);
    expect(again.status).toBe(2);
    expect(lines(again.stderr)).toEqual([expect.stringMatching(/holds a run with other settings .*startWeights/)]);
  }, 120_000);
});
