import { isIP } from "node:net";
import { fileURLToPath } from "node:url";
import { type Result, err, ok } from "../../src/index.js";
import type { Protocol } from "../controller/engineClient.js";
import { ProcessRegistry } from "../controller/engineProcess.js";
import { shippedWeights } from "../engine/evaluationWeights.js";
import { type EngineOptions, defaultEngineOptions } from "../engine/engineOptions.js";
import { TOP_LEVEL, pageLevels, parseLevel } from "../engine/levels.js";
import { ENGINE_OPTIONS } from "../engine/options.js";
import { parseCommandLine } from "../text/commandLine.js";
import { parseDecimal, parseWholeNumber, printable } from "../text/numbers.js";
import { type OptionSpec, type OptionTable, field, nonEmpty } from "../text/optionTable.js";
import { Analyst } from "../ui/analyst.js";
import { EngineListener, processLinks } from "../ui/engineLinks.js";
import { ANALYSIS_LIMITS } from "../ui/moveAnalysis.js";
import { Opponent } from "../ui/opponent.js";
import { OpponentTables, type Opponents, type UiInfo, createUiServer, loadPage } from "../ui/uiServer.js";
import { type Output, type Program, programArguments, usageError } from "./program.js";

interface UiArguments {
  readonly port: number;
  readonly host: string;
  readonly engine: string | undefined;
  readonly protocol: Protocol | undefined;
  readonly listen: number | undefined;
  /** The page's time per move at the start (also our engine's --time). */
  readonly time: number | undefined;
  /** The level the page starts at (our engine only). */
  readonly level: number | undefined;
  /** Our engine's options, passed on to it as they were given. */
  readonly engineArgs: readonly string[];
}

/** The page's range of times per move, in seconds. */
const MIN_SECONDS = 0.01;
const MAX_SECONDS = 60;
/** The page's time per move unless --time says otherwise: quick enough to play, long enough to search. */
const DEFAULT_SECONDS = 1;
/** Engine processes at once (one per tab; our engine's tree takes up to 1 GB, touched as it grows), and how long an unused one lives. */
const MAX_TABLES = 4;
const IDLE_MS = 15 * 60 * 1000;
/** Replies other than moves, and how far past its time per move an engine may go before it counts as hung. */
const REPLY_MS = 5000;
const GRACE_MS = 5000;
/** Our engine's ceiling on one move, so that the page's longest time is its own. */
const OUR_MAX_MOVE_SECONDS = String(MAX_SECONDS + 1);
/** Seconds between our engine's `thinking:` lines, which the page polls for while it waits. */
const PROGRESS_SECONDS = "0.25";

/** Our engine's options that `othello ui` passes on: checked here as the engine checks them, kept as typed. */
const PASSED_ON = [
  "--name",
  "--seed",
  "--visits",
  "--max-move-time",
  "--search",
  "--classic",
  "--pp-r",
  "--solve-empties",
  "--max-nodes",
  "--depth",
  "--weights",
  "--book",
  "--no-book",
  "--threads",
  "--parallel",
  "--tune",
];

function passedOn(name: string): OptionSpec<UiArguments> {
  const spec = ENGINE_OPTIONS[name]!;
  const check = (value: string): Result<EngineOptions> => spec.apply(defaultEngineOptions(), value);
  return {
    ...(spec.value === undefined ? {} : { value: spec.value }),
    ...(spec.alias === undefined ? {} : { alias: spec.alias }),
    help: `(our engine) ${spec.help}`,
    apply: (settings, value) => {
      const checked = check(value);
      return checked.ok
        ? ok({
            ...settings,
            engineArgs: [...settings.engineArgs, ...(spec.value === undefined ? [name] : [name, value])],
          })
        : checked;
    },
  };
}

function parseProtocol(text: string): Result<Protocol> {
  return text === "otp" || text === "gtp" ? ok(text) : err(`the protocol is otp or gtp, got "${printable(text)}"`);
}

function parseHost(text: string): Result<string> {
  return isIP(text) !== 0 || text === "localhost" ? ok(text) : err(`"${printable(text)}" is not an IP address`);
}

