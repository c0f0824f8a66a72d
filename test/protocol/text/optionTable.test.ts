import { describe, expect, it } from "vitest";
import { ok } from "../../../src/index.js";
import { parseWholeNumber } from "../../../protocol/text/numbers.js";
import {
  type KeyTable,
  type OptionTable,
  aliased,
  field,
  flag,
  formatKeys,
  formatOptions,
  keyed,
  parseOptions,
  USAGE_WIDTH,
  valued,
  wrapText,
} from "../../../protocol/text/optionTable.js";

interface Settings {
  readonly count: number;
  readonly size: number;
  readonly loud: boolean;
}

const DEFAULTS: Settings = { count: 1, size: 10, loud: false };

const KEYS: KeyTable<Settings> = {
  size: {
    value: "1 to 99",
    help: "the size",
    read: (s) => String(s.size),
    apply: (s, text) => {
      const n = parseWholeNumber(text, 1, 99);
      return n.ok ? ok({ ...s, size: n.value }) : n;
    },
  },
  loud: {
    value: "on|off",
    help: "speak up",
    read: (s) => (s.loud ? "on" : "off"),
    apply: (s, text) => ok({ ...s, loud: text === "on" }),
  },
};

const TABLE: OptionTable<Settings> = {
  "--count": aliased(
    "--number",
    field("count", "N", "how many", (t) => parseWholeNumber(t, 1, 9)),
  ),
  "--quiet": flag("say nothing", (s) => ({ ...s, loud: false })),
  "--set": keyed("set a key", KEYS),
};

const parse = (...args: string[]) => parseOptions(TABLE, args, DEFAULTS);

describe("an option's alias", () => {
  it("sets what the option sets, with a separate or an = value", () => {
    for (const args of [["--count", "3"], ["--number", "3"], ["--number=3"]])
      expect(parse(...args)).toEqual({ ok: true, value: { settings: { ...DEFAULTS, count: 3 }, positional: [] } });
  });

  it("an error names the option as it was typed", () => {
    expect(parse("--number", "0")).toEqual({ ok: false, error: "--number: 0 is out of range: expected 1 to 9" });
    expect(parse("--number")).toEqual({ ok: false, error: "--number needs a value N" });
  });

  it("is shown on its option's line, not on a line of its own", () => {
    expect(formatOptions(TABLE)).toEqual([
      "  --count N        how many (alias: --number)",
      "  --quiet          say nothing",
      "  --set KEY=VALUE  set a key",
    ]);
  });
});

describe("a keyed option", () => {
  it("sets the key named before the =, repeated for several keys", () => {
    expect(parse("--set", "size=20", "--set=loud=on")).toEqual({
      ok: true,
      value: { settings: { ...DEFAULTS, size: 20, loud: true }, positional: [] },
    });
  });

  it.each([
    [["--set", "size"], '--set: expected KEY=VALUE, got "size"'],
    [["--set", "Size=2"], '--set: unknown key "Size"; the keys are size, loud'],
    [["--set", "constructor=2"], '--set: unknown key "constructor"; the keys are size, loud'],
    [["--set", "size=100"], "--set: size: 100 is out of range: expected 1 to 99"],
    [["--set", "size="], '--set: size: expected a whole number from 1 to 99, got ""'],
  ])("refuses %j in one line that says what is wrong", (args, message) => {
    expect(parse(...args)).toEqual({ ok: false, error: message });
  });

  it("its keys are listed one a line, aligned, with the value in the settings given and why", () => {
    expect(formatKeys(KEYS, { ...DEFAULTS, size: 5 })).toEqual([
      "  KEY   VALUE    DEFAULT  WHAT IT SETS",
      "  size  1 to 99  5        the size",
      "  loud  on|off   off      speak up",
    ]);
  });
});

