import { isIP } from "node:net";
import { DEFAULT_SEARCH_PARAMS, type Result, type SearchParams, err, ok } from "../../src/index.js";
import { parseDecimal, parseWholeNumber, printable } from "../text/numbers.js";

/** What the engine is told on its command line, whatever protocol and transport it serves. */
export interface EngineOptions {
  /** The reply to `name` (the course's students answer with their student id). */
  readonly name: string;
  /** Seeds every random choice; the same seed and commands give the same replies. */
  readonly seed: number;
  /** Draws the board on stderr after every change of the position. */
  readonly verbose: boolean;
  /** Speaks GTP v2 instead of the course's OTP. */
  readonly gtp: boolean;
  /** Thinking time per move in seconds when the controller gives no clock. */
  readonly time: number;
  /** A fixed number of playouts per move instead of a time (reproducible with --seed). */
  readonly playouts: number | undefined;
  readonly search: SearchParams;
}

/**
 * Thinking time per move without a clock from the controller: half the course judge's 10 s
 * genmove limit, which leaves room for garbage collection, start-up and a loaded machine.
 */
export const DEFAULT_MOVE_SECONDS = 5;
/** Two pools of this many nodes, 23 bytes each, stay under 1 GB, well within the course's 4 GiB. */
const MAX_NODES = 20_000_000;
/** A node's 32-bit visit counter must outlast a whole game's searches: 60 of these stay under 2^31. */
const MAX_PLAYOUTS = 10_000_000;

/** Where the commands come from: stdin/stdout, or a TCP connection to the judge. */
export type Endpoint = { readonly kind: "stdio" } | { readonly kind: "tcp"; readonly host: string; readonly port: number };

export interface EngineCommandLine {
  readonly options: EngineOptions;
  readonly endpoint: Endpoint;
}

export const DEFAULT_NAME = "othello-uct";
const DEFAULT_HOST = "127.0.0.1";
/** The course's limit on the `name` reply. */
const MAX_NAME_BYTES = 514;

interface OptionSpec {
  /** The value's placeholder in the usage; absent for a flag, which takes no value. */
  readonly value?: string;
  readonly help: string;
  readonly apply: (options: EngineOptions, value: string) => Result<EngineOptions>;
}

/** An option with a value: parsed, then assigned into the options. */
function valued<T>(value: string, help: string, parse: (text: string) => Result<T>, assign: (options: EngineOptions, value: T) => EngineOptions): OptionSpec {
  return {
    value,
    help,
    apply: (options, text) => {
      const parsed = parse(text);
      return parsed.ok ? ok(assign(options, parsed.value)) : parsed;
    },
  };
}

/** An option that sets one field from its parsed value. */
function setting<K extends keyof EngineOptions>(key: K, value: string, help: string, parse: (text: string) => Result<EngineOptions[K]>): OptionSpec {
  return valued(value, help, parse, (options, v) => ({ ...options, [key]: v }));
}

function flag<K extends keyof EngineOptions>(key: K, help: string): OptionSpec {
  return { help, apply: (options) => ok({ ...options, [key]: true }) };
}

/** An option that sets one search parameter. */
function searchSetting<K extends keyof SearchParams>(key: K, value: string, help: string, parse: (text: string) => Result<SearchParams[K]>): OptionSpec {
  return valued(value, help, parse, (options, v) => ({ ...options, search: { ...options.search, [key]: v } }));
}

function parseAlgorithm(text: string): Result<SearchParams["algorithm"]> {
  return text === "uct" || text === "ucb" || text === "random" ? ok(text) : err(`expected uct, ucb or random, got "${printable(text)}"`);
}

export function parseEngineName(text: string): Result<string> {
  if (text === "") return err("the name is empty");
  if (!/^[\x21-\x7e]+$/.test(text)) return err(`the name "${printable(text)}" must be printable ASCII without spaces`);
  if (text.length > MAX_NAME_BYTES) return err(`the name has ${text.length} bytes; the course allows at most ${MAX_NAME_BYTES}`);
  return ok(text);
}

