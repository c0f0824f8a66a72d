import { createHash } from "node:crypto";
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import {
  AlphaBeta,
  Evaluation,
  ExcludedPositions,
  type FitSettings,
  type GameVariety,
  type Move,
  type Result,
  SELF_PLAY_DEFAULTS,
  SELF_PLAY_SOLVER_BITS,
  SampleBuffer,
  type Samples,
  type SelfPlaySettings,
  Solver,
  type StageError,
  type Weights,
  concatSamples,
  err,
  fitWeights,
  formatBatch,
  formatWeights,
  ok,
  parseData,
  parseObf,
  playNumberedGame,
  type Position,
  stageErrors,
  stageOf,
  trainingMask,
  zeroWeights,
} from "../../src/index.js";
import { readWeights, readWeightsFile } from "../engine/evaluationWeights.js";
import { parseOpeningsFile } from "../match/openings.js";
import { playGamesOnThreads, startSelfPlayWorker } from "../threads/selfPlayThreads.js";
import { parseDecimal, parseWholeNumber, printable } from "../text/numbers.js";
import { field, nonEmpty } from "../text/optionTable.js";
import { writeAtomically } from "./outputFile.js";
import { type Output, type Program, programArguments, usageError } from "./program.js";
import { ProgressBar, formatDuration } from "./progressBar.js";
import { selfPlayOptions } from "./selfPlayOptions.js";

interface TrainOptions extends SelfPlaySettings, FitSettings {
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
}

/** `othello train`'s self-play unless told otherwise (`othello curve` keeps SELF_PLAY_DEFAULTS). */
export const TRAIN_SELF_PLAY: SelfPlaySettings = { ...SELF_PLAY_DEFAULTS, depth: 4, solveEmpties: 16 };

/** More threads than this is a mistake, whatever the machine. */
const MAX_THREADS = 64;

export const trainProgram: Program<TrainOptions> = {
  name: "othello train",
  synopsis: ["othello train [--dir DIR] [--rounds R] [--games G] [--threads N] [--out FILE] [OPTIONS]"],
  about: [
    "Trains the pattern evaluation from self-play, in rounds: each round's games are played by the",
    "alpha-beta player with the previous round's weights (round 1: all zero), the solver playing and",
    "labelling the last empties exactly; then every stage is fitted by regularised least squares on all",
    "rounds' positions, one game in ten held out. A report per round on stdout and in DIR/report.txt;",
    "progress on stderr. Each round's data (DIR/round-R.data) and weights (DIR/round-R.weights) stay in",
    "DIR: run again with the same options and an interrupted run resumes where it stopped (the games",
    "are seeded one by one, so it makes the same weights). The last round's weights are copied to",
    "--out. The games are played on --threads worker threads, and the data and weights are the same",
    "whatever their number (each game is seeded by its number, and recorded in order).",
  ],

  options: {
    "--dir": field("dir", "DIR", "the run's directory: data, weights, report (default train-run)", nonEmpty),
    "--rounds": field("rounds", "R", "rounds of self-play and fitting (default 4)", (t) => parseWholeNumber(t, 1, 100)),
    "--games": field("games", "G", "self-play games per round (default 2000)", (t) =>
      parseWholeNumber(t, 1, 1_000_000),
    ),
    ...selfPlayOptions<TrainOptions>(TRAIN_SELF_PLAY),
    "--openings": field(
      "openings",
      "FILE",
      "each game starts from one of these openings (one a line, as `othello match --openings`), then --random-plies (default: the start position)",
      nonEmpty,
    ),
    "--td-lambda": field(
      "tdLambda",
      "L",
      "labels before the solver's: 1 the game's result; below 1, TD(lambda): (1 - L) x the position's search value + L x the next label (default 1; round 1, with zero weights, always 1)",
      (t) => parseDecimal(t, 0, 1),
    ),
    "--start-weights": field(
      "startWeights",
      "FILE",
      "round 1 plays with these weights and its fit starts from them, so every round's games are played by trained weights (default: all zero)",
      nonEmpty,
    ),
    "--exclude": field(
      "exclude",
      "FILES",
      "obf files (comma-separated) of positions the fit must never see, nor the held-out error count, in any of the 8 symmetries: the test sets (default: none)",
      nonEmpty,
    ),
    "--threads": field(
      "threads",
      "N",
      `threads playing the games (default: the cores, ${availableParallelism()})`,
      (t) => parseWholeNumber(t, 1, MAX_THREADS),
    ),
    "--stages": field("stages", "S", "stages of the evaluation, by empty squares (default 13)", (t) =>
      parseWholeNumber(t, 1, 61),
    ),
    "--iterations": field("iterations", "N", "conjugate-gradient iterations per stage (default 40)", (t) =>
      parseWholeNumber(t, 1, 10_000),
    ),
    "--lambda": field("lambda", "L", "ridge penalty on the weights (default 3)", (t) => parseDecimal(t, 0, 1e6)),
    "--neighbour-weight": field(
      "neighbourWeight",
      "W",
      "weight of the neighbouring stages' positions in a stage's fit (default 0.5)",
      (t) => parseDecimal(t, 0, 1),
    ),
    "--seed": field("seed", "S", "seed of the games (default 1)", (t) => parseWholeNumber(t, 0, 0xffffffff)),
    "--out": field("out", "FILE", "where the last round's weights are copied (default: none)", nonEmpty),
  },
  defaults: () => ({
    dir: "train-run",
    rounds: 4,
    games: 2000,
    ...TRAIN_SELF_PLAY,
    openings: undefined,
    exclude: undefined,
    tdLambda: 1,
    startWeights: undefined,
    threads: availableParallelism(),
    stages: 13,
    iterations: 40,
    lambda: 3,
    neighbourWeight: 0.5,
    seed: 1,
    out: undefined,
  }),
};

