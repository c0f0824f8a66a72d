import { flips, legalMoves, lowestBit, resultHi } from "../bitboard.js";
import { type Move, PASS, type Position } from "../position.js";
import type { Random } from "../random.js";
import { finalScore } from "../finalScore.js";
import type { Evaluation } from "../eval/evaluation.js";
import { IncrementalEvaluation } from "../eval/incrementalEvaluation.js";
import { SearchTable } from "./searchTable.js";

export interface AlphaBetaLimits {
  /** The deepest iteration, in plies (a forced pass is not counted). */
  readonly depth: number;
  /** Stop when `now()` reaches this: the deepest finished iteration's move is played. */
  readonly deadline?: number;
  readonly now?: () => number;
  /**
   * Self-play's randomisation: each root move's value gets a uniform random amount in
   * [-noise, +noise] discs before the best is taken (every root move is then searched with
   * the full window, so the values compared are true ones).
   */
  readonly noise?: number;
  readonly random?: Random;
}

export interface AlphaBetaResult {
  /** The move to play: PASS when the mover has none; undefined when the game is over. */
  readonly move: Move | undefined;
  /** The chosen move's value for the mover, in discs (noise not included). */
  readonly score: number;
  /** The deepest iteration finished. */
  readonly depth: number;
  readonly nodes: number;
}

/** Plies a search may go down: the depth cap plus the passes on the way. */
const MAX_PLY = 64;
/** Room for one position's moves (no position has more than 33). */
const MOVE_SLOTS = 40;
/** The clock is read once per this many nodes. */
const CLOCK_PERIOD = 1024;
/** From this depth left, a node's moves are tried best evaluated first. */
const ORDERING_DEPTH = 3;
/** The deepest iteration allowed. */
export const MAX_DEPTH = 30;
/** 2^18 slots of the transposition table: 10 MB. */
const TABLE_BITS = 18;

/**
 * Depth-limited negamax with alpha-beta pruning over the static evaluation, by iterative
 * deepening: finished games are scored exactly, the leaves by the evaluation. Move lists and
 * ordering keys live in arrays made once, so a search allocates nothing.
 */
export class AlphaBeta {
  private nodes = 0;
  private aborted = false;
  private deadline = Infinity;
  private now: () => number = () => 0;
  /** moves[ply * MOVE_SLOTS + i], keys the same: each ply's moves and their ordering values. */
  private readonly moves = new Int8Array(MAX_PLY * MOVE_SLOTS);
  private readonly keys = new Float64Array(MAX_PLY * MOVE_SLOTS);
  /** Kept from one search to the next: its bounds stay true for the same evaluation. */
  private readonly table = new SearchTable(TABLE_BITS);
  /** The evaluation along the search's path: set at the root, moved with every move and pass. */
  private readonly path: IncrementalEvaluation;

  constructor(readonly evaluation: Evaluation) {
    this.path = new IncrementalEvaluation(evaluation);
  }

  choose(position: Position, limits: AlphaBetaLimits): AlphaBetaResult {
    this.nodes = 0;
    this.aborted = false;
    this.deadline = limits.deadline ?? Infinity;
    this.now = limits.now ?? (() => 0);
    const pl = position.playerLo,
      ph = position.playerHi,
      ol = position.opponentLo,
      oh = position.opponentHi;
    const squares = position.legalSquares();
    this.path.set(pl, ph, ol, oh);
    if (squares.length === 0)
      return {
        move: position.isGameOver() ? undefined : PASS,
        score: this.value(pl, ph, ol, oh, limits.depth),
        depth: limits.depth,
        nodes: this.nodes,
      };
    const noise = limits.noise ?? 0;
    const jitter = squares.map(() =>
      noise > 0 && limits.random !== undefined ? (2 * limits.random.nextFloat() - 1) * noise : 0,
    );
    let bestMove = squares[0]!;
    let bestScore = 0;
    let finished = 0;
    const depth = Math.min(limits.depth, MAX_DEPTH);
    for (let d = 1; d <= depth; d++) {
      // The previous iteration's best move first: it sets the window for the others.
      const order = [bestMove, ...squares.filter((s) => s !== bestMove)];
      let iterationMove = bestMove;
      let iterationScore = -Infinity;
      let iterationValue = 0;
      let alpha = -Infinity;
      for (const s of order) {
        const fl = flips(s, pl, ph, ol, oh);
        const fh = resultHi;
        const cpl = ol & ~fl,
          cph = oh & ~fh;
        const col = pl | fl | (s < 32 ? 1 << s : 0),
          coh = ph | fh | (s < 32 ? 0 : 1 << (s - 32));
        this.path.play(s, fl, fh);
        const v = 0 - this.negamax(cpl, cph, col, coh, d - 1, -Infinity, noise > 0 ? Infinity : 0 - alpha, 1);
        this.path.undo();
        if (this.aborted) break;
        const noisy = v + jitter[squares.indexOf(s)]!;
        if (noisy > iterationScore) {
          iterationScore = noisy;
          iterationValue = v;
          iterationMove = s;
          if (noise === 0) alpha = v;
        }
      }
      if (this.aborted) break;
      bestMove = iterationMove;
      bestScore = iterationValue;
      finished = d;
    }
    return { move: bestMove, score: bestScore, depth: finished, nodes: this.nodes };
  }

