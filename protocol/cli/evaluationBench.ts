import {
  type Evaluation,
  type IncrementalEvaluation,
  Position,
  type Random,
  flips,
  legalMoves,
  resultHi,
} from "../../src/index.js";

/** Positions of random games from the start, 4 words each (mover low, high, opponent low, high), the ones where the mover has a move. */
export function randomGamePositions(count: number, random: Random): Int32Array {
  const boards = new Int32Array(4 * count);
  let n = 0;
  while (n < count) {
    let p = Position.initial();
    while (!p.isGameOver() && n < count) {
      const moves = p.legalMoves();
      if (moves.length > 1 || moves[0] !== 64)
        boards.set([p.playerLo, p.playerHi, p.opponentLo, p.opponentHi], 4 * n++);
      p = p.play(moves[random.below(moves.length)]!);
    }
  }
  return boards;
}

/** Evaluations per second over the positions, cycled, for one round of about `ms`. */
export function measureEvaluations(ms: number, evaluation: Evaluation, boards: Int32Array): number {
  const [n, elapsed] = evaluateBoards(ms, evaluation, boards);
  return (n * 1000) / elapsed;
}

/** Full evaluations of the positions (4 words each), cycled, for about `ms`: how many, in how long. */
function evaluateBoards(
  ms: number,
  evaluation: Evaluation,
  boards: Int32Array,
): readonly [count: number, elapsedMs: number] {
  let n = 0;
  let sink = 0;
  const t0 = performance.now();
  let elapsed = 0;
  do {
    for (let i = 0; i < boards.length; i += 4)
      sink += evaluation.evaluate(boards[i]!, boards[i + 1]!, boards[i + 2]!, boards[i + 3]!);
    n += boards.length >> 2;
    elapsed = performance.now() - t0;
  } while (elapsed < ms);
  // The sum is used, so the evaluations cannot be optimised away.
  return [Number.isNaN(sink) ? 0 : n, elapsed];
}

/**
 * Every legal move of each of some positions, as a search values a node's children: the move
 * (its square and flipped discs) and the position after it. Made once, so that neither way of
 * evaluating them is charged for move generation.
 */
export interface Children {
  readonly parents: Int32Array;
  /** Parent i's children are first[i] .. first[i + 1] - 1. */
  readonly first: Int32Array;
  readonly squares: Int8Array;
  readonly flipsLo: Int32Array;
  readonly flipsHi: Int32Array;
  /** Each child's position, 4 words, its mover the parent's opponent. */
  readonly boards: Int32Array;
}

export function childrenOf(parents: Int32Array): Children {
  const count = parents.length >> 2;
  const first = new Int32Array(count + 1);
  const squares: number[] = [];
  const flipsLo: number[] = [];
  const flipsHi: number[] = [];
  const boards: number[] = [];
  for (let i = 0; i < count; i++) {
    first[i] = squares.length;
    const pl = parents[4 * i]!,
      ph = parents[4 * i + 1]!,
      ol = parents[4 * i + 2]!,
      oh = parents[4 * i + 3]!;
    const ml = legalMoves(pl, ph, ol, oh);
    const mh = resultHi;
    for (let s = 0; s < 64; s++) {
      if (((s < 32 ? ml >>> s : mh >>> (s - 32)) & 1) === 0) continue;
      const fl = flips(s, pl, ph, ol, oh);
      const fh = resultHi;
      squares.push(s);
      flipsLo.push(fl);
      flipsHi.push(fh);
      const placed = s < 32 ? [1 << s, 0] : [0, 1 << (s - 32)];
      boards.push(ol & ~fl, oh & ~fh, pl | fl | placed[0]!, ph | fh | placed[1]!);
    }
  }
  first[count] = squares.length;
  return {
    parents,
    first,
    squares: Int8Array.from(squares),
    flipsLo: Int32Array.from(flipsLo),
    flipsHi: Int32Array.from(flipsHi),
    boards: Int32Array.from(boards),
  };
}

/** The children valued by full evaluations of their positions for about `ms`: how many, in how long. */
export function evaluateChildrenFully(
  ms: number,
  evaluation: Evaluation,
  children: Children,
): readonly [count: number, elapsedMs: number] {
  return evaluateBoards(ms, evaluation, children.boards);
}

/**
 * The children valued incrementally for about `ms`: the state set once from each parent (its
 * cost included), then `evaluateAfter` for each child, as the tree search values a new node's.
 */
export function evaluateChildrenIncrementally(
  ms: number,
  state: IncrementalEvaluation,
  children: Children,
): readonly [count: number, elapsedMs: number] {
  const { parents, first, squares, flipsLo, flipsHi } = children;
  const count = parents.length >> 2;
  let n = 0;
  let sink = 0;
  const t0 = performance.now();
  let elapsed = 0;
  do {
    for (let i = 0; i < count; i++) {
      state.set(parents[4 * i]!, parents[4 * i + 1]!, parents[4 * i + 2]!, parents[4 * i + 3]!);
      for (let c = first[i]!, end = first[i + 1]!; c < end; c++)
        sink += state.evaluateAfter(squares[c]!, flipsLo[c]!, flipsHi[c]!);
    }
    n += squares.length;
    elapsed = performance.now() - t0;
  } while (elapsed < ms);
  return [Number.isNaN(sink) ? 0 : n, elapsed];
}
