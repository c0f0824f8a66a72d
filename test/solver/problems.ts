import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect } from "vitest";
import { PASS, type Position, type SolveResult, Solver, parseObf } from "../../src/index.js";

/**
 * The TypeScript search all the way down: the reference whose visits solver.test.ts pins, and
 * which endgameKernel.test.ts holds the WebAssembly kernel to.
 */
export function referenceSolver(tableBits: number): Solver {
  return new Solver(tableBits, undefined, "typescript");
}

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
 * Solves a problem from a cleared table and checks the exact score, that the move reaches it
 * (by the problem's list, or by solving the position after it) and the win/draw/loss solve's
 * sign. Returns the exact solve's result.
 */
export function expectSolved(solver: Solver, { position, moves }: Problem): SolveResult {
  solver.clear();
  const r = solver.solve(position);
  expect(r.score).toBe(moves[0]!.score);
  const listed = moves.find((m) => m.move === r.move);
  const reached = listed?.score ?? (r.move === PASS ? r.score : 0 - solver.solve(position.play(r.move!)).score);
  expect(reached).toBe(r.score);
  solver.clear();
  expect(Math.sign(solver.solve(position, { mode: "wld" }).score)).toBe(Math.sign(moves[0]!.score));
  return r;
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
