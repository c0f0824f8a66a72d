import { existsSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { basename, join } from "node:path";
import {
  Evaluation,
  type GameVariety,
  type Result,
  SampleBuffer,
  type Samples,
  type SelfPlaySettings,
  type Weights,
  concatSamples,
  err,
  formatBatch,
  formatGameBatches,
  ok,
  playNumberedGame,
  selfPlayers,
} from "../../src/index.js";
import { playGamesOnThreads, startSelfPlayWorker } from "../threads/selfPlayThreads.js";
import {
  type ShardHeader,
  formatShard,
  parseShard,
  parseShardFileName,
  shardFileName,
  shardMismatch,
} from "../train/shardFile.js";
import { writeAtomically } from "./outputFile.js";
import type { Output } from "./program.js";
import { ProgressBar } from "./progressBar.js";
import { shardBlock } from "./shardOption.js";
import { type RoundWeights, type TrainOptions, type TrainRun, roundVariety } from "./trainRun.js";

/** Games played between two appends to a round's data file: what an interruption can lose. */
export const BATCH_GAMES = 20;

/**
 * Games `from` to `to - 1` of a round, played on --threads threads (or here, on one), each
 * given to `record` in the games' order.
 */
export async function playGames(
  round: number,
  weights: Weights,
  options: TrainOptions,
  variety: GameVariety,
  from: number,
  to: number,
  record: (samples: Samples) => void,
): Promise<Result<void>> {
  const settings: SelfPlaySettings = {
    depth: options.depth,
    randomPlies: options.randomPlies,
    noise: options.noise,
    solveEmpties: options.solveEmpties,
  };
  if (options.threads > 1) {
    const data = { weights, settings, variety, seed: options.seed, round };
    return playGamesOnThreads(data, from, to, options.threads, startSelfPlayWorker, record);
  }
  // One thread: the games are played here, as a worker would play them. The event loop runs
  // between games, so that a round of minutes leaves the process's other work (a test runner's
  // messages, when the command runs inside one) waiting for a game at most.
  const { player, solver } = selfPlayers(new Evaluation(weights));
  for (let game = from; game < to; game++) {
    const buffer = new SampleBuffer();
    playNumberedGame(player, solver, settings, variety, options.seed, round, game, buffer);
    record(buffer.toSamples());
    await new Promise((resolve) => setImmediate(resolve));
  }
  return ok(undefined);
}

/** What a run's shard files must say, whatever the round and shard: its settings, openings and games a round. */
export interface ShardContext {
  readonly settings: Readonly<Record<string, number | string>>;
  readonly openings: string | null;
  readonly games: number;
}

export const shardContext = (run: TrainRun): ShardContext => ({
  settings: run.settings,
  openings: run.openingsDigest,
  games: run.options.games,
});

/** The header a shard of the round must have: its games, the run's settings, the round's weights. */
export function expectedShard(
  context: ShardContext,
  round: number,
  shard: number,
  of: number,
  digest: string,
): ShardHeader {
  const { first, end } = shardBlock(shard, of, context.games);
  return {
    round,
    shard,
    of,
    firstGame: first,
    endGame: end,
    games: context.games,
    weights: digest,
    settings: context.settings,
    openings: context.openings,
  };
}

/** A shard file's games if it is the one expected, else what is wrong with it. */
export function checkShard(file: string, expected: ShardHeader): Result<Samples> {
  const parsed = parseShard(readFileSync(file));
  if (!parsed.ok) return parsed;
  const problem = shardMismatch(parsed.value.header, expected);
  return problem === undefined ? ok(parsed.value.samples) : err(problem);
}

/** As checkShard, the error naming the file and saying what to do. */
function readShard(file: string, expected: ShardHeader): Result<Samples> {
  const checked = checkShard(file, expected);
  return checked.ok
    ? checked
    : err(
        `${file}: ${checked.error}: refused; delete it and play the shard again (othello train --shard ${expected.shard}/${expected.of} with the run's options)`,
      );
}

/**
 * Plays shard `shard` of `of` of the round into its file, written whole or not at all, so that a
 * shard killed is played again; a shard file already there is checked and kept. Whether it played.
 */
export async function playShard(
  run: TrainRun,
  round: number,
  shard: number,
  of: number,
  played: RoundWeights,
  out: Output,
): Promise<Result<boolean>> {
  const file = join(run.options.dir, shardFileName(round, shard, of));
  const header = expectedShard(shardContext(run), round, shard, of, played.digest);
  if (existsSync(file)) {
    const read = readShard(file, header);
    return read.ok ? ok(false) : read;
  }
  const { firstGame, endGame } = header;
  const bar = new ProgressBar(`round ${round} shard ${shard}/${of}`, endGame - firstGame, 0, out);
  const games: Samples[] = [];
  const record = (samples: Samples): void => {
    games.push(samples);
    if (games.length % BATCH_GAMES === 0 || games.length === endGame - firstGame) bar.update(games.length);
  };
  const variety = roundVariety(run, round);
  const done = await playGames(round, played.weights, run.options, variety, firstGame, endGame, record);
  if (!done.ok) return done;
  writeAtomically(file, formatShard(header, formatBatch(concatSamples(games))));
  // The temporary files of this shard killed while writing it before: its file is whole now.
  const name = basename(file);
  for (const left of readdirSync(run.options.dir))
    if (left.startsWith(`${name}.`) && left.endsWith(".partial")) rmSync(join(run.options.dir, left), { force: true });
  return ok(true);
}

/** The counts N of round `round`'s shard files in the directory, with their shard numbers. */
export function shardFilesOf(dir: string, round: number): Map<number, number[]> {
  const found = new Map<number, number[]>();
  for (const name of readdirSync(dir)) {
    const shard = parseShardFileName(name);
    if (shard === undefined || shard.round !== round) continue;
    found.set(
      shard.of,
      [...(found.get(shard.of) ?? []), shard.shard].sort((a, b) => a - b),
    );
  }
  return found;
}

/**
 * When the round has shard files: the shards missing played here, then all of them checked and
 * written as the round's data file, byte for byte the file one process playing them all writes.
 * The games taken from shard files and those played here (none without shard files).
 */
export async function assembleRound(
  run: TrainRun,
  round: number,
  played: RoundWeights,
  dataFile: string,
  out: Output,
): Promise<Result<{ fromFiles: number; played: number }>> {
  const { dir } = run.options;
  const splits = [...shardFilesOf(dir, round).entries()];
  if (splits.length === 0) return ok({ fromFiles: 0, played: 0 });
  if (splits.length > 1)
    return err(
      `${dir} holds shards of round ${round} split ${splits.map(([of]) => `${of} ways`).join(" and ")}: keep the files of one split (round-${round}.shard-I-of-N.data, one N)`,
    );
  const [of, present] = splits[0]!;
  const header = (shard: number): ShardHeader => expectedShard(shardContext(run), round, shard, of, played.digest);
  const file = (shard: number): string => join(dir, shardFileName(round, shard, of));
  // The files there are checked before any game is played: a bad one stops the fit at once.
  const games = new Map<number, Samples>();
  for (const shard of present) {
    const read = readShard(file(shard), header(shard));
    if (!read.ok) return read;
    games.set(shard, read.value);
  }
  const fromFiles = present.reduce((n, shard) => n + header(shard).endGame - header(shard).firstGame, 0);
  for (let shard = 1; shard <= of; shard++) {
    if (games.has(shard)) continue;
    out.log(`othello train: round ${round}: shard ${shard} of ${of} is missing: playing it here`);
    const playing = await playShard(run, round, shard, of, played, out);
    if (!playing.ok) return playing;
    const read = readShard(file(shard), header(shard));
    if (!read.ok) return read;
    games.set(shard, read.value);
  }
  const parts = Array.from({ length: of }, (_, i) => games.get(i + 1)!);
  writeAtomically(dataFile, formatGameBatches(concatSamples(parts), BATCH_GAMES));
  return ok({ fromFiles, played: run.options.games - fromFiles });
}
