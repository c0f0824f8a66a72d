import {
  BOOK_MARGIN,
  CLASSIC_SETTINGS,
  DEFAULT_ALPHA_BETA_DEPTH,
  DEFAULT_SEARCH_PARAMS,
  MAX_DEPTH,
  type Result,
  type SearchParams,
  type TimeAllocation,
  err,
  ok,
} from "../../src/index.js";
import { parseChoice } from "../text/choice.js";
import { parseDecimal, parseWholeNumber, printable } from "../text/numbers.js";
import {
  DEFAULT_CONNECT_SECONDS,
  DEFAULT_MOVE_SECONDS,
  DEFAULT_NAME,
  DEFAULT_OTP_MAX_MOVE_SECONDS,
  type EngineOptions,
  type Parallelisation,
  defaultEngineOptions,
} from "./engineOptions.js";
import { TOP_LEVEL, parseLevel } from "./levels.js";
import { type Endpoint, parseEndpoint } from "./endpoint.js";
import {
  type KeySpec,
  type KeyTable,
  type OptionSpec,
  type OptionTable,
  type ParsedOptions,
  aliased,
  field,
  flag,
  keyed,
  nonEmpty,
  parseOptions,
  valued,
} from "../text/optionTable.js";

/** A pool of this many nodes, 68 bytes each, takes about 2.2 GB, within the course's 4 GiB. */
const MAX_NODES = 32_000_000;
/**
 * Each thread is a search with its own tree (--max-nodes, 1 GB by default), and more
 * threads than cores only share them: 16 is past any machine the course runs on.
 */
const MAX_THREADS = 16;
/** A node's 32-bit visit counter must outlast a whole game's searches: 60 of these stay under 2^31. */
const MAX_VISITS_A_MOVE = 10_000_000;
/** Past any search's visits: pruning that waits for this many never starts. */
const MAX_PP_MIN_VISITS = 1_000_000_000;

export interface EngineCommandLine {
  readonly options: EngineOptions;
  readonly endpoint: Endpoint;
}

/** The course's limit on the `name` reply. */
const MAX_NAME_BYTES = 514;

type EngineOption = OptionSpec<EngineOptions>;

/** An option that sets one search parameter. */
function searchSetting<K extends keyof SearchParams>(
  key: K,
  value: string,
  help: string,
  parse: (text: string) => Result<SearchParams[K]>,
): EngineOption {
  return valued(value, help, parse, (options: EngineOptions, v: SearchParams[K]) => ({
    ...options,
    search: { ...options.search, [key]: v },
  }));
}

/** A tuning key's value: its form as --help-tuning shows it, and its parser. */
interface ValueForm<V> {
  readonly value: string;
  readonly parse: (text: string) => Result<V>;
}

/** A decimal number from min to max, shown and parsed from the one range. */
function decimalForm(min: number, max: number): ValueForm<number> {
  return { value: `${min} to ${max}`, parse: (t) => parseDecimal(t, min, max) };
}

/** A tuning key that sets one search parameter. */
function searchKey<K extends keyof SearchParams>(
  key: K,
  { value, parse }: ValueForm<SearchParams[K]>,
  help: string,
): KeySpec<EngineOptions> {
  return {
    value,
    help,
    read: (options) => String(options.search[key]),
    apply: (options, text) => {
      const parsed = parse(text);
      return parsed.ok ? ok({ ...options, search: { ...options.search, [key]: parsed.value } }) : parsed;
    },
  };
}

function parseAllocation(text: string): Result<TimeAllocation> {
  return parseChoice(text, ["midgame", "flat"]);
}

function parseLeaf(text: string): Result<SearchParams["leaf"]> {
  return parseChoice(text, ["eval", "playout"]);
}

function parseSelection(text: string): Result<SearchParams["selection"]> {
  return parseChoice(text, ["ucb1", "puct"]);
}

function parseSwitch(text: string): Result<boolean> {
  const parsed = parseChoice(text, ["on", "off"]);
  return parsed.ok ? ok(parsed.value === "on") : parsed;
}

export function parseParallelisation(text: string): Result<Parallelisation> {
  return parseChoice(text, ["root", "tree"]);
}

function parseAlgorithm(text: string): Result<SearchParams["algorithm"] | "random" | "alphabeta"> {
  return parseChoice(text, ["uct", "ucb", "random", "alphabeta"]);
}

