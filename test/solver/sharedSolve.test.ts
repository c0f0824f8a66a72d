import { describe, expect, it } from "vitest";
import { SolveTeam, Solver, solveTeamMemory } from "../../src/index.js";
import { TranspositionTable } from "../../src/solver/transpositionTable.js";
import { expectSolved, readProblems } from "./problems.js";
import { randomPositions } from "./reference.js";

const FFORUM = readProblems("fforum-1-19.obf");
const ENDINGS = readProblems("random-8-14.obf").filter((_, i) => i % 3 === 0);

/**
 * A team of which another thread searches, as far as this one can tell, every position whose
 * hash has a given bit: the moves to them are put off at every node, as they would be by a
 * thread searching them all at once.
 */
class CrowdedTeam extends SolveTeam {
  override searching(pl: number, ph: number, ol: number, oh: number): boolean {
    return ((Math.imul(pl ^ oh, 0x9e3779b1) ^ Math.imul(ph ^ ol, 0x85ebca77)) & 0x100) !== 0;
  }
}

describe("a solve team (threads sharing a table, leaving each other the moves under search)", () => {
  it("moves put off are searched after the others: the same scores and moves reaching them", () => {
    // The TypeScript all the way down, so that moves are put off at every node of 7 empties or more.
    for (const kernel of ["typescript", "webassembly"] as const) {
      const team = new CrowdedTeam(solveTeamMemory(2, 16), 0);
      team.begin(1);
      const solver = new Solver(undefined, undefined, kernel, team);
      for (const problem of [...FFORUM, ...ENDINGS]) expectSolved(solver, problem);
    }
  });

  it("bounds a score outside the window on the right side, as one thread does", () => {
    const team = new CrowdedTeam(solveTeamMemory(2, 16), 0);
    team.begin(1);
    const crowded = new Solver(undefined, undefined, "typescript", team);
    const alone = new Solver(16, undefined, "typescript");
    for (const p of randomPositions(20, 12, 44)) {
      alone.clear();
      const exact = alone.solve(p).score;
      for (const [alpha, beta] of [
        [exact - 3, exact - 1],
        [exact + 1, exact + 5],
        [exact - 1, exact + 1],
      ] as const) {
        crowded.clear();
        const r = crowded.solve(p, { alpha, beta });
        if (exact <= alpha) expect(r.score).toBeLessThanOrEqual(alpha);
        else if (exact >= beta) expect(r.score).toBeGreaterThanOrEqual(beta);
        else expect(r.score).toBe(exact);
      }
    }
  });

  it("two solvers over one team's memory share the table: the second finds the first's work", () => {
    const memory = solveTeamMemory(2, 16);
    const lead = new SolveTeam(memory, 0);
    const helper = new SolveTeam(memory, 1);
    const first = new Solver(undefined, undefined, "typescript", helper);
    const second = new Solver(undefined, undefined, "typescript", lead);
    const problem = FFORUM[5]!;
    helper.begin(1);
    const start = first.table.state();
    const a = first.solve(problem.position);
    second.table.adopt(start);
    lead.begin(1);
    const b = second.solve(problem.position);
    expect(b.score).toBe(a.score);
    expect(b.score).toBe(problem.moves[0]!.score);
    // The root's exact entry is there: the second solve visits the root and its first move's child only.
    expect(b.nodes).toBeLessThan(a.nodes / 100);
  });

  it("counts the visits of all its threads against a node limit, and a stop stops every thread", () => {
    const memory = solveTeamMemory(2, 16);
    const lead = new SolveTeam(memory, 0);
    const helper = new SolveTeam(memory, 1);
    lead.lead(1);
    helper.begin(1);
    helper.report(150_000);
    const solver = new Solver(undefined, undefined, "typescript", lead);
    const [p] = randomPositions(1, 20, 45);
    const r = solver.solve(p!, { nodeLimit: 200_000 });
    expect(r.solved).toBe(false);
    // Stopped at the first check past 50,000 of its own (checks every 4,096 visits).
    expect(r.nodes).toBeGreaterThanOrEqual(50_000);
    expect(r.nodes).toBeLessThan(60_000);
    expect(lead.report(r.nodes)).toBe(150_000 + r.nodes);
    helper.stop();
    expect(lead.stopped()).toBe(true);
    const stopped = solver.solve(p!);
    expect(stopped.solved).toBe(false);
    expect(stopped.nodes).toBeLessThan(5_000);
    // Once the solve is over, the leading thread's solver solves alone: no stop, no one else's visits.
    lead.idle();
    expect(lead.stopped()).toBe(false);
    expect(lead.report(10)).toBe(10);
    const { position: q, moves } = FFORUM[1]!;
    expect(solver.outcome(q.playerLo, q.playerHi, q.opponentLo, q.opponentHi)).toBe(Math.sign(moves[0]!.score));
    // The next solve is another: not stopped.
    lead.lead(2);
    expect(lead.stopped()).toBe(false);
    expect(solver.solve(FFORUM[0]!.position).score).toBe(FFORUM[0]!.moves[0]!.score);
  });

  it("answers: a thread's result, read by another when it comes, or undefined when it does not by the deadline", () => {
    const memory = solveTeamMemory(3, 16);
    const lead = new SolveTeam(memory, 0);
    const helper = new SolveTeam(memory, 2);
    lead.lead(7);
    expect(lead.begun(2)).toBe(false);
    helper.begin(7);
    expect(lead.begun(2)).toBe(true);
    expect(lead.begun(1)).toBe(false);
    helper.finish({ solved: true, move: 12, score: -6, bound: "upper", nodes: 1234 });
    expect(lead.answer(2, 0, () => 0)).toEqual({ solved: true, move: 12, score: -6, bound: "upper", nodes: 1234 });
    let clock = 0;
    expect(lead.answer(1, 5, () => (clock += 3))).toBeUndefined();
    expect(() => new SolveTeam(memory, 3)).toThrow("thread must be 0..2, got 3");
  });

  it("marks a position as searched until it is left, unless another took its word since", () => {
    const memory = solveTeamMemory(2, 16);
    const a = new SolveTeam(memory, 0);
    const b = new SolveTeam(memory, 1);
    const tag = a.enter(1, 2, 4, 8);
    expect(b.searching(1, 2, 4, 8)).toBe(true);
    expect(b.searching(1, 2, 4, 16)).toBe(false);
    a.leave(tag);
    expect(b.searching(1, 2, 4, 8)).toBe(false);
  });
});

describe("a shared table", () => {
  it("takes an entry whose words do not agree (half written by another thread) for absent", () => {
    const memory = TranspositionTable.sharedMemory(4);
    const table = new TranspositionTable(4, memory);
    const other = new TranspositionTable(4, memory);
    table.newSolve();
    other.adopt(table.state());
    table.store(5, 6, 7, 8, 20, -2, 4, 33);
    expect(other.probe(5, 6, 7, 8)).toBe(true);
    expect([other.lo, other.hi, other.move]).toEqual([-2, 4, 33]);
    const words = new Int32Array(memory);
    const at = words.findIndex((w, i) => i % 8 === 0 && w === 5);
    words[at + 4] = words[at + 4]! ^ (1 << 8); // the bounds changed, the check word not yet
    expect(other.probe(5, 6, 7, 8)).toBe(false);
    expect(() => new TranspositionTable(5, memory)).toThrow("a table of 2^5 entries needs 1024 bytes, got 512");
  });
});
