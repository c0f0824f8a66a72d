import { describe, expect, it } from "vitest";
import { loadEvaluation } from "../../protocol/engine/evaluationWeights.js";
import { OrderingSearch } from "../../src/alphabeta/orderingSearch.js";
import { type Evaluation, PASS, type Position, parseObf } from "../../src/index.js";
import { exactValue, passingPositions, randomPositions } from "../solver/reference.js";

function shippedEvaluation(): Evaluation {
  const e = loadEvaluation(undefined);
  if (!e.ok) throw new Error(e.error);
  return e.value;
}
const EVALUATION = shippedEvaluation();

/** The plain negamax over the evaluation, every move searched in square order, a pass costing no ply; `evaluated` is called at each leaf evaluated. */
function evaluatedNegamax(p: Position, depth: number, evaluated: () => void = () => {}): number {
  if (depth === 0) {
    evaluated();
    return EVALUATION.evaluate(p.playerLo, p.playerHi, p.opponentLo, p.opponentHi);
  }
  if (p.isGameOver()) return exactValue(p);
  const moves = p.legalMoves();
  if (moves.length === 1 && moves[0] === PASS) return -evaluatedNegamax(p.play(PASS), depth, evaluated);
  return Math.max(...moves.map((m) => -evaluatedNegamax(p.play(m), depth - 1, evaluated)));
}

