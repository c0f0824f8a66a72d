import { configDefaults, defineConfig } from "vitest/config";

// `make check`: every test but the browser's (vitest.browser.config.ts, `make ui-test`).
export default defineConfig({
  test: {
    globalSetup: ["test/buildPrograms.ts"],
    // Stryker's sandboxes (`make mutate`) hold a copy of every test.
    exclude: [...configDefaults.exclude, ".stryker-tmp/**"],
  },
});
