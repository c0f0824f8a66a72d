import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { terminalGreeting } from "../../../protocol/cli/engineCommand.js";
import { runOthello } from "./runOthello.js";

const OTHELLO = join(import.meta.dirname, "..", "..", "..", "dist/othello.js");
const dir = mkdtempSync(join(tmpdir(), "terminal-test-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The engine with a terminal for its stdin and stdout (util-linux's `script`), `quit` typed: its stderr. */
function onTerminal(args: string): string {
  const err = join(dir, "stderr");
  spawnSync("script", ["-qec", `node "${OTHELLO}" ${args} 2>"${err}"`, "/dev/null"], {
    input: "quit\n",
    encoding: "utf8",
    timeout: 20_000,
  });
  return readFileSync(err, "utf8");
}

describe("the engine at a terminal", () => {
  it.each([
    ["", "otp"],
    ["--gtp", "gtp"],
    ["--nboard", "nboard"],
  ] as const)("othello %s greets a person in one line on stderr", (args, protocol) => {
    expect(onTerminal(args)).toBe(`${terminalGreeting(protocol)}\n`);
  });

  it("says what it speaks, how to end, and where the options are", () => {
    expect(terminalGreeting("gtp")).toBe(
      "othello: speaking GTP (Go Text Protocol, Othello conventions) on stdin/stdout; try genmove b, and quit to end (othello --help: the options)",
    );
  });

  it("on a pipe, says nothing: stdout is exactly the protocol and stderr is empty", async () => {
    const run = await runOthello([], "name\nquit\n");
    expect(run.stdout).toBe("name othello-uct\nquit\n");
    expect(run.stderr).toBe("");
  });
});
