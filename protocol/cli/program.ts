import packageJson from "../../package.json" with { type: "json" };
import {
  type KeyTable,
  type OptionGroups,
  type OptionTable,
  type ParsedOptions,
  USAGE_WIDTH,
  formatKeys,
  formatOptions,
  parseOptions,
  wrapText,
} from "../text/optionTable.js";

/** Where a program writes: `print` is its output (stdout), `log` everything else (stderr). */
export interface Output {
  readonly print: (line: string) => void;
  readonly log: (line: string) => void;
}

/** A command-line program or subcommand: its name, what it does, and its options. */
export interface Program<T> {
  /** As the user types it: "othello", "othello match", "judge". */
  readonly name: string;
  /** The usage lines after "usage: ", e.g. "othello perft DEPTH [OPTIONS]". */
  readonly synopsis: readonly string[];
  /** What it does and what its positional arguments mean: one paragraph, wrapped when printed. */
  readonly about: readonly string[];
  readonly options: OptionTable<T>;
  /** The options under titles, in the usage's order; without, the table's order. */
  readonly groups?: OptionGroups;
  readonly defaults: () => T;
  /** The keys of its `--tune KEY=VALUE`, if it has that option, which `--help-tuning` lists. */
  readonly tuning?: Tuning<T>;
}

/** A program's tuning constants: a few lines on them, and the table that sets them. */
export interface Tuning<T> {
  readonly about: readonly string[];
  readonly keys: KeyTable<T>;
}

export const VERSION = packageJson.version;

export function formatUsage<T>(program: Program<T>): string {
  const [first, ...more] = program.synopsis;
  return [
    `usage: ${first}`,
    ...more.map((line) => `       ${line}`),
    // The about lines are one paragraph, wrapped as a whole: a source line a little over the
    // width would otherwise leave a word or two on a line of its own.
    ...wrapText(program.about.join(" "), USAGE_WIDTH),
    "options (also as --option=VALUE):",
    ...formatOptions(program.options, program.groups),
    "  -h, --help  this text; --version  the version",
    ...(program.tuning === undefined ? [] : ["  --help-tuning  the keys of --tune, with their defaults"]),
  ].join("\n");
}

/** What `--help-tuning` prints: the keys with their value's form, their default and what they set. */
export function formatTuning<T>(tuning: Tuning<T>, defaults: T): string {
  return [...tuning.about, ...formatKeys(tuning.keys, defaults)].join("\n");
}

/** One error line and where to read more; the status of a usage error. */
export function usageError<T>(program: Program<T>, message: string, out: Output): number {
  out.log(`${program.name}: ${message} (see ${program.name} --help)`);
  return 2;
}

/**
 * The program's command line, or the status to exit with: `-h`/`--help` prints the usage,
 * `--help-tuning` the tuning keys (if the program has any) and `--version` the version on stdout
 * (status 0); a bad option prints one line on stderr (status 2).
 */
export function programArguments<T>(
  program: Program<T>,
  args: readonly string[],
  out: Output,
): ParsedOptions<T> | number {
  if (args.includes("-h") || args.includes("--help")) {
    out.print(formatUsage(program));
    return 0;
  }
  if (program.tuning !== undefined && args.includes("--help-tuning")) {
    out.print(formatTuning(program.tuning, program.defaults()));
    return 0;
  }
  if (args.includes("--version")) {
    out.print(`${program.name} ${VERSION}`);
    return 0;
  }
  const parsed = parseOptions(program.options, args, program.defaults());
  return parsed.ok ? parsed.value : usageError(program, parsed.error, out);
}
