import { describe, expect, it } from "vitest";
import { loadEvaluation } from "../../protocol/engine/evaluationWeights.js";
import { type Evaluation, PASS, type Position, Solver, parseObf } from "../../src/index.js";
import { FFORUM_VISITS, expectSolved, readProblems } from "./problems.js";

function shippedEvaluation(): Evaluation {
  const e = loadEvaluation(undefined);
  if (!e.ok) throw new Error(e.error);
  return e.value;
}
const EVALUATION = shippedEvaluation();

function obfPosition(line: string): Position {
  const p = parseObf(line);
  if (!p.ok) throw new Error(p.error);
  return p.value.position;
}

describe("a solver ordering with the evaluation", () => {
  const FFORUM = readProblems("fforum-1-19.obf");

  // The random endings where the evaluation orders (from 10 empties up).
  const ENDINGS = readProblems("random-8-14.obf")
    .filter((p) => p.position.empties() >= 10)
    .slice(0, 60);

  // One pass (the solves are the costly part, under mutation testing most of all): the scores of
  // every problem, and the visits of fforum's first solves against fastest first's.
  it("finds every score of fforum 1-19 and of 60 random endings, and a move reaching it; fforum in under 0.75 of fastest first's visits, the ordering's own counted", () => {
    const solver = new Solver(16, EVALUATION, "typescript");
    let fforumVisits = 0;
    for (const [i, problem] of [...FFORUM, ...ENDINGS].entries()) {
      const r = expectSolved(solver, problem);
      if (i < FFORUM.length) fforumVisits += r.nodes;
    }
    // Fastest first's visits are pinned, problem by problem, in solver.test.ts; these are pinned
    // too, for the shipped weights (new weights change them): the ordering's every detail counts.
    // They include the ordering search's positions (Edax's convention).
    expect(fforumVisits).toBeLessThan(0.75 * FFORUM_VISITS.reduce((a, b) => a + b));
    expect(fforumVisits).toBe(1_788_205);
  });

  // Six positions of 20 empties from our games, and one of 20 where the mover must pass.
  const TWENTY = [
    ...readProblems("games-20.obf")
      .slice(0, 6)
      .map((p) => p.position),
    obfPosition("---------------X--XXXXXOX-XXXXXO-XOXXX-OXOOOXXOOOOOXOOOOOOOOOOOO X"),
  ];

  it("solves exactly from 18 empties by tests of one score from the evaluation's guess: the full window's score, a move reaching it, in fewer visits", () => {
    const byTests = new Solver(20, EVALUATION);
    const byWindow = new Solver(20, EVALUATION);
    let testsVisits = 0;
    let windowVisits = 0;
    for (const p of TWENTY) {
      const t = byTests.solve(p);
      // An explicit window is searched as asked, in one search.
      const w = byWindow.solve(p, { alpha: -65, beta: 65 });
      expect(t).toMatchObject({ solved: true, bound: "exact", score: w.score });
      const after = p.play(t.move!);
      expect(0 - byWindow.solve(after).score).toBe(t.score);
      testsVisits += t.nodes;
      windowVisits += w.nodes;
    }
    expect(TWENTY.at(-1)!.legalMoves()).toEqual([PASS]);
    expect(testsVisits).toBeLessThan(windowVisits);
    expect([testsVisits, windowVisits]).toEqual([17_854_315, 18_418_392]);
  });

  it("stops its tests at a node limit, unsolved, and solves the same position afterwards", () => {
    const solver = new Solver(20, EVALUATION);
    const p = TWENTY[0]!;
    const stopped = solver.solve(p, { nodeLimit: 50_000 });
    expect(stopped.solved).toBe(false);
    expect(stopped.nodes).toBeLessThan(60_000);
    expect(solver.solve(p).score).toBe(new Solver(20, EVALUATION).solve(p).score);
  });

  it("gives a move when every move loses by 64: every test fails low, and the score is the least", () => {
    // 19 empties, met in self-play: F6 and G6 both lose every disc. Its tests found no score
    // or more, and the move came back as none (an illegal 127).
    const parsed = parseObf("-OOOOOO-O-OOOO--OOOOOOXXOOOOOOXXOOOOOOO-OOOOO-----OO-----XXXX--- X");
    if (!parsed.ok) throw new Error(parsed.error);
    const { position } = parsed.value;
    for (const kernel of ["webassembly", "typescript"] as const) {
      const r = new Solver(16, EVALUATION, kernel).solve(position);
      expect(r).toMatchObject({ solved: true, score: -64, bound: "exact" });
      expect(position.legalMoves()).toContain(r.move);
      expect(0 - new Solver(16).solve(position.play(r.move!)).score).toBe(-64);
    }
  });
});
