import { spawnSync } from "node:child_process";
import { join } from "node:path";

/**
 * Vitest's global set-up: the programs the end-to-end tests run (dist/othello.js with its page,
 * dist/judge.js, the static page dist/web/) are built once, before any test file starts, so that no test runs a bundle
 * another file is still writing.
 */
export default function buildPrograms(): void {
  const root = join(import.meta.dirname, "..");
  const build = spawnSync("node", ["build.mjs", "othello", "judge", "web"], { cwd: root, encoding: "utf8" });
  if (build.status !== 0) throw new Error(`building the programs failed:\n${build.stderr}`);
}
