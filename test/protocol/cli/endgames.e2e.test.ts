import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..", "..", "..");
const OTHELLO = join(ROOT, "dist/othello.js");

describe("othello endgames", () => {
  const args = ["endgames", "--count", "3", "--fewest", "9", "--most", "11", "--seed", "5", "--playouts", "200"];

  it("makes positions with the asked empties, their best moves checked by othello solve", () => {
    const made = spawnSync("node", [OTHELLO, ...args], { encoding: "utf8" });
    expect(made.status).toBe(0);
    const lines = made.stdout.split("\n").filter((l) => l !== "");
    expect(lines).toHaveLength(3);
    expect(lines.map((l) => [...l.slice(0, 64)].filter((c) => c === "-").length)).toEqual([9, 10, 11]);
    for (const line of lines) expect(line).toMatch(/^[XO-]{64} [XO];( [A-H][1-8]:[+-]\d+;)+$/);
    const solved = spawnSync("node", [OTHELLO, "solve", "-"], { input: made.stdout, encoding: "utf8" });
    expect(solved.status).toBe(0);
    expect(solved.stdout).toContain("total 3 positions, 3 solved, 0 mismatches");
    // The same options, the same positions.
    expect(spawnSync("node", [OTHELLO, ...args], { encoding: "utf8" }).stdout).toBe(made.stdout);
  });

  it("--no-answers: the same positions, not solved", () => {
    const made = spawnSync("node", [OTHELLO, ...args], { encoding: "utf8" })
      .stdout.split("\n")
      .filter((l) => l !== "");
    const bare = spawnSync("node", [OTHELLO, ...args, "--no-answers"], { encoding: "utf8" });
    expect(bare.status).toBe(0);
    expect(bare.stdout.split("\n").filter((l) => l !== "")).toEqual(made.map((l) => l.slice(0, 66)));
  });

  it("refuses --fewest above --most", () => {
    const r = spawnSync("node", [OTHELLO, "endgames", "--fewest", "12", "--most", "10"], { encoding: "utf8" });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("--fewest 12 is more than --most 10");
  });
});
