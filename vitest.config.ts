import { readFileSync } from "node:fs";
import { defineConfig } from "vitest/config";

// The engine imports its weights file as bytes, which build.mjs bundles with esbuild's binary
// loader; the tests load it the same way, read from the repository.
export default defineConfig({
  plugins: [
    {
      name: "weights-as-bytes",
      enforce: "pre",
      load(id: string) {
        if (!id.endsWith(".weights")) return null;
        const base64 = readFileSync(id).toString("base64");
        return `export default new Uint8Array(Buffer.from(${JSON.stringify(base64)}, "base64"));`;
      },
    },
  ],
});
