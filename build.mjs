// Bundles each program into one file under dist/: the core and protocol code have no runtime
// dependencies. The evaluation's weights go beside the bundle (protocol/engine/evaluationWeights.ts).
import { copyFileSync, mkdirSync } from "node:fs";
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
    }),
  ),
);
mkdirSync("dist", { recursive: true });
copyFileSync("weights/eval.weights", "dist/eval.weights");
