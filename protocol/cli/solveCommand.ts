import { type Move, PASS, type SolveMode, type SolveResult, formatVertex } from "../../src/index.js";
import { loadEvaluation } from "../engine/evaluationWeights.js";
import { parseThreads } from "../engine/options.js";
import { ParallelSolver } from "../threads/parallelSolver.js";
import { parseDecimal, parseWholeNumber } from "../text/numbers.js";
import { field, flag } from "../text/optionTable.js";
import { type Problem, readProblems } from "./positionLines.js";
import { type Output, type Program, programArguments, usageError } from "./program.js";

interface SolveOptions {
  readonly mode: SolveMode;
  /** Seconds per position; undefined: no limit. */
  readonly time: number | undefined;
  /** Visits per position, all threads together; undefined: no limit. */
  readonly nodes: number | undefined;
  readonly threads: number;
}

export const solveProgram: Program<SolveOptions> = {
  name: "othello solve",
  synopsis: ["othello solve [FILE|-] [--wld] [--time S] [--nodes N] [--threads N]"],
  about: [
    "Solves endgame positions exactly: obf lines (64 squares a1..h8 of X, O or -, the side to move, then",
    "optionally `;`-separated answers like G8:+18, best first) or the course's 66-digit code lines, from FILE",
    "or stdin. Prints one line per position: number, empties, best move, score (win/draw/loss with --wld),",
    "nodes, seconds, nodes/s, and when the line carries answers `ok` or the mismatch; then a total line (with the",
    "processor time of the solves, all threads': about N times the seconds when N threads each had a core).",
    "Scores: final disc difference for the side to move, empty squares to the winner.",
    "Exit status 1 on a mismatch, 2 on a line that is not a position (the others are solved all the same).",
  ],
  options: {
    "--wld": flag("win, draw or loss only (a null window around 0), faster than the exact score", (o) => ({
      ...o,
      mode: "wld",
    })),
    "--time": field(
      "time",
      "S",
      "give up a position after S seconds: it is reported unsolved (default: no limit)",
      (t) => parseDecimal(t, 0.001, 86400),
    ),
    "--nodes": field(
      "nodes",
      "N",
      "give up a position after visiting about N positions (all threads together): it is reported unsolved (default: no limit)",
      (t) => parseWholeNumber(t, 1, Number.MAX_SAFE_INTEGER),
    ),
    "--threads": field(
      "threads",
      "N",
      "solve each position on N threads at once, sharing one transposition table (default 1); the nodes are all the threads'",
      parseThreads,
    ),
  },
  defaults: () => ({ mode: "exact", time: undefined, nodes: undefined, threads: 1 }),
};

function formatScore(score: number, mode: SolveMode): string {
  if (mode === "wld") return score > 0 ? "win" : score < 0 ? "loss" : "draw";
  return score > 0 ? `+${score}` : String(score);
}

function formatMove(move: Move | undefined): string {
  return move === undefined ? "--" : formatVertex(move);
}

/** The result's sign in WLD mode, the score itself in exact mode: what the answers are compared on. */
function outcome(score: number, mode: SolveMode): number {
  return mode === "wld" ? Math.sign(score) : score;
}

/**
 * Checks a solved result against the line's answers: the score must be the best answer's, and
 * the move must reach it (its own listed answer, or, when the line does not list it, a solve of
 * the position after it). Returns undefined when it agrees, else what was expected.
 */
function mismatch(problem: Problem, result: SolveResult, mode: SolveMode, solver: ParallelSolver): string | undefined {
  const best = problem.answers[0]!;
  const expected = `expected ${formatScore(best.score, mode)} (${problem.answers
    .filter((a) => outcome(a.score, mode) === outcome(best.score, mode))
    .map((a) => formatVertex(a.move))
    .join(" ")})`;
  if (outcome(result.score, mode) !== outcome(best.score, mode)) return expected;
  const move = result.move;
  if (move === undefined) return undefined;
  const listed = problem.answers.find((a) => a.move === move);
  let reached: number;
  if (listed !== undefined) reached = listed.score;
  else if (move === PASS) reached = result.score;
  else reached = 0 - solver.solve(problem.position.play(move), { mode }).score;
  return outcome(reached, mode) === outcome(best.score, mode)
    ? undefined
    : `${formatVertex(move)} does not reach it: ${expected}`;
}

/** `othello solve [FILE|-] [--wld] [--time S] [--nodes N] [--threads N]`. */
export async function solveCommand(args: readonly string[], out: Output): Promise<number> {
  const parsed = programArguments(solveProgram, args, out);
  if (typeof parsed === "number") return parsed;
  if (parsed.positional.length > 1)
    return usageError(solveProgram, `expected at most one FILE, got ${parsed.positional.length} arguments`, out);
  const { mode, time, nodes, threads } = parsed.settings;
  const file = parsed.positional[0] ?? "-";
  const read = await readProblems(file, "othello solve", out.log);
  if (!read.ok) {
    out.log(`othello solve: ${read.error}`);
    return 2;
  }
  // The evaluation orders the moves far from the end (docs/solver.md).
  const evaluation = loadEvaluation(undefined);
  if (!evaluation.ok) {
    out.log(`othello solve: ${evaluation.error}`);
    return 2;
  }
  const solver = new ParallelSolver({ threads, evaluation: evaluation.value }, out.log);
  const now = (): number => performance.now();
  let positions = 0,
    solved = 0,
    mismatches = 0,
    totalNodes = 0,
    totalSeconds = 0,
    cpuMicroseconds = 0;
  for await (const problem of read.value.problems) {
    positions++;
    // A clear table per position, so that its node count does not depend on the lines before it.
    solver.clear();
    const started = now();
    const cpu = process.cpuUsage();
    const result = solver.solve(problem.position, {
      mode,
      now,
      deadline: time === undefined ? Infinity : started + time * 1000,
      ...(nodes === undefined ? {} : { nodeLimit: nodes }),
    });
    const seconds = (now() - started) / 1000;
    const used = process.cpuUsage(cpu);
    cpuMicroseconds += used.user + used.system;
    totalNodes += result.nodes;
    totalSeconds += seconds;
    const fields = [String(positions), String(problem.position.empties())];
    if (result.solved) {
      solved++;
      fields.push(formatMove(result.move), formatScore(result.score, mode));
    } else {
      fields.push("--", "unsolved");
    }
    fields.push(String(result.nodes), seconds.toFixed(3), String(Math.round(result.nodes / Math.max(seconds, 1e-6))));
    if (result.solved && problem.answers.length > 0) {
      const wrong = mismatch(problem, result, mode, solver);
      if (wrong !== undefined) mismatches++;
      fields.push(wrong === undefined ? "ok" : `mismatch: ${wrong}`);
    }
    out.print(fields.join(" "));
  }
  out.print(
    `total ${positions} positions, ${solved} solved, ${mismatches} mismatches, ${totalNodes} nodes, ${totalSeconds.toFixed(3)} s, ${Math.round(totalNodes / Math.max(totalSeconds, 1e-6))} nodes/s, cpu ${(cpuMicroseconds / 1e6).toFixed(3)} s`,
  );
  return read.value.badLines() > 0 ? 2 : mismatches > 0 ? 1 : 0;
}
