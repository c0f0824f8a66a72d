import { closeSync, readFileSync, writeFileSync, writeSync } from "node:fs";
import { availableParallelism } from "node:os";
import { type Move, type Result, err, ok } from "../../src/index.js";
import { formatCommandLine, parseCommandLine } from "../text/commandLine.js";
import type { Protocol } from "../controller/engineClient.js";
import { ProcessRegistry } from "../controller/engineProcess.js";
import {
  type GameRecord,
  type MatchSettings,
  defaultGenmoveLimitSeconds,
  runMatch,
  tally,
} from "../match/matchRunner.js";
import {
  LABELS,
  describeGame,
  formatAccepted,
  formatLlrBounds,
  formatPairs,
  matchJson,
  report,
} from "../match/matchReport.js";
import type { MatchShard } from "../match/matchShards.js";
import { PairCounter } from "../match/pentanomial.js";
import { type Sprt, sprtState } from "../match/sprt.js";
import { parseDecimal, parsePositiveSeconds, parseWholeNumber, printable } from "../text/numbers.js";
import { field, nonEmpty } from "../text/optionTable.js";
import { digestOf } from "../text/digest.js";
import { matchMerge } from "./matchMerge.js";
import { checkOutputFile, openOutputFile } from "./outputFile.js";
import { ProgressBar } from "./progressBar.js";
import { type ShardArgument, parseShardArgument, resolveShard, shardBlock } from "./shardOption.js";
import { type Output, type Program, programArguments, usageError } from "./program.js";
import { parseOpeningsFile, randomOpenings } from "../match/openings.js";
import { formatGameRecordGgf } from "../match/matchGgf.js";

/** The command line as typed; `matchOptions` checks it and reads the openings. */
export interface MatchArguments {
  readonly engineA: string | undefined;
  readonly engineB: string | undefined;
  readonly protocolA: Protocol;
  readonly protocolB: Protocol;
  readonly games: number;
  readonly plies: number;
  readonly seed: number;
  readonly openings: string | undefined;
  readonly concurrency: number;
  readonly moveTime: number | undefined;
  readonly gameTime: number | undefined;
  /** Undefined: defaultGenmoveLimitSeconds of the clock. */
  readonly genmoveLimit: number | undefined;
  readonly replyLimit: number;
  readonly log: string | undefined;
  readonly json: string | undefined;
  readonly ggf: string | undefined;
  readonly sprt: { readonly elo0: number; readonly elo1: number } | undefined;
  readonly sprtAlpha: number | undefined;
  readonly sprtBeta: number | undefined;
  readonly shard: ShardArgument | undefined;
}

function parseProtocol(text: string): Result<Protocol> {
  return text === "otp" || text === "gtp" ? ok(text) : err(`the protocol is otp or gtp, got "${printable(text)}"`);
}

/** `--sprt`'s two Elo differences, "ELO0 ELO1", the first the smaller. */
function parseHypotheses(text: string): Result<{ elo0: number; elo1: number }> {
  const words = text.split(" ");
  if (words.length !== 2) return err(`expected two Elo differences ELO0 ELO1, got "${printable(text)}"`);
  const elos = [];
  for (const word of words) {
    const elo = parseDecimal(word, -1000, 1000);
    if (!elo.ok) return elo;
    elos.push(elo.value);
  }
  const [elo0, elo1] = elos as [number, number];
  return elo0 < elo1 ? ok({ elo0, elo1 }) : err(`ELO0 must be less than ELO1, got ${elo0} and ${elo1}`);
}

/** An SPRT's alpha or beta: a chance of error, more than 0 and less than 1/2. */
function parseErrorChance(text: string): Result<number> {
  const chance = parseDecimal(text, 0, 0.5);
  if (!chance.ok) return chance;
  return chance.value > 0 && chance.value < 0.5 ? chance : err(`must be more than 0 and less than 0.5, got ${text}`);
}

const DEFAULT_ERROR_CHANCE = 0.05;

