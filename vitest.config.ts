import { defineConfig } from "vitest/config";

// `make check`: every test but the browser's (vitest.browser.config.ts, `make ui-test`).
export default defineConfig({
  test: {
    globalSetup: ["test/buildPrograms.ts"],
  },
});
