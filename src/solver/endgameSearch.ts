import { legalMoves, popcount, resultHi } from "../bitboard.js";
import { EndgameMoves, STRIDE } from "./endgameMoves.js";
import { NO_SCORE, finalScore } from "../finalScore.js";
import { LastEmpties } from "./lastEmpties.js";
import { SHALLOW_EMPTIES, ShallowSearch } from "./shallowSearch.js";
import { stableDiscs } from "./stability.js";
import { NO_MOVE, type TranspositionTable } from "./transpositionTable.js";
import type { OrderingSearch } from "../alphabeta/orderingSearch.js";
import { type EndgameKernel, createEndgameKernel } from "./endgameKernel.js";
import type { SolveTeam } from "./sharedSolve.js";

/**
 * With the WebAssembly kernel, positions with this many empty squares or fewer are solved by
 * it (measured on fforum 1-19 and "sub": from 9, 10, 12, 13, 14 and 16; 14 and 16 were the
 * fastest, 14 with fewer visits; docs/solver.md).
 */
export const KERNEL_EMPTIES = 14;

/** Visits between two checks of the clock. */
const CHECK_INTERVAL = 4096;
/** Enhanced transposition cut-offs from this many empties up (measured: fewer nodes and less time than from 10 or 12). */
const ETC_EMPTIES = 8;

/** The clock of a search without a deadline: never read for a decision. */
export const NO_CLOCK = (): number => 0;

/**
 * The solver's search above the shallow depths: NegaScout (the first move with the full
 * window, the others with a null window and a re-search when they fail high inside it),
 * fail-soft, with the stability cut-off, the transposition table's bounds and move, enhanced
 * transposition cut-offs, and moves sorted fastest first (fewest replies for the opponent).
 * The move lists live in typed arrays, one level per number of empties, so nothing is
 * allocated.
 *
 * This object is all of a solver's state: the table, the visit counter, the limits and the
 * move lists (the shallow search and the last empties share its counter). Each `Solver` owns
 * one, so two solvers share nothing; one search is not re-entrant.
 */
export class EndgameSearch {
  /**
   * Positions visited: every call of one of the search functions, a pass counting as a visit
   * of the passed position (the convention of the C yardstick), and every position the
   * ordering search searches (Edax's convention). A typed array rather than a number, so that
   * counting past 2^31 allocates nothing.
   */
  readonly visits = new Float64Array(1);
  private readonly last: LastEmpties;
  private readonly shallow: ShallowSearch;
  /** The WebAssembly kernel below KERNEL_EMPTIES, or none: the TypeScript all the way down. */
  private readonly kernel: EndgameKernel | undefined;
  /** The move lists, a level per number of empties, and their order. */
  private readonly moves: EndgameMoves;
  /** Per level, the places of the moves put off because another thread was searching them (SolveTeam). */
  private readonly putOff = new Int32Array(65 * STRIDE);
  private nodeLimit = Infinity;
  private deadline = Infinity;
  private now: () => number = NO_CLOCK;
  private nextCheck = 0;
  // Stryker disable next-line BooleanLiteral: start() sets it before every search.
  private aborted = false;
  /** The move reaching the score of the last searchMoves (NO_MOVE if none did better than NO_SCORE). */
  bestMove = NO_MOVE;

  constructor(
    private readonly table: TranspositionTable,
    ordering: OrderingSearch | undefined,
    useKernel: boolean,
    /** With other threads solving the same position at once (sharing the table): this one's side. */
    private readonly team: SolveTeam | undefined = undefined,
  ) {
    ordering?.countVisitsIn(this.visits);
    this.moves = new EndgameMoves(ordering);
    this.last = new LastEmpties(this.visits);
    this.shallow = new ShallowSearch(this.visits, this.last);
    // The kernel asks for the limits itself (every 256 of its visits of 7 or more empties, some
    // 8,000 visits: rarer than this search's own checks), its visits counted first.
    const kernel: EndgameKernel | undefined = useKernel
      ? createEndgameKernel(() => {
          this.visits[0] += kernel!.takeVisits();
          return this.limitReached();
        })
      : undefined;
    this.kernel = kernel;
  }

  /** Forgets the kernel's table (the solver's own is the caller's). */
  clearKernel(): void {
    this.kernel?.clear();
  }

  /** Sets the limits of the next search. */
  start(visitLimit: number, stopAt: number, clock: () => number): void {
    this.nodeLimit = visitLimit;
    this.deadline = stopAt;
    this.now = clock;
    this.aborted = false;
    this.nextCheck = Math.min(this.visits[0]! + CHECK_INTERVAL, visitLimit);
  }

  /** Whether the last search hit a limit; its scores are then meaningless. */
  searchAborted(): boolean {
    return this.aborted;
  }

