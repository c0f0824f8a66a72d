// `make solve-bench-ffo` (docs/solver.md): the FFO endgame test, problems #40-#59
// (test/positions/fforum-40-59.obf, with their exact answers), solved by `othello solve` on each
// number of threads asked, one position at a time: each position is solved in a fresh process
// on every thread count in turn before the next, so that they see the same load, and a run cut
// short can go on with --from. A node or time limit per position leaves a position unsolved,
// cleanly. Before and after, the C yardstick (--ref) and our one thread on fforum 1-19, for the
// machine's speed in the same minutes. The totals are set beside the published figures of
// Egaroucid and Edax.
//
//   node tools/ffoBench.mjs [--from 40] [--to 59] [--threads 1,2] [--nodes N] [--time S] [--ref PATH|none]
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { formatTable } from "./table.mjs";
import { parseReferenceTotal, referenceProgram } from "./yardstick.mjs";

const FFO = "test/positions/fforum-40-59.obf";
const FIRST = 40;
const FFORUM = "test/positions/fforum-1-19.obf";
/** Egaroucid's benchmark page: FFO #40-#59 on a Core i9-13900K, 32 threads. */
const PUBLISHED = [
  { name: "Egaroucid 7.8.0 (published; i9-13900K, 32 threads)", nodes: 14.6e9, seconds: 20.2 },
  { name: "Edax 4.5.5 (published; i9-13900K, 32 threads)", nodes: 27.5e9, seconds: 23.1 },
];

function usage(message) {
  console.error(`ffo-bench: ${message}`);
  console.error(
    "usage: node tools/ffoBench.mjs [--from 40] [--to 59] [--threads 1,2] [--nodes N] [--time S] [--ref PATH|none]",
  );
  process.exit(2);
}

function parseArguments(args) {
  const o = { from: 40, to: 59, threads: [1, 2], nodes: undefined, time: undefined, ref: undefined };
  const whole = (a, text, min, max) => {
    const n = Number(text);
    if (!/^\d+$/.test(text) || n < min || n > max) usage(`${a} needs a whole number from ${min} to ${max}`);
    return n;
  };
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    const value = () => args[++i] ?? usage(`${a} needs a value`);
    if (a === "--from") o.from = whole(a, value(), 40, 59);
    else if (a === "--to") o.to = whole(a, value(), 40, 59);
    else if (a === "--threads")
      o.threads = value()
        .split(",")
        .map((t) => whole(a, t, 1, 16));
    else if (a === "--nodes") o.nodes = whole(a, value(), 1, Number.MAX_SAFE_INTEGER);
    else if (a === "--time") {
      o.time = value();
      if (!(Number(o.time) > 0)) usage("--time needs a number of seconds above 0");
    } else if (a === "--ref") o.ref = value();
    else usage(`unknown argument ${a}`);
  }
  if (o.from > o.to) usage(`--from ${o.from} is after --to ${o.to}`);
  return o;
}

/** `othello solve` on the lines of a file: its position lines and the numbers of its total line. */
function solve(file, threads, options) {
  const args = ["solve", "--threads", String(threads), file];
  if (options.nodes !== undefined) args.push("--nodes", String(options.nodes));
  if (options.time !== undefined) args.push("--time", options.time);
  const r = spawnSync("./othello", args, { encoding: "utf8", maxBuffer: 1 << 26 });
  const out = (r.stdout ?? "").trim().split("\n");
  const total = /(\d+) solved, (\d+) mismatches, (\d+) nodes, ([\d.]+) s, \d+ nodes\/s, cpu ([\d.]+) s/.exec(
    out.at(-1),
  );
  if (total === null) throw new Error(`othello ${args.join(" ")}: no total line (exit ${r.status}): ${r.stderr}`);
  if (r.stderr.trim() !== "") console.log(`  (its diagnostics: ${r.stderr.trim().replaceAll("\n", "; ")})`);
  return {
    lines: out.slice(0, -1),
    solved: Number(total[1]),
    mismatches: Number(total[2]),
    nodes: Number(total[3]),
    seconds: Number(total[4]),
    cpu: Number(total[5]),
  };
}

