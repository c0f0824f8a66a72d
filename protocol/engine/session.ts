import {
  AlphaBeta,
  type CodedPosition,
  type Evaluation,
  Game,
  type Move,
  PASS,
  type Position,
  type Result,
  type SearchLimits,
  SolvePlanner,
  Solver,
  TimeControl,
  ok,
} from "../../src/index.js";
import type { SearchReport, SolveMode } from "../../src/index.js";
import { needsEvaluation } from "./engineSearch.js";
import { type EngineOptions, maxMoveSeconds } from "./options.js";
import { ParallelSearch } from "./parallelSearch.js";
import type { RootChild } from "./rootMerge.js";
import { formatAlphaBetaReport, formatRootMoves, formatSearchReport, formatSolveReport } from "./searchReport.js";

/** A chosen move and the time it took to choose it. */
interface Choice {
  readonly move: Move;
  readonly elapsedMs: number;
}

/**
 * What the last move choice rested on, for protocols that show it (NBoard's evaluations):
 * the solver's proven score, or the search's report (whose tree `searchChildren` reads).
 */
export type Thought =
  | {
      readonly by: "solver";
      readonly move: Move;
      readonly mode: SolveMode;
      readonly score: number;
      readonly elapsedMs: number;
    }
  | { readonly by: "search"; readonly report: SearchReport; readonly elapsedMs: number }
  | {
      readonly by: "alphabeta";
      readonly move: Move;
      readonly score: number;
      readonly depth: number;
      readonly elapsedMs: number;
    };

/**
 * One engine's state behind every protocol (OTP, GTP and NBoard): the game, the options, the
 * clock, and the move chooser. Protocols parse and format; the session never sees text.
 */
export class Session {
  private current = new Game();
  /** What the controller says of the clock (`time_settings`, `time_left`), and the time per move without it. */
  readonly clock: TimeControl;
  /** Made at the first genmove: its trees (one a thread) are the engine's large allocations. */
  private search: ParallelSearch | undefined;
  /** Made at the first solve: its transposition table is kept from move to move. */
  private solver: Solver | undefined;
  private readonly planner = new SolvePlanner();
  private thought: Thought | undefined;
  /** Playouts per move set by the controller (NBoard's `set depth`), in place of --visits. */
  private playoutsSetting: number | undefined;
  /** Made at the first genmove with --search alphabeta. */
  private alphaBeta: AlphaBeta | undefined;

  /**
   * `log` takes diagnostics, one line or drawing at a time (stderr in the program); `now` is
   * the clock the search reads, in milliseconds.
   */
  constructor(
    readonly options: EngineOptions,
    readonly log: (text: string) => void,
    private readonly now: () => number = () => performance.now(),
    /** The pattern evaluation: the alpha-beta player's, and the tree search's leaf values and priors (needed unless --classic). */
    private readonly evaluation?: Evaluation,
  ) {
    if (needsEvaluation(options) && evaluation === undefined)
      throw new Error("these engine options need the session made with an evaluation");
    this.clock = new TimeControl(options.time * 1000, options.timeAllocation);
  }

  get game(): Game {
    return this.current;
  }

  get position(): Position {
    return this.current.position;
  }

  newGame(): void {
    this.current = new Game();
    this.search?.reset();
    this.clock.restart();
  }

  /**
   * A position set by the controller (`code`). The clock runs on: only a new game restarts it,
   * or a controller that sends `code` before every genmove would have a fresh clock each move.
   */
  setPosition(coded: CodedPosition): void {
    this.current = new Game(coded.position, coded.passes);
    this.search?.reset();
  }

  /** Plays a move for the side to move; an illegal one changes nothing and says why. */
  play(move: Move): Result<Position> {
    // The judge sends the pass that ends a game to a player who cannot move either: the
    // game is already over, so the pass is accepted and changes nothing.
    if (move === PASS && this.current.isOver()) return ok(this.current.position);
    return this.current.play(move);
  }

  /** Takes back `count` moves, all or none; false when the history is shorter. */
  undo(count: number): boolean {
    if (this.current.moves.length < count) return false;
    for (let i = 0; i < count; i++) this.current.undo();
    this.search?.reset();
    return true;
  }

  /** Chooses a move for the side to move, charges its thinking to the clock, and plays it; PASS when it has no legal move (also when the game is over). */
  genmove(): Move {
    const position = this.position;
    const choice = this.think();
    this.clock.spend(position.blackToMove, choice.elapsedMs);
    const played = this.play(choice.move);
    if (!played.ok) throw new Error(`the move chooser picked an illegal move (${choice.move}): ${played.error}`);
    return choice.move;
  }

  /**
   * What the move chooser would play now, the game left as it is and the clock not charged
   * (GTP's `reg_genmove`: no move is played, so no time is used up and no byo-yomi stone).
   */
  chooseMove(): Move {
    return this.think().move;
  }

  /** How the last move was chosen; undefined before the first. */
  get lastThought(): Thought | undefined {
    return this.thought;
  }

  /** The search tree below the last searched position, as `ParallelSearch.children` reads it; [] before any search. */
  searchChildren(line: readonly Move[]): RootChild[] {
    return this.search?.children(line) ?? [];
  }

  /** A fixed number of playouts per move from now on, in place of what --visits or --time said. */
  setPlayouts(playouts: number): void {
    this.playoutsSetting = playouts;
  }