/** Games played between two appends to the data file: what an interruption can lose. */
const BATCH_GAMES = 20;

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

/**
 * A round's data file: its whole batches, or an error naming it. The round being played may
 * end in a batch cut short (the run stopped while writing it): its bytes are moved to FILE.torn
 * and its games played again. A finished round's file must hold its games whole: else it was
 * damaged since, and it is left as it is.
 */
function readRoundData(
  file: string,
  finished: { games: number } | undefined,
  out: Output,
): Result<{ samples: Samples; games: number }> {
  if (!existsSync(file)) {
    if (finished !== undefined) return err(`${file} is missing: the round's data is needed for the fit`);
    return ok({ samples: new SampleBuffer().toSamples(), games: 0 });
  }
  const bytes = readFileSync(file);
  const parsed = parseData(bytes);
  if (!parsed.ok) return err(`${file}: ${parsed.error}; the file is left as it is`);
  const { tornBytes, games, samples } = parsed.value;
  if (finished !== undefined && (tornBytes > 0 || games !== finished.games))
    return err(
      `${file}: ${tornBytes > 0 ? `the last ${tornBytes} bytes are not a whole batch` : `${games} games`} in a finished round of ${finished.games} games: the file was cut short or damaged; it is left as it is`,
    );
  if (tornBytes > 0) {
    writeFileSync(`${file}.torn`, bytes.subarray(bytes.length - tornBytes));
    writeAtomically(file, bytes.subarray(0, bytes.length - tornBytes));
    out.log(
      `othello train: ${file}: the last ${tornBytes} bytes are a batch cut short (moved to ${file}.torn); its games are played again`,
    );
  }
  return ok({ samples, games });
}

/** Plays the round's games not yet in its data file, appending them a batch at a time: the games played. */
async function selfPlay(
  round: number,
  weights: Weights,
  options: TrainOptions,
  variety: GameVariety,
  file: string,
  out: Output,
): Promise<Result<number>> {
  const existing = readRoundData(file, undefined, out);
  if (!existing.ok) return existing;
  const done = existing.value.games;
  if (done > options.games)
    return err(`${file} holds ${done} games, more than --games ${options.games}: use the run's own settings`);
  if (done > 0 && done < options.games) out.log(`othello train: round ${round}: resuming after ${done} games`);
  const bar = new ProgressBar(`round ${round} self-play`, options.games, done, out);
  let batch: Samples[] = [];
  let recorded = done;
  const record = (samples: Samples): void => {
    batch.push(samples);
    recorded++;
    if (recorded % BATCH_GAMES === 0 || recorded === options.games) {
      appendFileSync(file, formatBatch(concatSamples(batch)));
      batch = [];
      bar.update(recorded);
    }
  };
  const settings: SelfPlaySettings = {
    depth: options.depth,
    randomPlies: options.randomPlies,
    noise: options.noise,
    solveEmpties: options.solveEmpties,
  };
  if (options.threads === 1) {
    // One thread: the games are played here, as a worker would play them.
    const player = new AlphaBeta(new Evaluation(weights));
    const solver = new Solver(SELF_PLAY_SOLVER_BITS);
    for (let game = done; game < options.games; game++) {
      const buffer = new SampleBuffer();
      playNumberedGame(player, solver, settings, variety, options.seed, round, game, buffer);
      record(buffer.toSamples());
    }
  } else {
    const data = { weights, settings, variety, seed: options.seed, round };
    const played = await playGamesOnThreads(data, done, options.games, options.threads, startSelfPlayWorker, record);
    if (!played.ok) return played;
  }
  return ok(options.games - done);
}

