/// <reference lib="dom" />
import { element } from "./element.js";

/**
 * Copies `text` to the clipboard, `what` telling the person so ("The moves are"); where the
 * browser refuses, the text goes into the paste box to be copied from there.
 */
export async function copyText(text: string, what: string, notice: (text: string) => void): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    notice(`${what} copied.`);
  } catch {
    element<HTMLInputElement>("paste").value = text;
    notice(
      `The browser refused the clipboard: ${what.charAt(0).toLowerCase()}${what.slice(1)} in the box below, to copy from there.`,
    );
  }
}
