import { type Result, err, ok } from "../../src/index.js";
import { printable } from "./numbers.js";

/**
 * One command-line option of a program whose settings are a value of type T: a flag (no
 * `value` placeholder) or an option with a value, which `apply` parses into the settings.
 */
export interface OptionSpec<T> {
  /** The value's placeholder in the usage; absent for a flag, which takes no value. */
  readonly value?: string;
  /**
   * How many words of the command line the value takes (`--sprt ELO0 ELO1`: 2; default 1):
   * `apply` gets them joined by a space, as it gets `--sprt="ELO0 ELO1"`.
   */
  readonly words?: number;
  readonly help: string;
  /** Another name for the same option, an older one kept working; the usage gives it on this option's line. */
  readonly alias?: string;
  /** Options that contradict this one (`--gtp` and `--nboard`): giving both is refused. */
  readonly excludes?: readonly string[];
  readonly apply: (settings: T, value: string) => Result<T>;
}

/** Every option of a program by its name (`--time`); the usage is computed from it. */
export type OptionTable<T> = Readonly<Record<string, OptionSpec<T>>>;

/** An option with a value: parsed, then assigned into the settings. */
export function valued<T, V>(
  value: string,
  help: string,
  parse: (text: string) => Result<V>,
  assign: (settings: T, value: V) => T,
): OptionSpec<T> {
  return {
    value,
    help,
    apply: (settings, text) => {
      const parsed = parse(text);
      return parsed.ok ? ok(assign(settings, parsed.value)) : parsed;
    },
  };
}

/** An option with a value that sets one field of the settings. */
export function field<T, K extends keyof T>(
  key: K,
  value: string,
  help: string,
  parse: (text: string) => Result<T[K]>,
): OptionSpec<T> {
  return valued(value, help, parse, (settings: T, v: T[K]): T => ({ ...settings, [key]: v }) as T);
}

/** A flag: no value, it changes the settings by being there. */
export function flag<T>(help: string, set: (settings: T) => T): OptionSpec<T> {
  return { help, apply: (settings) => ok(set(settings)) };
}

/** The same option, also under another name. */
export function aliased<T>(alias: string, spec: OptionSpec<T>): OptionSpec<T> {
  return { ...spec, alias };
}

/**
 * One key of a keyed option (`--tune KEY=VALUE`): what it sets, its value's form, and how it
 * reads and sets the settings. How its default was chosen is the docs' to tell, not the key's.
 */
export interface KeySpec<T> {
  /** The value's form in the listing of the keys: "0 to 100", "eval|playout". */
  readonly value: string;
  readonly help: string;
  /** The key's value in the settings, as it is written after `=`. */
  readonly read: (settings: T) => string;
  readonly apply: (settings: T, value: string) => Result<T>;
}

/** Every key of a keyed option by its name; the listing of the keys is computed from it. */
export type KeyTable<T> = Readonly<Record<string, KeySpec<T>>>;

/** An option whose value is KEY=VALUE with a key of the table; repeated, each sets its key. */
export function keyed<T>(help: string, keys: KeyTable<T>): OptionSpec<T> {
  return {
    value: "KEY=VALUE",
    help,
    apply: (settings, text) => {
      const eq = text.indexOf("=");
      if (eq < 0) return err(`expected KEY=VALUE, got "${printable(text)}"`);
      const key = text.slice(0, eq);
      const spec = Object.hasOwn(keys, key) ? keys[key] : undefined;
      if (spec === undefined)
        return err(`unknown key "${printable(key)}"; the keys are ${Object.keys(keys).join(", ")}`);
      const applied = spec.apply(settings, text.slice(eq + 1));
      return applied.ok ? applied : err(`${key}: ${applied.error}`);
    },
  };
}

/** Any text but the empty one (a file name, a command line, an address). */
export function nonEmpty(text: string): Result<string> {
  return text === "" ? err("the value is empty") : ok(text);
}

/** A program's command line as the table reads it: the settings, and the words that are not options, in order. */
export interface ParsedOptions<T> {
  readonly settings: T;
  readonly positional: readonly string[];
}

/**
 * Reads `args` against the table: `--name VALUE`, `--name=VALUE` and flags, anywhere among the
 * positional words. `-h`, `--help` and `--version` are the program's (protocol/cli/program.ts).
 */
