import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..", "..", "..");
const OTHELLO = join(ROOT, "dist/othello.js");
const JUDGE = join(ROOT, "dist/judge.js");
const FFORUM = join(ROOT, "test/positions/fforum-1-19.obf");
const dir = mkdtempSync(join(tmpdir(), "stdout-test-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `node PROGRAM ARGS | READER` in bash: the program's status and stderr, and what the reader printed. */
function piped(program: string, args: string, reader: string): { status: number; stderr: string; read: string } {
  const script = `node "${program}" ${args} 2>"$ERR" | ${reader}; echo "\${PIPESTATUS[0]}" > "$STATUS"`;
  const err = join(dir, "stderr");
  const status = join(dir, "status");
  const run = spawnSync("bash", ["-c", script], {
    encoding: "utf8",
    timeout: 60_000,
    env: { ...process.env, ERR: err, STATUS: status },
  });
  return { status: Number(readFileSync(status, "utf8")), stderr: readFileSync(err, "utf8"), read: run.stdout };
}

describe("standard output", () => {
  it.each([
    ["othello perft 9", OTHELLO, "perft 9", "true"],
    ["othello eval FILE", OTHELLO, `eval "${FFORUM}"`, "head -1"],
    ["othello solve FILE", OTHELLO, `solve "${FFORUM}"`, "head -1"],
    ["othello --help", OTHELLO, "--help", "head -1"],
    ["judge --help", JUDGE, "--help", "true"],
  ])("%s ends quietly when its reader goes away", (_name, program, args, reader) => {
    const { status, stderr, read } = piped(program, args, reader);
    expect(stderr).toBe("");
    expect(status).toBe(0);
    if (reader === "head -1") expect(read.split("\n").filter((l) => l !== "")).toHaveLength(1);
  });

  it("a full disk: one line on stderr and status 1", () => {
    for (const args of [["perft", "5"], ["--help"]]) {
      const run = spawnSync("bash", ["-c", `node "${OTHELLO}" ${args.join(" ")} > /dev/full`], { encoding: "utf8" });
      expect(run.stderr).toBe("othello: cannot write standard output: no space left on device\n");
      expect(run.status).toBe(1);
    }
  });
});
