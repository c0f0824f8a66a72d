import { appendFileSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import {
  Evaluation,
  ExcludedPositions,
  type Result,
  SELF_PLAY_DEFAULTS,
  SampleBuffer,
  type Samples,
  type SelfPlaySettings,
  type StageError,
  type Weights,
  concatSamples,
  err,
  fitWeights,
  formatBatch,
  formatWeights,
  ok,
  parseData,
  stageErrors,
  stageOf,
  trainingMask,
} from "../../src/index.js";
import { readWeightsFile } from "../engine/evaluationWeights.js";
import { parseDecimal, parseWholeNumber, printable } from "../text/numbers.js";
import { field, flag, nonEmpty } from "../text/optionTable.js";
import { digestOf } from "../text/digest.js";
import { shardFileName } from "../train/shardFile.js";
import { writeAtomically } from "./outputFile.js";
import { type Output, type Program, programArguments, usageError } from "./program.js";
import { ProgressBar, formatDuration } from "./progressBar.js";
import { selfPlayOptions } from "./selfPlayOptions.js";
import { parseShardArgument, resolveShard, shardBlock } from "./shardOption.js";
import { BATCH_GAMES, assembleRound, playGames, playShard } from "./trainShards.js";
import {
  type RoundWeights,
  type TrainOptions,
  type TrainRun,
  openRun,
  readExcluded,
  roundVariety,
  roundWeights,
  startingWeights,
} from "./trainRun.js";
import { trainStatus } from "./trainStatus.js";

/** `othello train`'s self-play unless told otherwise (`othello curve` keeps SELF_PLAY_DEFAULTS). */
export const TRAIN_SELF_PLAY: SelfPlaySettings = { ...SELF_PLAY_DEFAULTS, depth: 4, solveEmpties: 16 };

/** More threads than this is a mistake, whatever the machine. */
const MAX_THREADS = 64;

export const trainProgram: Program<TrainOptions> = {
  name: "othello train",
  synopsis: [
    "othello train [--dir DIR] [--rounds R] [--games G] [--threads N] [--out FILE] [OPTIONS]",
    "othello train --rounds R --shard I/N [OPTIONS]",
    "othello train status DIR",
  ],
  about: [
    "Trains the pattern evaluation from self-play, in rounds: each round's games are played by the",
    "alpha-beta player with the previous round's weights (round 1: all zero), the solver playing and",
    "labelling the last empties exactly; then every stage is fitted by regularised least squares on all",
    "rounds' positions, one game in ten held out. A report per round on stdout and in DIR/report.txt;",
    "progress on stderr. Each round's data (DIR/round-R.data) and weights (DIR/round-R.weights) stay in",
    "DIR: run again with the same options and an interrupted run resumes where it stopped (the games",
    "are seeded one by one, so it makes the same weights). The last round's weights are copied to",
    "--out. The games are played on --threads worker threads, and the data and weights are the same",
    "whatever their number (each game is seeded by its number, and recorded in order). With --shard I/N",
    "it plays only shard I of N of round R's games (R: --rounds; round R-1's weights must be in DIR) into",
    "DIR/round-R.shard-I-of-N.data, for other processes or machines to share the work; without --shard",
    "it fits from the shard files there, playing the shards missing, and makes the same data and weights",
    "as if it had played them all (docs/scale.md). `othello train status DIR` lists each round's shards",
    "done, missing and bad.",
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
    "--lambda": field("lambda", "L", "ridge penalty on the weights (default 30)", (t) => parseDecimal(t, 0, 1e6)),
    "--neighbour-weight": field(
      "neighbourWeight",
      "W",
      "weight of the neighbouring stages' positions in a stage's fit (default 0.5)",
      (t) => parseDecimal(t, 0, 1),
    ),
    "--seed": field("seed", "S", "seed of the games (default 1)", (t) => parseWholeNumber(t, 0, 0xffffffff)),
    "--out": field("out", "FILE", "where the last round's weights are copied (default: none)", nonEmpty),
    "--shard": field(
      "shard",
      "I/N",
      "play only shard I of N (from 1) of round R's games (R: --rounds), a block of games, into DIR/round-R.shard-I-of-N.data, and fit nothing; auto/N reads I from SLURM_ARRAY_TASK_ID (an array --array=1-N) or else JOB_COMPLETION_INDEX plus 1 (a Kubernetes Indexed Job, from 0)",
      parseShardArgument,
    ),
    "--dry-run": flag<TrainOptions>(
      "with --shard: say which games the shard is and what it would do, and do nothing",
      (o: TrainOptions) => ({
        ...o,
        dryRun: true,
      }),
    ),
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
    lambda: 30,
    neighbourWeight: 0.5,
    seed: 1,
    out: undefined,
    shard: undefined,
    dryRun: false,
  }),
};

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
  run: TrainRun,
  round: number,
  weights: Weights,
  file: string,
  out: Output,
): Promise<Result<number>> {
  const { options } = run;
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
  const played = await playGames(round, weights, options, roundVariety(run, round), done, options.games, record);
  return played.ok ? ok(options.games - done) : played;
}

