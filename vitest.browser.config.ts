import { defineConfig } from "vitest/config";

// `make ui-test`: the end-to-end test in a real browser, apart from `make check`, which needs none.
export default defineConfig({
  test: {
    include: ["test/browser/**/*.browser.ts"],
    globalSetup: ["test/buildPrograms.ts"],
    testTimeout: 300_000,
    hookTimeout: 120_000,
  },
});
