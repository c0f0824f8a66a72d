import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  AlphaBeta,
  type Disc,
  Evaluation,
  IncrementalEvaluation,
  type Kernel,
  Position,
  Random,
  flips,
  MOBILITY_MAX,
  POTENTIAL_MAX,
  moveCount,
  parseWeights,
  resultHi,
} from "../../src/index.js";
import { Mismatches } from "../mismatches.js";
import { evaluatePosition, randomEvaluation, randomPosition } from "./helpers.js";

/**
 * Plays a game from the start, its moves chosen by `pick`, with the state following it move by
 * move, and checks at every position, passes included: the state's value is the full
 * evaluation's, bit for bit;
 * every legal move's value after it (`evaluateAfter`, and `play`, `evaluate`, `undo`) is the
 * full evaluation of the position after that move; after each move is taken back the state is
 * as before. At the end the whole game is taken back to the start. Returns the game's passes.
 */
function checkGame(evaluation: Evaluation, pick: (p: Position) => number, kernel: Kernel): number {
  const state = new IncrementalEvaluation(evaluation, kernel);
  const wrong = new Mismatches();
  let p = Position.initial();
  state.set(p.playerLo, p.playerHi, p.opponentLo, p.opponentHi);
  const start = state.snapshot();
  const path: ("move" | "pass")[] = [];
  let passes = 0;
  while (!p.isGameOver()) {
    const here = `after ${path.length} plies`;
    wrong.check(state.evaluate(), evaluatePosition(evaluation, p), here);
    const before = state.snapshot().join();
    const squares = p.legalSquares();
    for (const s of squares) {
      const fl = flips(s, p.playerLo, p.playerHi, p.opponentLo, p.opponentHi);
      const fh = resultHi;
      const after = evaluatePosition(evaluation, p.play(s));
      wrong.check(state.evaluateAfter(s, fl, fh), after, `${here}, move ${s}`);
      wrong.check(state.snapshot().join(), before, `${here}, move ${s} valued`);
      state.play(s, fl, fh);
      wrong.check(state.evaluate(), after, `${here}, move ${s} played`);
      state.undo();
      wrong.check(state.snapshot().join(), before, `${here}, move ${s} taken back`);
    }
    if (squares.length === 0) {
      state.pass();
      path.push("pass");
      passes++;
      p = p.swapped();
      continue;
    }
    const s = pick(p);
    state.play(s, flips(s, p.playerLo, p.playerHi, p.opponentLo, p.opponentHi), resultHi);
    path.push("move");
    p = p.play(s);
  }
  wrong.check(state.evaluate(), evaluatePosition(evaluation, p), "at the end");
  wrong.expectNone();
  for (const step of path.reverse()) {
    if (step === "pass") state.pass();
    else state.undo();
  }
  expect(state.snapshot()).toEqual(start);
  return passes;
}

/** A random legal move (the position has one). */
function randomMoves(random: Random): (p: Position) => number {
  return (p) => {
    const squares = p.legalSquares();
    return squares[random.below(squares.length)]!;
  };
}

const SHIPPED_WEIGHTS = fileURLToPath(new URL("../../weights/eval.weights", import.meta.url));

/** Both ways of valuing a move's child: every test below runs with each. */
const KERNELS: readonly Kernel[] = ["webassembly", "typescript"];

