import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type Finished, lines, runOthello } from "./runOthello.js";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..", "..", "..");
const FFORUM = join(ROOT, "test/positions/fforum-1-19.obf");
const FFORUM_LINES = readFileSync(FFORUM, "utf8")
  .split("\n")
  .filter((l) => l.trim() !== "");

const solve = (args: string[], input = ""): Promise<Finished> => runOthello(["solve", ...args], input);

describe("othello solve", () => {
  it("solves fforum 1-19 from a file: one line per position with the best move and exact score, then the total", async () => {
    const r = await solve([FFORUM]);
    expect(r.status).toBe(0);
    const out = lines(r.stdout);
    expect(out).toHaveLength(20);
    for (const [i, line] of FFORUM_LINES.entries()) {
      const best = /;\s*([A-H][1-8]):([+-]\d+)/.exec(line)!;
      const fields = out[i]!.split(" ");
      expect(fields[0]).toBe(String(i + 1));
      expect(Number(fields[1])).toBeGreaterThanOrEqual(14);
      expect(Number(fields[3])).toBe(Number(best[2]));
      expect(line).toContain(`${fields[2]}:${best[2]}`);
      expect(fields.slice(4, 7).every((f) => /^\d+(\.\d+)?$/.test(f))).toBe(true);
      expect(fields[7]).toBe("ok");
    }
    expect(out[19]).toMatch(
      /^total 19 positions, 19 solved, 0 mismatches, \d+ nodes, [\d.]+ s, \d+ nodes\/s, cpu [\d.]+ s$/,
    );
  });

  it("--threads 2 gives the same scores as one thread on fforum 1-19, and checks them against the answers", async () => {
    const one = lines((await solve([FFORUM])).stdout);
    const r = await solve([FFORUM, "--threads", "2"]);
    expect(r.status).toBe(0);
    expect(r.stderr).toBe("");
    const two = lines(r.stdout);
    expect(two).toHaveLength(20);
    for (let i = 0; i < 19; i++) {
      expect(two[i]!.split(" ")[3]).toBe(one[i]!.split(" ")[3]);
      expect(two[i]!.split(" ")[7]).toBe("ok");
    }
    expect(two[19]).toMatch(/^total 19 positions, 19 solved, 0 mismatches, /);
  });

  it("a node limit leaves a position unsolved, on one thread or two, and the next is solved all the same", async () => {
    const long = "--OXX---O-OOXXO-OOOXXXX-OOOOXXXOO-OOO-XX----OXXX----OXXX---XO-OX X";
    for (const threads of ["1", "2"]) {
      const r = await solve(["-", "--nodes", "200000", "--threads", threads], `${long}\n${FFORUM_LINES[0]}\n`);
      expect(r.status).toBe(0);
      const [first, second, total] = lines(r.stdout);
      const nodes = Number(/^1 22 -- unsolved (\d+) /.exec(first!)![1]);
      // Stopped within a check's visits of the limit, on every thread: each checks every 4,096 of
      // its own visits, and the kernel asks about every 8,000.
      expect(nodes).toBeGreaterThanOrEqual(200_000);
      expect(nodes).toBeLessThan(200_000 + 40_000 * Number(threads));
      expect(second).toMatch(/^2 14 G8 \+18 \d+ [\d.]+ \d+ ok$/);
      expect(total).toMatch(/^total 2 positions, 1 solved, 0 mismatches, /);
    }
  });

  it("reads stdin with -, WLD with --wld, and the course's code lines", async () => {
    // Problem 1 (black wins) and the same board as a 66-digit code with white to move.
    const board = FFORUM_LINES[0]!.slice(0, 64);
    const code = [...board].map((c) => (c === "X" ? "1" : c === "O" ? "2" : "0")).join("") + "20";
    const r = await solve(["-", "--wld"], `${FFORUM_LINES[0]}\n\n# a comment\n${code}\n`);
    expect(r.status).toBe(0);
    const out = lines(r.stdout);
    expect(out).toHaveLength(3);
    expect(out[0]).toMatch(/^1 14 [A-H][1-8] win \d+ [\d.]+ \d+ ok$/);
    expect(out[1]).toMatch(/^2 14 ([A-H][1-8]|pass) (win|loss|draw) \d+ [\d.]+ \d+$/);
  });

  it("a wrong score, or a move that does not reach the best score, is a mismatch: exit status 1", async () => {
    const wrongScore = FFORUM_LINES[0]!.replace("G8:+18", "G8:+16");
    const wrongMove = FFORUM_LINES[0]!.replace("G8:+18; H1:+12", "H1:+18; G8:+12");
    const r = await solve([], `${wrongScore}\n${wrongMove}\n${FFORUM_LINES[1]}\n`);
    expect(r.status).toBe(1);
    const out = lines(r.stdout);
    expect(out[0]).toMatch(/ mismatch: expected \+16 \(G8\)$/);
    expect(out[1]).toMatch(/ mismatch: G8 does not reach it: expected \+18 \(H1\)$/);
    expect(out[2]).toMatch(/ ok$/);
    expect(out[3]).toMatch(/^total 3 positions, 3 solved, 2 mismatches, /);
  });

  it("a time limit leaves a position unsolved, not wrong, on one thread or two", async () => {
    // 22 empties: far more than a millisecond.
    for (const threads of ["1", "2"]) {
      const r = await solve(
        ["--time", "0.001", "--threads", threads],
        "--OXX---O-OOXXO-OOOXXXX-OOOOXXXOO-OOO-XX----OXXX----OXXX---XO-OX X\n",
      );
      expect(r.status).toBe(0);
      expect(lines(r.stdout)[0]).toMatch(/^1 22 -- unsolved \d+ [\d.]+ \d+$/);
      expect(lines(r.stdout)[1]).toMatch(/^total 1 positions, 0 solved, 0 mismatches, /);
    }
  });

  it("bad input: a clear error naming the line, the other lines still solved, exit status 2", async () => {
    const r = await solve(["-"], `${FFORUM_LINES[4]}\nnot a position\n${FFORUM_LINES[6]}\n`);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("stdin line 2: expected 64 squares");
    expect(lines(r.stdout)).toHaveLength(3);
    const missing = await solve(["/nonexistent/positions.obf"]);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain("cannot read /nonexistent/positions.obf: no such file");
    const option = await solve(["--time", "soon"]);
    expect(option.status).toBe(2);
    expect(option.stderr).toMatch(/^othello solve: --time: /);
  });

  it("--help describes it, and othello --help lists it", async () => {
    const r = await solve(["--help"]);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain("usage: othello solve [FILE|-] [--wld] [--time S] [--nodes N] [--threads N]");
    const top = spawnSync("node", [join(ROOT, "dist/othello.js"), "--help"], { encoding: "utf8" });
    expect(top.stdout).toContain("othello solve [FILE|-] [--wld] [--time S] [--nodes N] [--threads N]");
  });
});
