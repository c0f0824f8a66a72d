// Bundles each program into one file under dist/: the core and protocol code have no runtime
// dependencies. `othello` brings its browser page along (othello ui): dist/ui/ holds the page's
// script, HTML and CSS; the evaluation's weights go beside the bundle
// (protocol/engine/evaluationWeights.ts), and the opening book (protocol/engine/openingBook.ts),
// and so do the search threads' own bundle, dist/searchWorker.js (protocol/threads/parallelSearch.ts starts it for --threads), the
// self-play threads' of `othello train --threads`, dist/selfPlayWorker.js
// (protocol/threads/selfPlayThreads.ts), the solve threads' of `othello solve --threads`,
// dist/solveWorker.js (protocol/threads/parallelSolver.ts), and the page's analysis thread,
// dist/analysisWorker.js (protocol/ui/analyst.ts).
import { copyFileSync, mkdirSync } from "node:fs";
import { copyFile, mkdir } from "node:fs/promises";
import { basename } from "node:path";
import { build } from "esbuild";

const programs = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ["othello"];
/** Each program's entry points under protocol/, each bundled as dist/NAME.js after its file's name. */
const ENTRIES = {
  othello: [
    "cli/othello.ts",
    "threads/searchWorker.ts",
    "threads/selfPlayWorker.ts",
    "threads/solveWorker.ts",
    "ui/analysisWorker.ts",
  ],
  judge: ["cli/judge.ts"],
};

async function buildPage() {
  await mkdir("dist/ui", { recursive: true });
  await Promise.all([
    build({
      entryPoints: ["protocol/ui/page/main.ts"],
      outfile: "dist/ui/page.js",
      bundle: true,
      platform: "browser",
      format: "iife",
      target: ["es2022"],
      minify: true,
      logLevel: "warning",
    }),
    copyFile("protocol/ui/page/index.html", "dist/ui/index.html"),
    copyFile("protocol/ui/page/page.css", "dist/ui/page.css"),
  ]);
}

await Promise.all([
  ...programs
    .flatMap((name) => ENTRIES[name])
    .map((entry) =>
      build({
        entryPoints: [`protocol/${entry}`],
        outfile: `dist/${basename(entry, ".ts")}.js`,
        bundle: true,
        platform: "node",
        format: "esm",
        target: "node20",
        sourcemap: true,
        logLevel: "warning",
        // The programs run as commands of their own once installed by npm (package.json's bin).
        ...(entry.startsWith("cli/") ? { banner: { js: "#!/usr/bin/env node" } } : {}),
      }),
    ),
  ...(programs.includes("othello") ? [buildPage()] : []),
]);
mkdirSync("dist", { recursive: true });
copyFileSync("weights/eval.weights", "dist/eval.weights");
copyFileSync("book/opening.book", "dist/opening.book");