describe.each(KERNELS)("the incremental evaluation (%s)", (kernel) => {
  it("equals the full evaluation bit for bit at every position and after every move of 12 random games, passes included", () => {
    const evaluation = randomEvaluation(31);
    const random = new Random(32);
    let passes = 0;
    for (let g = 0; g < 12; g++) passes += checkGame(evaluation, randomMoves(random), kernel);
    expect(passes).toBeGreaterThan(0);
  });

  it("reads each stage's table, whatever the number of stages", () => {
    for (const stages of [1, 7, 61])
      checkGame(randomEvaluation(33, stages), randomMoves(new Random(34 + stages)), kernel);
  });

  it("equals the full evaluation bit for bit at every position of a self-play game of the alpha-beta player with the shipped weights", () => {
    const weights = parseWeights(new Uint8Array(readFileSync(SHIPPED_WEIGHTS)));
    if (!weights.ok) throw new Error(weights.error);
    const evaluation = new Evaluation(weights.value);
    const player = new AlphaBeta(evaluation);
    checkGame(evaluation, (p) => player.choose(p, { depth: 3 }).move!, kernel);
  });

  it("values a position's children straight after set, by move or by gained discs (passes included), and the position itself after them", () => {
    const evaluation = randomEvaluation(37);
    const state = new IncrementalEvaluation(evaluation, kernel);
    const random = new Random(38);
    const wrong = new Mismatches();
    let passes = 0;
    for (let g = 0; g < 200; g++) {
      let p = randomPosition(random, 1 + (g % 59));
      if (p.isGameOver()) continue;
      if (g % 2 === 1 && p.legalSquares().length > 0) p = p.swapped();
      state.set(p.playerLo, p.playerHi, p.opponentLo, p.opponentHi);
      for (const s of p.legalSquares()) {
        const fl = flips(s, p.playerLo, p.playerHi, p.opponentLo, p.opponentHi);
        const fh = resultHi;
        const after = evaluatePosition(evaluation, p.play(s));
        wrong.check(state.evaluateAfter(s, fl, fh), after, `position ${g}, move ${s}`);
        // The tree search's form: the discs the move gains, its square included.
        const gained = [fl | (s < 32 ? 1 << s : 0), fh | (s < 32 ? 0 : 1 << (s - 32))] as const;
        wrong.check(state.evaluateAfterGain(...gained), after, `position ${g}, move ${s} as gained discs`);
      }
      if (p.legalSquares().length === 0) {
        wrong.check(state.evaluateAfterGain(0, 0), evaluatePosition(evaluation, p.swapped()), `position ${g}, a pass`);
        passes++;
      }
      wrong.check(state.evaluate(), evaluatePosition(evaluation, p), `position ${g}`);
      state.pass();
      wrong.check(state.evaluate(), evaluatePosition(evaluation, p.swapped()), `position ${g} passed`);
    }
    wrong.expectNone();
    expect(passes).toBeGreaterThan(0);
  });

  it("reaches, move by move, the state that set computes from the position reached", () => {
    const evaluation = randomEvaluation(35);
    const state = new IncrementalEvaluation(evaluation, kernel);
    const fresh = new IncrementalEvaluation(evaluation, kernel);
    const random = new Random(36);
    const wrong = new Mismatches();
    let p = Position.initial();
    state.set(p.playerLo, p.playerHi, p.opponentLo, p.opponentHi);
    for (let ply = 0; !p.isGameOver(); ply++) {
      fresh.set(p.playerLo, p.playerHi, p.opponentLo, p.opponentHi);
      // fresh's view 0 is the side to move; state's is the side that moved first.
      const [views, side, empties] = split(fresh.snapshot());
      const expected = ply % 2 === 0 ? views : [...views.slice(views.length / 2), ...views.slice(0, views.length / 2)];
      wrong.check(state.snapshot().join(), [...expected, (side + ply) % 2, empties].join(), `ply ${ply}`);
      const squares = p.legalSquares();
      if (squares.length === 0) {
        state.pass();
        p = p.swapped();
        continue;
      }
      const s = squares[random.below(squares.length)]!;
      state.play(s, flips(s, p.playerLo, p.playerHi, p.opponentLo, p.opponentHi), resultHi);
      p = p.play(s);
    }
    wrong.expectNone();
  });
});

