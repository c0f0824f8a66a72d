import { flips, legalMoves, lowestBit, pairCount, popcount, resultHi } from "../bitboard.js";
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

/** Per number of empties, room for the moves of one position (at most 33 in Othello). */
const STRIDE = 64;

/** Replies count this many times a potential reply in the sort key (measured: 2 and 8 sort worse). */
const WEIGHT_MOBILITY = 4;
/**
 * With an evaluation, moves are also ordered by a search over it from ORDER_EMPTIES empties up
 * (measured on fforum 1-19 and "sub": from 8, 9, 11, 12 or 14 up cost more nodes or more time),
 * of depth 0 up to ORDER_DEPTH_EMPTIES + ORDER_DEPTH_STEP - 1 empties and one ply deeper every
 * ORDER_DEPTH_STEP empties after (every 2 or 4 cost more). ORDER_DEPTH_EMPTIES was 10 until
 * 2026-11-28: with the kernel below 15 empties, one ply less at 16-17, 19 and 22-23 empties
 * (12) solved test/positions/games-24.obf 11% faster (win/draw/loss) and games-22.obf 8% faster
 * (exact), with 6% and 5% more visits; 11 was slower, 13 and 14 no faster
 * (docs/lab/2026-11-28-solver-ordering.md).
 */
const ORDER_EMPTIES = 10;
const ORDER_DEPTH_EMPTIES = 12;
const ORDER_DEPTH_STEP = 3;
/** A predicted disc counts this many times a potential reply (a reply counts WEIGHT_MOBILITY; 1 and 4 sort worse). */
const WEIGHT_EVALUATION = 2;
/** Beyond any evaluation: the ordering search's full window. */
export const ORDER_INFINITY = 1000;
const COLUMN_0 = 0x01010101;
const COLUMN_7 = 0x80808080 | 0;
const CORNERS_LO = 0x81;
const CORNERS_HI = 0x81000000 | 0;