const OPTIONS: OptionTable<UiArguments> = {
  "--port": field("port", "P", "the page's port (default 8080; 0: any free port)", (t) =>
    parseWholeNumber(t, 0, 65535),
  ),
  "--host": field(
    "host",
    "ADDRESS",
    "the address to serve on (default 127.0.0.1, this machine only; 0.0.0.0: every interface)",
    parseHost,
  ),
  "--engine": field(
    "engine",
    "CMD",
    "play this engine command instead of ours, over its stdin/stdout (quotes keep spaces in a word)",
    nonEmpty,
  ),
  "--protocol": field("protocol", "otp|gtp", "what --engine speaks (default otp)", parseProtocol),
  "--listen": field(
    "listen",
    "PORT",
    "play an OTP engine that connects to this TCP port, as the course's engines do (ENGINE IP PORT)",
    (t) => parseWholeNumber(t, 1, 65535),
  ),
  "--time": field(
    "time",
    "SECONDS",
    `the time per move the page starts with (default ${DEFAULT_SECONDS}; the page can change it)`,
    (t) => parseDecimal(t, MIN_SECONDS, MAX_SECONDS),
  ),
  "--level": field(
    "level",
    "N",
    `(our engine) the level for people the page starts at, 1 to ${TOP_LEVEL} (default ${TOP_LEVEL}, the full engine; the page can change it)`,
    parseLevel,
  ),
  ...Object.fromEntries(PASSED_ON.map((name) => [name, passedOn(name)])),
};

export const uiProgram: Program<UiArguments> = {
  name: "othello ui",
  synopsis: ['othello ui [--port P] [--engine "CMD" --protocol otp|gtp] [--listen PORT] [OPTIONS]'],
  about: [
    "Serves a page to play Othello in a browser, against our engine (each tab its own, with the",
    "options below), another engine command over pipes, or an OTP engine that connects over TCP.",
    "It prints the address to open; Ctrl-C stops it.",
  ],
  options: OPTIONS,
  defaults: () => ({
    port: 8080,
    host: "127.0.0.1",
    engine: undefined,
    protocol: undefined,
    listen: undefined,
    time: undefined,
    level: undefined,
    engineArgs: [],
  }),
};

/** How the opponent is reached, and its one-line description for the page. */
type OpponentPlan =
  | {
      readonly kind: "process";
      readonly argv: readonly string[];
      readonly protocol: Protocol;
      readonly description: string;
      /** Our engine, which says every move's value as it thinks (the page's hints). */
      readonly ours: boolean;
    }
  | { readonly kind: "listen"; readonly port: number };

function plan(a: UiArguments): Result<OpponentPlan> {
  if (a.engine !== undefined && a.listen !== undefined)
    return err("--engine and --listen are two different opponents: give one");
  if (a.protocol !== undefined && a.engine === undefined)
    return err(
      `--protocol says what --engine speaks${a.listen === undefined ? "" : "; an engine on --listen speaks OTP"}`,
    );
  const ourOption = a.engineArgs[0] ?? (a.level === undefined ? undefined : "--level");
  if (ourOption !== undefined && (a.engine !== undefined || a.listen !== undefined)) {
    return err(
      `${ourOption} is an option of our engine, which --${a.engine === undefined ? "listen" : "engine"} replaces`,
    );
  }
  if (a.listen !== undefined) return ok({ kind: "listen", port: a.listen });
  if (a.engine !== undefined) {
    const argv = parseCommandLine(a.engine);
    if (!argv.ok) return err(`--engine: ${argv.error}`);
    const protocol = a.protocol ?? "otp";
    // GTP says whole seconds: a fraction is offered, and rounded up for an engine that refuses it.
    const description = `${a.engine} (${protocol === "gtp" ? "GTP: a fraction of a second if it takes one, else rounded up" : "OTP"})`;
    return ok({ kind: "process", argv: argv.value, protocol, description, ours: false });
  }
  // Our engine is this very program, run again as a child process speaking OTP (whose time per move may be a fraction).
  const ceiling = a.engineArgs.includes("--max-move-time") ? [] : ["--max-move-time", OUR_MAX_MOVE_SECONDS];
  // The page shows how the search stands while it runs.
  const progress = ["--progress", PROGRESS_SECONDS];
  const argv = [process.execPath, ...process.execArgv, process.argv[1]!, ...a.engineArgs, ...ceiling, ...progress];
  return ok({
    kind: "process",
    argv,
    protocol: "otp",
    ours: true,
    description: `our engine${a.engineArgs.length > 0 ? ` (${a.engineArgs.join(" ")})` : ""}`,
  });
}

