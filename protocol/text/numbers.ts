import { type Result, err, ok } from "../../src/index.js";

/** A whole number from min to max, written in decimal digits only (no sign, no exponent). */
export function parseWholeNumber(text: string, min: number, max: number): Result<number> {
  if (!/^\d+$/.test(text)) return err(`expected a whole number from ${min} to ${max}, got "${printable(text)}"`);
  const n = Number(text);
  if (n < min || n > max) return err(`${printable(text)} is out of range: expected ${min} to ${max}`);
  return ok(n);
}

/** A number of seconds from 0 to max, with an optional decimal fraction ("12", "2.5"). */
export function parseSeconds(text: string, max: number): Result<number> {
  if (!/^\d+(\.\d+)?$/.test(text))
    return err(`expected a number of seconds from 0 to ${max}, got "${printable(text)}"`);
  const n = Number(text);
  if (n > max) return err(`${printable(text)} seconds is out of range: expected 0 to ${max}`);
  return ok(n);
}

/** A time limit in seconds, more than 0 and at most an hour. */
export function parsePositiveSeconds(text: string): Result<number> {
  const s = parseSeconds(text, 3600);
  return !s.ok || s.value > 0 ? s : err("must be more than 0 seconds");
}

/**
 * A decimal number from min to max, digits with an optional fraction ("0.6", "2", ".5" is
 * refused), and a minus sign only where the range has negative numbers.
 */
export function parseDecimal(text: string, min: number, max: number): Result<number> {
  const form = min < 0 ? /^-?\d+(\.\d+)?$/ : /^\d+(\.\d+)?$/;
  if (!form.test(text)) return err(`expected a number from ${min} to ${max}, got "${printable(text)}"`);
  const n = Number(text);
  if (n < min || n > max) return err(`${printable(text)} is out of range: expected ${min} to ${max}`);
  return ok(n);
}

/** Untrusted text as it can be shown in a one-line message: control and non-ASCII bytes escaped, long text cut. */
export function printable(text: string, limit = 40): string {
  const cut = text.length > limit ? `${text.slice(0, limit)}...` : text;
  return cut.replace(/[^\x20-\x7e]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, "0")}`);
}
