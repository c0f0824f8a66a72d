import { describe, expect, it } from "vitest";
import { editDistance, isSubcommandLike, unknownSubcommand } from "../../../protocol/cli/subcommandNames.js";
import { runOthello } from "./runOthello.js";

const KNOWN = ["match", "ladder", "perft", "bench", "solve", "endgames", "review", "ui", "eval", "train", "curve"];

describe("subcommand names", () => {
  it.each([
    ["solv", true],
    ["x", true],
    ["--gtp", false],
    ["-h", false],
    ["9000", false],
    ["127.0.0.1", false],
    ["::1", false],
    ["localhost", false],
  ])("%s is taken for a subcommand: %s", (word, expected) => {
    expect(isSubcommandLike(word)).toBe(expected);
  });

  it.each([
    ["kitten", "sitting", 3],
    ["solv", "solve", 1],
    ["sovle", "solve", 2],
    ["", "ui", 2],
    ["eval", "eval", 0],
  ])("the edit distance from %s to %s is %i", (a, b, d) => {
    expect(editDistance(a, b)).toBe(d);
    expect(editDistance(b, a)).toBe(d);
  });

  it.each([
    ["solv", "solve"],
    ["sovle", "solve"],
    ["Match", "match"],
    ["lad", "ladder"],
    ["trian", "train"],
  ])("suggests the nearest for %s", (word, nearest) => {
    expect(unknownSubcommand(word, KNOWN)).toContain(`"${word}" is not a subcommand; did you mean ${nearest}?`);
  });

  it("suggests nothing far off, and lists the subcommands", () => {
    expect(unknownSubcommand("xyzzy", KNOWN)).toBe(
      `othello: "xyzzy" is not a subcommand (subcommands: ${KNOWN.join(", ")}; see othello --help)`,
    );
  });

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
