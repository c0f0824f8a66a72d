import { describe, expect, it } from "vitest";
import { unwrapUsage } from "../text/usageLines.js";
import { CLASSIC_SEARCH_PARAMS, DEFAULT_SEARCH_PARAMS } from "../../../src/index.js";
import {
  ENGINE_OPTIONS,
  TUNING_KEYS,
  parseEngineCommandLine,
  parseEngineName,
} from "../../../protocol/engine/options.js";
import {
  DEFAULT_CONNECT_SECONDS,
  DEFAULT_MOVE_SECONDS,
  DEFAULT_NAME,
  DEFAULT_OTP_MAX_MOVE_SECONDS,
  defaultEngineOptions,
  type EngineOptions,
  maxMoveSeconds,
} from "../../../protocol/engine/engineOptions.js";
import { TOP_LEVEL, applyLevel } from "../../../protocol/engine/levels.js";
import { engineProgram } from "../../../protocol/cli/engineCommand.js";
import { formatTuning, formatUsage } from "../../../protocol/cli/program.js";

/** The defaults with a fixed seed (without --seed each run draws its own). */
const DEFAULTS: EngineOptions = { ...defaultEngineOptions(), seed: 99 };

function parse(...args: string[]) {
  return parseEngineCommandLine(args, DEFAULTS);
}

