import { legalMoves, popcount, resultHi } from "../bitboard.js";
import { PASS, type Position } from "../position.js";
import { finalScore } from "../finalScore.js";
import { ORDER_INFINITY, orderingDepth } from "./endgameMoves.js";
import { EndgameSearch, NO_CLOCK } from "./endgameSearch.js";
import { NO_MOVE, TranspositionTable } from "./transpositionTable.js";
import { OrderingSearch } from "../alphabeta/orderingSearch.js";
import type { Evaluation } from "../eval/evaluation.js";
import { DEFAULT_KERNEL, type Kernel } from "../kernel.js";
import type { SolveTeam } from "./sharedSolve.js";
import type { ScoreBound, SolveOptions, SolveResult, Solving } from "./solveTerms.js";

/** 2^20 entries: 32 MiB (16 bytes of key, 4 of bounds, move and empties, 4 of solve number, 8 unused each). */
export const DEFAULT_TABLE_BITS = 20;

/**
 * Exact solves of this many empties or more (without a window, with an evaluation) go by tests
 * of one score at a time from the evaluation's guess (byTests), not by one search of the full
 * window, whose first line is searched with the whole window all the way down: on FFO #40-#49
 * 25% fewer nodes, on 40 positions of 24 empties from our games 15%, of 22 empties 5%; at 14 to
 * 16 empties (fforum 1-19) the guess costs more time than the tests save (docs/decisions.md).
 */
const TESTS_EMPTIES = 18;
/**
 * The guess searches this many plies deeper than the ordering search at the root: on FFO
 * #40-#49, 3, 5 and 7 plies cost 1.34 to 1.37 G nodes, 4 1.12 G (the full window 1.51 G).
 */
const GUESS_PLIES = 4;
/**
 * The guess searches at most this many plies: a deep guess can cost most of a solve (11 plies,
 * its moves unsorted, took 49 s of a 58 s solve of FFO #59, 34 empties), and with its moves sorted
 * a cap of 12 instead of 8 on six of FFO #51-#58 moved single positions' nodes by a third either
 * way and saved no time (docs/decisions.md).
 */
const GUESS_MAX_DEPTH = 8;

/**
 * An exact endgame solver. It keeps its transposition table from one solve to the next (the
 * bounds stored stay true), so solving the positions of one game in turn reuses the work.
 * All its state is its own (the table and the search's counters, limits and move lists), so
 * solvers never share anything, and one may solve inside another's clock. A solver asked to
 * solve while it is solving (from its own clock) throws: that would wreck the solve under way.
 */
export class Solver implements Solving {
  readonly table: TranspositionTable;
  private readonly search: EndgameSearch;
  private solving = false;
  /** The search over the evaluation that orders the moves (in EndgameSearch) and guesses an exact solve's score. */
  private readonly ordering: OrderingSearch | undefined;

  /**
   * With an evaluation, moves far from the end are ordered by a shallow search over it as well
   * (fewer nodes, the same exact scores); without one, fastest first throughout. `kernel`
   * chooses who solves the last KERNEL_EMPTIES empty squares: the WebAssembly kernel
   * (endgameKernel.ts, about twice as fast) or the TypeScript search. With a `team`, this
   * solver is one thread of a parallel solve (sharedSolve.ts): its table is the team's, of the
   * team's size (`tableBits` is not read), and it solves alongside the team's other threads.
   */
  constructor(
    tableBits = DEFAULT_TABLE_BITS,
    evaluation?: Evaluation,
    kernel: Kernel = DEFAULT_KERNEL,
    team?: SolveTeam,
  ) {
    this.table =
      team === undefined
        ? new TranspositionTable(tableBits)
        : new TranspositionTable(team.memory.tableBits, team.memory.table);
    this.ordering = evaluation === undefined ? undefined : new OrderingSearch(evaluation);
    this.search = new EndgameSearch(this.table, this.ordering, kernel === "webassembly", team);
  }

  /** Forgets everything solved so far (a new game need not: the entries stay true). */
  clear(): void {
    this.table.clear();
    this.search.clearKernel();
  }

  /**
   * The win/draw/loss value for the player (pl, ph) to move against (ol, oh): 1, 0 or -1. No
   * limit and no allocation: for the small positions at the leaves of the tree search.
   */
  outcome(pl: number, ph: number, ol: number, oh: number): number {
    this.enter();
    try {
      const search = this.search;
      search.start(Infinity, Infinity, NO_CLOCK);
      const empties = 64 - popcount(pl | ol) - popcount(ph | oh);
      this.table.reserve(empties);
      const v = search.solvePosition(pl, ph, ol, oh, -1, 1, empties);
      return v > 0 ? 1 : v < 0 ? -1 : 0;
    } finally {
      this.solving = false;
    }
  }

