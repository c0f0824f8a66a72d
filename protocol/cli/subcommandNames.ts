import { isIP } from "node:net";
import { printable } from "../text/numbers.js";

/**
 * Whether a first argument can only have been meant as a subcommand: a word that is not an
 * option, a port (digits) or an address (an IP, or localhost), which is what the engine takes.
 */
export function isSubcommandLike(word: string): boolean {
  return !word.startsWith("-") && !/^\d+$/.test(word) && isIP(word) === 0 && word !== "localhost";
}

/** The error line for an unknown subcommand, with the nearest known one when it is close. */
export function unknownSubcommand(word: string, known: readonly string[]): string {
  const nearest = known
    .map((name) => ({ name, distance: editDistance(word.toLowerCase(), name) }))
    .filter((c) => c.distance <= (c.name.length >= 4 ? 2 : 1) || c.name.startsWith(word.toLowerCase()))
    .sort((a, b) => a.distance - b.distance)[0];
  const hint = nearest === undefined ? "" : `; did you mean ${nearest.name}?`;
  return `othello: "${printable(word)}" is not a subcommand${hint} (subcommands: ${known.join(", ")}; see othello --help)`;
}

/** Levenshtein distance: the fewest insertions, deletions and substitutions from a to b. */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++)
      row.push(Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1)));
    previous = row;
  }
  return previous[b.length]!;
}
