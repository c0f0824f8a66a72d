import { describe, expect, it } from "vitest";
import { editDistance, isSubcommandLike, unknownSubcommand } from "../../../protocol/cli/subcommandNames.js";

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
});