  private limitReached(): boolean {
    const team = this.team;
    // In a team, the node limit holds for the visits of all its threads, and any of them may stop the solve.
    const visits = team === undefined ? this.visits[0]! : team.report(this.visits[0]!);
    if (visits >= this.nodeLimit || this.now() >= this.deadline || team?.stopped()) {
      this.aborted = true;
      this.nextCheck = Infinity;
      return true;
    }
    this.nextCheck = Math.min(this.visits[0]! + CHECK_INTERVAL, this.nodeLimit);
    return false;
  }

  /** Any position with `empties` empty squares: dispatches to the right search for its depth. */
  solvePosition(pl: number, ph: number, ol: number, oh: number, alpha: number, beta: number, empties: number): number {
    if (empties <= KERNEL_EMPTIES && this.kernel !== undefined) {
      // A stopped kernel has set `aborted` through the check; its score is then never used.
      const v = this.kernel.solve(pl, ph, ol, oh, alpha, beta, empties);
      this.visits[0] += this.kernel.takeVisits();
      return v;
    }
    if (empties > SHALLOW_EMPTIES) return this.search(pl, ph, ol, oh, alpha, beta, empties, false);
    if (empties > 4) return this.shallow.search(pl, ph, ol, oh, alpha, beta, empties, false);
    return this.last.solveLast(pl, ph, ol, oh, alpha, beta);
  }

  /**
   * A child's search; in a team, the child is marked as being searched by this thread meanwhile,
   * and a child the kernel solves goes through the shared table too: the kernel's table is its
   * thread's own, and without this a move put off at 15 empties would be solved again from
   * nothing by the thread that put it off.
   */
  private child(pl: number, ph: number, ol: number, oh: number, alpha: number, beta: number, empties: number): number {
    const team = this.team;
    if (team === undefined) return this.solvePosition(pl, ph, ol, oh, alpha, beta, empties);
    const shared = empties <= KERNEL_EMPTIES && this.kernel !== undefined;
    const tt = this.table;
    if (shared && tt.probe(pl, ph, ol, oh)) {
      const lo = tt.lo;
      const hi = tt.hi;
      if (lo === hi || lo >= beta) return lo;
      if (hi <= alpha) return hi;
    }
    const tag = team.enter(pl, ph, ol, oh);
    const v = this.solvePosition(pl, ph, ol, oh, alpha, beta, empties);
    team.leave(tag);
    if (shared && !this.aborted) {
      if (v <= alpha) tt.store(pl, ph, ol, oh, empties, -64, v, NO_MOVE);
      else if (v >= beta) tt.store(pl, ph, ol, oh, empties, v, 64, NO_MOVE);
      else tt.store(pl, ph, ol, oh, empties, v, v, NO_MOVE);
    }
    return v;
  }

  /** A position with more than SHALLOW_EMPTIES empty squares. */
  private search(
    pl: number,
    ph: number,
    ol: number,
    oh: number,
    alpha: number,
    beta: number,
    empties: number,
    passed: boolean,
  ): number {
    const visits = this.visits;
    visits[0]++;
    if (visits[0]! >= this.nextCheck && this.limitReached()) return 0;
    // Stability cut-off: the opponent's stable discs are theirs at the end. Tried only when
    // even all of the opponent's discs being stable would bound the score to alpha or less.
    // Stryker disable next-line ConditionalExpression,EqualityOperator: so the guard spares only a count that cannot cut.
    if (64 - 2 * (popcount(ol) + popcount(oh)) <= alpha) {
      const bound = 64 - 2 * stableDiscs(ol, oh, pl, ph);
      if (bound <= alpha) return bound;
    }
    const tt = this.table;
    let first = NO_MOVE;
    if (tt.probe(pl, ph, ol, oh)) {
      const lo = tt.lo;
      const hi = tt.hi;
      // An exact entry, or a bound on the window's far side, settles the node at once. Else the
      // window narrows to the entry's bounds: narrowed to one value, or to an upper bound at
      // alpha, the search below would give the same (fail-soft), only later.
      // Stryker disable next-line ConditionalExpression: as said.
      if (lo === hi) return lo;
      if (lo >= beta) return lo;
      // Stryker disable next-line EqualityOperator: as said.
      if (hi <= alpha) return hi;
      alpha = Math.max(alpha, lo);
      beta = Math.min(beta, hi);
      first = tt.move;
    }
    const ml = legalMoves(pl, ph, ol, oh);
    const mh = resultHi;
    if ((ml | mh) === 0) {
      if (passed) return finalScore(pl, ph, ol, oh);
      return 0 - this.search(ol, oh, pl, ph, 0 - beta, 0 - alpha, empties, true);
    }
    const n = this.moves.listMoves(pl, ph, ol, oh, ml, mh, empties, first);
    const listedFirst = this.moves.listedFirst;
    if (empties >= ETC_EMPTIES) {
      // Enhanced transposition cut-off: a child whose stored upper bound already refutes beta.
      const moveSquares = this.moves.moveSquares;
      const moveFlipsLo = this.moves.moveFlipsLo;
      const moveFlipsHi = this.moves.moveFlipsHi;
      const base = empties * STRIDE;
      for (let i = 0; i < n; i++) {
        const s = moveSquares[base + i]!;
        const fl = moveFlipsLo[base + i]!;
        const fh = moveFlipsHi[base + i]!;
        if (
          tt.probe(ol & ~fl, oh & ~fh, pl | fl | (s < 32 ? 1 << s : 0), ph | fh | (s < 32 ? 0 : 1 << s)) &&
          0 - tt.hi >= beta
        ) {
          const v = 0 - tt.hi;
          tt.store(pl, ph, ol, oh, empties, v, 64, s);
          return v;
        }
      }
    }
    return this.searchMoves(pl, ph, ol, oh, alpha, beta, empties, n, listedFirst);
  }