export const matchProgram: Program<MatchArguments> = {
  name: "othello match",
  synopsis: [
    "othello match --engine-a CMD --engine-b CMD [OPTIONS]",
    "othello match --shard I/N --json FILE --engine-a CMD --engine-b CMD [OPTIONS]",
    "othello match merge FILE...",
  ],
  about: [
    "Plays games between two engine commands over stdin/stdout, each speaking OTP or GTP, and reports",
    "W/D/L, score and Elo from A's side, with move times. The exit status is 1 when a game was forfeited or",
    "an engine could not start (then no game is played). Ctrl-C stops it: the games finished are reported and",
    "written to the files, and the status is 130. With --sprt it stops as soon as a sequential probability ratio",
    "test over the pairs of games decides between two Elo differences; the summary says which it accepted.",
    "With --shard I/N it plays only shard I of N of the pairs, for other processes or machines to share the",
    "match; `othello match merge FILE...` reads the shards' JSON files and prints the one table, the same as",
    "one process playing those games prints (docs/scale.md).",
  ],
  options: {
    "--engine-a": field(
      "engineA",
      "CMD",
      "the engine under test, a command line (quotes keep spaces in a word)",
      nonEmpty,
    ),
    "--engine-b": field("engineB", "CMD", "its opponent; results are given from A's side", nonEmpty),
    "--protocol-a": field("protocolA", "P", "otp (default) or gtp, what A speaks on stdin/stdout", parseProtocol),
    "--protocol-b": field("protocolB", "P", "otp (default) or gtp", parseProtocol),
    "--games": field("games", "N", "games to play (default 20); each opening is played twice, colours swapped", (t) =>
      parseWholeNumber(t, 1, 1_000_000),
    ),
    "--plies": field("plies", "N", "length of the random openings (default 4)", (t) => parseWholeNumber(t, 0, 60)),
    "--seed": field("seed", "N", "seed of the random openings (default 1)", (t) => parseWholeNumber(t, 0, 0xffffffff)),
    "--openings": field("openings", "FILE", 'openings from FILE instead, one a line, like "f5 d6 c3"', nonEmpty),
    "--concurrency": field(
      "concurrency",
      "N",
      `games at once (default 1, at most ${availableParallelism()}, the cores)`,
      (t) => parseWholeNumber(t, 1, availableParallelism()),
    ),
    "--move-time": field(
      "moveTime",
      "S",
      'seconds per move, sent to both as "time_settings 0 S 1"; without it or --game-time no clock is sent, and each engine thinks for its own default time a move (ours 5 s), within --genmove-limit',
      parsePositiveSeconds,
    ),
    "--game-time": field(
      "gameTime",
      "S",
      'seconds for all of an engine\'s moves in a game, sent to both as "time_settings S 0 0"; more in all forfeits',
      parsePositiveSeconds,
    ),
    "--genmove-limit": field(
      "genmoveLimit",
      "S",
      "a genmove slower than this forfeits (default 10, or ten times --move-time, or --game-time and 10 more, whichever is most)",
      parsePositiveSeconds,
    ),
    "--reply-limit": field(
      "replyLimit",
      "S",
      "any other reply slower than this forfeits (default 5)",
      parsePositiveSeconds,
    ),
    "--log": field(
      "log",
      "FILE",
      "every game's moves and result, and each forfeit with the engine's last stderr lines",
      nonEmpty,
    ),
    "--json": field("json", "FILE", "the settings, every game and the summary as JSON", nonEmpty),
    "--ggf": field(
      "ggf",
      "FILE",
      "every game in GGF (NBoard's and GGS's format), one a line, with each move's time",
      nonEmpty,
    ),
    "--sprt": {
      ...field(
        "sprt",
        "ELO0 ELO1",
        "stop as soon as an SPRT accepts H0, Elo A - B is ELO0, or H1, it is ELO1 (logistic Elo, from -1000 to 1000, ELO0 < ELO1), from the pairs of games (pentanomial); --games is then the most to play, and even",
        parseHypotheses,
      ),
      words: 2,
    },
    "--sprt-alpha": field(
      "sprtAlpha",
      "A",
      `the SPRT's chance of accepting H1 when H0 holds (default ${DEFAULT_ERROR_CHANCE}, more than 0, less than 0.5)`,
      parseErrorChance,
    ),
    "--shard": field(
      "shard",
      "I/N",
      "play only shard I of N (from 1) of the match's pairs of games, a block of them, for othello match merge to put together; with --json, and --sprt stops no shard (auto/N: I from SLURM_ARRAY_TASK_ID, or JOB_COMPLETION_INDEX plus 1)",
      parseShardArgument,
    ),
    "--sprt-beta": field(
      "sprtBeta",
      "B",
      `its chance of accepting H0 when H1 holds (default ${DEFAULT_ERROR_CHANCE})`,
      parseErrorChance,
    ),
  },
  defaults: () => ({
    engineA: undefined,
    engineB: undefined,
    protocolA: "otp",
    protocolB: "otp",
    games: 20,
    plies: 4,
    seed: 1,
    openings: undefined,
    concurrency: 1,
    moveTime: undefined,
    gameTime: undefined,
    genmoveLimit: undefined,
    replyLimit: 5,
    log: undefined,
    json: undefined,
    ggf: undefined,
    sprt: undefined,
    sprtAlpha: undefined,
    sprtBeta: undefined,
    shard: undefined,
  }),
};

