import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { lines, runOthello } from "./runOthello.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Evaluation, formatWeights, parseObf } from "../../../src/index.js";
import { randomWeights } from "../../eval/helpers.js";

const ROOT = join(import.meta.dirname, "..", "..", "..");
const FFORUM = join(ROOT, "test/positions/fforum-1-19.obf");
const FFORUM_LINES = readFileSync(FFORUM, "utf8")
  .split("\n")
  .filter((l) => l.trim() !== "");
const DIR = mkdtempSync(join(tmpdir(), "eval-"));
const WEIGHTS = join(DIR, "random.weights");
const weights = randomWeights(13, 31);

beforeAll(() => writeFileSync(WEIGHTS, formatWeights(weights)));
afterAll(() => rmSync(DIR, { recursive: true, force: true }));

const othello = runOthello;

describe("othello eval", () => {
  it("evaluates fforum 1-19: the evaluation, the one-ply move, the exact score and the error, then the summary", async () => {
    const r = await othello(["eval", FFORUM, "--weights", WEIGHTS]);
    expect(r.status).toBe(0);
    const out = lines(r.stdout);
    expect(out).toHaveLength(20);
    const evaluation = new Evaluation(weights);
    let errorSum = 0;
    let found = 0;
    for (const [i, line] of FFORUM_LINES.entries()) {
      const parsed = parseObf(line);
      if (!parsed.ok) throw new Error(parsed.error);
      const problem = parsed.value;
      const p = problem.position;
      const value = evaluation.evaluate(p.playerLo, p.playerHi, p.opponentLo, p.opponentHi);
      const best = problem.moves[0]!.score;
      const m = /^(\d+) (\d+) ([+-]?\d+\.\d\d) ([A-H][1-8]) exact ([+-]?\d+) error (\d+\.\d\d) (best|not best)$/.exec(
        out[i]!,
      );
      expect(m, out[i]).not.toBeNull();
      expect(Number(m![1])).toBe(i + 1);
      expect(Number(m![2])).toBe(p.empties());
      expect(m![3]).toBe(`${value > 0 ? "+" : ""}${value.toFixed(2)}`);
      expect(Number(m![5])).toBe(best);
      expect(m![6]).toBe(Math.abs(value - best).toFixed(2));
      // fforum lists every move with its score: "best" exactly when the move's score is the best.
      const listed = problem.moves.find((a) => a.move === (m![4]!.charCodeAt(1) - 49) * 8 + m![4]!.charCodeAt(0) - 65);
      expect(m![7] === "best").toBe(listed?.score === best);
      errorSum += Math.abs(value - best);
      if (m![7] === "best") found++;
    }
    expect(out[19]).toBe(
      `mean absolute error: ${(errorSum / 19).toFixed(2)} discs over 19 positions; best move found: ${found} of 19`,
    );
  }, 30_000);

  it("reads code lines from stdin (no answers, no error), and says which line is not a position", async () => {
    const code = `${"0".repeat(27)}21${"0".repeat(6)}12${"0".repeat(27)}10`;
    const r = await othello(["eval", "--weights", WEIGHTS], `${code}\nnot a position\n`);
    expect(r.status).toBe(2);
    const out = lines(r.stdout);
    expect(out[0]).toMatch(/^1 60 [+-]\d+\.\d\d [CDEF][3456]$/);
    expect(out[1]).toBe("mean absolute error: - discs over 0 positions; best move found: 0 of 0");
    expect(r.stderr).toContain(
      'othello eval: stdin line 2: expected 64 squares of X, O or -, a space, and the side to move (X or O): "not a position"',
    );
  }, 30_000);

  it("refuses a corrupt weights file and a missing one, saying why", async () => {
    const corrupt = join(DIR, "corrupt.weights");
    const bytes = formatWeights(weights);
    bytes[5000]! ^= 1;
    writeFileSync(corrupt, bytes);
    const r = await othello(["eval", FFORUM, "--weights", corrupt]);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(
      /corrupt\.weights: checksum mismatch: the file says 0x[0-9a-f]{8}, its bytes give 0x[0-9a-f]{8} \(the file is corrupt\)/,
    );
    const missing = await othello(["eval", FFORUM, "--weights", join(DIR, "none.weights")]);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(/cannot read .*none\.weights: no such file/);
  }, 30_000);

  it("evaluates with the built-in weights by default", async () => {
    const r = await othello(["eval", FFORUM]);
    expect(r.status).toBe(0);
    expect(lines(r.stdout).at(-1)).toMatch(
      /^mean absolute error: \d+\.\d\d discs over 19 positions; best move found: \d+ of 19$/,
    );
  }, 30_000);
});

describe("the engine with --search alphabeta", () => {
  it("plays legal moves over GTP with the built-in weights and reports its depth", async () => {
    const r = await othello(
      ["--gtp", "--search", "alphabeta", "--depth", "3", "--no-book"],
      "boardsize 8\ngenmove b\ngenmove w\nquit\n",
    );
    expect(r.status).toBe(0);
    const replies = r.stdout.split("\n\n").filter((l) => l !== "");
    expect(replies[1]).toMatch(/^= (D3|C4|F5|E6)$/);
    expect(replies[2]).toMatch(/^= [A-H][1-8]$/);
    expect(r.stderr).toMatch(/alphabeta: black: depth 3, \d+ nodes in \d+\.\d\d s/);
  }, 30_000);

  it("refuses to start with a corrupt weights file, before any command", async () => {
    const r = await othello(["--gtp", "--search", "alphabeta", "--weights", join(DIR, "none.weights")], "name\n");
    expect(r.status).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/^othello: cannot read .*none\.weights: no such file\n$/);
  }, 30_000);

  it("rejects a depth out of range", async () => {
    const r = await othello(["--search", "alphabeta", "--depth", "0"]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/--depth: 0 is out of range: expected 1 to 30/);
  }, 30_000);
});