  /**
   * The root: the moves (ml, mh) sorted like any other node's, the table's move first (from
   * an earlier solve of the same position: WLD before exact, or a window before a wider one),
   * then searchMoves. Returns the score; the move is in bestMove.
   */
  searchRoot(
    pl: number,
    ph: number,
    ol: number,
    oh: number,
    ml: number,
    mh: number,
    alpha: number,
    beta: number,
    empties: number,
  ): number {
    this.visits[0]++;
    const tt = this.table;
    const n = this.moves.listMoves(pl, ph, ol, oh, ml, mh, empties, tt.probe(pl, ph, ol, oh) ? tt.move : NO_MOVE);
    return this.searchMoves(pl, ph, ol, oh, alpha, beta, empties, n, this.moves.listedFirst);
  }

  /**
   * NegaScout over the n moves listed at the level `empties`, picked smallest key first: the
   * first with the window (alpha, beta), the others with a null window and searched again when
   * they fail high inside it. Fail-soft: returns the best score (0 when a limit stopped the
   * search; then nothing is stored), stores it in the table as a bound or exact, and leaves the
   * move reaching it in bestMove.
   */
  private searchMoves(
    pl: number,
    ph: number,
    ol: number,
    oh: number,
    alpha: number,
    beta: number,
    empties: number,
    n: number,
    listedFirst: boolean,
  ): number {
    const moveFlipsLo = this.moves.moveFlipsLo;
    const moveFlipsHi = this.moves.moveFlipsHi;
    const base = empties * STRIDE;
    const team = this.team;
    let best = NO_SCORE;
    let bestMove = NO_MOVE;
    let a = alpha;
    let putOff = 0;
    // The table's move is searched before the others are keyed: it often ends the node. (Keys
    // made sooner or again are the same keys: only the time tells, as the marks below say.)
    // Stryker disable next-line ConditionalExpression: as said.
    if (!listedFirst) this.moves.keyMoves(pl, ph, ol, oh, empties, 0, n);
    // The moves in order, then those put off (in a team), in the order they were put off.
    for (let k = 0, i = 0; k < n + putOff; k++) {
      let s: number;
      if (k < n) {
        i = k;
        // Stryker disable next-line ConditionalExpression,LogicalOperator,EqualityOperator: as said.
        if (i === 1 && listedFirst) this.moves.keyMoves(pl, ph, ol, oh, empties, 1, n);
        s = i === 0 && listedFirst ? this.moves.moveSquares[base]! : this.moves.pickMove(empties, i, n);
      } else {
        i = this.putOff[base + k - n]!;
        s = this.moves.moveSquares[base + i]!;
      }
      const fl = moveFlipsLo[base + i]!;
      const fh = moveFlipsHi[base + i]!;
      const cpl = ol & ~fl;
      const cph = oh & ~fh;
      const col = pl | fl | (s < 32 ? 1 << s : 0);
      const coh = ph | fh | (s < 32 ? 0 : 1 << s);
      let v: number;
      if (i === 0) {
        v = 0 - this.child(cpl, cph, col, coh, 0 - beta, 0 - a, empties - 1);
      } else {
        if (k < n && team !== undefined && team.searching(cpl, cph, col, coh)) {
          this.putOff[base + putOff++] = i;
          continue;
        }
        v = 0 - this.child(cpl, cph, col, coh, -1 - a, 0 - a, empties - 1);
        if (!this.aborted && v > a && v < beta) v = 0 - this.child(cpl, cph, col, coh, 0 - beta, 0 - v, empties - 1);
      }
      if (this.aborted) return 0;
      if (v > best) {
        best = v;
        bestMove = s;
        // Stryker disable next-line EqualityOperator: v = a changes nothing (a stays, and a < beta).
        if (v > a) {
          a = v;
          if (v >= beta) break;
        }
      }
    }
    const tt = this.table;
    if (best <= alpha) tt.store(pl, ph, ol, oh, empties, -64, best, NO_MOVE);
    else if (best >= beta) tt.store(pl, ph, ol, oh, empties, best, 64, bestMove);
    else tt.store(pl, ph, ol, oh, empties, best, best, bestMove);
    this.bestMove = bestMove;
    return best;
  }
}
