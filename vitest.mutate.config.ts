import { defineConfig } from "vitest/config";

// `make mutate` (stryker.config.mjs) only: the unit tests of the mutated files. No end-to-end
// tests (they run the built programs, which hold no mutants) and so no global set-up building
// them. The code under test runs instrumented, several times slower, hence the long timeout.
export default defineConfig({
  test: {
    include: ["test/solver/**/*.test.ts", "test/search/**/*.test.ts", "test/choose/**/*.test.ts"],
    testTimeout: 600_000,
  },
});