function formatError(e: StageError): string {
  return e.positions === 0 ? "-" : e.meanAbsoluteError.toFixed(2);
}

/** The empties of each stage, as a range. */
function stageEmpties(stage: number, stages: number): string {
  const empties = Array.from({ length: 61 }, (_, e) => e).filter((e) => stageOf(e, stages) === stage);
  return empties.length === 0 ? "-" : `${empties[0]}-${empties[empties.length - 1]}`;
}

/** `othello train`: rounds of self-play and fitting, resumable; a shard of a round; a run's status. */
export async function trainCommand(args: readonly string[], out: Output): Promise<number> {
  const parsed = programArguments(trainProgram, args, out);
  if (typeof parsed === "number") return parsed;
  const options = parsed.settings;
  const [first, ...more] = parsed.positional;
  if (first === "status" && more.length <= 1) return trainStatus(more[0] ?? options.dir, out);
  const unexpected = first === "status" ? more[1] : first;
  if (unexpected !== undefined) return usageError(trainProgram, `unexpected argument "${printable(unexpected)}"`, out);
  if (options.dryRun && options.shard === undefined)
    return usageError(trainProgram, "--dry-run goes with --shard", out);
  try {
    return options.shard === undefined ? await train(options, out) : await trainShard(options, out);
  } catch (e) {
    // A file that cannot be written (a full disk, a directory that is not one): what was
    // finished is on disk, and the run resumes from it once the cause is fixed.
    if ((e as NodeJS.ErrnoException).code === undefined) throw e;
    out.log(`othello train: ${(e as Error).message}; the finished rounds and batches are kept: run again to resume`);
    return 1;
  }
}

/** Which weights play a round, for people. */
function weightsName(run: TrainRun, round: number, played: RoundWeights): string {
  const name =
    round > 1
      ? join(run.options.dir, `round-${round - 1}.weights`)
      : run.start === undefined
        ? "all-zero weights"
        : run.options.startWeights!;
  return `${name} (${played.digest.slice(0, 19)}...)`;
}

