import { describe, expect, it } from "vitest";
import { Position, Solver } from "../../src/index.js";
import { type EndgameKernel, createEndgameKernel } from "../../src/solver/endgameKernel.js";
import { KERNEL_EMPTIES } from "../../src/solver/endgameSearch.js";
import { expectSolved, readProblems } from "./problems.js";
import { finishedGames, passingPositions, randomPositions } from "./reference.js";

const FFORUM = readProblems("fforum-1-19.obf");
const ENDINGS = readProblems("random-8-14.obf");

/** The TypeScript search all the way down: the reference the kernel is held to. */
const reference = new Solver(16, undefined, "typescript");
function exact(position: Position): number {
  reference.clear();
  return reference.solve(position).score;
}

function kernelSolve(kernel: EndgameKernel, p: Position, alpha: number, beta: number): number {
  return kernel.solve(p.playerLo, p.playerHi, p.opponentLo, p.opponentHi, alpha, beta, p.empties());
}

describe("the WebAssembly kernel against the TypeScript search", () => {
  it("solves positions of 1 to 14 empties exactly, and bounds them on the right side outside a window", () => {
    const kernel = createEndgameKernel(() => false);
    let checked = 0;
    for (let empties = 1; empties <= KERNEL_EMPTIES; empties++) {
      const count = empties > 10 ? 12 : 60;
      for (const position of randomPositions(count, empties, 100 + empties)) {
        const value = exact(position);
        kernel.clear();
        expect(kernelSolve(kernel, position, -64, 64)).toBe(value);
        // Fail-soft: a score at or below alpha is an upper bound, at or above beta a lower one.
        for (const [alpha, beta] of [
          [value - 1, value + 1],
          [value, value + 1],
          [value - 1, value],
          [value + 2, value + 9],
          [value - 9, value - 2],
        ] as const) {
          const v = kernelSolve(kernel, position, alpha, beta);
          if (v <= alpha) expect(value).toBeLessThanOrEqual(v);
          else if (v >= beta) expect(value).toBeGreaterThanOrEqual(v);
          else expect(v).toBe(value);
        }
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(600);
  });

  it("solves positions where a side must pass, and finished games", () => {
    const kernel = createEndgameKernel(() => false);
    const positions = passingPositions(40, 5);
    expect(positions.length).toBe(40);
    for (const position of positions) {
      if (position.empties() > KERNEL_EMPTIES) continue;
      expect(kernelSolve(kernel, position, -64, 64)).toBe(exact(position));
    }
    // Finished games: full boards, and boards with empty squares where one side has no disc
    // left (every empty square then goes to the other).
    const wipedOut = randomPositions(10, 9, 6).flatMap((p) => {
      const lo = p.playerLo | p.opponentLo;
      const hi = p.playerHi | p.opponentHi;
      return [Position.fromSides(lo, hi, 0, 0, p.blackToMove), Position.fromSides(0, 0, lo, hi, p.blackToMove)];
    });
    for (const position of [...finishedGames(20, 6), ...wipedOut]) {
      expect(position.isGameOver()).toBe(true);
      expect(kernelSolve(kernel, position, -64, 64)).toBe(exact(position));
    }
    expect(wipedOut.map((p) => exact(p))).toEqual(Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? 64 : -64)));
  });

  it("counts its visits, one a call, and hands them over once", () => {
    const kernel = createEndgameKernel(() => false);
    const [position] = randomPositions(1, 12, 7);
    kernelSolve(kernel, position!, -64, 64);
    const visits = kernel.takeVisits();
    expect(visits).toBeGreaterThan(100);
    expect(kernel.takeVisits()).toBe(0);
    // Solved again, the table answers at once.
    kernelSolve(kernel, position!, -64, 64);
    expect(kernel.takeVisits()).toBe(1);
    kernel.clear();
    kernelSolve(kernel, position!, -64, 64);
    expect(kernel.takeVisits()).toBe(visits);
  });

  it("stops when the host's check says so, stores nothing then, and solves right afterwards", () => {
    let calls = 0;
    let stop = true;
    const kernel = createEndgameKernel(() => {
      calls++;
      return stop;
    });
    const [position] = randomPositions(1, 14, 11);
    kernelSolve(kernel, position!, -64, 64);
    expect(kernel.stopped()).toBe(1);
    expect(calls).toBe(1);
    // The first check comes at the 256th visit of 7 or more empties.
    expect(kernel.takeVisits()).toBeGreaterThanOrEqual(256);
    stop = false;
    expect(kernelSolve(kernel, position!, -64, 64)).toBe(exact(position!));
    expect(kernel.stopped()).toBe(0);
  });
});

describe("a solver with the kernel (the default)", () => {
  it("finds every score of fforum 1-19 and of the 300 random endings, a move reaching it, and the WLD result", () => {
    const solver = new Solver(16);
    let fforumVisits = 0;
    for (const [i, problem] of [...FFORUM, ...ENDINGS].entries()) {
      const r = expectSolved(solver, problem);
      if (i < FFORUM.length) fforumVisits += r.nodes;
    }
    // Pinned: which positions the kernel takes (KERNEL_EMPTIES and fewer) shows here.
    expect(fforumVisits).toBe(2_321_053);
  });

  it("hands the kernel positions of 14 empties and fewer only: an 18-empties solve's visits, pinned", () => {
    // The TypeScript search from 15 empties up (its stability cut-offs, its table, keys without
    // parity) and the kernel below (parity in its keys) visit differently: the split shows here.
    const [position] = randomPositions(1, 18, 5);
    const r = new Solver(16).solve(position!);
    expect([r.score, r.nodes]).toEqual([12, 2_055_444]);
  });

  it("visits as many positions after clear as a new solver: the kernel's table is cleared too", () => {
    const { position } = FFORUM[4]!;
    const fresh = new Solver(16).solve(position).nodes;
    const solver = new Solver(16);
    solver.solve(FFORUM[7]!.position);
    solver.solve(position);
    solver.clear();
    expect(solver.solve(position).nodes).toBe(fresh);
    // Without clearing, both tables' entries from the first solve are used.
    expect(solver.solve(position).nodes).toBeLessThan(fresh);
  });

  it("a node limit and a deadline stop it inside the kernel, cleanly: the next solve is right", () => {
    const { position, moves } = FFORUM[0]!;
    const solver = new Solver(18);
    const full = new Solver(18).solve(position);
    expect(full.score).toBe(moves[0]!.score);
    const limited = solver.solve(position, { nodeLimit: 5000 });
    expect(limited.solved).toBe(false);
    // The kernel asks every 256 visits of 7 or more empties: the first ask at or past 4,096
    // visits (the solver's own period) finds the limit not yet reached and sets the next ask
    // at the limit; the ask after that stops it, 7,605 visits in.
    expect([full.nodes, limited.nodes]).toEqual([70_782, 7_605]);
    expect(solver.solve(position)).toMatchObject({ solved: true, score: full.score });
    let ticks = 0;
    const timed = new Solver(18).solve(position, { deadline: 3, now: () => ticks++ });
    expect(timed.solved).toBe(false);
    // The clock read at 0, 1 and 2, then 3 reaches the deadline.
    expect(ticks).toBe(4);
    expect(timed.nodes).toBe(31_907);
  });
});
