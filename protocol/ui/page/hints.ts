import type { RootMoves } from "../engineReport.js";
import type { SolveAnswer } from "../uiServer.js";
import { signed } from "./pageGame.js";

/**
 * The hints: what the engine thinks of each legal move of the position on the board, written
 * on its square. Pure, for the tests.
 */

/**
 * What is known of the moves of the position on the board, for the hints: the engine's root
 * moves, and the exact scores near the end (undefined: not known yet; null: not solved in time).
 */
export interface MoveValues {
  root: RootMoves | undefined;
  exact: SolveAnswer["scores"] | undefined;
  /** The exact scores' request, while it runs. */
  solving: AbortController | undefined;
}

export const noValues = (): MoveValues => ({ root: undefined, exact: undefined, solving: undefined });

/** What one square shows. */
export interface SquareValue {
  /** The value: a win rate for the side to move, a proven result, or an exact final margin. */
  readonly main: string;
  /** Under it: the visits, or "exact". */
  readonly detail: string;
  /** The move the engine holds best (a tie: each of them). */
  readonly best: boolean;
  /** The same in words, for a screen reader. */
  readonly words: string;
}

/** A count of visits in three characters or so: 950, 1.2k, 45k, 1.2M. */
export function compactCount(n: number): string {
  const short = (x: number, unit: string) => `${x < 10 ? x.toFixed(1).replace(/\.0$/, "") : Math.round(x)}${unit}`;
  return n < 1000 ? String(n) : n < 999_500 ? short(n / 1000, "k") : short(n / 1_000_000, "M");
}

/**
 * Each square's value by vertex: the exact scores when the position is solved, else the root
 * moves of the engine's search (its own move, or the position searched for the person).
 */
export function squareValues(
  root: RootMoves | undefined,
  exact: SolveAnswer["scores"] | undefined,
): Map<string, SquareValue> {
  const values = new Map<string, SquareValue>();
  if (exact !== null && exact !== undefined) {
    const top = Math.max(...exact.map((s) => s.score));
    for (const { move, score } of exact)
      values.set(move, {
        main: signed(score),
        detail: "exact",
        best: score === top,
        words: `${signed(score)} discs at the end with best play`,
      });
    return values;
  }
  if (root === undefined) return values;
  // The search plays a proven win if it has one, else its most visited move.
  const won = root.moves.find((m) => m.proven === "win");
  const best = won ?? root.moves.reduce((a, b) => (b.visits > a.visits ? b : a), root.moves[0]!);
  for (const m of root.moves) {
    const visits = `${m.visits.toLocaleString("en-US")} visit${m.visits === 1 ? "" : "s"}`;
    const main = m.proven !== null ? m.proven : m.winRate === null ? "–" : `${Math.round(100 * m.winRate)}%`;
    values.set(m.move, {
      main,
      detail: compactCount(m.visits),
      best: m === best && m.visits > 0,
      words:
        m.proven !== null
          ? `a proven ${m.proven}, ${visits}`
          : m.winRate === null
            ? "not searched yet"
            : `wins ${(100 * m.winRate).toFixed(1)}% of ${visits}${m.pruned ? ", set aside" : ""}`,
    });
  }
  return values;
}
