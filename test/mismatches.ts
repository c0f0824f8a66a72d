import { expect } from "vitest";

/**
 * The cases of a long loop that disagree with their reference, asserted once at the end: an
 * `expect` a case costs tens of microseconds, more than the case itself, and a test of a hundred
 * thousand cases spent seconds in them. Every case is still checked, and a failure lists them all.
 */
export class Mismatches {
  private readonly found: string[] = [];

  /** Notes `where` unless `got` is `want` (numbers, strings and booleans, compared with ===). */
  check(got: number | string | boolean | undefined, want: number | string | boolean | undefined, where: string): void {
    if (got !== want) this.found.push(`${where}: ${got}, not ${want}`);
  }

  /** Asserts that no case disagreed. */
  expectNone(): void {
    expect(this.found).toEqual([]);
  }
}
