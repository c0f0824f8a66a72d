import type { SolveMode } from "./solveTerms.js";

/**
 * Whether an exact (or at least a win/draw/loss) solve fits in a move's time, from the number
 * of empty squares and the solver's own speed as measured in this game.
 *
 * The solver's work grows about 2.2 times per empty square: on the positions our engine had to
 * move in at 20, 22 and 24 empties in 80 games against Zebra, three in four exact solves took at
 * most 4.7, 17 and 100 million positions, and win/draw/loss ones 1.6, 5.3 and 29 million (at 24
 * empties lower bounds: a few solves stopped at their time limit; docs/decisions.md).
 * NODES_AT_20 * GROWTH^(e - 20) stays on the high side of those, so a solve the estimate says
 * fits seldom fails, and one that fails costs only its share of the budget. A WLD solve needs about a third of the exact one's work.
 */
const NODES_AT_20 = 5_000_000;
const GROWTH = 2.2;
const WLD_SHARE = 1 / 3;
/** Below this many empties the solve is too small to be worth an estimate. */
const ALWAYS_EMPTIES = 10;
/** The most of the move's budget a solve is given; the search keeps the rest if it fails. */
export const SOLVE_SHARE = 0.6;
/**
 * Nodes per millisecond before any solve was measured: a cautious 10 million a second (the root
 * solves of 80 games against Zebra ran at 15 to 20 million on one core of the 2-core machine).
 */
const INITIAL_RATE = 10_000;

/** What a move may spend: time, or (with a fixed number of playouts) work. */
export interface SolveBudget {
  readonly ms?: number;
  readonly playouts?: number;
}

export interface SolvePlan {
  readonly mode: SolveMode;
  /** The time the solve may take before it gives up, if the budget is one of time. */
  readonly limitMs?: number;
  /** The positions it may visit before it gives up, if the budget is one of playouts. */
  readonly nodeLimit?: number;
}

/** A random playout from the endgame costs about as much time as this many solver nodes. */
const NODES_PER_PLAYOUT = 64;

/** A solve's limits from `share` of a move's budget: the time, or the nodes its playouts would cost. */
export function shareOf(budget: SolveBudget, share: number): Omit<SolvePlan, "mode"> {
  return {
    ...(budget.ms === undefined ? {} : { limitMs: budget.ms * share }),
    ...(budget.playouts === undefined ? {} : { nodeLimit: budget.playouts * NODES_PER_PLAYOUT * share }),
  };
}

export class SolvePlanner {
  /** Nodes per millisecond, measured on solves that ran long enough to tell. */
  private rate = INITIAL_RATE;

  /** The solve to try with `empties` empty squares and this budget, or undefined for none. */
  plan(empties: number, budget: SolveBudget): SolvePlan | undefined {
    const limits: SolvePlan = { mode: "exact", ...shareOf(budget, SOLVE_SHARE) };
    if (empties <= ALWAYS_EMPTIES) return limits;
    const affordable = Math.min(limits.nodeLimit ?? Infinity, (limits.limitMs ?? Infinity) * this.rate);
    const exact = this.estimateNodes(empties);
    if (exact <= affordable) return limits;
    if (exact * WLD_SHARE <= affordable) return { ...limits, mode: "wld" };
    return undefined;
  }

  /** Learns the solver's speed from a solve of `nodes` that took `ms`. */
  measured(nodes: number, ms: number): void {
    // Short solves are mostly start-up and say little about the rate.
    if (ms < 20) return;
    this.rate = 0.5 * this.rate + 0.5 * (nodes / ms);
  }

  estimateNodes(empties: number): number {
    return NODES_AT_20 * GROWTH ** (empties - 20);
  }
}
