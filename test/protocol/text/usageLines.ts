/**
 * A usage text with each wrapped row joined back into one line: a continuation line is indented
 * deeper than the two spaces a row starts with.
 */
export function unwrapUsage(text: string): string {
  return text.replace(/\n {4,}/g, " ");
}