describe("engine command line", () => {
  it("the defaults: OTP, 5 s a move, no fixed visits, the ceiling by protocol, 10 s to connect", () => {
    expect(DEFAULTS).toMatchObject({
      name: DEFAULT_NAME,
      verbose: false,
      protocol: "otp",
      time: DEFAULT_MOVE_SECONDS,
      visits: undefined,
      timeAllocation: "midgame",
      earlyStop: false,
      maxMoveTime: undefined,
      connectTimeout: DEFAULT_CONNECT_SECONDS,
      search: DEFAULT_SEARCH_PARAMS,
      threads: 1,
      parallel: "tree",
    });
  });

  it("no arguments: stdin/stdout with the defaults", () => {
    expect(parse()).toEqual({ ok: true, value: { options: DEFAULTS, endpoint: { kind: "stdio" } } });
  });

  it("PORT connects to 127.0.0.1, IP PORT to IP", () => {
    expect(parse("5000")).toMatchObject({
      ok: true,
      value: { endpoint: { kind: "tcp", host: "127.0.0.1", port: 5000 } },
    });
    expect(parse("127.0.0.2", "65535")).toMatchObject({
      ok: true,
      value: { endpoint: { kind: "tcp", host: "127.0.0.2", port: 65535 } },
    });
    expect(parse("::1", "1")).toMatchObject({ ok: true, value: { endpoint: { kind: "tcp", host: "::1", port: 1 } } });
    expect(parse("localhost", "80")).toMatchObject({
      ok: true,
      value: { endpoint: { kind: "tcp", host: "localhost", port: 80 } },
    });
  });

  it("options come before or after the address, with a separate or an = value", () => {
    const expected = {
      ok: true,
      value: {
        options: { ...DEFAULTS, name: "r123", seed: 7, verbose: true },
        endpoint: { kind: "tcp", host: "127.0.0.1", port: 4000 },
      },
    };
    expect(parse("--name", "r123", "4000", "--seed=7", "--verbose")).toEqual(expected);
    expect(parse("--verbose", "--seed", "7", "--name=r123", "4000")).toEqual(expected);
  });

  const errors: [string[], string][] = [
    [["--bogus"], 'unknown option "--bogus"'],
    [["--toString"], 'unknown option "--toString"'],
    [["--seed"], "--seed needs a value N"],
    [["--seed", "--verbose"], "--seed needs a value N"],
    [["--seed", "-1"], '--seed: expected a whole number from 0 to 4294967295, got "-1"'],
    [["--seed", "4294967296"], "--seed: 4294967296 is out of range: expected 0 to 4294967295"],
    [["--seed=1.5"], '--seed: expected a whole number from 0 to 4294967295, got "1.5"'],
    [["--verbose=yes"], "--verbose takes no value"],
    [["--name="], "--name: the name is empty"],
    [["--name", "two words"], '--name: the name "two words" must be printable ASCII without spaces'],
    [["--name", "x".repeat(515)], "--name: the name has 515 bytes; the course allows at most 514"],
    [["--threads", "17"], "--threads: 17 threads are too many: at most 16, each a search with its own tree"],
    [["--parallel", "leaf"], '--parallel: expected root or tree, got "leaf"'],
    [["--threads", "0"], "--threads: 0 is out of range: expected 1 to 16"],
    [["--threads", "two"], '--threads: expected a whole number from 1 to 16, got "two"'],
    [["0"], "PORT: 0 is out of range: expected 1 to 65535"],
    [["65536"], "PORT: 65536 is out of range: expected 1 to 65535"],
    [["http"], 'PORT: expected a whole number from 1 to 65535, got "http"'],
    [["perf"], 'PORT: expected a whole number from 1 to 65535, got "perf"'],
    [["judge.example", "5000"], '"judge.example" is not an IP address'],
    [["1.2.3.4", "5", "6"], 'expected at most IP and PORT, got 3 arguments: "1.2.3.4" "5" "6"'],
    [["127.0.0.1"], '"127.0.0.1" is an address: give the PORT after it'],
    [["--gtp", "--nboard"], "--gtp and --nboard contradict each other: give one of them"],
    [["--nboard", "--seed", "2", "--gtp"], "--nboard and --gtp contradict each other: give one of them"],
    [
      ["--ponder"],
      "--ponder: OTP never ponders (the course judge runs both engines on one machine, where pondering takes the cores from the engine on move); use it with --gtp or --nboard",
    ],
    [
      ["--ponder", "--nboard", "--search", "random"],
      "--ponder: --search random keeps no tree to ponder in; pondering is the tree search's",
    ],
  ];
  for (const [args, message] of errors) {
    it(`rejects ${JSON.stringify(args).slice(0, 60)}`, () => {
      expect(parse(...args)).toEqual({ ok: false, error: message });
    });
  }

  it("the name may be 514 bytes of printable ASCII", () => {
    expect(parseEngineName("x".repeat(514)).ok).toBe(true);
    expect(parseEngineName("r05922068").ok).toBe(true);
  });

  it("without --seed each run draws its own seed", () => {
    const seeds = new Set(
      Array.from({ length: 5 }, () => {
        const r = parseEngineCommandLine([]);
        return r.ok ? r.value.options.seed : -1;
      }),
    );
    expect(seeds.size).toBeGreaterThan(1);
  });

  it("the usage lists every option of the table, an alias on its option's line, and --help-tuning", () => {
    const usage = unwrapUsage(formatUsage(engineProgram([])));
    for (const name of Object.keys(ENGINE_OPTIONS)) expect(usage).toMatch(new RegExp(`^  ${name}( |$)`, "m"));
    expect(usage).toMatch(/^ {2}--visits N {2}.*\(alias: --playouts\)$/m);
    expect(usage).not.toMatch(/^ {2}--playouts/m);
    expect(usage).toMatch(/--help-tuning/);
  });

  it("--level N is kept beside the options as given; played over them, a lower level's settings win wherever these stand", () => {
    expect(parse("--level", String(TOP_LEVEL))).toEqual({
      ok: true,
      value: { options: { ...DEFAULTS, level: TOP_LEVEL }, endpoint: { kind: "stdio" } },
    });
    const level3 = applyLevel(DEFAULTS, 3);
    for (const args of [
      ["--level", "3"],
      ["--level=3", "--visits", "900", "--book", "my.book", "--threads", "2", "--solve-empties", "12"],
      ["--visits", "900", "--threads", "2", "--level", "3", "--solve-empties", "12"],
    ]) {
      const parsed = parse(...args);
      if (!parsed.ok) throw new Error(parsed.error);
      expect(parsed.value.options.level).toBe(3);
      // The session plays the options with their level over them (and keeps them for the top level).
      const options = applyLevel(parsed.value.options, 3);
      expect(options).toMatchObject({ level: 3, visits: level3.visits, book: false, threads: 1 });
      expect(options.search).toEqual(level3.search);
      expect(options.solveHorizon).toBe(level3.solveHorizon);
    }
    // What a level leaves alone stays the options'.
    expect(parse("--level", "2", "--gtp", "--seed", "5")).toMatchObject({
      ok: true,
      value: { options: { protocol: "gtp", seed: 5, level: 2 } },
    });
  });

  it.each([
    ["0", `--level: 0 is out of range: expected 1 to ${TOP_LEVEL}`],
    [String(TOP_LEVEL + 1), `--level: ${TOP_LEVEL + 1} is out of range: expected 1 to ${TOP_LEVEL}`],
    ["x", `--level: expected a whole number from 1 to ${TOP_LEVEL}, got "x"`],
  ])("--level %s is refused, saying the range", (level, error) => {
    expect(parse("--level", level)).toEqual({ ok: false, error });
  });

  it("--help gives --level's range, 1 to the top", () => {
    const usage = unwrapUsage(formatUsage(engineProgram([])));
    expect(usage).toMatch(new RegExp(`^ {2}--level N {2,}play at level N for people, 1 to ${TOP_LEVEL} `, "m"));
  });

  it("--visits N: a fixed number of visits a move; --playouts is its alias", () => {
    for (const args of [["--visits", "500"], ["--visits=500"], ["--playouts", "500"], ["--playouts=500"]])
      expect(parse(...args)).toMatchObject({ ok: true, value: { options: { visits: 500 } } });
    expect(parse("--playouts", "x")).toEqual({
      ok: false,
      error: '--playouts: expected a whole number from 1 to 10000000, got "x"',
    });
  });

  it.each<[string, Partial<EngineOptions>]>([
    ["ucbC=0.6", { search: { ...DEFAULT_SEARCH_PARAMS, ucbC: 0.6 } }],
    ["priorVisits=0", { search: { ...DEFAULT_SEARCH_PARAMS, priorVisits: 0 } }],
    ["leaf=playout", { search: { ...DEFAULT_SEARCH_PARAMS, leaf: "playout" } }],
    ["evalScale=5.5", { search: { ...DEFAULT_SEARCH_PARAMS, evalScale: 5.5 } }],
    ["minimaxWeight=0.4", { search: { ...DEFAULT_SEARCH_PARAMS, minimaxWeight: 0.4 } }],
    ["selection=ucb1", { search: { ...DEFAULT_SEARCH_PARAMS, selection: "ucb1" } }],
    ["puctC=2", { search: { ...DEFAULT_SEARCH_PARAMS, puctC: 2 } }],
    ["policyTemp=8", { search: { ...DEFAULT_SEARCH_PARAMS, policyTemp: 8 } }],
    ["leafLookahead=0.5", { search: { ...DEFAULT_SEARCH_PARAMS, leafLookahead: 0.5 } }],
    ["puctGrowth=0.5", { search: { ...DEFAULT_SEARCH_PARAMS, puctGrowth: 0.5 } }],
    ["ppMinVisits=32", { search: { ...DEFAULT_SEARCH_PARAMS, ppMinVisits: 32 } }],
    ["timeAllocation=flat", { timeAllocation: "flat" }],
    ["earlyStop=on", { earlyStop: true }],
  ])("--tune %s sets that and nothing else", (pair, changed) => {
    const expected = { ok: true, value: { options: { ...DEFAULTS, ...changed }, endpoint: { kind: "stdio" } } };
    expect(parse("--tune", pair)).toEqual(expected);
    expect(parse(`--tune=${pair}`)).toEqual(expected);
  });

  it("--tune is repeatable, each setting its key, and a later one wins", () => {
    expect(parse("--tune", "ucbC=0.6", "--tune", "priorVisits=0", "--tune", "ucbC=0.2")).toMatchObject({
      ok: true,
      value: { options: { search: { ucbC: 0.2, priorVisits: 0 } } },
    });
    expect(parse("--tune", "earlyStop=off", "--tune", "earlyStop=on")).toMatchObject({
      ok: true,
      value: { options: { earlyStop: true } },
    });
  });

  it("--classic searches as CLASSIC_SEARCH_PARAMS, what it says in --help is the same, and options after it still apply", () => {
    const classic = parse("--classic");
    expect(classic.ok && classic.value.options.search).toEqual(CLASSIC_SEARCH_PARAMS);
    const help = /^\s*--classic\s[^(]*\(([^;]*);/m.exec(unwrapUsage(formatUsage(engineProgram([]))))![1]!;
    expect(parse(...help.split(" "))).toEqual(classic);
    expect(parse("--classic", "--pp-r", "2")).toMatchObject({
      ok: true,
      value: { options: { search: { ppR: 2, leaf: "playout" } } },
    });
  });

  it("every key's default, given back to --tune, leaves the defaults as they were", () => {
    for (const [key, spec] of Object.entries(TUNING_KEYS))
      expect(parse("--tune", `${key}=${spec.read(DEFAULTS)}`)).toEqual(parse());
  });

  const KEYS =
    "ucbC, priorVisits, leaf, evalScale, minimaxWeight, selection, puctC, policyTemp, puctGrowth, leafLookahead, ppMinVisits, timeAllocation, earlyStop";
  it.each([
    [["--tune"], "--tune needs a value KEY=VALUE"],
    [["--tune", "ucbC"], '--tune: expected KEY=VALUE, got "ucbC"'],
    [["--tune", "ucbc=0.6"], `--tune: unknown key "ucbc"; the keys are ${KEYS}`],
    [["--tune", "=0.6"], `--tune: unknown key ""; the keys are ${KEYS}`],
    [["--tune", "toString=1"], `--tune: unknown key "toString"; the keys are ${KEYS}`],
    [["--tune", "ppR=1"], `--tune: unknown key "ppR"; the keys are ${KEYS}`],
    [["--tune", "ucbC="], '--tune: ucbC: expected a number from 0 to 100, got ""'],
    [["--tune", "ucbC=101"], "--tune: ucbC: 101 is out of range: expected 0 to 100"],
    [["--tune", "ucbC=0.6=1"], '--tune: ucbC: expected a number from 0 to 100, got "0.6=1"'],
    [["--tune", "priorVisits=-1"], '--tune: priorVisits: expected a number from 0 to 1000, got "-1"'],
    [["--tune", "leaf=tree"], '--tune: leaf: expected eval or playout, got "tree"'],
    [["--tune", "evalScale=fitted"], '--tune: evalScale: expected a number from 0.1 to 1000, got "fitted"'],
    [["--tune", "selection=ucb"], '--tune: selection: expected ucb1 or puct, got "ucb"'],
    [["--tune", "policyTemp=0"], "--tune: policyTemp: 0 is out of range: expected 0.1 to 1000"],
    [["--tune", "leafLookahead=1.5"], "--tune: leafLookahead: 1.5 is out of range: expected 0 to 1"],
    [["--tune", "ppMinVisits=0"], "--tune: ppMinVisits: 0 is out of range: expected 1 to 1000000000"],
    [["--tune", "timeAllocation=even"], '--tune: timeAllocation: expected midgame or flat, got "even"'],
    [["--tune", "earlyStop=yes"], '--tune: earlyStop: expected on or off, got "yes"'],
  ])("--tune refuses %j with one precise line", (args, message) => {
    expect(parse(...args)).toEqual({ ok: false, error: message });
  });

  it.each([
    "--ucb-c",
    "--leaf",
    "--prior-visits",
    "--eval-scale",
    "--pp-min-visits",
    "--time-allocation",
    "--no-early-stop",
    "--no-pp",
  ])("%s is gone: one way to set each thing", (name) => {
    expect(parse(name, "1")).toEqual({ ok: false, error: `unknown option "${name}"` });
  });

  it("--help-tuning: one line a key with its value's form and its default, under a heading", () => {
    const lines = unwrapUsage(formatTuning(engineProgram([]).tuning!, DEFAULTS)).split("\n");
    const rows = lines.filter((line) => /^ {2}\S/.test(line)).map((line) => line.trim().split(/ {2,}/));
    expect(rows.map((row) => row.slice(0, 3))).toEqual([
      ["KEY", "VALUE", "DEFAULT"],
      ["ucbC", "0 to 100", "0.3"],
      ["priorVisits", "0 to 1000", "2"],
      ["leaf", "eval|playout", "eval"],
      ["evalScale", "0.1 to 1000", "7"],
      ["minimaxWeight", "0 to 1", "0.2"],
      ["selection", "ucb1|puct", "puct"],
      ["puctC", "0 to 100", "1.5"],
      ["policyTemp", "0.1 to 1000", "4"],
      ["puctGrowth", "0 to 100", "0"],
      ["leafLookahead", "0 to 1", "0"],
      ["ppMinVisits", "1 to 1000000000", "64"],
      ["timeAllocation", "midgame|flat", "midgame"],
      ["earlyStop", "on|off", "off"],
    ]);
    // What it sets, in words: how its default was chosen is the docs' (docs/decisions.md).
    for (const [, , , text] of rows.slice(1)) expect(text).toMatch(/^\w.* \w/);
    expect(lines.join("\n")).toContain("docs/decisions.md");
  });

  // --help says what an option does; the docs say how it was measured and when.
  it("--help and --help-tuning name no lab entry, date, commit or match score", () => {
    const program = engineProgram([]);
    for (const text of [formatUsage(program), formatTuning(program.tuning!, DEFAULTS)]) {
      expect(text).not.toContain("docs/lab");
      expect(text).not.toMatch(/\b20\d\d-[01]\d-[0-3]\d\b/);
      expect(text).not.toMatch(/\bscored\b|\b0\.\d{3}\b|\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{7,40}\b/);
    }
  });

  it("--ponder: off by default, on with GTP or NBoard, in either order", () => {
    expect(DEFAULTS.ponder).toBe(false);
    expect(parse("--ponder", "--gtp")).toMatchObject({
      ok: true,
      value: { options: { ponder: true, protocol: "gtp" } },
    });
    expect(parse("--nboard", "--ponder")).toMatchObject({
      ok: true,
      value: { options: { ponder: true, protocol: "nboard" } },
    });
  });

  it("--parallel: a tree per thread (root) or one shared tree (tree)", () => {
    expect(parse("--threads", "2", "--parallel", "tree")).toMatchObject({
      ok: true,
      value: { options: { threads: 2, parallel: "tree" } },
    });
    expect(parse("--parallel=root")).toMatchObject({ ok: true, value: { options: { parallel: "root" } } });
  });

  it("the opening book: the shipped one by default, --book FILE another, --no-book none; not both", () => {
    expect(DEFAULTS).toMatchObject({ book: true, bookFile: undefined });
    expect(parse("--book", "my.book")).toMatchObject({
      ok: true,
      value: { options: { book: true, bookFile: "my.book" } },
    });
    expect(parse("--no-book")).toMatchObject({ ok: true, value: { options: { book: false } } });
    expect(parse("--book", "my.book", "--no-book").ok).toBe(false);
    expect(parse("--book=").ok).toBe(false);
  });

  it("--threads: 1 to 16 searches a move", () => {
    expect(parse("--threads", "16")).toMatchObject({ ok: true, value: { options: { threads: 16 } } });
    expect(parse("--threads=2", "4000")).toMatchObject({
      ok: true,
      value: { options: { threads: 2 }, endpoint: { port: 4000 } },
    });
  });

  it("a move's ceiling: 8 s under OTP unless set, none under GTP or NBoard unless set", () => {
    expect(maxMoveSeconds(DEFAULTS)).toBe(DEFAULT_OTP_MAX_MOVE_SECONDS);
    expect(maxMoveSeconds({ ...DEFAULTS, protocol: "gtp" })).toBeUndefined();
    const nboard = parse("--nboard");
    expect(nboard.ok && nboard.value.options.protocol).toBe("nboard");
    expect(nboard.ok && maxMoveSeconds(nboard.value.options)).toBeUndefined();
    const set = parse("--gtp", "--max-move-time", "2.5");
    expect(set.ok && maxMoveSeconds(set.value.options)).toBe(2.5);
    expect(parse("--max-move-time", "0").ok).toBe(false);
  });
});
