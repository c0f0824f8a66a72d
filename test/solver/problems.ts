import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type Position, parseObf } from "../../src/index.js";

/** A position of test/positions/ with every move's exact score, best first. */
export interface Problem {
  readonly position: Position;
  readonly moves: readonly { move: number; score: number }[];
}

/** The problems of an obf file of test/positions/. */
export function readProblems(file: string): Problem[] {
  return readFileSync(join(import.meta.dirname, "../positions", file), "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((line) => {
      const p = parseObf(line);
      if (!p.ok) throw new Error(p.error);
      return p.value;
    });
}

/**
 * The visits of each fforum problem solved by fastest-first ordering with an empty table of 2^20
 * entries, as `othello solve` prints them (2,425,331 in all; docs/solver.md). solver.test.ts pins
 * them; the evaluated ordering's test measures itself against them.
 */
export const FFORUM_VISITS = [
  64088, 41128, 91890, 50748, 16732, 87256, 22892, 294766, 52032, 172393, 86335, 223893, 83928, 80391, 206045, 277005,
  23331, 259659, 290903,
];