/** The plies of the ordering search that keys the moves of a position with `empties` empty squares. */
export function orderingDepth(empties: number): number {
  return Math.max(0, ((empties - ORDER_DEPTH_EMPTIES) / ORDER_DEPTH_STEP) | 0);
}

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
  private readonly moveSquares = new Int32Array(65 * STRIDE);
  private readonly moveKeys = new Int32Array(65 * STRIDE);
  private readonly moveFlipsLo = new Int32Array(65 * STRIDE);
  private readonly moveFlipsHi = new Int32Array(65 * STRIDE);
  /** Per level, the places of the moves put off because another thread was searching them (SolveTeam). */
  private readonly putOff = new Int32Array(65 * STRIDE);
  private nodeLimit = Infinity;
  private deadline = Infinity;
  private now: () => number = NO_CLOCK;
  private nextCheck = 0;
  // Stryker disable next-line BooleanLiteral: start() sets it before every search.
  private aborted = false;
  /** Whether the last listMoves put the table's move at place 0. */
  // Stryker disable next-line BooleanLiteral: listMoves sets it before every read.
  private listedFirst = false;
  /** The move reaching the score of the last searchMoves (NO_MOVE if none did better than NO_SCORE). */
  bestMove = NO_MOVE;

  constructor(
    private readonly table: TranspositionTable,
    private readonly ordering: OrderingSearch | undefined,
    useKernel: boolean,
    /** With other threads solving the same position at once (sharing the table): this one's side. */
    private readonly team: SolveTeam | undefined = undefined,
  ) {
    ordering?.countVisitsIn(this.visits);
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

  /**
   * Fills the move list of the level `empties` with the player's moves and their flips, `first`
   * (a square or NO_MOVE) at place 0 if it is one of them (then `listedFirst` is true). Returns
   * the number of moves. The sort keys come later (`keyMoves`): the table's move and the
   * enhanced transposition cut-off often end the node before the others are ever ordered.
   */
  private listMoves(
    pl: number,
    ph: number,
    ol: number,
    oh: number,
    ml: number,
    mh: number,
    empties: number,
    first: number,
  ): number {
    const moveSquares = this.moveSquares;
    const moveFlipsLo = this.moveFlipsLo;
    const moveFlipsHi = this.moveFlipsHi;
    const base = empties * STRIDE;
    let n = 0;
    this.listedFirst = false;
    ml |= 0;
    mh |= 0; // 32-bit integers on entry: see randomPlayout
    while ((ml | mh) !== 0) {
      let s: number;
      if (ml !== 0) {
        s = lowestBit(ml);
        ml &= ml - 1;
      } else {
        s = 32 + lowestBit(mh);
        mh &= mh - 1;
      }
      const fl = flips(s, pl, ph, ol, oh);
      const fh = resultHi;
      let i = base + n;
      if (s === first) {
        // To place 0, the move there (if any) to this one's place.
        moveSquares[i] = moveSquares[base]!;
        moveFlipsLo[i] = moveFlipsLo[base]!;
        moveFlipsHi[i] = moveFlipsHi[base]!;
        i = base;
        this.listedFirst = true;
      }
      moveSquares[i] = s;
      moveFlipsLo[i] = fl;
      moveFlipsHi[i] = fh;
      n++;
    }
    return n;
  }

  /** Gives the listed moves at places from..n-1 of the level `empties` their sort keys, smaller first. */
  private keyMoves(pl: number, ph: number, ol: number, oh: number, empties: number, from: number, n: number): void {
    const moveSquares = this.moveSquares;
    const moveKeys = this.moveKeys;
    const moveFlipsLo = this.moveFlipsLo;
    const moveFlipsHi = this.moveFlipsHi;
    const ordering = empties >= ORDER_EMPTIES ? this.ordering : undefined;
    // Far from the end the children are valued from this node's evaluation state, set once.
    ordering?.setParent(pl, ph, ol, oh);
    // Stryker disable next-line ArithmeticOperator,EqualityOperator: a key made for a place outside from..n-1 is never read.
    for (let i = empties * STRIDE + from, end = empties * STRIDE + n; i < end; i++) {
      const s = moveSquares[i]!;
      const fl = moveFlipsLo[i]!;
      const fh = moveFlipsHi[i]!;
      const bl = s < 32 ? 1 << s : 0;
      const bh = s < 32 ? 0 : 1 << s;
      // Fastest first: the opponent's replies after the move, corners counted twice, weighted
      // above its potential replies (empty squares next to our discs), which break ties.
      const rl = legalMoves(ol & ~fl, oh & ~fh, pl | fl | bl, ph | fh | bh);
      const rh = resultHi;
      const wl = pl | fl | bl,
        wh = ph | fh | bh;
      const el = ~(pl | ol | bl),
        eh = ~(ph | oh | bh);
      const nl =
        (((wl << 1) | (wl << 9) | (wl >>> 7) | (wh << 25)) & ~COLUMN_0) |
        (((wl >>> 1) | (wl << 7) | (wl >>> 9) | (wh << 23)) & ~COLUMN_7) |
        (wl << 8) |
        (wl >>> 8) |
        (wh << 24);
      const nh =
        (((wh << 1) | (wh << 9) | (wl >>> 23) | (wh >>> 7)) & ~COLUMN_0) |
        (((wh >>> 1) | (wh << 7) | (wl >>> 25) | (wh >>> 9)) & ~COLUMN_7) |
        (wh << 8) |
        (wl >>> 24) |
        (wh >>> 8);
      const replies = pairCount(rl, rh);
      let key =
        WEIGHT_MOBILITY * (replies + pairCount(rl & CORNERS_LO, rh & CORNERS_HI)) +
        popcount(nl & el) +
        popcount(nh & eh);
      if (ordering !== undefined) {
        // Far from the end, the opponent's predicted score after the move, by a search
        // deeper the more empties remain, counts beside the replies.
        const depth = orderingDepth(empties);
        const v = ordering.childValue(
          s,
          fl,
          fh,
          ol & ~fl,
          oh & ~fh,
          pl | fl | bl,
          ph | fh | bh,
          replies,
          depth,
          -ORDER_INFINITY,
          ORDER_INFINITY,
        );
        key += Math.round(WEIGHT_EVALUATION * v);
      }
      moveKeys[i] = key;
    }
  }

  /** Brings the move with the smallest key among i..n-1 of the level to place i; returns its square. */
  private pickMove(empties: number, i: number, n: number): number {
    const moveSquares = this.moveSquares;
    const moveKeys = this.moveKeys;
    const moveFlipsLo = this.moveFlipsLo;
    const moveFlipsHi = this.moveFlipsHi;
    const base = empties * STRIDE;
    let k = base + i;
    for (let j = k + 1; j < base + n; j++) if (moveKeys[j]! < moveKeys[k]!) k = j;
    const t = base + i;
    // Stryker disable next-line ConditionalExpression: swapping a move with itself changes nothing; the test spares it.
    if (k !== t) {
      let x = moveSquares[k]!;
      moveSquares[k] = moveSquares[t]!;
      moveSquares[t] = x;
      x = moveKeys[k]!;
      moveKeys[k] = moveKeys[t]!;
      moveKeys[t] = x;
      x = moveFlipsLo[k]!;
      moveFlipsLo[k] = moveFlipsLo[t]!;
      moveFlipsLo[t] = x;
      x = moveFlipsHi[k]!;
      moveFlipsHi[k] = moveFlipsHi[t]!;
      moveFlipsHi[t] = x;
    }
    return moveSquares[t]!;
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
    const n = this.listMoves(pl, ph, ol, oh, ml, mh, empties, first);
    const listedFirst = this.listedFirst;
    if (empties >= ETC_EMPTIES) {
      // Enhanced transposition cut-off: a child whose stored upper bound already refutes beta.
      const moveSquares = this.moveSquares;
      const moveFlipsLo = this.moveFlipsLo;
      const moveFlipsHi = this.moveFlipsHi;
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
    const n = this.listMoves(pl, ph, ol, oh, ml, mh, empties, tt.probe(pl, ph, ol, oh) ? tt.move : NO_MOVE);
    return this.searchMoves(pl, ph, ol, oh, alpha, beta, empties, n, this.listedFirst);
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
    const moveFlipsLo = this.moveFlipsLo;
    const moveFlipsHi = this.moveFlipsHi;
    const base = empties * STRIDE;
    const team = this.team;
    let best = NO_SCORE;
    let bestMove = NO_MOVE;
    let a = alpha;
    let putOff = 0;
    // The table's move is searched before the others are keyed: it often ends the node. (Keys
    // made sooner or again are the same keys: only the time tells, as the marks below say.)
    // Stryker disable next-line ConditionalExpression: as said.
    if (!listedFirst) this.keyMoves(pl, ph, ol, oh, empties, 0, n);
    // The moves in order, then those put off (in a team), in the order they were put off.
    for (let k = 0, i = 0; k < n + putOff; k++) {
      let s: number;
      if (k < n) {
        i = k;
        // Stryker disable next-line ConditionalExpression,LogicalOperator,EqualityOperator: as said.
        if (i === 1 && listedFirst) this.keyMoves(pl, ph, ol, oh, empties, 1, n);
        s = i === 0 && listedFirst ? this.moveSquares[base]! : this.pickMove(empties, i, n);
      } else {
        i = this.putOff[base + k - n]!;
        s = this.moveSquares[base + i]!;
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
