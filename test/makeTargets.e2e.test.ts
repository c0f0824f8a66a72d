import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..");

/** `make test` with these variables, in the repository (the programs are built before any test). */
function makeTest(variables: readonly string[]): { status: number | null; lastLine: string } {
  const run = spawnSync("make", ["--no-print-directory", "test", ...variables], {
    cwd: ROOT,
    encoding: "utf8",
    timeout: 60_000,
  });
  const lines = `${run.stdout}${run.stderr}`.split("\n").filter((l) => l.startsWith("make test:"));
  return { status: run.status, lastLine: lines.at(-1) ?? "" };
}

describe("make test, the course's judged match", () => {
  it("fails, saying why on its last line, when an engine forfeits a game", () => {
    const { status, lastLine } = makeTest([
      "TEST_ENGINE_ARGS=--time 3 --max-move-time 3",
      "TEST_JUDGE_ARGS=--genmove-limit 1",
      "TEST_ROUNDS=1",
    ]);
    expect(status).not.toBe(0);
    expect(lastLine).toMatch(
      /^make test: FAILED: player [01] \(engine-[12]\) forfeited: no reply to "genmove" within 1\.000 s$/,
    );
  }, 60_000);

  it("fails, saying why, when the engines never come", () => {
    const { status, lastLine } = makeTest([
      "TEST_ENGINE_ARGS=--no-such-option",
      "TEST_JUDGE_ARGS=--connect-limit 1",
      "TEST_ROUNDS=1",
    ]);
    expect(status).not.toBe(0);
    expect(lastLine).toBe("make test: FAILED: only 0 engine(s) connected within the limit");
  }, 60_000);

  it("passes when the match is played out", () => {
    const { status } = makeTest(["TEST_ENGINE_ARGS=--time 0.05", "TEST_ROUNDS=1"]);
    expect(status).toBe(0);
  }, 60_000);
});
