import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { formatVertex } from "../../../src/index.js";
import { blunderingGame } from "../../solver/blunderingGame.js";

const ROOT = join(import.meta.dirname, "..", "..", "..");
const OTHELLO = join(ROOT, "dist/othello.js");
const dir = mkdtempSync(join(tmpdir(), "review-"));

function review(json: string, ...args: string[]) {
  const file = join(dir, `m${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, json);
  return spawnSync("node", [OTHELLO, "review", file, ...args], { encoding: "utf8" });
}

describe("othello review", () => {
  // Engine A plays black in the first game and white in the second: the same blundering black.
  const game = blunderingGame(2);
  const vertices = game.moves.map((m) => formatVertex(m).toLowerCase());
  const match = JSON.stringify({
    games: [
      { black: 0, moves: vertices },
      { black: 1, moves: vertices },
    ],
  });

  it("lists the reviewed engine's errors, whichever colour it had, and totals them", () => {
    expect(game.errors.length).toBeGreaterThan(0);
    const a = review(match, "--exact", "8", "--wld", "10");
    expect(a.status).toBe(0);
    const lines = a.stdout.trim().split("\n");
    expect(lines.slice(0, -1)).toHaveLength(game.errors.length);
    for (const [i, e] of game.errors.entries())
      expect(lines[i]).toContain(`game 1 (black): move ${e.ply + 1}, ${e.empties} empties, ${vertices[e.ply]}: `);
    const changed = game.errors.filter((e) => Math.sign(e.played) < Math.sign(e.best)).length;
    const discs = game.errors.filter((e) => e.mode === "exact").reduce((sum, e) => sum + e.best - e.played, 0);
    expect(lines.at(-1)).toBe(
      `reviewed 2 games of engine A: ${game.blackChecked + game.whiteChecked} moves with at most 10 empties; ${changed} changed the result; ${discs} discs given away with at most 8 empties`,
    );
    const b = review(match, "--engine", "B", "--exact", "8", "--wld", "10");
    expect(
      b.stdout
        .trim()
        .split("\n")
        .filter((l) => l.startsWith("game 2 (black)")),
    ).toHaveLength(game.errors.length);
  });

  it.each([
    ["not json", /not JSON/],
    ['{"rounds": []}', /no "games" list/],
    ['{"games": [{"black": 2, "moves": []}]}', /game 1: "black" must be 0 or 1/],
    ['{"games": [{"black": 0, "moves": ["f5", "f5"]}]}', /game 1, move 2 \(f5\): .*occupied/],
    ['{"games": [{"black": 0, "moves": ["z9"]}]}', /game 1, move 1 \(z9\): /],
  ])("refuses %j with the reason, exit status 2", (json, message) => {
    const r = review(json);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stdout).toBe("");
  });

  it("refuses --exact above --wld", () => {
    const r = review(match, "--exact", "12", "--wld", "10");
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("--exact 12 is more than --wld 10");
  });
});
