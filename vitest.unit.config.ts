import { availableParallelism } from "node:os";
import { configDefaults, defineConfig } from "vitest/config";

// `make test-unit`: the unit tests alone, the quick loop for the person changing a function. The
// end-to-end tests, the files named *.e2e.test.ts, run the built programs (dist/), spawn processes
// or play whole subcommands such as a smoke-sized `othello train`; they are left out, and with them
// the global set-up that builds dist/ (`make test-e2e` runs them, `make check` runs everything).
export default defineConfig({
  test: {
    exclude: [...configDefaults.exclude, ".stryker-tmp/**", "**/*.e2e.test.ts"],
    // The test files share one module graph: the modules, the weights most of all, load once a
    // worker rather than once a file.
    isolate: false,
    // A worker a core: vitest's default leaves one core to its main process, which only waits here.
    maxWorkers: availableParallelism(),
    // The solver's reference checks take seconds alone, more on a machine busy with matches: a
    // test's time is no part of what it checks.
    testTimeout: 60_000,
  },
});
