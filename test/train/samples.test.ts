import { describe, expect, it } from "vitest";
import { loadEvaluation } from "../../protocol/engine/evaluationWeights.js";
import {
  AlphaBeta,
  EXACT,
  Evaluation,
  GAME_START,
  Position,
  Random,
  SampleBuffer,
  Solver,
  concatSamples,
  formatBatch,
  gameCount,
  parseData,
  playSelfPlayGame,
  selfPlayers,
  zeroWeights,
} from "../../src/index.js";
import { readProblems } from "../solver/problems.js";

function games(count: number, seed: number): SampleBuffer {
  const buffer = new SampleBuffer();
  const player = new AlphaBeta(new Evaluation(zeroWeights(4)));
  const solver = new Solver(14);
  const random = new Random(seed);
  for (let g = 0; g < count; g++)
    playSelfPlayGame(player, solver, random, { depth: 1, randomPlies: 6, noise: 1, solveEmpties: 8 }, buffer);
  return buffer;
}

describe("self-play samples", () => {
  const samples = games(6, 1).toSamples();

  it("label each position: exact from the solver's first position on, the final result from the mover's side before", () => {
    expect(gameCount(samples)).toBe(6);
    let exactSeen = 0;
    for (let i = 0; i < samples.count; i++) {
      const b = samples.boards;
      const empties =
        64 - [b[4 * i]!, b[4 * i + 1]!, b[4 * i + 2]!, b[4 * i + 3]!].reduce((n, w) => n + popcount32(w), 0);
      const exact = (samples.flags[i]! & EXACT) !== 0;
      expect(exact, `position ${i}, ${empties} empties`).toBe(empties <= 8);
      if (exact) exactSeen++;
      expect(Math.abs(samples.scores[i]!)).toBeLessThanOrEqual(64);
    }
    expect(exactSeen).toBeGreaterThan(6 * 5);
  });

  it("label the midgame with the game's result, which is the exact score where the solver took over, and the endgame with exact scores", () => {
    const solver = new Solver(16);
    let i = 0;
    while (i < samples.count) {
      const start = i;
      do i++;
      while (i < samples.count && (samples.flags[i]! & GAME_START) === 0);
      const firstExact = Array.from({ length: i - start }, (_, k) => start + k).find(
        (k) => (samples.flags[k]! & EXACT) !== 0,
      )!;
      for (let k = start; k < firstExact; k++)
        expect(Math.abs(samples.scores[k]!)).toBe(Math.abs(samples.scores[firstExact]!));
      for (let k = firstExact; k < i; k++) {
        const b = samples.boards;
        const p = Position.fromSides(b[4 * k]!, b[4 * k + 1]!, b[4 * k + 2]!, b[4 * k + 3]!, true);
        expect(samples.scores[k]).toBe(solver.solve(p).score);
      }
    }
  });

  it("round-trip through the data file's batches", () => {
    const more = games(3, 2).toSamples();
    const bytes = new Uint8Array([...formatBatch(samples), ...formatBatch(more)]);
    const parsed = parseData(bytes);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.value.games).toBe(9);
    expect(parsed.value.tornBytes).toBe(0);
    const both = concatSamples([samples, more]);
    expect([...parsed.value.samples.boards]).toEqual([...both.boards]);
    expect([...parsed.value.samples.scores]).toEqual([...both.scores]);
    expect([...parsed.value.samples.flags]).toEqual([...both.flags]);
  });

  it("keep the whole batches of a file cut short, and say how much was torn off", () => {
    const first = formatBatch(samples);
    const bytes = new Uint8Array([...first, ...formatBatch(games(2, 3).toSamples())]).subarray(0, first.length + 100);
    const parsed = parseData(bytes);
    expect(parsed.ok && parsed.value.games).toBe(6);
    expect(parsed.ok && parsed.value.tornBytes).toBe(100);
  });

  it("refuse a file that is not training data, and a board with a square held twice", () => {
    const notData = parseData(new TextEncoder().encode("hello, this is not a data file"));
    expect(!notData.ok && notData.error).toMatch(/byte 0: expected a batch starting "OTHD", found "hell"/);
    const bad = formatBatch(samples);
    new DataView(bad.buffer).setInt32(12 + 8, new DataView(bad.buffer).getInt32(12, true), true);
    const twice = parseData(bad);
    expect(!twice.ok && twice.error).toMatch(/position 1: a square holds two discs/);
  });

  it("refuse a batch whose count of games or positions cannot be, rather than take it for one cut short", () => {
    for (const [games, positions] of [
      [0, samples.count],
      [6, 5],
      [6, 6 * 60 + 1],
      [6, 1_000_000],
    ] as const) {
      const bad = formatBatch(samples);
      new DataView(bad.buffer).setUint32(4, games, true);
      new DataView(bad.buffer).setUint32(8, positions, true);
      const parsed = parseData(new Uint8Array([...formatBatch(samples), ...bad]));
      expect(!parsed.ok && parsed.error).toBe(
        `byte ${formatBatch(samples).length}: a batch of ${games} games with ${positions} positions (corrupt data)`,
      );
    }
  });
});