function formatError(e: StageError): string {
  return e.positions === 0 ? "-" : e.meanAbsoluteError.toFixed(2);
}

/** An openings file's openings, or an error naming it. */
function readOpenings(file: string): Result<Move[][]> {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (e) {
    return err(`cannot read the openings ${file}: ${(e as Error).message}`);
  }
  const parsed = parseOpeningsFile(text);
  return parsed.ok ? parsed : err(`${file}: ${parsed.error}`);
}

/** The positions of obf files (blank lines and lines starting # or % skipped), or an error naming the file and line. */
function readExcluded(files: readonly string[]): Result<Position[]> {
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

/** The weights a run starts from, with a digest of the file's bytes, or an error naming it. */
function readStartWeights(file: string, stages: number): Result<{ weights: Weights; digest: string }> {
  const read = readWeightsFile(file);
  if (!read.ok) return err(`--start-weights: ${read.error}`);
  const { weights, bytes } = read.value;
  if (weights.stages !== stages)
    return err(
      `--start-weights: ${printable(file)} has ${weights.stages} stages, the run ${stages} (--stages): give the same count`,
    );
  return ok({ weights, digest: `sha256:${createHash("sha256").update(bytes).digest("hex")}` });
}

/** The empties of each stage, as a range. */
function stageEmpties(stage: number, stages: number): string {
  const empties = Array.from({ length: 61 }, (_, e) => e).filter((e) => stageOf(e, stages) === stage);
  return empties.length === 0 ? "-" : `${empties[0]}-${empties[empties.length - 1]}`;
}

/** `othello train`: rounds of self-play and fitting, resumable. */
export async function trainCommand(args: readonly string[], out: Output): Promise<number> {
  const parsed = programArguments(trainProgram, args, out);
  if (typeof parsed === "number") return parsed;
  if (parsed.positional.length > 0)
    return usageError(trainProgram, `unexpected argument "${printable(parsed.positional[0]!)}"`, out);
  try {
    return await train(parsed.settings, out);
  } catch (e) {
    // A file that cannot be written (a full disk, a directory that is not one): what was
    // finished is on disk, and the run resumes from it once the cause is fixed.
    if ((e as NodeJS.ErrnoException).code === undefined) throw e;
    out.log(`othello train: ${(e as Error).message}; the finished rounds and batches are kept: run again to resume`);
    return 1;
  }
}

async function train(options: TrainOptions, out: Output): Promise<number> {
  const { dir } = options;
  mkdirSync(dir, { recursive: true });
  let start: { weights: Weights; digest: string } | undefined;
  if (options.startWeights !== undefined) {
    const read = readStartWeights(options.startWeights, options.stages);
    if (!read.ok) {
      out.log(`othello train: ${read.error}`);
      return 1;
    }
    start = read.value;
  }
  const settingsFile = join(dir, "settings.json");
  const settings = JSON.stringify(runSettings(options, start?.digest));
  if (existsSync(settingsFile)) {
    const stored = readFileSync(settingsFile, "utf8").trim();
    if (stored !== settings) {
      out.log(
        `othello train: ${dir} holds a run with other settings (${stored}); resume it with those, or use another --dir`,
      );
      return 2;
    }
  } else {
    writeAtomically(settingsFile, `${settings}\n`);
  }
  let openings: Move[][] = [];
  if (options.openings !== undefined) {
    const read = readOpenings(options.openings);
    if (!read.ok) {
      out.log(`othello train: ${read.error}`);
      return 1;
    }
    openings = read.value;
  }
  const excludedFiles = options.exclude?.split(",").filter((f) => f !== "") ?? [];
  const toExclude = readExcluded(excludedFiles);
  if (!toExclude.ok) {
    out.log(`othello train: ${toExclude.error}`);
    return 1;
  }
  const excluded = new ExcludedPositions(toExclude.value);
  const reportFile = join(dir, "report.txt");
  let weights = start?.weights ?? zeroWeights(options.stages);
  const runStarted = performance.now();
  for (let round = 1; round <= options.rounds; round++) {
    const weightsFile = join(dir, `round-${round}.weights`);
    if (existsSync(weightsFile)) {
      const read = readWeights(weightsFile);
      if (!read.ok) {
        out.log(`othello train: ${read.error}`);
        return 1;
      }
      weights = read.value;
      out.log(`othello train: round ${round} was finished before (${weightsFile})`);
      continue;
    }
    const dataFile = join(dir, `round-${round}.data`);
    const playStarted = performance.now();
    // Round 1's weights, unless given, are all zero: its search values say nothing, so its
    // labels are the results.
    const variety: GameVariety = { openings, tdLambda: round === 1 && start === undefined ? 1 : options.tdLambda };
    const played = await selfPlay(round, weights, options, variety, dataFile, out);
    if (!played.ok) {
      out.log(`othello train: ${played.error}`);
      return 1;
    }
    const playSeconds = (performance.now() - playStarted) / 1000;
    // Every round's positions so far: the later rounds' games are better played, the earlier ones add variety.
    const parts: Samples[] = [];
    let games = 0;
    for (let r = 1; r <= round; r++) {
      const data = readRoundData(join(dir, `round-${r}.data`), { games: options.games }, out);
      if (!data.ok) {
        out.log(`othello train: ${data.error}`);
        return 1;
      }
      parts.push(data.value.samples);
      games += data.value.games;
    }
    const samples = concatSamples(parts);
    const mask = trainingMask(samples);
    const met = excluded.exclude(samples, mask);
    const fitStarted = performance.now();
    const bar = new ProgressBar(`round ${round} fit`, options.stages, 0, out);
    const fitted = fitWeights(samples, mask, weights, options, (stage) => bar.update(stage + 1));
    const fitSeconds = (performance.now() - fitStarted) / 1000;
    const before = stageErrors(new Evaluation(weights), samples, mask, 0, options.stages);
    const after = stageErrors(new Evaluation(fitted), samples, mask, 0, options.stages);
    writeAtomically(weightsFile, formatWeights(fitted));
    weights = fitted;
    const held = after.all.positions;
    const lines = [
      `round ${round} of ${options.rounds}: ${played.value} games played in ${playSeconds.toFixed(1)} s, fit in ${fitSeconds.toFixed(1)} s; ` +
        `all rounds: ${games} games, ${samples.count} positions (${samples.count - held} fitted, ${held} held out)`,
      "  held-out mean absolute error in discs, stage by stage: new weights (the weights that played this round)",
      `  stage  empties  positions  error  (before)`,
      ...after.stages.map(
        (e, s) =>
          `  ${String(s).padStart(5)}  ${stageEmpties(s, options.stages).padStart(7)}  ${String(e.positions).padStart(9)}  ${formatError(e).padStart(5)}  (${formatError(before.stages[s]!)})`,
      ),
      `  all             ${String(held).padStart(9)}  ${formatError(after.all).padStart(5)}  (${formatError(before.all)})`,
      ...(excludedFiles.length === 0
        ? []
        : [
            `  excluded: ${met} positions met in the games, of the ${toExclude.value.length} in ${excludedFiles.join(", ")}`,
          ]),
      `  weights: ${weightsFile}`,
    ];
    for (const line of lines) out.print(line);
    appendFileSync(reportFile, `${lines.join("\n")}\n`);
  }
  if (options.out !== undefined) {
    writeAtomically(options.out, formatWeights(weights));
    out.print(
      `weights: ${options.out} (${options.rounds} rounds, ${formatDuration((performance.now() - runStarted) / 1000)} this run)`,
    );
  }
  return 0;
}
