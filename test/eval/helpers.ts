import { type Disc, Evaluation, Position, Random, type Weights, zeroWeights } from "../../src/index.js";

/** Weights drawn at random (up to +-4 discs an entry): every entry matters, none cancels by design. */
export function randomWeights(stages: number, seed: number): Weights {
  const random = new Random(seed);
  const weights = zeroWeights(stages);
  for (let i = 0; i < weights.values.length; i++) weights.values[i] = random.below(2049) - 1024;
  return weights;
}

export function randomEvaluation(seed: number, stages = 13): Evaluation {
  return new Evaluation(randomWeights(stages, seed));
}

/** A position after `plies` random moves from the start (fewer if the game ends). */
export function randomPosition(random: Random, plies: number): Position {
  let p = Position.initial();
  for (let i = 0; i < plies && !p.isGameOver(); i++) {
    const moves = p.legalMoves();
    p = p.play(moves[random.below(moves.length)]!);
  }
  return p;
}

/**
 * The position under symmetry t of the square (bit 0: transpose, bit 1: mirror the rows,
 * bit 2: mirror the columns), computed square by square, independently of the bit tricks.
 */
export function transformed(p: Position, t: number): Position {
  const discs: Disc[] = [];
  for (let s = 0; s < 64; s++) {
    let x = s >> 3;
    let y = s & 7;
    if ((t & 1) !== 0) [x, y] = [y, x];
    if ((t & 2) !== 0) x = 7 - x;
    if ((t & 4) !== 0) y = 7 - y;
    discs.push(p.discAt(x * 8 + y));
  }
  return Position.fromDiscs(discs, p.blackToMove);
}

export function evaluatePosition(evaluation: Evaluation, p: Position): number {
  return evaluation.evaluate(p.playerLo, p.playerHi, p.opponentLo, p.opponentHi);
}
