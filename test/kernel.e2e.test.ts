import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_KERNEL } from "../src/index.js";

// The built program, as users run it: `make check` builds it first.
const PROGRAM = fileURLToPath(new URL("../dist/othello.js", import.meta.url));
const FFORUM = fileURLToPath(new URL("./positions/fforum-1-19.obf", import.meta.url));

beforeAll(() => {
  if (!existsSync(PROGRAM)) throw new Error(`${PROGRAM} is missing: run "node build.mjs othello" (make check does)`);
});

/** The program run by Node with `nodeFlags` on `input`: how it exited, and what it wrote to stdout and stderr. */
function run(
  nodeFlags: string[],
  args: string[],
  input: string,
): { status: number | null; stdout: string; stderr: string } {
  const { status, stdout, stderr } = spawnSync(process.execPath, [...nodeFlags, PROGRAM, ...args], {
    input,
    encoding: "utf8",
    timeout: 20_000,
  });
  return { status, stdout, stderr };
}

/** The search's report of its move from the tree's size on (its times cut off): the same wherever the search runs alike. */
function searchOutcome(stderr: string): string | undefined {
  const line = stderr.split("\n").find((l) => l.startsWith("search: black: 300 visits in "));
  return line?.slice(line.indexOf(", reused "));
}

describe("the kernels' default", () => {
  it("is WebAssembly where the JavaScript engine runs it", () => {
    expect(DEFAULT_KERNEL).toBe("webassembly");
  });

  it("falls back to the TypeScript where it does not: the engine plays and solves under node --jitless", () => {
    // The default search values its nodes' children with the incremental evaluation. Without the
    // book, which would answer from the start, the search runs; its evaluation's fallback gives the
    // kernel's values bit for bit, so with one seed it finds what the search with the kernel finds.
    const engine = ["--gtp", "--no-book", "--visits", "300", "--seed", "1"];
    const input = "boardsize 8\nclear_board\ngenmove b\nquit\n";
    const fallback = run(["--jitless"], engine, input);
    expect(fallback.status).toBe(0);
    expect(fallback.stdout).toMatch(/^=\n\n=\n\n= (D3|C4|F5|E6)\n\n=\n\n$/);
    const kernel = run([], engine, input);
    expect(searchOutcome(fallback.stderr)).toBeDefined();
    expect(searchOutcome(fallback.stderr)).toBe(searchOutcome(kernel.stderr));
    expect(fallback.stdout).toBe(kernel.stdout);
    // Two positions of 14 empties, which the solver's kernel would solve whole.
    const two = readFileSync(FFORUM, "utf8").split("\n").slice(0, 2).join("\n");
    const solved = run(["--jitless"], ["solve", "-"], `${two}\n`);
    expect(solved.status).toBe(0);
    expect(solved.stdout).toMatch(
      /^1 14 G8 \+18 \d+ .* ok\n2 14 A4 \+10 \d+ .* ok\ntotal 2 positions, 2 solved, 0 mismatches/,
    );
    // Three runs of the program, two of them interpreted only: seconds, more on a loaded machine.
  }, 60_000);
});
