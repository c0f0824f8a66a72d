import { execFileSync } from "node:child_process";
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

/** The program run by a Node without WebAssembly (--jitless), on `input`: its standard output. */
function withoutWebAssembly(args: string[], input: string): string {
  return execFileSync(process.execPath, ["--jitless", PROGRAM, ...args], {
    input,
    encoding: "utf8",
    timeout: 20_000,
    stdio: ["pipe", "pipe", "pipe"],
  });
}

describe("the kernels' default", () => {
  it("is WebAssembly where the JavaScript engine runs it", () => {
    expect(DEFAULT_KERNEL).toBe("webassembly");
  });

  it("falls back to the TypeScript where it does not: the engine plays and solves under node --jitless", () => {
    // The default search values its nodes' children with the incremental evaluation.
    const gtp = withoutWebAssembly(["--gtp", "--visits", "300"], "boardsize 8\nclear_board\ngenmove b\nquit\n");
    expect(gtp).toMatch(/^=\n\n=\n\n= (D3|C4|F5|E6)\n\n=\n\n$/);
    // Two positions of 14 empties, which the solver's kernel would solve whole.
    const two = readFileSync(FFORUM, "utf8").split("\n").slice(0, 2).join("\n");
    const solved = withoutWebAssembly(["solve", "-"], `${two}\n`);
    expect(solved).toMatch(
      /^1 14 G8 \+18 \d+ .* ok\n2 14 A4 \+10 \d+ .* ok\ntotal 2 positions, 2 solved, 0 mismatches/,
    );
  });
});