/** A thread count, 1 to MAX_THREADS; more is refused as too many. */
export function parseThreads(text: string): Result<number> {
  if (/^\d+$/.test(text) && Number(text) > MAX_THREADS)
    return err(`${printable(text)} threads are too many: at most ${MAX_THREADS}, each a search with its own tree`);
  return parseWholeNumber(text, 1, MAX_THREADS);
}

export function parseEngineName(text: string): Result<string> {
  if (text === "") return err("the name is empty");
  if (!/^[\x21-\x7e]+$/.test(text)) return err(`the name "${printable(text)}" must be printable ASCII without spaces`);
  if (text.length > MAX_NAME_BYTES)
    return err(`the name has ${text.length} bytes; the course allows at most ${MAX_NAME_BYTES}`);
  return ok(text);
}

/**
 * The search's research switches, set by `--tune KEY=VALUE` and listed by `othello
 * --help-tuning` with their defaults; how each default was chosen is in docs/decisions.md.
 */
export const TUNING_KEYS: KeyTable<EngineOptions> = {
  ucbC: searchKey(
    "ucbC",
    decimalForm(0, 100),
    "UCB1's exploration constant, where selection is UCB1 (selection=ucb1, --search ucb, --classic)",
  ),
  priorVisits: searchKey(
    "priorVisits",
    decimalForm(0, 1000),
    "the virtual visits of each child's evaluation in its mean, with either kind of leaf; 0: no priors",
  ),
  leaf: searchKey(
    "leaf",
    { value: "eval|playout", parse: parseLeaf },
    "what a new leaf of the tree is worth: the evaluation's win probability, or one random playout",
  ),
  evalScale: searchKey(
    "evalScale",
    decimalForm(0.1, 1000),
    "with leaf=eval: discs of evaluation per unit of log-odds of winning",
  ),
  minimaxWeight: searchKey(
    "minimaxWeight",
    decimalForm(0, 1),
    "implicit minimax backups: the weight alpha of the evaluation's minimax value beside the mean in selection; 0: the mean alone",
  ),
  selection: searchKey(
    "selection",
    { value: "ucb1|puct", parse: parseSelection },
    "the selection rule: UCB1, or PUCT (AlphaZero's) with a softmax of the children's evaluations as its policy",
  ),
  puctC: searchKey(
    "puctC",
    decimalForm(0, 100),
    "with selection=puct: its exploration constant c, in mean + c * P * sqrt(N) / (1 + n)",
  ),
  policyTemp: searchKey(
    "policyTemp",
    decimalForm(0.1, 1000),
    "with selection=puct: the policy's softmax temperature, in discs",
  ),
  puctGrowth: searchKey(
    "puctGrowth",
    decimalForm(0, 100),
    "with selection=puct: how c grows with a parent's visits N, c * (1 + g * ln(1 + N / 20000)); 0: a constant c",
  ),
  leafLookahead: searchKey(
    "leafLookahead",
    decimalForm(0, 1),
    "with leaf=eval: the weight of a new leaf's lookahead (its mover's best reply by the evaluation) in its value; 0: its own evaluation alone",
  ),
  ppMinVisits: searchKey(
    "ppMinVisits",
    { value: `1 to ${MAX_PP_MIN_VISITS}`, parse: (t) => parseWholeNumber(t, 1, MAX_PP_MIN_VISITS) },
    "with --pp-r above 0: the visits every child needs before pruning",
  ),
  timeAllocation: {
    value: "midgame|flat",
    help: "how a main time from the controller (time_settings) is shared: more in the middle game, or evenly",
    read: (options) => options.timeAllocation,
    apply: (options, text) => {
      const parsed = parseAllocation(text);
      return parsed.ok ? ok({ ...options, timeAllocation: parsed.value }) : parsed;
    },
  },
  earlyStop: {
    value: "on|off",
    help: "when the time saved carries over to later moves, stop a search once its move can no longer change (off: search the whole budget)",
    read: (options) => (options.earlyStop ? "on" : "off"),
    apply: (options, text) => {
      const parsed = parseSwitch(text);
      return parsed.ok ? ok({ ...options, earlyStop: parsed.value }) : parsed;
    },
  },
};