describe("an option whose value is several words", () => {
  const SPANNING: OptionTable<Settings> = {
    ...TABLE,
    "--range": {
      ...valued("LOW HIGH", "from LOW to HIGH", ok, (s, text: string) => {
        const [count, size] = text.split(" ").map(Number);
        return { ...s, count: count!, size: size! };
      }),
      words: 2,
    },
  };
  const parseSpanning = (...args: string[]) => parseOptions(SPANNING, args, DEFAULTS);

  it("takes the words after its name, or the one value after =, and leaves the next words alone", () => {
    for (const args of [
      ["--range", "-3", "7", "x"],
      ["--range=-3 7", "x"],
    ])
      expect(parseSpanning(...args)).toEqual({
        ok: true,
        value: { settings: { ...DEFAULTS, count: -3, size: 7 }, positional: ["x"] },
      });
  });

  it("needs all its words, none of them an option", () => {
    for (const args of [["--range", "1"], ["--range", "1", "--quiet"], ["--range"]])
      expect(parseSpanning(...args)).toEqual({ ok: false, error: "--range needs a value LOW HIGH" });
  });

  it("shows all its words in the usage", () => {
    expect(formatOptions(SPANNING)[3]).toBe("  --range LOW HIGH  from LOW to HIGH");
  });
});

describe("options that contradict each other", () => {
  const EXCLUSIVE: OptionTable<Settings> = {
    ...TABLE,
    "--loud": { ...flag("speak up", (s) => ({ ...s, loud: true })), excludes: ["--quiet"] },
  };
  const parseExclusive = (...args: string[]) => parseOptions(EXCLUSIVE, args, DEFAULTS);

  it("are refused together, in either order, naming both as typed", () => {
    expect(parseExclusive("--loud", "--quiet")).toEqual({
      ok: false,
      error: "--loud and --quiet contradict each other: give one of them",
    });
    expect(parseExclusive("--quiet", "--count", "2", "--loud")).toEqual({
      ok: false,
      error: "--quiet and --loud contradict each other: give one of them",
    });
  });

  it("are each accepted alone, and with the others", () => {
    expect(parseExclusive("--loud", "--number", "2").ok).toBe(true);
    expect(parseExclusive("--quiet", "--quiet").ok).toBe(true);
  });
});

describe("the usage's layout", () => {
  it("wraps a long help under its own column, within the usage's width", () => {
    const long: OptionTable<Settings> = {
      "--quiet": flag(`${"word ".repeat(40)}end`, (s) => s),
      "--count": field("count", "N", "short", (t) => parseWholeNumber(t, 1, 9)),
    };
    const lines = formatOptions(long);
    expect(lines.length).toBeGreaterThan(3);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(USAGE_WIDTH);
    expect(lines[0]).toMatch(/^ {2}--quiet {4}word word/);
    expect(lines[1]).toMatch(/^ {13}word word/);
    expect(lines.at(-1)).toBe("  --count N  short");
    expect(lines.slice(0, -1).join(" ").replace(/ +/g, " ").trim()).toBe(`--quiet ${"word ".repeat(40)}end`);
  });

  it("lists the options under their groups' titles, in the groups' order", () => {
    expect(
      formatOptions(TABLE, [
        ["tuning", ["--set"]],
        ["all else", ["--quiet", "--count"]],
      ]),
    ).toEqual([
      "tuning:",
      "  --set KEY=VALUE  set a key",
      "all else:",
      "  --quiet          say nothing",
      "  --count N        how many (alias: --number)",
    ]);
  });

  it("a group that leaves an option out, or names one twice, is a programmer's error", () => {
    expect(() => formatOptions(TABLE, [["some", ["--set", "--quiet"]]])).toThrow(/--count/);
    expect(() => formatOptions(TABLE, [["twice", ["--set", "--set", "--quiet", "--count"]]])).toThrow();
  });

  it.each([
    ["one two three four", 9, ["one two", "three", "four"]],
    ["a verylongword b", 4, ["a", "verylongword", "b"]],
    ["fits", 100, ["fits"]],
  ])("wrapText(%j, %i)", (text, width, lines) => {
    expect(wrapText(text, width)).toEqual(lines);
  });
});
