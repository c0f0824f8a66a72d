import { type Result, err, ok } from "../../src/index.js";
import { printable } from "./numbers.js";

/** The words in a list for a person: "a", "a or b", "a, b or c". */
export function listChoices(choices: readonly string[]): string {
  return choices.length < 2 ? (choices[0] ?? "") : `${choices.slice(0, -1).join(", ")} or ${choices.at(-1)}`;
}

/**
 * One of a few words, exactly as written (`eval` or `playout`); anything else is refused in one
 * line that names the words it could be: `expected eval or playout, got "tree"`.
 */
export function parseChoice<C extends string>(text: string, choices: readonly C[]): Result<C> {
  const choice = choices.find((c) => c === text);
  return choice === undefined ? err(`expected ${listChoices(choices)}, got "${printable(text)}"`) : ok(choice);
}