export function parseOptions<T>(table: OptionTable<T>, args: readonly string[], defaults: T): Result<ParsedOptions<T>> {
  let settings = defaults;
  const positional: string[] = [];
  const given = new Map<string, string>();
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (!arg.startsWith("--")) {
      positional.push(arg);
      continue;
    }
    const eq = arg.indexOf("=");
    const name = eq < 0 ? arg : arg.slice(0, eq);
    const spec = findOption(table, name);
    if (spec === undefined) return err(`unknown option "${printable(name)}"`);
    const canonical = canonicalName(table, name);
    for (const [other, typed] of given) {
      if (spec.excludes?.includes(other) === true || table[other]!.excludes?.includes(canonical) === true)
        return err(`${typed} and ${name} contradict each other: give one of them`);
    }
    given.set(canonical, name);
    let value = "";
    if (spec.value === undefined) {
      if (eq >= 0) return err(`${name} takes no value`);
    } else if (eq >= 0) {
      value = arg.slice(eq + 1);
    } else {
      const words = args.slice(i + 1, i + 1 + (spec.words ?? 1));
      if (words.length < (spec.words ?? 1) || words.some((word) => word.startsWith("--")))
        return err(`${name} needs a value ${spec.value}`);
      value = words.join(" ");
      i += words.length;
    }
    const applied = spec.apply(settings, value);
    if (!applied.ok) return err(`${name}: ${applied.error}`);
    settings = applied.value;
  }
  return ok({ settings, positional });
}

/** The table's name of an option given by its name or its alias. */
function canonicalName<T>(table: OptionTable<T>, name: string): string {
  return Object.hasOwn(table, name) ? name : Object.keys(table).find((key) => table[key]!.alias === name)!;
}

/** The option by its name or its alias. */
function findOption<T>(table: OptionTable<T>, name: string): OptionSpec<T> | undefined {
  return Object.hasOwn(table, name) ? table[name] : Object.values(table).find((spec) => spec.alias === name);
}

/** Titled groups of a table's options, in the order the usage lists them: ["time", ["--time", ...]]. */
export type OptionGroups = readonly (readonly [string, readonly string[]])[];

/**
 * The table as usage lines, one option a row with its help aligned and wrapped; with groups,
 * under each group's title in the groups' order (a programmer's error to leave one out).
 */
export function formatOptions<T>(table: OptionTable<T>, groups?: OptionGroups): string[] {
  const row = (name: string): string[] => {
    const spec = table[name]!;
    return [
      spec.value === undefined ? name : `${name} ${spec.value}`,
      spec.alias === undefined ? spec.help : `${spec.help} (alias: ${spec.alias})`,
    ];
  };
  if (groups === undefined) return alignRows(Object.keys(table).map(row)).flat();
  const listed = groups.flatMap(([, names]) => names);
  const missing = Object.keys(table).filter((name) => !listed.includes(name));
  if (missing.length > 0 || listed.some((name) => !Object.hasOwn(table, name)) || new Set(listed).size < listed.length)
    throw new Error(`the option groups must list every option once (missing: ${missing.join(" ")})`);
  // One alignment for all the groups, so that the helps form one column.
  const rows = alignRows(listed.map(row));
  return groups.flatMap(([title, names]) => [`${title}:`, ...names.flatMap((name) => rows[listed.indexOf(name)]!)]);
}

/** The keys as lines under a heading, one key a line: its value's form, its value in `defaults` and what it sets. */
export function formatKeys<T>(keys: KeyTable<T>, defaults: T): string[] {
  return alignRows([
    ["KEY", "VALUE", "DEFAULT", "WHAT IT SETS"],
    ...Object.entries(keys).map(([key, spec]) => [key, spec.value, spec.read(defaults), spec.help]),
  ]).flat();
}

/** The widest a usage line may be. */
export const USAGE_WIDTH = 100;

/**
 * Rows of cells as lines, every column but the last padded to its widest cell, the last wrapped
 * at word boundaries to keep within USAGE_WIDTH, its continuation lines under its start.
 */
function alignRows(rows: readonly (readonly string[])[]): string[][] {
  const widths: number[] = [];
  for (const row of rows)
    for (const [column, cell] of row.entries()) widths[column] = Math.max(widths[column] ?? 0, cell.length);
  return rows.map((row) => {
    const lead = `  ${row
      .slice(0, -1)
      .map((cell, column) => cell.padEnd(widths[column]!))
      .join("  ")}${row.length > 1 ? "  " : ""}`;
    const [first, ...more] = wrapText(row.at(-1)!, USAGE_WIDTH - lead.length);
    return [lead + first, ...more.map((line) => " ".repeat(lead.length) + line)];
  });
}

/** The words of a text in lines of at most `width` characters (a longer word stays whole on its own line). */
export function wrapText(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    if (line !== "" && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line === "" ? word : `${line} ${word}`;
  }
  return [...lines, line];
}