  /** The negamax value of the mover (pl, ph) against (ol, oh) searched `depth` plies deep (no limits). */
  value(pl: number, ph: number, ol: number, oh: number, depth: number): number {
    this.aborted = false;
    this.deadline = Infinity;
    this.path.set(pl, ph, ol, oh);
    return this.negamax(pl, ph, ol, oh, Math.min(depth, MAX_DEPTH), -Infinity, Infinity, 0);
  }

  /** Forgets the searches so far (self-play, so that each game repeats alone). */
  clearTable(): void {
    this.table.clear();
  }

  private negamax(
    pl: number,
    ph: number,
    ol: number,
    oh: number,
    depth: number,
    alpha: number,
    beta: number,
    ply: number,
  ): number {
    if ((++this.nodes & (CLOCK_PERIOD - 1)) === 0 && this.deadline !== Infinity && this.now() >= this.deadline)
      this.aborted = true;
    if (this.aborted) return 0;
    let ml = legalMoves(pl, ph, ol, oh);
    let mh = resultHi;
    if ((ml | mh) === 0) {
      // A pass: the opponent moves on the same depth; neither can move: the game is over.
      if (!((legalMoves(ol, oh, pl, ph) | resultHi) !== 0)) return finalScore(pl, ph, ol, oh);
      this.path.pass();
      const v = 0 - this.negamax(ol, oh, pl, ph, depth, 0 - beta, 0 - alpha, ply + 1);
      this.path.pass();
      return v;
    }
    if (depth === 0) return this.path.evaluate();
    const table = this.table;
    let tableMove = -1;
    if (table.probe(pl, ph, ol, oh)) {
      tableMove = table.move;
      // Bounds from the same depth only: a deeper search's value is another number.
      if (table.depth === depth) {
        if (table.lower >= beta) return table.lower;
        if (table.upper <= alpha) return table.upper;
        if (table.lower === table.upper) return table.lower;
      }
    }
    const base = ply * MOVE_SLOTS;
    let n = 0;
    for (; ml !== 0; ml &= ml - 1) this.moves[base + n++] = lowestBit(ml);
    for (; mh !== 0; mh &= mh - 1) this.moves[base + n++] = 32 + lowestBit(mh);
    if (depth >= ORDERING_DEPTH) this.order(pl, ph, ol, oh, base, n);
    if (tableMove >= 0) this.first(base, n, tableMove);
    const alphaIn = alpha;
    let best = -Infinity;
    let bestMove = -1;
    for (let i = 0; i < n; i++) {
      const s = this.moves[base + i]!;
      const fl = flips(s, pl, ph, ol, oh);
      const fh = resultHi;
      this.path.play(s, fl, fh);
      const v =
        0 -
        this.negamax(
          ol & ~fl,
          oh & ~fh,
          pl | fl | (s < 32 ? 1 << s : 0),
          ph | fh | (s < 32 ? 0 : 1 << (s - 32)),
          depth - 1,
          0 - beta,
          0 - alpha,
          ply + 1,
        );
      this.path.undo();
      if (v > best) {
        best = v;
        bestMove = s;
        if (v > alpha) {
          alpha = v;
          if (v >= beta) break;
        }
      }
    }
    if (!this.aborted)
      table.store(pl, ph, ol, oh, depth, best > alphaIn ? best : -Infinity, best < beta ? best : Infinity, bestMove);
    return best;
  }

  /** Moves the ply's move `move` to the front, the others keeping their order. */
  private first(base: number, n: number, move: number): void {
    const moves = this.moves;
    let i = 0;
    while (i < n && moves[base + i] !== move) i++;
    for (; i > 0 && i < n; i--) moves[base + i] = moves[base + i - 1]!;
    if (i === 0 && n > 0) moves[base] = move;
  }

  /** Sorts the ply's n moves by the evaluation of the position after each, best for the mover first (insertion sort: n is small). */
  private order(pl: number, ph: number, ol: number, oh: number, base: number, n: number): void {
    const moves = this.moves;
    const keys = this.keys;
    for (let i = 0; i < n; i++) {
      const s = moves[base + i]!;
      keys[base + i] = 0 - this.path.evaluateAfter(s, flips(s, pl, ph, ol, oh), resultHi);
    }
    for (let i = 1; i < n; i++) {
      const m = moves[base + i]!;
      const k = keys[base + i]!;
      let j = i - 1;
      for (; j >= 0 && keys[base + j]! < k; j--) {
        moves[base + j + 1] = moves[base + j]!;
        keys[base + j + 1] = keys[base + j]!;
      }
      moves[base + j + 1] = m;
      keys[base + j + 1] = k;
    }
  }
}
