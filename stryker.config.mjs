// @ts-check
// `make mutate`: mutation testing with StrykerJS (docs/mutation.md). Not part of `make check`.
// tools/mutate.mjs runs this configuration once per group of files, through MUTATE and MUTATE_REPORTS.

/** The solver's files, the score of a finished game that it shares, and its ordering search over the evaluation. */
const SOLVER = ["src/solver/**/*.ts", "src/finalScore.ts", "src/alphabeta/orderingSearch.ts"];
/** The search's files: the tree search's room. */
const SEARCH = ["src/search/**/*.ts"];

/** Where the reports go: MUTATE_REPORTS, so that runs over different rooms keep their own. */
const REPORTS = process.env.MUTATE_REPORTS || "reports/mutation";

/** @type {import("@stryker-mutator/api/core").PartialStrykerOptions} */
export default {
  // MUTATE (comma-separated globs, e.g. MUTATE='src/solver/**/*.ts') narrows the run.
  mutate: process.env.MUTATE ? process.env.MUTATE.split(",") : [...SOLVER, ...SEARCH],
  testRunner: "vitest",
  vitest: { configFile: "vitest.mutate.config.ts", related: false },
  // Each mutant runs only the tests that reached it, stopping at the first that fails.
  coverageAnalysis: "perTest",
  // A mutant in code that runs when a module loads (the tables built at start) is reached by
  // every test, so each would run the whole suite; they are left out (counted as ignored).
  ignoreStatic: true,
  concurrency: 2,
  // A mutant that makes its tests run longer than the factor times their normal time plus this
  // is counted as a timeout (detected: an endless loop, usually); generous, the machine is shared.
  timeoutMS: 5_000,
  timeoutFactor: 1.5,
  dryRunTimeoutMinutes: 20,
  // A rerun tests only the mutants whose code or tests changed since the last run.
  incremental: true,
  incrementalFile: `${REPORTS}/incremental.json`,
  // event-recorder: each mutant's result in reports/mutation/events/ as soon as it is known, so
  // the survivors can be read (and tests written) while the run goes on.
  reporters: ["clear-text", "progress", "html", "json", "event-recorder"],
  eventReporter: { baseDir: `${REPORTS}/events` },
  htmlReporter: { fileName: `${REPORTS}/index.html` },
  jsonReporter: { fileName: `${REPORTS}/mutation.json` },
  tempDirName: ".stryker-tmp",
  cleanTempDir: "always",
};
