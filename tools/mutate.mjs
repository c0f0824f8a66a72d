// @ts-check
// `make mutate`: StrykerJS over the solver's and the search's files, a run per group of files
// (docs/mutation.md), then one table of the scores. `node tools/mutate.mjs GLOBS` runs the files the
// comma-separated globs name in one run instead.
//
// Why groups: the code under test runs instrumented, several times slower, and so do the tests
// of every other mutated file they call. Mutated alone, the endgame search's 272 mutants took
// 342 s; among all the solver's files, about three times as long each. Each group is what its
// tests exercise most: the leaves apart from the search that calls them.

import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { posix } from "node:path";

/** The groups, each a Stryker run of its own; together they hold every file of both rooms once. */
const GROUPS = [
  [
    "search-tree",
    "tree treeMemory treeCompaction params selectionTables nodeFlags leafValues earlyStop pruning proof proofFromChildren",
    "search",
  ],
  ["search-selection", "selection report", "search"],
  ["search-loop", "search searchTerms keptTree priors threadSearch", "search"],
  ["solver-leaves", "lastEmpties", "solver"],
  ["solver-shallow", "shallowSearch parity ../finalScore", "solver"],
  ["solver-search", "endgameSearch endgameMoves endgameKernel sharedSolve", "solver"],
  ["solver-tables", "stability transpositionTable", "solver"],
  ["solver-front", "solver solveTerms solvePlanner narrowing endgameReview ../alphabeta/orderingSearch", "solver"],
].map(([name, files, room]) => ({ name, files: files.split(" ").map((f) => posix.join("src", room, `${f}.ts`)) }));

const ROOT = "reports/mutation";

/** Generated, not written: the WebAssembly kernel's bytes (make kernel), no logic to mutate. */
const GENERATED = ["src/solver/endgameKernelBytes.ts"];

/** Files of src/ outside both rooms that their groups mutate too: the score of a finished game, and the ordering search over the evaluation, the solver's. */
const SHARED = ["src/finalScore.ts", "src/alphabeta/orderingSearch.ts"];

/** Every TypeScript file of both rooms is in exactly one group: a file added to a room must be given one. */
function checkGroups() {
  const inGroups = GROUPS.flatMap((g) => g.files).sort();
  const inRooms = ["search", "solver"]
    .flatMap((room) => readdirSync(`src/${room}`).map((f) => `src/${room}/${f}`))
    .filter((f) => f.endsWith(".ts") && !GENERATED.includes(f))
    .concat(SHARED)
    .sort();
  if (inGroups.join() !== inRooms.join()) {
    const missing = inRooms.filter((f) => !inGroups.includes(f));
    const extra = inGroups.filter((f) => !inRooms.includes(f));
    throw new Error(`tools/mutate.mjs: the groups do not match the rooms (missing: ${missing}; not there: ${extra})`);
  }
}

/** One Stryker run over `mutate` (comma-separated globs), its reports in `reports`; false if it failed. */
function run(mutate, reports) {
  const started = Date.now();
  const r = spawnSync("npx", ["stryker", "run"], {
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env, MUTATE: mutate, MUTATE_REPORTS: reports },
  });
  console.log(`== ${reports}: ${Math.round((Date.now() - started) / 1000)} s`);
  return r.status === 0;
}

/** Counts by file from the reports' mutation.json files: [file, {status: count}]. */
function counts(dirs) {
  /** @type {Map<string, Record<string, number>>} */
  const byFile = new Map();
  for (const dir of dirs) {
    const path = `${dir}/mutation.json`;
    if (!existsSync(path)) continue;
    const report = JSON.parse(readFileSync(path, "utf8"));
    for (const [file, { mutants }] of Object.entries(report.files)) {
      const c = byFile.get(file) ?? {};
      for (const m of mutants) c[m.status] = (c[m.status] ?? 0) + 1;
      byFile.set(file, c);
    }
  }
  return [...byFile].sort(([a], [b]) => a.localeCompare(b));
}

/** The table of scores: detected (killed or timed out) over detected, survived and not covered. */
function table(rows) {
  const line = (name, c) => {
    const n = (k) => c[k] ?? 0;
    const detected = n("Killed") + n("Timeout");
    const valid = detected + n("Survived") + n("NoCoverage");
    const score = valid === 0 ? "n/a" : `${((100 * detected) / valid).toFixed(2)}%`;
    return `| ${name} | ${score} | ${n("Killed")} | ${n("Timeout")} | ${n("Survived")} | ${n("NoCoverage")} | ${n("Ignored")} |`;
  };
  const total = {};
  for (const [, c] of rows) for (const [k, v] of Object.entries(c)) total[k] = (total[k] ?? 0) + v;
  return [
    "| file | score | killed | timed out | survived | no coverage | ignored |",
    "|---|---|---|---|---|---|---|",
    ...rows.map(([file, c]) => line(`\`${file.replace(/^src\//, "")}\``, c)),
    line("**all**", total),
  ].join("\n");
}

const globs = process.argv[2];
if (globs) {
  process.exit(run(globs, process.env.MUTATE_REPORTS || ROOT) ? 0 : 1);
}
checkGroups();
const started = Date.now();
let ok = true;
for (const g of GROUPS) ok = run(g.files.join(","), `${ROOT}/${g.name}`) && ok;
const minutes = ((Date.now() - started) / 60_000).toFixed(1);
const summary = `${table(counts(GROUPS.map((g) => `${ROOT}/${g.name}`)))}\n\n${GROUPS.length} runs, ${minutes} min\n`;
writeFileSync(`${ROOT}/summary.md`, summary);
console.log(`\n${summary}\n(${ROOT}/summary.md)`);
process.exit(ok ? 0 : 1);
