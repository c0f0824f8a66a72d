// The C yardstick of the solver benches (tools/solveBench.mjs, tools/ffoBench.mjs): refsolve-generic,
// given as the program or as the folder of its sources (refsolve.c and its Makefile).
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * The yardstick's program: `path`, or the program built from the folder of sources `path` in a
 * temporary directory; undefined for none ("none" or no path) and, saying why under `label`,
 * when it is missing or does not build.
 */
export function referenceProgram(path, label) {
  if (path === undefined || path === "none") return undefined;
  if (!existsSync(path)) {
    console.log(`${label}: no C yardstick (${path} is missing); REFSOLVE=PATH names one`);
    return undefined;
  }
  if (!statSync(path).isDirectory()) return path;
  const dir = join(mkdtempSync(join(tmpdir(), `${label}-`)), "bench");
  cpSync(path, dir, { recursive: true });
  const made = spawnSync("make", ["-C", dir, "refsolve-generic"], { encoding: "utf8" });
  if (made.status !== 0) {
    console.log(`${label}: no C yardstick (building it in ${dir} failed: ${(made.stderr ?? "").trim()})`);
    return undefined;
  }
  console.log(`${label}: the C yardstick built in ${dir}`);
  return join(dir, "refsolve-generic");
}

// `total 19 problems (19 solved, 0 skipped, 0 mismatches): nodes 5499636  wall 0.398 s  cpu 0.282 s ...`
/** The yardstick's total line read back: { mismatches, nodes, seconds }, or null. */
export function parseReferenceTotal(line) {
  const m = /(\d+) mismatches\): nodes (\d+)\s+wall ([\d.]+) s/.exec(line);
  return m && { mismatches: Number(m[1]), nodes: Number(m[2]), seconds: Number(m[3]) };
}
