// Bundles each program into one file under dist/: the core and protocol code have no runtime
// dependencies. `othello` brings its browser page along (othello ui): dist/ui/ holds the page's
// script, HTML and CSS; the evaluation's weights go beside the bundle
// (protocol/engine/evaluationWeights.ts), and the opening book (protocol/engine/openingBook.ts),
// and so do the search threads' own bundle, dist/searchWorker.js (protocol/threads/parallelSearch.ts starts it for --threads), the
// self-play threads' of `othello train --threads`, dist/selfPlayWorker.js
// (protocol/threads/selfPlayThreads.ts), the solve threads' of `othello solve --threads`,
// dist/solveWorker.js (protocol/threads/parallelSolver.ts), and the page's analysis thread,
// dist/analysisWorker.js (protocol/ui/analyst.ts).
// `web` builds the static page, dist/web/: the page with the whole engine in it, on a Web Worker
// (protocol/web/), its weights and book beside it; it prints what the page loads, in bytes and gzipped.
import { copyFileSync, mkdirSync, readFileSync, readdirSync } from "node:fs";
import { copyFile, mkdir } from "node:fs/promises";
import { basename, join } from "node:path";
import { gzipSync } from "node:zlib";
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
  web: [],
};

/** A script for the browser: one file, minified, no module loader (a worker's too). */
const browserScript = (entry, outfile) =>
  build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: "browser",
    format: "iife",
    target: ["es2022"],
    minify: true,
    logLevel: "warning",
  });

async function buildPage() {
  await mkdir("dist/ui", { recursive: true });
  await Promise.all([
    browserScript("protocol/ui/page/main.ts", "dist/ui/page.js"),
    copyFile("protocol/ui/page/index.html", "dist/ui/index.html"),
    copyFile("protocol/ui/page/page.css", "dist/ui/page.css"),
  ]);
}

/** The static page: the same page as othello ui's, its engine the page's own. */
async function buildWeb() {
  const dir = "dist/web";
  await mkdir(dir, { recursive: true });
  await Promise.all([
    browserScript("protocol/web/main.ts", `${dir}/page.js`),
    browserScript("protocol/web/engineWorker.ts", `${dir}/engine.js`),
    copyFile("protocol/ui/page/index.html", `${dir}/index.html`),
    copyFile("protocol/ui/page/page.css", `${dir}/page.css`),
    copyFile("weights/eval.weights", `${dir}/eval.weights`),
    copyFile("book/opening.book", `${dir}/opening.book`),
  ]);
  const kb = (bytes) => `${(bytes / 1024).toFixed(0)} KiB`.padStart(10);
  let total = 0;
  let zipped = 0;
  console.log(`${dir}: what the page loads (bytes, gzipped)`);
  for (const file of readdirSync(dir).sort()) {
    const bytes = readFileSync(join(dir, file));
    const gz = gzipSync(bytes, { level: 9 }).length;
    total += bytes.length;
    zipped += gz;
    console.log(`  ${file.padEnd(14)}${kb(bytes.length)}${kb(gz)}`);
  }
  console.log(`  ${"total".padEnd(14)}${kb(total)}${kb(zipped)}`);
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
  ...(programs.includes("web") ? [buildWeb()] : []),
]);
mkdirSync("dist", { recursive: true });
copyFileSync("weights/eval.weights", "dist/eval.weights");
copyFileSync("book/opening.book", "dist/opening.book");