export interface MatchOptions {
  readonly settings: MatchSettings;
  readonly logFile: string | undefined;
  readonly jsonFile: string | undefined;
  readonly ggfFile: string | undefined;
  readonly openingsSource: string;
  readonly sprt: Sprt | undefined;
  /** With --shard: which games of the match these are. */
  readonly shard: MatchShard | undefined;
}

/**
 * The options the arguments describe, the openings read; `env` gives `--shard auto/N` its index.
 */
export function matchOptions(
  a: MatchArguments,
  env: Readonly<Record<string, string | undefined>> = process.env,
): Result<MatchOptions> {
  const engines = [];
  for (const [command, protocol, flag] of [
    [a.engineA, a.protocolA, "--engine-a"],
    [a.engineB, a.protocolB, "--engine-b"],
  ] as const) {
    if (command === undefined) return err(`${flag} is missing`);
    const argv = parseCommandLine(command);
    if (!argv.ok) return err(`${flag}: ${argv.error}`);
    engines.push({ argv: argv.value, protocol });
  }
  if (a.sprt === undefined) {
    if (a.sprtAlpha !== undefined) return err("--sprt-alpha needs --sprt");
    if (a.sprtBeta !== undefined) return err("--sprt-beta needs --sprt");
  } else if (a.games % 2 !== 0)
    return err(`with --sprt, --games (the most to play) must be even, the test counting pairs; got ${a.games}`);
  let openings: Move[][];
  let openingsSource: string;
  if (a.openings !== undefined) {
    let text: string;
    try {
      text = readFileSync(a.openings, "utf8");
    } catch (e) {
      return err(`cannot read ${a.openings}: ${(e as Error).message}`);
    }
    const parsed = parseOpeningsFile(text);
    if (!parsed.ok) return err(`${a.openings}: ${parsed.error}`);
    openings = parsed.value;
    openingsSource = a.openings;
  } else {
    openings = randomOpenings(Math.ceil(a.games / 2), a.plies, a.seed);
    openingsSource = `random, ${a.plies} plies, seed ${a.seed}`;
  }
  let shard: MatchShard | undefined;
  if (a.shard !== undefined) {
    if (a.json === undefined) return err("--shard needs --json FILE: the shard's games, for othello match merge");
    const resolved = resolveShard(a.shard, env);
    if (!resolved.ok) return resolved;
    const { index, count } = resolved.value;
    // Whole pairs: a pair's two games share their opening, and the SPRT counts pairs.
    const pairs = Math.ceil(a.games / 2);
    if (count > pairs) return err(`--shard ${index}/${count}: more shards than the match's ${pairs} pairs of games`);
    const block = shardBlock(index, count, pairs);
    shard = {
      index,
      count,
      firstGame: 2 * block.first,
      endGame: Math.min(2 * block.end, a.games),
      games: a.games,
      openings: digestOf(JSON.stringify(openings)),
    };
  }
  return ok({
    shard,
    settings: {
      engines: [engines[0]!, engines[1]!],
      openings,
      games: shard?.endGame ?? a.games,
      firstGame: shard?.firstGame,
      concurrency: a.concurrency,
      moveTimeSeconds: a.moveTime,
      gameTimeSeconds: a.gameTime,
      genmoveLimitMs: (a.genmoveLimit ?? defaultGenmoveLimitSeconds(a.moveTime, a.gameTime)) * 1000,
      replyLimitMs: a.replyLimit * 1000,
    },
    logFile: a.log,
    jsonFile: a.json,
    ggfFile: a.ggf,
    openingsSource,
    sprt:
      a.sprt === undefined
        ? undefined
        : { ...a.sprt, alpha: a.sprtAlpha ?? DEFAULT_ERROR_CHANCE, beta: a.sprtBeta ?? DEFAULT_ERROR_CHANCE },
  });
}

/** Engine A's score in the games finished, for the progress bar. */
function scoreSoFar(games: readonly GameRecord[]): string {
  const t = tally(games);
  return `A: +${t.wins} =${t.draws} -${t.losses}`;
}

/** `othello match`: many games between two engines; see USAGE. */
export async function matchCommand(args: readonly string[], out: Output): Promise<number> {
  if (args[0] === "merge" && !args.includes("--help") && !args.includes("-h")) return matchMerge(args.slice(1), out);
  const parsed = programArguments(matchProgram, args, out);
  if (typeof parsed === "number") return parsed;
  if (parsed.positional.length > 0)
    return usageError(matchProgram, `unexpected argument "${printable(parsed.positional[0]!)}"`, out);
  return playMatch(parsed.settings, out);
}

/**
 * The match the arguments describe, played, reported and written to its files; the exit
 * status: 0 (an SPRT's early end included), 1 when a game was forfeited, 2 when the arguments
 * are wrong (nothing is played).
 */