describe.each(KERNELS)("the incremental evaluation along a search's path (%s)", (kernel) => {
  it("equals the full evaluation after any sequence of moves, take-backs, passes and valued children, as a depth-first search makes", () => {
    // A random walk: each step goes down a move (or a pass), back up, or values a child; the
    // state's value is checked at half the steps, so a move only noted (played and at once
    // evaluated or taken back), a level written over, and a parent's sum kept for its
    // children and then stale all meet the full evaluation.
    const evaluation = randomEvaluation(41);
    const state = new IncrementalEvaluation(evaluation, kernel);
    const random = new Random(42);
    const wrong = new Mismatches();
    let checks = 0;
    for (let walk = 0; walk < 80; walk++) {
      const start = randomPosition(random, random.below(50));
      if (start.isGameOver()) continue;
      state.set(start.playerLo, start.playerHi, start.opponentLo, start.opponentHi);
      const path: { position: Position; passed: boolean }[] = [];
      let p = start;
      for (let step = 0; step < 120; step++) {
        const squares = p.legalSquares();
        const roll = random.below(8);
        if (roll < 3 && path.length > 0) {
          const last = path.pop()!;
          if (last.passed) state.pass();
          else state.undo();
          p = last.position;
        } else if (roll < 5 && squares.length > 0) {
          const s = squares[random.below(squares.length)]!;
          const fl = flips(s, p.playerLo, p.playerHi, p.opponentLo, p.opponentHi);
          wrong.check(
            state.evaluateAfter(s, fl, resultHi),
            evaluatePosition(evaluation, p.play(s)),
            `walk ${walk}, step ${step}, child ${s}`,
          );
        } else if (!p.isGameOver()) {
          path.push({ position: p, passed: squares.length === 0 });
          if (squares.length === 0) {
            state.pass();
            p = p.swapped();
          } else {
            const s = squares[random.below(squares.length)]!;
            state.play(s, flips(s, p.playerLo, p.playerHi, p.opponentLo, p.opponentHi), resultHi);
            p = p.play(s);
          }
        }
        // Not every step: a value read here is itself kept, and would hide a stale one.
        if (random.below(2) === 0) {
          wrong.check(state.evaluate(), evaluatePosition(evaluation, p), `walk ${walk}, step ${step}`);
          checks++;
        }
      }
    }
    wrong.expectNone();
    expect(checks).toBeGreaterThan(3000);
  });
});

/**
 * Positions, white to move, one disc a square (0 empty, 1 black, 2 white, a1 first, row by
 * row), found by a search for the board features' clamps: after one of white's moves black
 * has 34 legal moves, beyond MOBILITY_MAX; or each side has over POTENTIAL_MAX empty squares
 * next to its discs.
 */
const CLAMPED = [
  "0000000002120020011111200212010000100021100001101200212011001100",
  "0201010201000000000000100200010000010020100000100002010020100020",
];

/** Empty squares next to a disc of `colour`, counted square by square. */
function emptiesNextTo(p: Position, colour: 1 | 2): number {
  let n = 0;
  for (let s = 0; s < 64; s++) {
    if (p.discAt(s) !== 0) continue;
    const [x, y] = [s >> 3, s & 7];
    const next = [-1, 0, 1].some((dx) =>
      [-1, 0, 1].some((dy) => {
        const [a, b] = [x + dx, y + dy];
        return (dx !== 0 || dy !== 0) && a >= 0 && a < 8 && b >= 0 && b < 8 && p.discAt(8 * a + b) === colour;
      }),
    );
    if (next) n++;
  }
  return n;
}

describe.each(KERNELS)("the incremental evaluation's board features at their clamps (%s)", (kernel) => {
  it("values children with more moves, or more empties next to discs, than the tables hold as the full evaluation does", () => {
    const evaluation = randomEvaluation(43);
    const state = new IncrementalEvaluation(evaluation, kernel);
    let moverMobility = 0;
    let opponentMobility = 0;
    let potential = 0;
    for (const text of CLAMPED) {
      const parent = Position.fromDiscs([...text].map(Number) as Disc[], false);
      // Two plies down: the children of the parent, and those of each child (the mover's mobility clamped in one, the opponent's in the other).
      for (const p of [parent, ...parent.legalSquares().map((s) => parent.play(s))]) {
        state.set(p.playerLo, p.playerHi, p.opponentLo, p.opponentHi);
        for (const s of p.legalSquares()) {
          const child = p.play(s);
          const fl = flips(s, p.playerLo, p.playerHi, p.opponentLo, p.opponentHi);
          expect(state.evaluateAfter(s, fl, resultHi), `${text}, move ${s}`).toBe(evaluatePosition(evaluation, child));
          if (moveCount(child.playerLo, child.playerHi, child.opponentLo, child.opponentHi) > MOBILITY_MAX)
            moverMobility++;
          if (moveCount(child.opponentLo, child.opponentHi, child.playerLo, child.playerHi) > MOBILITY_MAX)
            opponentMobility++;
          if (Math.min(emptiesNextTo(child, 1), emptiesNextTo(child, 2)) > POTENTIAL_MAX) potential++;
        }
      }
    }
    // The clamps were reached: the test would see a kernel that does not clamp.
    expect(moverMobility).toBeGreaterThan(0);
    expect(opponentMobility).toBeGreaterThan(0);
    expect(potential).toBeGreaterThan(0);
  });
});

function split(snapshot: number[]): [number[], number, number] {
  return [snapshot.slice(0, -2), snapshot[snapshot.length - 2]!, snapshot[snapshot.length - 1]!];
}
