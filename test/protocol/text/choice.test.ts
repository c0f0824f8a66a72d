import { describe, expect, it } from "vitest";
import { listChoices, parseChoice } from "../../../protocol/text/choice.js";

describe("a choice among a few words", () => {
  it("is any of them, exactly as written", () => {
    for (const word of ["uct", "ucb", "random"])
      expect(parseChoice(word, ["uct", "ucb", "random"])).toEqual({ ok: true, value: word });
  });

  it.each([
    ["tree", ["eval", "playout"], 'expected eval or playout, got "tree"'],
    ["UCT", ["uct", "ucb", "random", "alphabeta"], 'expected uct, ucb, random or alphabeta, got "UCT"'],
    ["", ["on", "off"], 'expected on or off, got ""'],
    [" on", ["on", "off"], 'expected on or off, got " on"'],
    ["toString", ["on", "off"], 'expected on or off, got "toString"'],
    ["x\ty", ["root", "tree"], 'expected root or tree, got "x\\x09y"'],
  ])("refuses %j with the words it could be", (text, choices, message) => {
    expect(parseChoice(text, choices)).toEqual({ ok: false, error: message });
  });

  it("lists one, two or more words as a person writes them", () => {
    expect(listChoices(["a"])).toBe("a");
    expect(listChoices(["a", "b"])).toBe("a or b");
    expect(listChoices(["a", "b", "c"])).toBe("a, b or c");
  });
});