export async function playMatch(a: MatchArguments, out: Output): Promise<number> {
  const checked = matchOptions(a);
  if (!checked.ok) return usageError(matchProgram, checked.error, out);
  const options = checked.value;
  const { log, print } = out;
  // Every file the match writes is checked before any game, so that none is played for nothing;
  // the JSON and GGF are written at the end only (a ladder reads a rung's JSON as finished).
  const checks = [options.jsonFile, options.ggfFile].map((file) =>
    file === undefined ? ok(undefined) : checkOutputFile(file),
  );
  const logFile = options.logFile === undefined ? ok(undefined) : openOutputFile(options.logFile);
  const refused = [...checks, logFile].find((c) => !c.ok);
  if (refused !== undefined && !refused.ok) {
    if (logFile.ok && logFile.value !== undefined) closeSync(logFile.value);
    out.log(`othello match: ${refused.error}`);
    return 2;
  }
  const logFd = logFile.ok ? logFile.value : undefined;
  const registry = new ProcessRegistry();
  // The first interrupt stops the match and keeps the games finished; a second one ends it at once.
  const interrupted = new AbortController();
  const stop = (): void => {
    if (interrupted.signal.aborted) process.exit(130);
    interrupted.abort();
    registry.killAll();
  };
  process.on("SIGINT", stop).on("SIGTERM", stop);
  // The SPRT, if any, weighs the pairs as they complete, and ends the match once it decides.
  const decided = new AbortController();
  const pairs = new PairCounter();
  const started = new Date().toISOString();
  const tty = process.stderr.isTTY === true;
  const finished: GameRecord[] = [];
  const bar = new ProgressBar("games", options.settings.games - (options.shard?.firstGame ?? 0), 0, out, true);
  const result = await runMatch(
    options.settings,
    registry,
    (game) => {
      finished.push(game);
      if (logFd !== undefined) writeSync(logFd, `${describeGame(game).join("\n")}\n`);
      else if (game.forfeit !== undefined) log(`${tty ? "\r\x1b[K" : ""}${describeGame(game).join("\n")}`);
      if (pairs.add(game) && options.sprt !== undefined) {
        const state = sprtState(pairs.counts, options.sprt);
        const complete = pairs.counts.reduce((a, b) => a + b, 0);
        const after = complete === 1 ? "1 pair" : `${complete} pairs`;
        const verdict = state.accepted === undefined ? "" : `: ${formatAccepted(state)}`;
        const counts = formatPairs(pairs.counts);
        log(`${tty ? "\r\x1b[K" : ""}SPRT after ${after}: ${formatLlrBounds(state)}, pairs ${counts}${verdict}`);
        // A shard plays all its games: the test is the merged shards'.
        if (state.accepted !== undefined && options.shard === undefined) decided.abort();
      }
      bar.update(finished.length, scoreSoFar(finished));
    },
    interrupted.signal,
    decided.signal,
  );
  bar.finish();
  process.off("SIGINT", stop).off("SIGTERM", stop);
  if (logFd !== undefined) closeSync(logFd);
  if (result.unstarted !== undefined) {
    const { engine, reason, lastWords } = result.unstarted;
    const said = lastWords.length === 0 ? "" : ` (its last words: ${lastWords.at(-1)})`;
    log(
      `othello match: ${LABELS[engine]} (${formatCommandLine(options.settings.engines[engine].argv)}) at start-up: ${reason}${said}; no game played`,
    );
    return 1;
  }
  report({ ...options, engines: options.settings.engines }, result, print);
  if (options.jsonFile !== undefined) writeFileSync(options.jsonFile, matchJson(options, result, started));
  if (options.ggfFile !== undefined) {
    const names = [result.names[0] ?? LABELS[0], result.names[1] ?? LABELS[1]] as const;
    // GGS writes dates so: the match's start, for every game of it.
    const date = started.replace("T", " ").replace(/\.\d+Z$/, " GMT");
    writeFileSync(options.ggfFile, result.games.map((g) => `${formatGameRecordGgf(g, names, date)}\n`).join(""));
  }
  if (interrupted.signal.aborted) {
    log(
      `othello match: interrupted after ${result.games.length} of ${options.settings.games - (options.shard?.firstGame ?? 0)} games; those are reported`,
    );
    return 130;
  }
  const forfeited = result.games.filter((g) => g.forfeit !== undefined);
  if (forfeited.length === 0) return 0;
  // The first reason of each engine says what went wrong (an engine that cannot start, a crash, a timeout).
  for (const engine of [0, 1] as const) {
    const first = forfeited.find((g) => g.forfeit!.engine === engine);
    if (first !== undefined)
      log(
        `match: ${LABELS[engine]} forfeited ${forfeited.filter((g) => g.forfeit!.engine === engine).length} game(s), first in game ${first.index + 1}: ${first.forfeit!.reason}`,
      );
  }
  return 1;
}
