import { describe, expect, it } from "vitest";
import { DEFAULT_SEARCH_PARAMS, Game, Position, Random, Search, type SearchParams, Tree } from "../../src/index.js";
import { Priors } from "../../src/search/priors.js";
import { randomEvaluation, randomPosition } from "../eval/helpers.js";
import { discCount } from "./discCount.js";
import { positionAfter } from "../gameRecords.js";

const SCALE = 4;
const params = (leafLookahead: number): SearchParams => ({
  ...DEFAULT_SEARCH_PARAMS,
  evalScale: SCALE,
  maxNodes: 100_000,
  leafLookahead,
});
const winProbability = (discs: number): number => 1 / (1 + Math.exp(-discs / SCALE));

/** The lookahead of `position`: its mover's best reply by disc counting. */
function lookahead(position: Position, prior: number): number {
  const priors = new Priors(discCount, SCALE, undefined, 4);
  return priors.lookahead(position.playerLo, position.playerHi, position.opponentLo, position.opponentHi, prior);
}

/** The mover's best disc difference one move on, worked out from the rules. */
function bestReply(position: Position): number {
  let best = -Infinity;
  for (const move of position.legalMoves()) {
    const after = position.play(move);
    best = Math.max(best, -discCount.evaluate(after.playerLo, after.playerHi, after.opponentLo, after.opponentHi));
  }
  return best;
}

describe("a new leaf's lookahead", () => {
  it.each([
    ["the start", ""],
    ["after f5", "f5"],
    ["after f5 d6 c3", "f5d6c3"],
    ["after f5 f6 e6 f4 e3", "f5f6e6f4e3"],
  ])("%s: the win probability, for the player who moved in, of the mover's best reply", (_name, record) => {
    const position = positionAfter(record);
    const best = bestReply(position);
    // The mover's best is the other player's worst.
    expect(lookahead(position, 0.5)).toBeCloseTo(winProbability(-best), 12);
  });

  it("is the prior when the mover has no move", () => {
    // Only the mover's discs on the board: nothing to flip, no move.
    const position = Position.fromSides(0x0000000f, 0, 0, 0, true);
    expect(position.legalMoves()).toEqual([]);
    expect(lookahead(position, 0.3)).toBe(0.3);
  });

  it("is the same with the evaluation's incremental form, bit for bit", () => {
    const evaluation = randomEvaluation(5);
    const plain = new Priors(evaluation, SCALE, undefined, 4);
    const incremental = new Priors(evaluation, SCALE, evaluation.childValues(), 4);
    const random = new Random(11);
    for (let plies = 0; plies < 58; plies += 3) {
      const p = randomPosition(random, plies);
      const args = [p.playerLo, p.playerHi, p.opponentLo, p.opponentHi, 0.5] as const;
      expect(incremental.lookahead(...args), `after ${plies} plies`).toBe(plain.lookahead(...args));
    }
  });

  it("values a first-visited leaf and sets its prior: all lookahead at weight 1, half at 0.5, none at 0", () => {
    const start = Position.initial();
    for (const weight of [0, 0.5, 1]) {
      const tree = new Tree(100_000);
      new Search(params(weight), { now: () => 0, random: new Random(1), evaluation: discCount, tree }).choose(
        new Game(),
        { visits: 1 },
      );
      // One visit: the root expanded, one child reached for the first time.
      const first = tree.firstChild[tree.root]!;
      let visited = -1;
      for (let c = first; c < first + tree.childCount[tree.root]!; c++) if (tree.visits[c] === 1) visited = c;
      expect(visited).toBeGreaterThanOrEqual(first);
      const child = start.play(tree.move[visited]!);
      const own = winProbability(
        -discCount.evaluate(child.playerLo, child.playerHi, child.opponentLo, child.opponentHi),
      );
      const expected = (1 - weight) * own + weight * winProbability(-bestReply(child));
      expect(tree.prior[visited]).toBeCloseTo(expected, 6);
      expect(tree.total[visited]).toBeCloseTo(expected, 6);
    }
  });
});
