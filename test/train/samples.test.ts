import { describe, expect, it } from "vitest";
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
  zeroWeights,
} from "../../src/index.js";

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
});

function popcount32(x: number): number {
  let n = 0;
  for (let v = x >>> 0; v !== 0; v &= v - 1) n++;
  return n;
}
