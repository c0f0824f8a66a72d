import { describe, expect, it } from "vitest";
import { AlphaBeta, type Evaluation, PASS, Position, Random } from "../../src/index.js";
import { finalScore } from "../../src/finalScore.js";
import { evaluatePosition, randomEvaluation, randomPosition } from "../eval/helpers.js";

/** Plain minimax (negamax) over Position objects, no pruning: the reference. */
function minimax(evaluation: Evaluation, p: Position, depth: number): number {
  if (p.isGameOver()) return finalScore(p.playerLo, p.playerHi, p.opponentLo, p.opponentHi);
  const squares = p.legalSquares();
  if (squares.length === 0) return -minimax(evaluation, p.swapped(), depth);
  if (depth === 0) return evaluatePosition(evaluation, p);
  return Math.max(...squares.map((s) => -minimax(evaluation, p.play(s), depth - 1)));
}

describe("alpha-beta", () => {
  const evaluation = randomEvaluation(21);
  const player = new AlphaBeta(evaluation);

  it("finds the minimax value at depths 1 to 4 on random positions of every stage", () => {
    const random = new Random(22);
    for (let g = 0; g < 40; g++) {
      const p = randomPosition(random, 4 + ((g * 7) % 54));
      for (let depth = 1; depth <= (g < 20 ? 4 : 3); depth++) {
        expect(
          player.value(p.playerLo, p.playerHi, p.opponentLo, p.opponentHi, depth),
          `position ${g} depth ${depth}`,
        ).toBe(minimax(evaluation, p, depth));
      }
    }
  });

  it("keeps its transposition table between searches: the same values again, with fewer nodes", () => {
    const fresh = new AlphaBeta(evaluation);
    const p = randomPosition(new Random(27), 14);
    const first = fresh.choose(p, { depth: 5 });
    const again = fresh.choose(p, { depth: 5 });
    expect(again.score).toBe(first.score);
    expect(again.move).toBe(first.move);
    expect(again.nodes).toBeLessThan(first.nodes / 2);
    fresh.clearTable();
    expect(fresh.choose(p, { depth: 5 }).nodes).toBe(first.nodes);
    expect(first.score).toBe(minimax(evaluation, p, 5));
  });

  it("chooses a move whose minimax value is the position's, and reports that value", () => {
    const random = new Random(23);
    for (let g = 0; g < 20; g++) {
      const p = randomPosition(random, 10 + g * 2);
      if (p.legalSquares().length === 0) continue;
      const result = player.choose(p, { depth: 3 });
      const best = minimax(evaluation, p, 3);
      expect(result.depth).toBe(3);
      expect(result.score).toBe(best);
      expect(-minimax(evaluation, p.play(result.move!), 2)).toBe(best);
    }
  });

  it("scores finished games exactly, and a forced pass as the opponent's move", () => {
    const random = new Random(26);
    let passes = 0;
    for (let g = 0; g < 200 && passes < 5; g++) {
      // A random game to its end, checked at every forced pass on the way and at the end.
      let p = Position.initial();
      while (!p.isGameOver()) {
        const moves = p.legalMoves();
        if (moves[0] === PASS) {
          passes++;
          const result = player.choose(p, { depth: 3 });
          expect(result.move).toBe(PASS);
          expect(result.score).toBe(minimax(evaluation, p, 3));
        }
        p = p.play(moves[random.below(moves.length)]!);
      }
      const result = player.choose(p, { depth: 3 });
      expect(result.move).toBeUndefined();
      expect(result.score).toBe(p.blackToMove ? p.worldScore() : -p.worldScore());
    }
    expect(passes).toBe(5);
  });

  it("stops at the deadline with the last finished iteration's move, a legal one", () => {
    const p = randomPosition(new Random(24), 20);
    let clock = 0;
    const result = player.choose(p, { depth: 20, deadline: 30, now: () => clock++ });
    expect(result.depth).toBeGreaterThanOrEqual(1);
    expect(result.depth).toBeLessThan(20);
    expect(p.isLegal(result.move!)).toBe(true);
  });

  it("with noise, plays different moves in the same position for different seeds, each legal", () => {
    const p = randomPosition(new Random(25), 16);
    const moves = new Set<number>();
    for (let seed = 0; seed < 20; seed++) {
      const move = player.choose(p, { depth: 2, noise: 30, random: new Random(seed) }).move!;
      expect(p.isLegal(move)).toBe(true);
      moves.add(move);
    }
    expect(moves.size).toBeGreaterThan(1);
    // Without noise, one move whatever the seed.
    const plain = new Set(
      Array.from({ length: 5 }, (_, seed) => player.choose(p, { depth: 2, random: new Random(seed) }).move),
    );
    expect(plain.size).toBe(1);
  });
});
