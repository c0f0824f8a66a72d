import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import {
  type FitSettings,
  type GameVariety,
  type Move,
  type Position,
  type Result,
  type SelfPlaySettings,
  type Weights,
  err,
  formatWeights,
  ok,
  parseObf,
  zeroWeights,
} from "../../src/index.js";
import { readWeightsFile } from "../engine/evaluationWeights.js";
import { parseOpeningsFile } from "../match/openings.js";
import { printable } from "../text/numbers.js";
import { digestOf } from "../text/digest.js";
import { writeAtomically } from "./outputFile.js";
import type { ShardArgument } from "./shardOption.js";

export interface TrainOptions extends SelfPlaySettings, FitSettings {
  readonly dir: string;
  readonly rounds: number;
  readonly games: number;
  readonly seed: number;
  readonly out: string | undefined;
  /** Threads playing the games: the data and weights are the same whatever their number. */
  readonly threads: number;
  /** The openings file the games start from (undefined: the start position). */
  readonly openings: string | undefined;
  /** Files of positions never to fit nor hold out (the test sets), comma-separated. */
  readonly exclude: string | undefined;
  readonly tdLambda: number;
  /** The weights round 1 plays with and its fit starts from (undefined: all zero). */
  readonly startWeights: string | undefined;
  /** Play only this shard of round --rounds' games, into a shard file (undefined: the whole run). */
  readonly shard: ShardArgument | undefined;
  /** With --shard: say what would be played, and play nothing. */
  readonly dryRun: boolean;
}

/** A run's options with what they name read: its start weights, openings and settings. */
export interface TrainRun {
  readonly options: TrainOptions;
  /** The settings the run's directory is bound to (its settings.json). */
  readonly settings: Record<string, number | string>;
  readonly start: { readonly weights: Weights; readonly digest: string } | undefined;
  readonly openings: Move[][];
  /** The digest of the openings file's bytes, or null without one. */
  readonly openingsDigest: string | null;
}

/** The weights that play a round, and the digest of their file's bytes, which shard files name. */
export interface RoundWeights {
  readonly weights: Weights;
  readonly digest: string;
}

/** The settings a run's directory is bound to: resuming with others would mix two runs. */
function runSettings(o: TrainOptions, startDigest: string | undefined): Record<string, number | string> {
  return {
    // The start's contents, not its name: --out may write over the file the run started from.
    ...(startDigest === undefined ? {} : { startWeights: startDigest }),
    ...(o.openings === undefined ? {} : { openings: o.openings }),
    ...(o.tdLambda === 1 ? {} : { tdLambda: o.tdLambda }),
    ...(o.exclude === undefined ? {} : { exclude: o.exclude }),
    games: o.games,
    depth: o.depth,
    randomPlies: o.randomPlies,
    noise: o.noise,
    solveEmpties: o.solveEmpties,
    stages: o.stages,
    iterations: o.iterations,
    lambda: o.lambda,
    neighbourWeight: o.neighbourWeight,
    seed: o.seed,
  };
}

/** The weights a run starts from, with a digest of the file's bytes, or an error naming it. */
function readStartWeights(file: string, stages: number): Result<RoundWeights> {
  const read = readWeightsFile(file);
  if (!read.ok) return err(`--start-weights: ${read.error}`);
  const { weights, bytes } = read.value;
  if (weights.stages !== stages)
    return err(
      `--start-weights: ${printable(file)} has ${weights.stages} stages, the run ${stages} (--stages): give the same count`,
    );
  return ok({ weights, digest: digestOf(bytes) });
}

/** An openings file's openings and digest, or an error naming it. */
function readOpenings(file: string): Result<{ openings: Move[][]; digest: string }> {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (e) {
    return err(`cannot read the openings ${file}: ${(e as Error).message}`);
  }
  const parsed = parseOpeningsFile(bytes.toString("utf8"));
  return parsed.ok ? ok({ openings: parsed.value, digest: digestOf(bytes) }) : err(`${file}: ${parsed.error}`);
}

