import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { curveCommand } from "../../../protocol/cli/curveCommand.js";
import { formatWeights, zeroWeights } from "../../../src/index.js";

const DIR = mkdtempSync(join(tmpdir(), "curve-"));
afterAll(() => rmSync(DIR, { recursive: true, force: true }));

function curve(args: string[]): { status: number; printed: string[]; logged: string[] } {
  const printed: string[] = [];
  const logged: string[] = [];
  const status = curveCommand(args, { print: (l) => void printed.push(l), log: (l) => void logged.push(l) });
  return { status, printed, logged };
}

/** A table row's fields: empties, positions, scale, log-loss, log-loss at 0.5. */
function row(line: string): [string, number, number, number, number] {
  const m = /^ *(\d+-\d+|all) +(\d+) +(\S+) +(\S+) +(\S+)$/.exec(line);
  if (m === null) throw new Error(`not a row: ${line}`);
  return [m[1]!, Number(m[2]), Number(m[3]), Number(m[4]), Number(m[5])];
}

const SMALL = ["--games", "40", "--depth", "1", "--seed", "3"];

describe("othello curve", () => {
  const run = curve(SMALL);

  it("prints the fit by bands of 10 empties, over all, and last the overall scale", () => {
    expect(run.status).toBe(0);
    expect(run.printed).toHaveLength(9);
    expect(run.printed[0]).toMatch(/^empties +positions +scale +log-loss +at 0\.5$/);
    const rows = run.printed.slice(1, 8).map(row);
    expect(rows.map((r) => r[0])).toEqual(["1-10", "11-20", "21-30", "31-40", "41-50", "51-60", "all"]);
    const all = rows[6]!;
    expect(rows.slice(0, 6).reduce((n, r) => n + r[1], 0)).toBe(all[1]);
    // About 10 positions a game in each band (fewer when a mover passes).
    for (const r of rows.slice(0, 6)) expect(r[1]).toBeGreaterThan(300);
    for (const [, , scale, logLoss, even] of rows) {
      expect(scale).toBeGreaterThan(0);
      expect(logLoss).toBeLessThan(even);
      expect(even).toBe(Number(Math.LN2.toFixed(4)));
    }
    expect(run.printed[8]).toBe(`scale: ${all[2].toFixed(2)}`);
    expect(run.logged.at(-1)).toMatch(/^othello curve: 40 games, \d+ positions, \d+s$/);
    expect(run.logged.some((l) => /^self-play \[#+\] 100% 40\/40/.test(l))).toBe(true);
  });

  it("gives the same figures for the same options, others for another seed", () => {
    expect(curve(SMALL).printed).toEqual(run.printed);
    expect(curve([...SMALL, "--seed", "4"]).printed).not.toEqual(run.printed);
  });

  it("plays and evaluates with --weights: all-zero weights predict nothing, so the scale is infinite and every log-loss ln 2", () => {
    const file = join(DIR, "zero.weights");
    writeFileSync(file, formatWeights(zeroWeights(13)));
    const zero = curve([...SMALL, "--weights", file]);
    expect(zero.status).toBe(0);
    expect(zero.printed.at(-1)).toBe("scale: Infinity");
    for (const line of zero.printed.slice(1, 8)) expect(row(line)[3]).toBe(Number(Math.LN2.toFixed(4)));
  });

  it("refuses weights it cannot read, and stray arguments", () => {
    const missing = curve(["--games", "1", "--weights", join(DIR, "none.weights")]);
    expect(missing.status).toBe(2);
    expect(missing.logged.join("\n")).toMatch(/^othello curve: cannot read .*none\.weights: no such file$/);
    expect(curve(["--games", "1", "extra"]).status).toBe(2);
    expect(curve(["--games", "0"]).status).toBe(2);
  });

  it("lists the self-play options of othello train in its help", () => {
    const help = curve(["--help"]);
    expect(help.status).toBe(0);
    for (const option of [
      "--games N",
      "--depth D",
      "--random-plies N",
      "--noise DISCS",
      "--solve-empties E",
      "--seed S",
      "--weights FILE",
    ])
      expect(help.printed[0]).toContain(option);
  });
});
