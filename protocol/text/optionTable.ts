import { type Result, err, ok } from "../../src/index.js";
import { printable } from "./numbers.js";

/**
 * One command-line option of a program whose settings are a value of type T: a flag (no
 * `value` placeholder) or an option with a value, which `apply` parses into the settings.
 */
export interface OptionSpec<T> {
  /** The value's placeholder in the usage; absent for a flag, which takes no value. */
  readonly value?: string;
  readonly help: string;
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
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (!arg.startsWith("--")) {
      positional.push(arg);
      continue;
    }
    const eq = arg.indexOf("=");
    const name = eq < 0 ? arg : arg.slice(0, eq);
    const spec = Object.hasOwn(table, name) ? table[name] : undefined;
    if (spec === undefined) return err(`unknown option "${printable(name)}"`);
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
    const applied = spec.apply(settings, value);
    if (!applied.ok) return err(`${name}: ${applied.error}`);
    settings = applied.value;
  }
  return ok({ settings, positional });
}

/** The table as usage lines, one option a line with its help aligned. */
export function formatOptions<T>(table: OptionTable<T>): string[] {
  const rows = Object.entries(table).map(
    ([name, spec]) => [spec.value === undefined ? name : `${name} ${spec.value}`, spec.help] as const,
  );
  const width = Math.max(...rows.map(([left]) => left.length));
  return rows.map(([left, help]) => `  ${left.padEnd(width)}  ${help}`);
}