  /**
   * What the move chooser would play after `move` (GTP's implied pass), the game left as it
   * was and the clock not charged. The search's root follows the game line, so a later move
   * after the same pass reuses this search's tree.
   */
  chooseMoveAfter(move: Move): Move {
    const played = this.current.play(move);
    if (!played.ok) throw new Error(`chooseMoveAfter(${move}) with an illegal move: ${played.error}`);
    try {
      return this.chooseMove();
    } finally {
      this.current.undo();
    }
  }

  /**
   * The move chooser for the side to move: the exact solver when a solve fits in the move's
   * budget and proves something worth playing, else the tree search for the time left (or a
   * fixed number of playouts), never longer than the ceiling on one move. Each step's report
   * goes to the diagnostic stream.
   */
  private think(): Choice {
    const position = this.position;
    const limits = this.limits(position);
    const solve = this.solveIfItFits(position, limits);
    if (solve.choice !== undefined) return solve.choice;
    const rest =
      limits.timeMs === undefined ? limits : { ...limits, timeMs: Math.max(0, limits.timeMs - solve.spentMs) };
    if (this.options.search.algorithm === "alphabeta") return this.thinkAlphaBeta(position, rest.timeMs, solve.spentMs);
    const { progress } = this.options;
    const report = this.searcher().choose(
      this.current,
      progress === undefined
        ? rest
        : {
            ...rest,
            progress: {
              everyMs: progress * 1000,
              report: (standing) => {
                this.log(formatSearchReport(standing, position, "thinking"));
                this.log(formatRootMoves(this.searchChildren([]), position, "thinking"));
              },
            },
          },
    );
    this.log(formatSearchReport(report, position));
    // With --progress, for a page that shows every move's value: each move's standing at the end too.
    if (progress !== undefined && report.reason === "search")
      this.log(formatRootMoves(this.searchChildren([]), position));
    const elapsedMs = solve.spentMs + report.elapsedMs;
    this.thought = { by: "search", report, elapsedMs };
    return { move: report.move, elapsedMs };
  }

  /** The alpha-beta player's move: iterative deepening to --depth, or as deep as the time allows. */
  private thinkAlphaBeta(position: Position, timeMs: number | undefined, spentMs: number): Choice {
    this.alphaBeta ??= new AlphaBeta(this.evaluation!);
    const started = this.now();
    const deadline = timeMs === undefined ? undefined : started + timeMs;
    const result = this.alphaBeta.choose(position, { depth: this.options.search.depth, deadline, now: this.now });
    const elapsedMs = this.now() - started;
    this.log(formatAlphaBetaReport(result, elapsedMs, position));
    const move = result.move ?? PASS;
    this.thought = { by: "alphabeta", move, score: result.score, depth: result.depth, elapsedMs };
    return { move, elapsedMs: spentMs + elapsedMs };
  }

  /**
   * Solves the position when the planner says a solve fits: an exact result is always played
   * (the best score), a win/draw/loss one when it is a win or a draw; a proven loss, or a solve
   * that ran out of its share of the budget, leaves the move to the search with the time left.
   */
  private solveIfItFits(
    position: Position,
    limits: SearchLimits,
  ): { readonly choice?: Choice; readonly spentMs: number } {
    if (this.options.search.algorithm === "random" || position.legalMoves().length < 2) return { spentMs: 0 };
    const plan = this.planner.plan(position.empties(), { ms: limits.timeMs, playouts: limits.playouts });
    if (plan === undefined) return { spentMs: 0 };
    this.solver ??= new Solver();
    const started = this.now();
    const deadline = plan.limitMs === undefined ? undefined : started + plan.limitMs;
    const result = this.solver.solve(position, { mode: plan.mode, nodeLimit: plan.nodeLimit, deadline, now: this.now });
    const spentMs = this.now() - started;
    this.planner.measured(result.nodes, spentMs);
    this.log(formatSolveReport(result, plan.mode, spentMs, position));
    if (!result.solved || result.move === undefined || (plan.mode === "wld" && result.score < 0)) return { spentMs };
    this.thought = { by: "solver", move: result.move, mode: plan.mode, score: result.score, elapsedMs: spentMs };
    return { choice: { move: result.move, elapsedMs: spentMs }, spentMs };
  }

  /**
   * The search's limits: the clock's budget, or with --visits a fixed amount of work, cut
   * short by a controller's clock if there is one; always within the ceiling on one move.
   */
  limits(position: Position): SearchLimits {
    const budgetMs = this.clock.budgetMs(position.blackToMove, position.empties());
    const ceiling = maxMoveSeconds(this.options);
    const ceilingMs = ceiling === undefined ? Infinity : ceiling * 1000;
    const playouts = this.playoutsSetting ?? this.options.visits;
    const timeMs = Math.min(playouts === undefined || this.clock.clock !== null ? budgetMs : Infinity, ceilingMs);
    return {
      ...(playouts === undefined ? {} : { playouts }),
      ...(timeMs === Infinity ? {} : { timeMs }),
      // A search whose move is settled stops only when the time it saves is not lost.
      stopEarly: this.options.earlyStop && this.clock.savingsCarryOver(position.blackToMove),
    };
  }

  private searcher(): ParallelSearch {
    this.solver ??= new Solver();
    this.search ??= new ParallelSearch(this.options, this.log, this.evaluation, this.now, this.solver);
    return this.search;
  }
}