export type OpenedRun =
  | { readonly ok: true; readonly run: TrainRun }
  | { readonly ok: false; readonly status: number; readonly message: string };

/**
 * The run the options describe, its directory checked (or, with `bind`, created and bound to
 * its settings): an error when it holds a run with other settings, or a file named cannot be
 * read. The status says how bad: 2 for other settings, 1 for the rest.
 */
export function openRun(options: TrainOptions, bind: boolean): OpenedRun {
  let start: RoundWeights | undefined;
  if (options.startWeights !== undefined) {
    const read = readStartWeights(options.startWeights, options.stages);
    if (!read.ok) return { ok: false, status: 1, message: read.error };
    start = read.value;
  }
  const settings = runSettings(options, start?.digest);
  const settingsFile = join(options.dir, "settings.json");
  const text = JSON.stringify(settings);
  if (existsSync(settingsFile)) {
    const stored = readFileSync(settingsFile, "utf8").trim();
    if (stored !== text)
      return {
        ok: false,
        status: 2,
        message: `${options.dir} holds a run with other settings (${stored}); resume it with those, or use another --dir`,
      };
  } else if (bind) {
    mkdirSync(options.dir, { recursive: true });
    writeAtomically(settingsFile, `${text}\n`);
  }
  let openings: Move[][] = [];
  let openingsDigest: string | null = null;
  if (options.openings !== undefined) {
    const read = readOpenings(options.openings);
    if (!read.ok) return { ok: false, status: 1, message: read.error };
    openings = read.value.openings;
    openingsDigest = read.value.digest;
  }
  return { ok: true, run: { options, settings, start, openings, openingsDigest } };
}

/** The weights that start a run: --start-weights, or all zero. */
export function startingWeights(run: TrainRun): RoundWeights {
  if (run.start !== undefined) return run.start;
  const zero = zeroWeights(run.options.stages);
  return { weights: zero, digest: digestOf(formatWeights(zero)) };
}

/**
 * The weights that play round `round`: the start's for round 1, else round R-1's file, or an
 * error naming that file and the command that makes it.
 */
export function roundWeights(run: TrainRun, round: number): Result<RoundWeights> {
  if (round === 1) return ok(startingWeights(run));
  const file = join(run.options.dir, `round-${round - 1}.weights`);
  if (!existsSync(file))
    return err(
      `round ${round}'s games are played by round ${round - 1}'s weights, ${file}, which is not there yet: finish round ${round - 1} first (its shards, then othello train --rounds ${round - 1} with the run's other options)`,
    );
  const read = readWeightsFile(file);
  return read.ok ? ok({ weights: read.value.weights, digest: digestOf(read.value.bytes) }) : read;
}

/** Round `round`'s openings and labels. Round 1's weights, unless given, are all zero: its search values say nothing, so its labels are the results. */
export function roundVariety(run: TrainRun, round: number): GameVariety {
  return { openings: run.openings, tdLambda: round === 1 && run.start === undefined ? 1 : run.options.tdLambda };
}

/** The positions of obf files (blank lines and lines starting # or % skipped), or an error naming the file and line. */
export function readExcluded(files: readonly string[]): Result<Position[]> {
  const positions: Position[] = [];
  for (const file of files) {
    let text: string;
    try {
      text = readFileSync(file, "utf8");
    } catch (e) {
      return err(`cannot read the positions to exclude ${file}: ${(e as Error).message}`);
    }
    const lines = text.split("\n");
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i]!.trim();
      if (line === "" || line.startsWith("#") || line.startsWith("%")) continue;
      const problem = parseObf(line);
      if (!problem.ok) return err(`${file}, line ${i + 1}: ${problem.error}`);
      positions.push(problem.value.position);
    }
  }
  return ok(positions);
}