describe("OrderingSearch", () => {
  it("is the plain negamax over the evaluation at depths 0 to 2", () => {
    const search = new OrderingSearch(EVALUATION);
    for (const empties of [12, 20, 30]) {
      for (const p of randomPositions(3, empties, 70 + empties)) {
        for (let depth = 0; depth <= 2; depth++) {
          const v = search.value(p.playerLo, p.playerHi, p.opponentLo, p.opponentHi, depth, -1000, 1000);
          expect(v).toBeCloseTo(evaluatedNegamax(p, depth), 9);
        }
      }
    }
  });

  it("within a window, gives the value inside it, or a bound on the side it falls (fail-soft)", () => {
    const search = new OrderingSearch(EVALUATION);
    let low = 0;
    let high = 0;
    for (const empties of [12, 20]) {
      for (const p of randomPositions(4, empties, 90 + empties)) {
        const exact = evaluatedNegamax(p, 2);
        for (const [alpha, beta] of [
          [exact - 3, exact + 3],
          [exact + 1, exact + 5],
          [exact - 5, exact - 1],
        ] as const) {
          const v = search.value(p.playerLo, p.playerHi, p.opponentLo, p.opponentHi, 2, alpha, beta);
          if (exact <= alpha) {
            low++;
            expect(v).toBeGreaterThanOrEqual(exact - 1e-9);
            expect(v).toBeLessThanOrEqual(alpha);
          } else if (exact >= beta) {
            high++;
            expect(v).toBeLessThanOrEqual(exact + 1e-9);
            expect(v).toBeGreaterThanOrEqual(beta);
          } else expect(v).toBeCloseTo(exact, 9);
        }
      }
    }
    expect([low, high]).toEqual([8, 8]);
  });

  it("cuts off: the negamax's values from fewer evaluated positions, exactly the pinned count, passes included", () => {
    const search = new OrderingSearch(EVALUATION);
    let negamaxLeaves = 0;
    const positions = [
      ...[7, 10, 20, 30].flatMap((empties) => randomPositions(empties < 20 ? 8 : 4, empties, 110 + empties)),
      // A pass at the root: its window is the one its reply is searched in.
      ...passingPositions(6, 5),
    ];
    for (const p of positions) {
      const v = search.value(p.playerLo, p.playerHi, p.opponentLo, p.opponentHi, 4, -1000, 1000);
      expect(v).toBeCloseTo(
        evaluatedNegamax(p, 4, () => negamaxLeaves++),
        9,
      );
    }
    // The cuts come from the window each child gets: a window wrongly narrowed changes the
    // values (above), one wrongly widened only this count.
    expect(search.evaluated).toBeLessThan(0.5 * negamaxLeaves);
    expect([search.evaluated, negamaxLeaves]).toEqual([6_436, 113_421]);
    // At depth 0 the position itself is the one evaluated.
    const [p] = positions;
    search.value(p!.playerLo, p!.playerHi, p!.opponentLo, p!.opponentHi, 0, -1000, 1000);
    expect(search.evaluated).toBe(6_437);
  });

  it("counts every position it searches, inner and evaluated, where it is told to: a position and its children at depth 1", () => {
    const search = new OrderingSearch(EVALUATION);
    const counter = new Float64Array([5]);
    search.countVisitsIn(counter);
    const [p] = randomPositions(1, 30, 150);
    const children = p!.legalMoves().length;
    expect(children).toBeGreaterThan(1);
    search.value(p!.playerLo, p!.playerHi, p!.opponentLo, p!.opponentHi, 1, -1000, 1000);
    // The full window cuts nothing at depth 1: the position, then each child evaluated.
    expect([counter[0], search.evaluated]).toEqual([5 + 1 + children, children]);
    // Through childValue at depth 0 (the solver's ordering near the end): one position, evaluated.
    search.setParent(p!.playerLo, p!.playerHi, p!.opponentLo, p!.opponentHi);
    const m = p!.legalMoves()[0]!;
    const q = p!.play(m);
    search.childValue(
      m,
      p!.opponentLo & ~q.playerLo,
      p!.opponentHi & ~q.playerHi,
      q.playerLo,
      q.playerHi,
      q.opponentLo,
      q.opponentHi,
      -1,
      0,
      -1000,
      1000,
    );
    expect(counter[0]).toBe(5 + 2 + children);
  });

  it("refuses a search deeper than its move lists hold, a programmer's error", () => {
    const [p] = randomPositions(1, 30, 151);
    const search = new OrderingSearch(EVALUATION);
    expect(() => search.value(p!.playerLo, p!.playerHi, p!.opponentLo, p!.opponentHi, 64, -1000, 1000)).toThrow(
      /at most 63/,
    );
  });

  it("values a node's children from the node's state as the full evaluation's negamax does, bit for bit, at depths 0 to 2", () => {
    const search = new OrderingSearch(EVALUATION);
    let children = 0;
    for (const empties of [10, 14, 22, 34]) {
      for (const p of [...randomPositions(4, empties, 130 + empties), ...passingPositions(2, 140 + empties)]) {
        for (let depth = 0; depth <= 2; depth++) {
          search.setParent(p.playerLo, p.playerHi, p.opponentLo, p.opponentHi);
          for (const m of p.legalMoves()) {
            if (m === PASS) continue;
            const q = p.play(m);
            const fl = p.opponentLo & ~q.playerLo;
            const fh = p.opponentHi & ~q.playerHi;
            const value = (replies: number): number =>
              search.childValue(
                m,
                fl,
                fh,
                q.playerLo,
                q.playerHi,
                q.opponentLo,
                q.opponentHi,
                replies,
                depth,
                -1000,
                1000,
              );
            // The replies counted by the caller (as the solver's ordering counts them) or not: the same value.
            expect(value(-1)).toBe(evaluatedNegamax(q, depth));
            expect(value(q.legalSquares().length)).toBe(evaluatedNegamax(q, depth));
            children++;
          }
        }
      }
    }
    expect(children).toBe(393);
  });

  it("scores a finished game exactly, whatever the depth", () => {
    // Black owns every square but one: nobody can move, and Black wins 64-0.
    const p = parseObf(`${"X".repeat(63)}- X`);
    if (!p.ok) throw new Error(p.error);
    const q = p.value.position;
    expect(q.isGameOver()).toBe(true);
    expect(
      new OrderingSearch(EVALUATION).value(q.playerLo, q.playerHi, q.opponentLo, q.opponentHi, 2, -1000, 1000),
    ).toBe(64);
  });
});
