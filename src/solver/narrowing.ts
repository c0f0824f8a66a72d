import type { Move, Position } from "../position.js";
import type { SolveResult, Solving } from "./solveTerms.js";

/**
 * What is proven of a position's exact score so far: it lies in [lower, upper] (scores are
 * even: the empty squares go to the winner, so a finished game's difference is 64 minus twice
 * a side's discs), and `move` reaches at least `lower` (undefined while no probe has proven a
 * lower bound, e.g. after a win/draw/loss solve that found a loss).
 */
export interface ScoreRange {
  readonly lower: number;
  readonly upper: number;
  readonly move: Move | undefined;
}

export interface NarrowingLimits {
  /** Give up when `now()` reaches this; the range proven so far is kept. */
  readonly deadline?: number;
  readonly now?: () => number;
  /** The most positions all the probes together may visit. */
  readonly nodeLimit?: number;
}

export interface Narrowed extends ScoreRange {
  readonly nodes: number;
  /** The probes run, a stopped one included. */
  readonly probes: number;
}

/** The lowest even number at or above x, and the highest at or below. */
const evenAbove = (x: number): number => 2 * Math.ceil(x / 2);
const evenBelow = (x: number): number => 2 * Math.floor(x / 2);

/** The range a solved win/draw/loss result proves: a win's move keeps at least 2 discs, a loss's moves none proven yet. */
export function wldRange(result: SolveResult): ScoreRange {
  if (result.score > 0) return { lower: evenAbove(result.score), upper: 64, move: result.move };
  if (result.score < 0) return { lower: -64, upper: evenBelow(result.score), move: undefined };
  return { lower: 0, upper: 0, move: result.move };
}

/**
 * Narrows a proven range to the exact score with null-window probes ("is the score at least
 * t?"), as the alpha-beta engines sharpen a win/draw/loss result into a margin: each probe
 * costs far less than a full-window solve, and the solver's table carries its work to the next.
 * From a proven lower bound the probes gallop up (steps of 2, 4, 8 discs), from a proven upper
 * bound down, and between two bounds they bisect. Stopped by a limit, it returns the range
 * proven so far: a move that keeps at least `lower` is as good a move as the time allowed.
 */
export function narrowScore(
  solver: Solving,
  position: Position,
  start: ScoreRange,
  limits: NarrowingLimits = {},
): Narrowed {
  let { lower, upper, move } = start;
  let nodes = 0;
  let probes = 0;
  let step = 2;
  const nodeLimit = limits.nodeLimit ?? Infinity;
  while (lower < upper && nodes < nodeLimit) {
    const knownLower = move !== undefined;
    // The probe's threshold t, even, with lower < t <= upper.
    let t: number;
    if (knownLower && upper === 64) t = Math.min(lower + step, upper);
    else if (!knownLower) t = Math.max(upper - step + 2, lower + 2);
    else t = lower + evenAbove((upper - lower) / 2);
    probes++;
    const result = solver.solve(position, {
      mode: "exact",
      alpha: t - 1,
      beta: t,
      nodeLimit: nodeLimit - nodes,
      ...(limits.deadline === undefined ? {} : { deadline: limits.deadline }),
      ...(limits.now === undefined ? {} : { now: limits.now }),
    });
    nodes += result.nodes;
    if (!result.solved) break;
    if (result.score >= t) {
      lower = Math.max(t, evenAbove(result.score));
      move = result.move;
    } else {
      upper = Math.min(t - 2, evenBelow(result.score));
    }
    step *= 2;
  }
  return { lower, upper, move, nodes, probes };
}