/** The engine's options; the usage text is computed from this table, so a new option is one entry here and one field above. */
export const ENGINE_OPTIONS: OptionTable<EngineOptions> = {
  "--gtp": {
    ...flag("speak GTP v2 (Othello conventions of GRhino and Quarry) instead of OTP", (o) => ({
      ...o,
      protocol: "gtp",
    })),
    excludes: ["--nboard"],
  },
  "--nboard": flag("speak NBoard's engine protocol (version 2, for the NBoard GUI) instead of OTP", (o) => ({
    ...o,
    protocol: "nboard",
  })),
  "--name": field("name", "NAME", `the reply to name (default ${DEFAULT_NAME})`, parseEngineName),
  "--seed": field("seed", "N", "seed of the random choices, 0 to 4294967295 (default: a new one each run)", (t) =>
    parseWholeNumber(t, 0, 0xffffffff),
  ),
  "--verbose": flag("draw the board on stderr after every move, undo and new position", (o) => ({
    ...o,
    verbose: true,
  })),
  "--level": field(
    "level",
    "N",
    `play at level N for people, 1 to ${TOP_LEVEL} (default ${TOP_LEVEL}: the full engine); a level below ${TOP_LEVEL} sets its own visits, solver horizon and noisy choice, with no book and one thread, over --visits, --no-book, --book, --solve-empties and --threads wherever they stand`,
    parseLevel,
  ),
  "--time": field(
    "time",
    "SECONDS",
    `thinking time per move without a clock from the controller (default ${DEFAULT_MOVE_SECONDS})`,
    (t) => parseDecimal(t, 0.01, 3600),
  ),
  "--visits": aliased(
    "--playouts",
    field(
      "visits",
      "N",
      `a fixed number of visits a move instead of a time, 1 to ${MAX_VISITS_A_MOVE} (reproducible with --seed; still within --max-move-time); a visit is a playout only with --classic`,
      (t) => parseWholeNumber(t, 1, MAX_VISITS_A_MOVE),
    ),
  ),
  "--max-move-time": field(
    "maxMoveTime",
    "SECONDS",
    `the most any move may take, whatever the other settings and the clock say (default ${DEFAULT_OTP_MAX_MOVE_SECONDS} with OTP, under the course judge's 10 s; none with GTP and NBoard, where the controller's clock or depth governs)`,
    (t) => parseDecimal(t, 0.01, 3600),
  ),
  "--ponder": flag(
    "between commands, search on in the game's position (the opponent's time), the tree kept for the next move; GTP and NBoard only, off by default: not when the other engine needs the cores (the course judge, or two games at once)",
    (o) => ({ ...o, ponder: true }),
  ),
  "--progress": field(
    "progress",
    "SECONDS",
    "while searching, say how the search stands on stderr every SECONDS (a `thinking:` line, then a `thinking moves:` line with every root move's visits and win rate, and `search moves:` after the final `search:` line; default: only the final `search:` line)",
    (t) => parseDecimal(t, 0.05, 3600),
  ),
  "--connect-timeout": field(
    "connectTimeout",
    "SECONDS",
    `give up a TCP connection that does not answer within this time (default ${DEFAULT_CONNECT_SECONDS})`,
    (t) => parseDecimal(t, 0.01, 3600),
  ),
  "--search": valued(
    "uct|ucb|random|alphabeta",
    `UCT tree search, flat UCB1 over the root moves, random moves, or alpha-beta over the pattern evaluation (default ${DEFAULT_SEARCH_PARAMS.algorithm})`,
    parseAlgorithm,
    (options: EngineOptions, algorithm) =>
      algorithm === "random" || algorithm === "alphabeta"
        ? { ...options, chooser: algorithm }
        : { ...options, chooser: "search", search: { ...options.search, algorithm } },
  ),
  "--depth": field(
    "alphaBetaDepth",
    "N",
    `the alpha-beta player's depth in plies, searched by iterative deepening within the move's time (default ${DEFAULT_ALPHA_BETA_DEPTH})`,
    (t) => parseWholeNumber(t, 1, MAX_DEPTH),
  ),
  "--classic": flag(
    `the classic UCT of the course: random playouts, no evaluation (${classicCommandLine()}; options after it still apply)`,
    (o) => ({ ...o, search: { ...o.search, ...CLASSIC_SETTINGS } }),
  ),
  "--weights": field(
    "weights",
    "FILE",
    "the evaluation's weights file (default: the weights built into the program)",
    nonEmpty,
  ),
  "--book": {
    ...field(
      "bookFile",
      "FILE",
      `the opening book: positions answered at once by one of their best moves within ${BOOK_MARGIN} disc, at random (seeded by --seed; default: the book shipped with the program, docs/book.md)`,
      nonEmpty,
    ),
    excludes: ["--no-book"],
  },
  "--no-book": flag("no opening book: every move is the search's", (o) => ({ ...o, book: false })),
  "--threads": field(
    "threads",
    "N",
    `search each move on N threads at once (see --parallel), and solve endings on N threads (default 1: the course judge runs two engines on one machine)`,
    parseThreads,
  ),
  "--parallel": field(
    "parallel",
    "root|tree",
    `with --threads: each thread a search with its own tree of --max-nodes, the move chosen on their root statistics merged, --visits for each (root); or all threads in one shared tree with virtual loss, --visits for the engine's thread, the others stopping with it (tree) (default tree)`,
    parseParallelisation,
  ),
  "--pp-r": searchSetting(
    "ppR",
    "R",
    `progressive pruning: once every child of a node has --tune ppMinVisits visits, a child whose mean + R sigma lies below the best child's mean - R sigma is set aside (sigma: a mean's standard deviation); 0 = off (default ${DEFAULT_SEARCH_PARAMS.ppR})`,
    (t) => parseDecimal(t, 0, 100),
  ),
  "--solve-empties": searchSetting(
    "solveEmpties",
    "N",
    `tree leaves with at most N empty squares are solved (win, draw or loss) instead of played out, 0 = never (default ${DEFAULT_SEARCH_PARAMS.solveEmpties})`,
    (t) => parseWholeNumber(t, 0, 14),
  ),
  "--max-nodes": searchSetting(
    "maxNodes",
    "N",
    `node budget of the search tree (default ${DEFAULT_SEARCH_PARAMS.maxNodes})`,
    (t) => parseWholeNumber(t, 1000, MAX_NODES),
  ),
  "--tune": keyed(
    "set a tuning constant of the search, a research switch; repeatable (the keys and their defaults: othello --help-tuning)",
    TUNING_KEYS,
  ),
};