describe("self-play games of othello train", () => {
  const settings = { depth: 2, randomPlies: 2, noise: 0, solveEmpties: 8 };
  const weights = zeroWeights(4);
  weights.values.forEach((_, i) => {
    weights.values[i] = ((i * 7919) % 2001) - 1000;
  });
  const player = new AlphaBeta(new Evaluation(weights));
  const play = (openings: number[][], tdLambda: number, seed: number): SampleBuffer => {
    const buffer = new SampleBuffer();
    playSelfPlayGame(player, new Solver(14), new Random(seed), settings, buffer, { openings, tdLambda });
    return buffer;
  };

  it("start with one of the openings' moves, then the random plies", () => {
    const opening = [37, 43, 34]; // f5 d6 c5
    const samples = play([opening], 1, 4).toSamples();
    let p = Position.initial();
    for (const [i, m] of [...opening, undefined].entries()) {
      expect([...samples.boards.subarray(4 * i, 4 * i + 4)]).toEqual([
        p.playerLo,
        p.playerHi,
        p.opponentLo,
        p.opponentHi,
      ]);
      if (m !== undefined) p = p.play(m);
    }
    expect(samples.flags[0]! & GAME_START).toBe(GAME_START);
    expect(gameCount(samples)).toBe(1);
    // Without openings, the same seed's game leaves the start another way (its random plies).
    expect([...play([], 1, 4).toSamples().boards.subarray(4, 8)]).not.toEqual([...samples.boards.subarray(4, 8)]);
  });

  it("with TD(lambda) below 1, label each searched position (1 - lambda) x its search value + lambda x the next label", () => {
    const lambda = 0.5;
    const result = play([], 1, 9).toSamples();
    const blended = play([], lambda, 9).toSamples();
    // The same game: the labels change, the positions do not; the solver's labels stay exact.
    expect([...blended.boards]).toEqual([...result.boards]);
    const b = blended.boards;
    const evaluation = new Evaluation(weights);
    let checked = 0;
    for (let i = 0; i < blended.count - 1; i++) {
      if ((blended.flags[i]! & EXACT) !== 0) {
        expect(blended.scores[i]).toBe(result.scores[i]);
        continue;
      }
      const p = Position.fromSides(b[4 * i]!, b[4 * i + 1]!, b[4 * i + 2]!, b[4 * i + 3]!, true);
      const next = Position.fromSides(b[4 * i + 4]!, b[4 * i + 5]!, b[4 * i + 6]!, b[4 * i + 7]!, true);
      // The next recorded position is the mover's opponent's unless the opponent passed.
      const sign = p.legalSquares().some((m) => {
        const after = p.play(m);
        return after.playerLo === next.playerLo && after.playerHi === next.playerHi;
      })
        ? -1
        : 1;
      if (i < settings.randomPlies) {
        expect(blended.scores[i]).toBe(sign * blended.scores[i + 1]!);
      } else {
        const value = new AlphaBeta(evaluation).choose(p, { depth: settings.depth }).score;
        // Rounded at each step: within a disc of the exact blend.
        expect(
          Math.abs(blended.scores[i]! - ((1 - lambda) * value + lambda * sign * blended.scores[i + 1]!)),
        ).toBeLessThanOrEqual(1);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(20);
    expect([...blended.scores]).not.toEqual([...result.scores]);
  });
});

function popcount32(x: number): number {
  let n = 0;
  for (let v = x >>> 0; v !== 0; v &= v - 1) n++;
  return n;
}

describe("self-play's player and solver", () => {
  it("solve with the evaluation's move ordering: the same exact scores, in fewer visits than without (random-8-14.obf's 14 empties)", () => {
    const shipped = loadEvaluation(undefined);
    if (!shipped.ok) throw new Error(shipped.error);
    const { solver } = selfPlayers(shipped.value);
    const plain = new Solver(16);
    let ordered = 0;
    let unordered = 0;
    // Positions of 14 empties with their exact scores.
    for (const { position, moves } of readProblems("random-8-14.obf").filter((p) => p.position.empties() === 14)) {
      solver.clear();
      plain.clear();
      const a = solver.solve(position);
      const b = plain.solve(position);
      expect(a.score).toBe(moves[0]!.score);
      expect(b.score).toBe(a.score);
      ordered += a.nodes;
      unordered += b.nodes;
    }
    expect(ordered).toBeLessThan(unordered);
  });
});
