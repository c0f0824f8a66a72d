import { describe, expect, it } from "vitest";
import { formatOpening, parseOpening, parseOpeningsFile, randomOpenings } from "../../../protocol/match/openings.js";

describe("openings", () => {
  it("are reproducible by seed, legal, distinct, and of the asked length", () => {
    const a = randomOpenings(20, 6, 42);
    expect(randomOpenings(20, 6, 42)).toEqual(a);
    expect(randomOpenings(20, 6, 43)).not.toEqual(a);
    expect(new Set(a.map(formatOpening)).size).toBe(20);
    for (const o of a) {
      expect(o).toHaveLength(6);
      expect(parseOpening(formatOpening(o))).toEqual({ ok: true, value: o });
    }
  });

  it("parse from a file with comments, run-together moves, and say which line is wrong", () => {
    expect(parseOpeningsFile("# two\nf5 d6\n\nF5F6E6\n")).toEqual({
      ok: true,
      value: [
        [37, 43],
        [37, 45, 44],
      ],
    });
    const bad = parseOpeningsFile("f5\nf5 a1\n");
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.error).toMatch(/^line 2: a1 after "f5" is illegal/);
    expect(parseOpeningsFile("# nothing\n").ok).toBe(false);
  });
});
