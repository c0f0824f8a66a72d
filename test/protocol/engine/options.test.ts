import { describe, expect, it } from "vitest";
import { DEFAULT_SEARCH_PARAMS } from "../../../src/index.js";
import {
  DEFAULT_CONNECT_SECONDS,
  DEFAULT_MOVE_SECONDS,
  DEFAULT_NAME,
  DEFAULT_OTP_MAX_MOVE_SECONDS,
  ENGINE_OPTIONS,
  type EngineOptions,
  defaultEngineOptions,
  maxMoveSeconds,
  parseEngineCommandLine,
  parseEngineName,
} from "../../../protocol/engine/options.js";
import { engineProgram } from "../../../protocol/cli/engineCommand.js";
import { formatUsage } from "../../../protocol/cli/program.js";

/** The defaults with a fixed seed (without --seed each run draws its own). */
const DEFAULTS: EngineOptions = { ...defaultEngineOptions(), seed: 99 };

function parse(...args: string[]) {
  return parseEngineCommandLine(args, DEFAULTS);
}

describe("engine command line", () => {
  it("the defaults: OTP, 5 s a move, no fixed playouts, the ceiling by protocol, 10 s to connect", () => {
    expect(DEFAULTS).toMatchObject({
      name: DEFAULT_NAME,
      verbose: false,
      protocol: "otp",
      time: DEFAULT_MOVE_SECONDS,
      playouts: undefined,
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

  it("the usage lists every option of the table", () => {
    const usage = formatUsage(engineProgram([]));
    for (const name of Object.keys(ENGINE_OPTIONS)) expect(usage).toContain(name);
  });

  it("--parallel: a tree per thread (root) or one shared tree (tree)", () => {
    expect(parse("--threads", "2", "--parallel", "tree")).toMatchObject({
      ok: true,
      value: { options: { threads: 2, parallel: "tree" } },
    });
    expect(parse("--parallel=root")).toMatchObject({ ok: true, value: { options: { parallel: "root" } } });
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
