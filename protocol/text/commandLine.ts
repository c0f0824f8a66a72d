import { type Result, err, ok } from "../../src/index.js";

/**
 * A command line as the match runner takes it for an engine: words split at white space,
 * with single or double quotes to keep spaces in a word. No shell runs, so nothing else is
 * special, and killing the engine kills the engine, not a shell in front of it.
 */
export function parseCommandLine(text: string): Result<string[]> {
  const words: string[] = [];
  let word: string | undefined;
  let quote: string | undefined;
  for (const c of text) {
    if (quote !== undefined) {
      if (c === quote) quote = undefined;
      else word += c;
    } else if (c === "'" || c === '"') {
      quote = c;
      word ??= "";
    } else if (/\s/.test(c)) {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else {
      word = (word ?? "") + c;
    }
  }
  if (quote !== undefined) return err(`unclosed ${quote} in the command "${text}"`);
  if (word !== undefined) words.push(word);
  if (words.length === 0) return err("the engine command is empty");
  return ok(words);
}

export function formatCommandLine(words: readonly string[]): string {
  return words.map((w) => (/^[\w@%+=:,./-]+$/.test(w) ? w : `'${w.replace(/'/g, `'"'"'`)}'`)).join(" ");
}