  solve(position: Position, options: SolveOptions = {}): SolveResult {
    this.enter();
    try {
      return this.solveRoot(position, options);
    } finally {
      this.solving = false;
    }
  }

  private enter(): void {
    if (this.solving) throw new Error("a Solver was asked to solve while solving (from its own clock)");
    this.solving = true;
  }

  private solveRoot(position: Position, options: SolveOptions): SolveResult {
    const mode = options.mode ?? "exact";
    const alpha = options.alpha ?? (mode === "exact" ? -65 : -1);
    const beta = options.beta ?? (mode === "exact" ? 65 : 1);
    if (!(alpha < beta)) throw new Error(`the window needs alpha < beta, got (${alpha}, ${beta})`);
    const pl = position.playerLo,
      ph = position.playerHi,
      ol = position.opponentLo,
      oh = position.opponentHi;
    const search = this.search;
    const visits = search.visits;
    this.table.newSolve();
    visits[0] = 0;
    search.start(options.nodeLimit ?? Infinity, options.deadline ?? Infinity, options.now ?? NO_CLOCK);
    const empties = position.empties();
    // 2^e entries for e empties: 16 empties' solves (about 500,000 visits) lose almost nothing
    // in 2^16 entries, and touch 2 MiB instead of the whole table (TranspositionTable.reserve).
    this.table.reserve(empties);
    let ml = legalMoves(pl, ph, ol, oh);
    let mh = resultHi;
    const pass = (ml | mh) === 0;
    if (pass) {
      visits[0]++;
      ml = legalMoves(ol, oh, pl, ph);
      mh = resultHi;
      if ((ml | mh) === 0)
        return { solved: true, move: undefined, score: finalScore(pl, ph, ol, oh), bound: "exact", nodes: visits[0]! };
    }
    // The mover's score within (a, b). A forced pass: the opponent's best is the mover's worst.
    const root = (a: number, b: number): number =>
      pass
        ? 0 - search.searchRoot(ol, oh, pl, ph, ml, mh, 0 - b, 0 - a, empties)
        : search.searchRoot(pl, ph, ol, oh, ml, mh, a, b, empties);
    const ordering = this.ordering;
    let score: number;
    let move: number;
    if (
      ordering !== undefined &&
      options.alpha === undefined &&
      options.beta === undefined &&
      mode === "exact" &&
      empties >= TESTS_EMPTIES
    ) {
      const guess = ordering.value(
        pl,
        ph,
        ol,
        oh,
        Math.min(GUESS_MAX_DEPTH, orderingDepth(empties) + GUESS_PLIES),
        -ORDER_INFINITY,
        ORDER_INFINITY,
      );
      [score, move] = this.byTests(root, 2 * Math.round(Math.max(-64, Math.min(64, guess)) / 2));
    } else {
      score = root(alpha, beta);
      move = search.bestMove;
    }
    // Stryker disable next-line StringLiteral: unsolved, only the nodes mean anything (SolveResult).
    if (search.searchAborted()) return { solved: false, move: undefined, score: 0, bound: "exact", nodes: visits[0]! };
    const bound: ScoreBound = score <= alpha ? "upper" : score >= beta ? "lower" : "exact";
    return { solved: true, move: pass ? PASS : move, score, bound, nodes: visits[0]! };
  }

  /**
   * The exact score by tests of one score each, from `guess` (an even score), as MTD(f) (Plaat
   * et al., 1996): final scores are even, so the window (g - 1, g + 1) admits g alone, and the
   * search's fail-soft result is the next score to test, until the bounds meet. Returns the
   * score and a move reaching it (the last test that found the score or more, or when none did,
   * the score being -64, the last test's best); stops early when the search is aborted.
   */
  private byTests(root: (a: number, b: number) => number, guess: number): [number, number] {
    let lower = -64;
    let upper = 64;
    let g = guess;
    let move = NO_MOVE;
    while (lower < upper) {
      const v = root(g - 1, g + 1);
      if (this.search.searchAborted()) break;
      if (v >= g) {
        lower = v;
        move = this.search.bestMove;
      }
      if (v <= g) upper = v;
      g = v;
    }
    // No test found the score or more: it is -64, the least, which every move reaches (the last
    // test's best move is one). Not stopped, the root has a move (a forced pass is the caller's).
    if (move === NO_MOVE) move = this.search.bestMove;
    return [lower, move];
  }
}
