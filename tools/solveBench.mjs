// `make solve-bench` (docs/solver.md): the solver's nodes, nodes a second and time on each file,
// side by side with the C yardstick (--ref: refsolve-generic, the program, or the folder of its
// sources, refsolve.c and its Makefile) and, when given, another build (the previous commit's), each
// round running all of them in turn on the same file so that they see the same load. Times are
// the totals the programs print, measured inside each process; a solver's time is the median of
// its rounds, and a ratio the median of the rounds' ratios.
//
//   node tools/solveBench.mjs [--rounds N] [--quick] [--ref PATH|none] [--base DIR] [FILE ...]
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { formatTable } from "./table.mjs";
import { parseReferenceTotal, referenceProgram } from "./yardstick.mjs";

const FFORUM = "test/positions/fforum-1-19.obf";
const FILES = [FFORUM, "test/positions/endgames-20-22.obf"];

function usage(message) {
  console.error(`solve-bench: ${message}`);
  console.error("usage: node tools/solveBench.mjs [--rounds N] [--quick] [--ref PATH|none] [--base DIR] [FILE ...]");
  process.exit(2);
}

function parseArguments(args) {
  const o = { rounds: 3, quick: false, ref: undefined, base: undefined, files: [] };
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    const value = () => args[++i] ?? usage(`${a} needs a value`);
    if (a === "--rounds") {
      o.rounds = Number(value());
      if (!Number.isInteger(o.rounds) || o.rounds < 1) usage("--rounds needs a whole number of at least 1");
    } else if (a === "--quick") o.quick = true;
    else if (a === "--ref") o.ref = value();
    else if (a === "--base") o.base = value();
    else if (a.startsWith("-")) usage(`unknown option ${a}`);
    else o.files.push(a);
  }
  if (o.files.length === 0) o.files = o.quick ? [FFORUM] : FILES;
  return o;
}

/** Runs a solver on a file; its total line read back as { nodes, seconds, mismatches }. */
function run(solver, file) {
  const r = spawnSync(solver.command, [...solver.args, file], { encoding: "utf8", maxBuffer: 1 << 26 });
  const total = (r.stdout ?? "").trim().split("\n").pop() ?? "";
  const m = solver.parse(total);
  if (m === undefined) throw new Error(`${solver.name} on ${file}: no total line (exit ${r.status}): ${r.stderr}`);
  return m;
}

// `total 19 positions, 19 solved, 0 mismatches, 2425331 nodes, 0.395 s, 6142695 nodes/s`
function parseOurs(line) {
  const m = /(\d+) mismatches, (\d+) nodes, ([\d.]+) s/.exec(line);
  return m && { mismatches: Number(m[1]), nodes: Number(m[2]), seconds: Number(m[3]) };
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const h = s.length >> 1;
  return s.length % 2 === 1 ? s[h] : (s[h - 1] + s[h]) / 2;
}

const options = parseArguments(process.argv.slice(2));
const ref = referenceProgram(options.ref, "solve-bench");
const solvers = [{ name: "ours", command: "./othello", args: ["solve"], parse: parseOurs }];
if (ref !== undefined) solvers.push({ name: "C", command: ref, args: [], parse: parseReferenceTotal });
if (options.base !== undefined) {
  const launcher = join(options.base, "othello");
  if (!existsSync(launcher)) usage(`--base ${options.base}: no built othello there (make -C ${options.base} all)`);
  solvers.push({ name: "base", command: launcher, args: ["solve"], parse: parseOurs });
}

const started = new Date();
let mismatches = 0;
const rows = [];
for (const file of options.files) {
  const runs = solvers.map(() => []);
  for (let round = 0; round < options.rounds; round++) {
    solvers.forEach((solver, i) => {
      const r = run(solver, file);
      mismatches += r.mismatches;
      runs[i].push(r);
      console.log(`${file} round ${round + 1}: ${solver.name} ${r.nodes} nodes, ${r.seconds.toFixed(3)} s`);
    });
  }
  solvers.forEach((solver, i) => {
    const times = runs[i].map((r) => r.seconds);
    const nodes = median(runs[i].map((r) => r.nodes));
    const seconds = median(times);
    const ratio = (j) => median(runs[0].map((r, k) => r.seconds / runs[j][k].seconds)).toFixed(2);
    rows.push([
      i === 0 ? file : "",
      solver.name,
      String(nodes),
      String(Math.round(nodes / Math.max(seconds, 1e-6))),
      times.map((t) => t.toFixed(3)).join(" "),
      seconds.toFixed(3),
      i === 0
        ? solvers
            .slice(1)
            .map((s, j) => `${s.name} ${ratio(j + 1)}`)
            .join(", ")
        : "",
    ]);
  });
}

const header = [
  "file",
  "solver",
  "nodes",
  "nodes/s",
  "seconds, each round",
  "median s",
  "ours / other (median of rounds)",
];
console.log(
  `\nsolve-bench: ${options.rounds} rounds, ${started.toISOString()} to ${new Date().toISOString()}, ` +
    `in-process totals (the C's wall time); ${mismatches} mismatches`,
);
for (const line of formatTable(header, rows)) console.log(line);
const revision = (dir) => execFileSync("git", ["-C", dir, "rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
console.log(`ours: ${revision(".")}${options.base === undefined ? "" : `, base: ${revision(options.base)}`}`);
process.exit(mismatches > 0 ? 1 : 0);