/** `othello ui`: the page's server, until SIGINT or SIGTERM. */
export async function uiCommand(args: readonly string[], out: Output): Promise<number> {
  const parsed = programArguments(uiProgram, args, out);
  if (typeof parsed === "number") return parsed;
  if (parsed.positional.length > 0)
    return usageError(uiProgram, `unexpected argument "${printable(parsed.positional[0]!)}"`, out);
  const settings = parsed.settings;
  const planned = plan(settings);
  if (!planned.ok) return usageError(uiProgram, planned.error, out);
  const page = loadPage(fileURLToPath(new URL("ui/", import.meta.url)));
  if (!page.ok) {
    out.log(`othello ui: ${page.error}`);
    return 1;
  }
  const limits = { replyMs: REPLY_MS, graceMs: GRACE_MS };
  const registry = new ProcessRegistry();
  let listener: EngineListener | undefined;
  let opponents: Opponents;
  let tables: OpponentTables | undefined;
  let description: string;
  const opponentPlan = planned.value;
  if (opponentPlan.kind === "listen") {
    listener = new EngineListener(REPLY_MS, out.log);
    const port = await listener.listen(opponentPlan.port, settings.host);
    if (!port.ok) {
      out.log(`othello ui: ${port.error}`);
      return 1;
    }
    const shared = new Opponent(listener.source(port.value), limits);
    opponents = { get: () => shared, find: () => shared };
    description = `the OTP engine that connects to port ${port.value}`;
    out.log(
      `othello ui: waiting for an OTP engine on ${settings.host} port ${port.value} (start it as "ENGINE ${settings.host} ${port.value}")`,
    );
  } else {
    const links = processLinks(opponentPlan.argv, opponentPlan.protocol, registry, REPLY_MS);
    tables = new OpponentTables(() => new Opponent(links, limits), MAX_TABLES, IDLE_MS);
    opponents = tables;
    description = opponentPlan.description;
  }
  const ours = opponentPlan.kind === "process" && opponentPlan.ours;
  const info: UiInfo = {
    engine: description,
    seconds: settings.time ?? DEFAULT_SECONDS,
    minSeconds: MIN_SECONDS,
    maxSeconds: MAX_SECONDS,
    hints: ours,
    exactEmpties: ANALYSIS_LIMITS.exactEmpties,
    levels: ours ? pageLevels() : [],
    level: ours ? (settings.level ?? TOP_LEVEL) : 0,
  };
  const analyst = new Analyst(shippedWeights);
  const server = createUiServer(page.value, info, opponents, analyst);
  const listening = await new Promise<Result<number>>((resolve) => {
    server.once("error", (e: NodeJS.ErrnoException) =>
      resolve(err(`cannot serve on ${settings.host} port ${settings.port}: ${e.code ?? e.message}`)),
    );
    server.listen({ port: settings.port, host: settings.host }, () => {
      const address = server.address();
      resolve(ok(typeof address === "object" && address !== null ? address.port : settings.port));
    });
  });
  if (!listening.ok) {
    out.log(`othello ui: ${listening.error}`);
    listener?.close();
    analyst.close();
    return 1;
  }
  const shownHost =
    settings.host === "0.0.0.0" ? "127.0.0.1" : settings.host.includes(":") ? `[${settings.host}]` : settings.host;
  out.print(`othello ui: open http://${shownHost}:${listening.value}/ (playing ${description})`);
  await new Promise<void>((resolve) => {
    const stop = (): void => {
      process.off("SIGINT", stop).off("SIGTERM", stop);
      resolve();
    };
    process.once("SIGINT", stop).once("SIGTERM", stop);
  });
  tables?.close();
  listener?.close();
  analyst.close();
  registry.killAll();
  server.closeAllConnections();
  server.close();
  return 0;
}
