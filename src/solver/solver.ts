import { legalMoves, popcount, resultHi } from "../bitboard.js";
import { PASS, type Move, type Position } from "../position.js";
import { finalScore } from "./finalScore.js";
import {
  listMoves,
  pickMove,
  pickedFlipsHi,
  pickedFlipsLo,
  searchAborted,
  solvePosition,
  startSearch,
} from "./endgameSearch.js";
import { NO_MOVE, TranspositionTable } from "./transpositionTable.js";
import { visits } from "./visitCounter.js";

/** Exact: the final disc difference. WLD: only win, draw or loss (a null window around 0). */
export type SolveMode = "exact" | "wld";

export interface SolveOptions {
  readonly mode?: SolveMode;
  /**
   * Search only for scores inside (alpha, beta); by default (-65, 65) exact, (-1, 1) WLD. A
   * score outside the window comes back as a bound.
   */
  readonly alpha?: number;
  readonly beta?: number;
  /** Give up after visiting about this many positions. */
  readonly nodeLimit?: number;
  /** Give up when `now()` reaches this. */
  readonly deadline?: number;
  /** The clock the deadline is read from (in any unit; the caller's). */
  readonly now?: () => number;
}

/** Whether `score` is the position's value, or only a bound on it (the window excluded it). */
export type ScoreBound = "exact" | "lower" | "upper";

export interface SolveResult {
  /** False when a limit stopped the search: then nothing else but `nodes` means anything. */
  readonly solved: boolean;
  /** A move reaching the score; PASS when the mover must pass, undefined when the game is over or not solved. */
  readonly move: Move | undefined;
  /** For the mover: the final disc difference, empty squares to the winner (in WLD, its sign is the result). */
  readonly score: number;
  readonly bound: ScoreBound;
  readonly nodes: number;
}

/** The clock of a solve without a deadline: never read for a decision. */
const NO_CLOCK = (): number => 0;

/** 2^20 entries: 22 MiB (16 bytes of key, 4 of bounds, move and empties, 2 of solve number each). */
export const DEFAULT_TABLE_BITS = 20;

/**
 * An exact endgame solver. It keeps its transposition table from one solve to the next (the
 * bounds stored stay true), so solving the positions of one game in turn reuses the work.
 */
export class Solver {
  readonly table: TranspositionTable;

  constructor(tableBits = DEFAULT_TABLE_BITS) {
    this.table = new TranspositionTable(tableBits);
  }

  /** Forgets everything solved so far (a new game need not: the entries stay true). */
  clear(): void {
    this.table.clear();
  }

  /**
   * The win/draw/loss value for the player (pl, ph) to move against (ol, oh): 1, 0 or -1. No
   * limit and no allocation: for the small positions at the leaves of the tree search.
   */
  outcome(pl: number, ph: number, ol: number, oh: number): number {
    startSearch(this.table, Infinity, Infinity, NO_CLOCK);
    const empties = 64 - popcount(pl | ol) - popcount(ph | oh);
    const v = solvePosition(pl, ph, ol, oh, -1, 1, empties);
    return v > 0 ? 1 : v < 0 ? -1 : 0;
  }

  solve(position: Position, options: SolveOptions = {}): SolveResult {
    const mode = options.mode ?? "exact";
    const alpha = options.alpha ?? (mode === "exact" ? -65 : -1);
    const beta = options.beta ?? (mode === "exact" ? 65 : 1);
    if (!(alpha < beta)) throw new Error(`the window needs alpha < beta, got (${alpha}, ${beta})`);
    const pl = position.playerLo,
      ph = position.playerHi,
      ol = position.opponentLo,
      oh = position.opponentHi;
    this.table.newSolve();
    visits[0] = 0;
    startSearch(this.table, options.nodeLimit ?? Infinity, options.deadline ?? Infinity, options.now ?? (() => 0));
    const empties = position.empties();
    let move: Move;
    let score: number;
    let ml = legalMoves(pl, ph, ol, oh);
    let mh = resultHi;
    if ((ml | mh) !== 0) {
      move = searchRoot(this.table, pl, ph, ol, oh, ml, mh, alpha, beta, empties);
      score = rootScore;
    } else {
      visits[0]++;
      ml = legalMoves(ol, oh, pl, ph);
      mh = resultHi;
      if ((ml | mh) === 0)
        return { solved: true, move: undefined, score: finalScore(pl, ph, ol, oh), bound: "exact", nodes: visits[0]! };
      // A forced pass: the opponent's best is the mover's worst.
      searchRoot(this.table, ol, oh, pl, ph, ml, mh, 0 - beta, 0 - alpha, empties);
      move = PASS;
      score = 0 - rootScore;
    }
    if (searchAborted()) return { solved: false, move: undefined, score: 0, bound: "exact", nodes: visits[0]! };
    const bound: ScoreBound = score <= alpha ? "upper" : score >= beta ? "lower" : "exact";
    return { solved: true, move, score, bound, nodes: visits[0]! };
  }
}

/** The score of the last searchRoot. */
let rootScore = 0;

/**
 * NegaScout over the root's moves (ml, mh), sorted like any other node's, the table's move
 * first (from an earlier solve of the same position: WLD before exact, or a window before a
 * wider one); returns the best move, its score in rootScore, and stores the result.
 */
function searchRoot(
  table: TranspositionTable,
  pl: number,
  ph: number,
  ol: number,
  oh: number,
  ml: number,
  mh: number,
  alpha: number,
  beta: number,
  empties: number,
): Move {
  visits[0]++;
  const n = listMoves(pl, ph, ol, oh, ml, mh, empties, table.probe(pl, ph, ol, oh) ? table.move : NO_MOVE);
  let best = -128;
  let bestMove: Move = PASS;
  let a = alpha;
  for (let i = 0; i < n; i++) {
    const s = pickMove(empties, i, n);
    const fl = pickedFlipsLo(empties, i);
    const fh = pickedFlipsHi(empties, i);
    const cpl = ol & ~fl,
      cph = oh & ~fh;
    const col = pl | fl | (s < 32 ? 1 << s : 0),
      coh = ph | fh | (s < 32 ? 0 : 1 << s);
    let v: number;
    if (i === 0) {
      v = 0 - solvePosition(cpl, cph, col, coh, 0 - beta, 0 - a, empties - 1);
    } else {
      v = 0 - solvePosition(cpl, cph, col, coh, -a - 1, 0 - a, empties - 1);
      if (!searchAborted() && v > a && v < beta)
        v = 0 - solvePosition(cpl, cph, col, coh, 0 - beta, 0 - v, empties - 1);
    }
    if (searchAborted()) break;
    if (v > best) {
      best = v;
      bestMove = s;
      if (v > a) {
        a = v;
        if (v >= beta) break;
      }
    }
  }
  rootScore = best;
  if (!searchAborted()) {
    if (best <= alpha) table.store(pl, ph, ol, oh, empties, -64, best, NO_MOVE);
    else if (best >= beta) table.store(pl, ph, ol, oh, empties, best, 64, bestMove);
    else table.store(pl, ph, ol, oh, empties, best, best, bestMove);
  }
  return bestMove;
}