/** `othello train --rounds R --shard I/N`: shard I of N of round R's games into its file, or (--dry-run) what it would be. */
async function trainShard(options: TrainOptions, out: Output): Promise<number> {
  const resolved = resolveShard(options.shard!, process.env);
  if (!resolved.ok) return usageError(trainProgram, resolved.error, out);
  const { index, count, source } = resolved.value;
  if (count > options.games)
    return usageError(
      trainProgram,
      `--shard ${index}/${count}: more shards than the round's ${options.games} games`,
      out,
    );
  const opened = openRun(options, !options.dryRun);
  if (!opened.ok) {
    out.log(`othello train: ${opened.message}`);
    return opened.status;
  }
  const { run } = opened;
  const round = options.rounds;
  const file = join(options.dir, shardFileName(round, index, count));
  const { first, end } = shardBlock(index, count, options.games);
  const what = `round ${round}, shard ${index} of ${count} (${source}): games ${first + 1} to ${end} of ${options.games}`;
  const finished = join(options.dir, `round-${round}.weights`);
  if (existsSync(finished)) {
    out.print(`${what}: the round is finished (${finished}): nothing to play`);
    return 0;
  }
  const played = roundWeights(run, round);
  if (!played.ok) {
    out.log(`othello train: ${played.error}`);
    return 1;
  }
  if (options.dryRun) {
    const there = existsSync(file) ? ", there already: it would be checked, not played" : "";
    out.print(`${what}, played by ${weightsName(run, round, played.value)}, into ${file}${there}`);
    return 0;
  }
  const playing = await playShard(run, round, index, count, played.value, out);
  if (!playing.ok) {
    out.log(`othello train: ${playing.error}`);
    return 1;
  }
  out.print(`${what}: ${playing.value ? "played into" : "done before, nothing to play:"} ${file}`);
  return 0;
}

async function train(options: TrainOptions, out: Output): Promise<number> {
  const { dir } = options;
  const opened = openRun(options, true);
  if (!opened.ok) {
    out.log(`othello train: ${opened.message}`);
    return opened.status;
  }
  const { run } = opened;
  const excludedFiles = options.exclude?.split(",").filter((f) => f !== "") ?? [];
  const toExclude = readExcluded(excludedFiles);
  if (!toExclude.ok) {
    out.log(`othello train: ${toExclude.error}`);
    return 1;
  }
  const excluded = new ExcludedPositions(toExclude.value);
  const reportFile = join(dir, "report.txt");
  let current = startingWeights(run);
  const runStarted = performance.now();
  for (let round = 1; round <= options.rounds; round++) {
    const weightsFile = join(dir, `round-${round}.weights`);
    if (existsSync(weightsFile)) {
      const read = readWeightsFile(weightsFile);
      if (!read.ok) {
        out.log(`othello train: ${read.error}`);
        return 1;
      }
      current = { weights: read.value.weights, digest: digestOf(read.value.bytes) };
      out.log(`othello train: round ${round} was finished before (${weightsFile})`);
      continue;
    }
    const dataFile = join(dir, `round-${round}.data`);
    const playStarted = performance.now();
    const assembled = await assembleRound(run, round, current, dataFile, out);
    if (!assembled.ok) {
      out.log(`othello train: ${assembled.error}`);
      return 1;
    }
    const played = await selfPlay(run, round, current.weights, dataFile, out);
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
    const { weights } = current;
    const fitted = fitWeights(samples, mask, weights, options, (stage) => bar.update(stage + 1));
    const fitSeconds = (performance.now() - fitStarted) / 1000;
    const before = stageErrors(new Evaluation(weights), samples, mask, 0, options.stages);
    const after = stageErrors(new Evaluation(fitted), samples, mask, 0, options.stages);
    const fittedBytes = formatWeights(fitted);
    writeAtomically(weightsFile, fittedBytes);
    current = { weights: fitted, digest: digestOf(fittedBytes) };
    const held = after.all.positions;
    const lines = [
      `round ${round} of ${options.rounds}: ${played.value + assembled.value.played} games played${assembled.value.fromFiles === 0 ? "" : ` (and ${assembled.value.fromFiles} from shard files)`} in ${playSeconds.toFixed(1)} s, fit in ${fitSeconds.toFixed(1)} s; ` +
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
    writeAtomically(options.out, formatWeights(current.weights));
    out.print(
      `weights: ${options.out} (${options.rounds} rounds, ${formatDuration((performance.now() - runStarted) / 1000)} this run)`,
    );
  }
  return 0;
}
