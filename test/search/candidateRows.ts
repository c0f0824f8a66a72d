import type { Candidates } from "../../src/index.js";

// The root's candidates as the move rule and the draw read them, written as table rows by the tests.

/** A candidate: its visits, mean, proof ("win", "draw", "loss" or "-") and whether it is pruned ("p"). */
export type Row = readonly [visits: number, mean: number, proof: "win" | "draw" | "loss" | "-", pruned?: "p"];

const PROOF = { "-": 0, win: 1, draw: 2, loss: 3 } as const;

export function candidates(rows: readonly Row[]): Candidates {
  return {
    count: rows.length,
    visits: (i) => rows[i]![0],
    // The rule reads a mean only where there were visits (Candidates says so).
    mean: (i) => {
      if (rows[i]![0] === 0) throw new Error(`the mean of candidate ${i}, of no visits, was read`);
      return rows[i]![1];
    },
    proof: (i) => PROOF[rows[i]![2]],
    pruned: (i) => rows[i]![3] === "p",
  };
}