/** The same settings as options, for --classic's help: --pp-r has an option of its own, the rest are --tune keys. */
function classicCommandLine(): string {
  return Object.entries(CLASSIC_SETTINGS)
    .map(([k, v]) => (k === "ppR" ? `--pp-r ${v}` : `--tune ${k}=${v}`))
    .join(" ");
}

/** Options (before or after the address) and at most two positional arguments: `[IP] PORT`. */
export function parseEngineCommandLine(
  args: readonly string[],
  defaults: EngineOptions = defaultEngineOptions(),
): Result<EngineCommandLine> {
  const parsed = parseOptions(ENGINE_OPTIONS, args, defaults);
  if (!parsed.ok) return parsed;
  return engineCommandLine(parsed.value);
}

/**
 * The address among the words that are not options. The options stay as given, --level among
 * them: the session plays the level's settings over the others (applyLevel), and keeps the
 * others for a controller that asks for the top level later (NBoard's `set depth`).
 */
export function engineCommandLine({ settings, positional }: ParsedOptions<EngineOptions>): Result<EngineCommandLine> {
  const pondering = checkPonder(settings);
  if (!pondering.ok) return pondering;
  const endpoint = parseEndpoint(positional);
  return endpoint.ok ? ok({ options: settings, endpoint: endpoint.value }) : endpoint;
}

/**
 * --ponder only where it can help and cannot harm: the tree search keeps a tree to ponder in,
 * and OTP is the course judge's protocol, where the two engines share one machine and pondering
 * would take the cores from the engine on move.
 */
function checkPonder(options: EngineOptions): Result<void> {
  if (!options.ponder) return ok(undefined);
  if (options.protocol === "otp")
    return err(
      "--ponder: OTP never ponders (the course judge runs both engines on one machine, where pondering takes the cores from the engine on move); use it with --gtp or --nboard",
    );
  if (options.chooser !== "search")
    return err(`--ponder: --search ${options.chooser} keeps no tree to ponder in; pondering is the tree search's`);
  return ok(undefined);
}