/** The engine's options; the usage text is computed from this table, so a new option is one entry here and one field above. */
export const ENGINE_OPTIONS: Readonly<Record<string, OptionSpec>> = {
  "--name": setting("name", "NAME", `the reply to name (default ${DEFAULT_NAME})`, parseEngineName),
  "--seed": setting("seed", "N", "seed of the random choices, 0 to 4294967295 (default: a new one each run)", (t) => parseWholeNumber(t, 0, 0xffffffff)),
  "--verbose": flag("verbose", "draw the board on stderr after every move, undo and new position"),
  "--gtp": flag("gtp", "speak GTP v2 (Othello conventions of GRhino and Quarry) instead of OTP"),
  "--time": setting("time", "SECONDS", `thinking time per move without a clock from the controller (default ${DEFAULT_MOVE_SECONDS})`, (t) => parseDecimal(t, 0.01, 3600)),
  "--playouts": setting("playouts", "N", "a fixed number of playouts per move instead of a time", (t) => parseWholeNumber(t, 1, MAX_PLAYOUTS)),
  "--search": searchSetting("algorithm", "uct|ucb|random", `UCT tree search, flat UCB1 over the root moves, or random moves (default ${DEFAULT_SEARCH_PARAMS.algorithm})`, parseAlgorithm),
  "--ucb-c": searchSetting("ucbC", "C", `UCB1 exploration constant (default ${DEFAULT_SEARCH_PARAMS.ucbC})`, (t) => parseDecimal(t, 0, 100)),
  "--pp-r": searchSetting("ppR", "R", `progressive pruning width in standard deviations, 0 = off (default ${DEFAULT_SEARCH_PARAMS.ppR})`, (t) => parseDecimal(t, 0, 100)),
  "--no-pp": { help: "turn progressive pruning off (same as --pp-r 0)", apply: (options) => ok({ ...options, search: { ...options.search, ppR: 0 } }) },
  "--pp-min-visits": searchSetting("ppMinVisits", "N", `playouts every child needs before pruning (default ${DEFAULT_SEARCH_PARAMS.ppMinVisits})`, (t) => parseWholeNumber(t, 1, 1e9)),
  "--max-nodes": searchSetting("maxNodes", "N", `node budget of the search tree (default ${DEFAULT_SEARCH_PARAMS.maxNodes})`, (t) => parseWholeNumber(t, 1000, MAX_NODES)),
};

export function defaultEngineOptions(): EngineOptions {
  return {
    name: DEFAULT_NAME,
    seed: Math.floor(Math.random() * 0x100000000),
    verbose: false,
    gtp: false,
    time: DEFAULT_MOVE_SECONDS,
    playouts: undefined,
    search: DEFAULT_SEARCH_PARAMS,
  };
}

export function engineUsage(): string {
  const rows = Object.entries(ENGINE_OPTIONS).map(([name, spec]) => [spec.value === undefined ? name : `${name} ${spec.value}`, spec.help]);
  const width = Math.max(...rows.map(([left]) => left!.length));
  return [
    "usage: othello [OPTIONS] [[IP] PORT]",
    "       othello perft DEPTH [--position CODE66]",
    "       othello bench [--perft-depth D]",
    "The engine speaks the course's OTP (GTP with --gtp): on stdin/stdout without PORT, one reply line",
    `per command; with PORT as a TCP client of IP:PORT (IP ${DEFAULT_HOST} by default), OTP replies unframed.`,
    "options (also as --option=VALUE):",
    ...rows.map(([left, help]) => `  ${left!.padEnd(width)}  ${help}`),
  ].join("\n");
}

/** Options (before or after the address) and at most two positional arguments: `[IP] PORT`. */
export function parseEngineCommandLine(args: readonly string[], defaults: EngineOptions = defaultEngineOptions()): Result<EngineCommandLine> {
  let options = defaults;
  const positional: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (!arg.startsWith("--")) {
      positional.push(arg);
      continue;
    }
    const eq = arg.indexOf("=");
    const name = eq < 0 ? arg : arg.slice(0, eq);
    const spec = Object.hasOwn(ENGINE_OPTIONS, name) ? ENGINE_OPTIONS[name] : undefined;
    if (spec === undefined) return err(`unknown option "${printable(name)}" (see othello --help)`);
    let value = "";
    if (spec.value === undefined) {
      if (eq >= 0) return err(`${name} takes no value`);
    } else if (eq >= 0) {
      value = arg.slice(eq + 1);
    } else {
      const next = args[i + 1];
      if (next === undefined || next.startsWith("--")) return err(`${name} needs a value ${spec.value}`);
      value = next;
      i++;
    }
    const applied = spec.apply(options, value);
    if (!applied.ok) return err(`${name}: ${applied.error}`);
    options = applied.value;
  }
  const endpoint = parseEndpoint(positional);
  return endpoint.ok ? ok({ options, endpoint: endpoint.value }) : endpoint;
}

function parseEndpoint(positional: readonly string[]): Result<Endpoint> {
  if (positional.length === 0) return ok({ kind: "stdio" });
  if (positional.length > 2) return err(`expected at most IP and PORT, got ${positional.length} arguments: ${positional.map((p) => `"${printable(p)}"`).join(" ")}`);
  const host = positional.length === 2 ? positional[0]! : DEFAULT_HOST;
  if (isIP(host) === 0 && host !== "localhost") return err(`"${printable(host)}" is not an IP address`);
  const port = parseWholeNumber(positional[positional.length - 1]!, 1, 65535);
  if (!port.ok) return err(`PORT: ${port.error}`);
  return ok({ kind: "tcp", host, port: port.value });
}
