import { describe, expect, it } from "vitest";
import { runOthello } from "./runOthello.js";

describe("a subcommand othello does not know", () => {
  it("othello solv: one line, status 2, and no engine started", async () => {
    const run = await runOthello(["solv"], "genmove b\n");
    expect(run.status).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toMatch(
      /^othello: "solv" is not a subcommand; did you mean solve\? \(subcommands: [a-z, ]+; see othello --help\)\n$/,
    );
  });
});

describe("every program's --help", () => {
  it.each([
    [[]],
    [["match"]],
    [["ladder"]],
    [["perft"]],
    [["bench"]],
    [["solve"]],
    [["endgames"]],
    [["review"]],
    [["ui"]],
    [["eval"]],
    [["train"]],
    [["curve"]],
  ])("othello %j --help is at most 100 columns wide, its description filled line by line", async (words) => {
    const run = await runOthello([...words, "--help"]);
    expect(run.status).toBe(0);
    const lines = run.stdout.trimEnd().split("\n");
    expect(lines.filter((line) => line.length > 100)).toEqual([]);
    expect(lines[0]).toMatch(/^usage: othello/);
    // Between the synopsis and the options: each line ends only where the next word would not fit.
    const start = lines.findIndex((line, i) => i > 0 && !line.startsWith("       "));
    const about = lines.slice(start, lines.indexOf("options (also as --option=VALUE):"));
    expect(about.length).toBeGreaterThan(0);
    const early = about.slice(0, -1).filter((line, i) => line.length + 1 + about[i + 1]!.split(" ")[0]!.length <= 100);
    expect(early).toEqual([]);
  });

  it("othello --help groups the engine's options: protocol, strength and time, search, threads, files", async () => {
    const titles = (await runOthello(["--help"])).stdout.split("\n").filter((line) => /^[a-z ]+:$/.test(line));
    expect(titles).toEqual(["protocol:", "strength and time:", "search:", "threads:", "files and output:"]);
  });
});
