import { defineConfig } from "vitest/config";

// `make mutate` (stryker.config.mjs) only: the unit tests of the mutated files. No end-to-end
// tests (they run the built programs, which hold no mutants) and so no global set-up building
// them. The code under test runs instrumented, several times slower, hence the long timeout.
export default defineConfig({
  test: {
    include: [
      "test/solver/**/*.test.ts",
      // The solver's ordering search over the evaluation, in the alpha-beta room.
      "test/alphabeta/orderingSearch.test.ts",
      "test/search/**/*.test.ts",
      "test/choose/**/*.test.ts",
      // Unit tests of the protocol rooms that test the search's move rule and reports through
      // their users (the threads' root merge, the engine's and the page's reports).
      "test/protocol/threads/rootMerge.test.ts",
      "test/protocol/engine/searchReport.test.ts",
      "test/protocol/ui/engineReport.test.ts",
    ],
    testTimeout: 600_000,
    // The test files share one module graph: loading the modules (the weights most of all) once
    // instead of once a file cut a run's overhead from 7 s to 1.3 s, and each mutant's run with it.
    isolate: false,
  },
});