/** Our one thread and the C yardstick on fforum 1-19: the machine's speed now. */
function calibrate(ref, when) {
  const ours = solve(FFORUM, 1, {});
  let line = `${when}: fforum 1-19, ours (1 thread) ${ours.seconds.toFixed(3)} s, ${ours.nodes} nodes`;
  if (ref !== undefined) {
    const r = spawnSync(ref, [FFORUM], { encoding: "utf8" });
    const m = parseReferenceTotal((r.stdout ?? "").trim().split("\n").pop() ?? "");
    line +=
      m === null
        ? "; the C yardstick gave no total line"
        : `; the C yardstick ${m.seconds.toFixed(3)} s, ${m.nodes} nodes`;
  }
  console.log(line);
}

const giga = (n) => `${(n / 1e9).toFixed(2)} G`;
const mega = (n) => `${(n / 1e6).toFixed(1)} M`;

const options = parseArguments(process.argv.slice(2));
const ref = referenceProgram(options.ref, "ffo-bench");
const problems = readFileSync(FFO, "utf8")
  .split("\n")
  .filter((l) => l.trim() !== "");
const dir = mkdtempSync(join(tmpdir(), "ffo-bench-"));
const started = new Date();
console.log(
  `ffo-bench: FFO #${options.from}-#${options.to} on ${options.threads.join(", ")} thread(s)` +
    `${options.nodes === undefined ? "" : `, at most ${options.nodes} nodes`}` +
    `${options.time === undefined ? "" : `, at most ${options.time} s`} a position; ${started.toISOString()}`,
);
calibrate(ref, "before");
const totals = new Map(options.threads.map((t) => [t, { solved: 0, mismatches: 0, nodes: 0, seconds: 0, cpu: 0 }]));
for (let number = options.from; number <= options.to; number++) {
  const file = join(dir, `ffo-${number}.obf`);
  writeFileSync(file, `${problems[number - FIRST]}\n`);
  for (const threads of options.threads) {
    const r = solve(file, threads, options);
    const t = totals.get(threads);
    for (const key of Object.keys(t)) t[key] += r[key];
    const [, empties, move, score, nodes, seconds] = r.lines[0].split(" ");
    const verdict = r.lines[0].split(" ").slice(7).join(" ") || "(no answer to check)";
    console.log(
      `#${number} ${empties} empties, ${threads} thread(s): ${move} ${score}, ${nodes} nodes, ${seconds} s, ` +
        `${mega(Number(nodes) / Math.max(Number(seconds), 1e-6))} nodes/s, cpu ${r.cpu.toFixed(2)} s; ${verdict}`,
    );
  }
}
calibrate(ref, "after");

const rows = [];
for (const [threads, t] of totals) {
  rows.push([
    `ours, ${threads} thread${threads === 1 ? "" : "s"}`,
    `#${options.from}-#${options.to}: ${t.solved} solved, ${t.mismatches} mismatches`,
    giga(t.nodes),
    `${t.seconds.toFixed(1)} s`,
    `${mega(t.nodes / Math.max(t.seconds, 1e-6))}/s`,
    `cpu ${(t.cpu / Math.max(t.seconds, 1e-6)).toFixed(2)}x the time`,
  ]);
}
for (const p of PUBLISHED)
  rows.push([p.name, "#40-#59", giga(p.nodes), `${p.seconds} s`, `${mega(p.nodes / p.seconds)}/s`, ""]);
const header = ["solver", "positions", "nodes", "time", "nodes a second", "processor time"];
console.log(`\nffo-bench: ${started.toISOString()} to ${new Date().toISOString()}, in-process totals`);
for (const line of formatTable(header, rows)) console.log(line);
const [one, ...more] = options.threads;
for (const threads of more) {
  const a = totals.get(one);
  const b = totals.get(threads);
  console.log(
    `${threads} threads against ${one}: ${(a.seconds / Math.max(b.seconds, 1e-6)).toFixed(2)} times the speed, ` +
      `${(b.nodes / Math.max(a.nodes, 1)).toFixed(2)} times the nodes`,
  );
}
const mismatches = [...totals.values()].reduce((sum, t) => sum + t.mismatches, 0);
process.exit(mismatches > 0 ? 1 : 0);
