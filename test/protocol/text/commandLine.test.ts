import { describe, expect, it } from "vitest";
import { formatCommandLine, parseCommandLine } from "../../../protocol/text/commandLine.js";

describe("engine command lines", () => {
  it("split at spaces, with quotes keeping spaces, and format back", () => {
    const words = parseCommandLine(`./othello --name "my engine" -x 'a b'`);
    expect(words).toEqual({ ok: true, value: ["./othello", "--name", "my engine", "-x", "a b"] });
    expect(parseCommandLine(formatCommandLine(["a b", "it's", "--c=1"]))).toEqual({
      ok: true,
      value: ["a b", "it's", "--c=1"],
    });
    expect(parseCommandLine(`x "y`).ok).toBe(false);
    expect(parseCommandLine("   ").ok).toBe(false);
  });
});
