import type { Game } from "../game.js";
import type { Position } from "../position.js";
import type { SearchLimits } from "../search/searchTerms.js";
import { type ScoreRange, narrowScore, wldRange } from "../solver/narrowing.js";
import { SOLVE_SHARE, type SolveBudget, SolvePlanner, shareOf } from "../solver/solvePlanner.js";
import type { SolveMode, SolveResult, Solving } from "../solver/solveTerms.js";
import type { Choice, Chooser } from "./choice.js";

/** A solve of the root: what it found, in which mode, and how long it took. */
export interface SolveAttempt {
  readonly position: Position;
  readonly result: SolveResult;
  readonly mode: SolveMode;
  readonly elapsedMs: number;
}

/** The most of the move's budget the probes after a proven win may take: its move is known, the search has nothing to add. */
const PROVEN_SHARE = 0.95;

/**
 * A win the tree proved with more empty squares than this is played as the tree chose: far from
 * the end (a wipeout line in the opening) the solver's ordering searches are deep, and a probe
 * there could outlast the budget between two of its checks.
 */
const NARROW_TREE_EMPTIES = 26;

export interface SolverFirstParts {
  /** The solver, asked for at each solve: it may be made at the first (its table is large) and shared with the search's leaves. */
  readonly solver: () => Solving;
  /** The chooser when no solve decides the move. */
  readonly next: Chooser;
  readonly now: () => number;
  /** Told of every solve as soon as it ends, whether it decides the move or not. */
  readonly tried: (attempt: SolveAttempt) => void;
  /**
   * The most empty squares a root solve may have, a weaker level's horizon: beyond it the move is
   * the next chooser's, a proven win's margin unnarrowed; undefined: as many as the budget allows.
   */
  readonly solveHorizon?: number | undefined;
}

/**
 * The exact solver first, then another chooser. The root is solved when the planner says a
 * solve fits in the move's budget (and the position is within the horizon): an exact result is always played (the best score). A
 * win/draw/loss result is narrowed towards the exact score (narrowScore): a win or a draw is
 * played with the best margin proven in the time left; a loss, once some move is proven to lose
 * by no more than a bound. A proven loss with no such move in the solve's share of the budget,
 * or a solve that ran out of its share, leaves the move to the next chooser with the time left.
 * A move the next chooser proved a win (the tree search's leaf solves) is narrowed the same way.
 */
export class SolverFirst implements Chooser {
  private readonly planner = new SolvePlanner();

  constructor(private readonly parts: SolverFirstParts) {}

  choose(game: Game, limits: SearchLimits): Choice {
    const position = game.position;
    const budget: SolveBudget = { ms: limits.timeMs, playouts: limits.visits };
    const withinHorizon = position.empties() <= (this.parts.solveHorizon ?? Infinity);
    const plan = withinHorizon ? this.planner.plan(position.empties(), budget) : undefined;
    const { now } = this.parts;
    let spentMs = 0;
    if (plan !== undefined) {
      const started = now();
      const deadline = plan.limitMs === undefined ? undefined : started + plan.limitMs;
      const result = this.parts.solver().solve(position, { mode: plan.mode, nodeLimit: plan.nodeLimit, deadline, now });
      spentMs = now() - started;
      this.planner.measured(result.nodes, spentMs);
      this.parts.tried({ position, result, mode: plan.mode, elapsedMs: spentMs });
      if (result.solved && result.move !== undefined && (plan.mode === "exact" || result.score === 0))
        return { by: "solver", move: result.move, mode: plan.mode, score: result.score, elapsedMs: spentMs };
      if (result.solved && plan.mode === "wld") {
        // A win's move is known already, so its probes may take nearly the whole budget; a loss's have the solve's share.
        const share = result.score > 0 ? PROVEN_SHARE : SOLVE_SHARE;
        const narrowed = this.narrow(position, wldRange(result), shareOf(budget, share), started, result.nodes);
        spentMs = now() - started;
        if (narrowed !== undefined) return { ...narrowed, elapsedMs: spentMs };
      }
    }
    const rest = limits.timeMs === undefined ? limits : { ...limits, timeMs: Math.max(0, limits.timeMs - spentMs) };
    const choice = this.parts.next.choose(game, rest);
    spentMs += choice.elapsedMs;
    // The tree search stops as soon as it proves a win, and plays any winning move: the time left
    // plays it for the margin. Only within a budget (unbounded, the probes would solve the whole
    // game), and near enough the end for a solve's ordering searches to heed the budget's checks.
    const bounded = limits.timeMs !== undefined || limits.visits !== undefined;
    const near = withinHorizon && position.empties() <= NARROW_TREE_EMPTIES;
    if (bounded && near && choice.by === "search" && choice.report.proven === "win") {
      const from = now();
      const range: ScoreRange = { lower: 2, upper: 64, move: choice.move };
      const narrowed = this.narrow(position, range, shareOf(budget, PROVEN_SHARE), from - spentMs, 0);
      if (narrowed !== undefined) return { ...narrowed, elapsedMs: spentMs + now() - from };
    }
    return { ...choice, elapsedMs: spentMs };
  }

  /**
   * Narrows `range` within `share` of the budget, counted from `started` (its nodes less the
   * `used` ones): the solver's choice when a probe proved a move, told as a solve (its
   * `elapsedMs` the probes' time; the caller counts the whole).
   */
  private narrow(
    position: Position,
    range: ScoreRange,
    share: { readonly limitMs?: number; readonly nodeLimit?: number },
    started: number,
    used: number,
  ): Choice | undefined {
    const { now } = this.parts;
    const from = now();
    const narrowed = narrowScore(this.parts.solver(), position, range, {
      ...(share.limitMs === undefined ? {} : { deadline: started + share.limitMs, now }),
      ...(share.nodeLimit === undefined ? {} : { nodeLimit: share.nodeLimit - used }),
    });
    const elapsedMs = now() - from;
    if (narrowed.move === undefined || narrowed.probes === 0) return undefined;
    const exact = narrowed.lower === narrowed.upper;
    this.parts.tried({
      position,
      result: {
        solved: true,
        move: narrowed.move,
        score: narrowed.lower,
        bound: exact ? "exact" : "lower",
        nodes: narrowed.nodes,
      },
      mode: "exact",
      elapsedMs,
    });
    const score = exact ? narrowed.lower : Math.sign(narrowed.lower);
    return { by: "solver", move: narrowed.move, mode: exact ? "exact" : "wld", score, elapsedMs };
  }
}
