/**
 * The blanks of a command line: ASCII space, tab and carriage return, nothing else. Unicode
 * white space (such as the byte 0xA0, read as Latin-1) is part of a word, so `play\xa02 3` is
 * one unknown word, as the course's C engines see it.
 */
const BLANKS = /[ \t\r]+/;
const LEADING_BLANKS = /^[ \t\r]+/;

/** The words of a line, split at runs of blanks; [] for a blank line. */
export function splitWords(line: string): string[] {
  const words = line.split(BLANKS);
  if (words[0] === "") words.shift();
  if (words.at(-1) === "") words.pop();
  return words;
}

/** The line without its leading blanks. */
export function trimLeadingBlanks(line: string): string {
  return line.replace(LEADING_BLANKS, "");
}
