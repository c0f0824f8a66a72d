// Bundles each program into one file under dist/: the core and protocol code have no runtime dependencies.
import { build } from "esbuild";

const programs = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ["othello"];
await Promise.all(
  programs.map((name) =>
    build({
      entryPoints: [`protocol/cli/${name}.ts`],
      outfile: `dist/${name}.js`,
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node20",
      sourcemap: true,
      logLevel: "warning",
      // The evaluation's weights, embedded so that the bundle needs no file beside it.
      loader: { ".weights": "binary" },
    }),
  ),
);
