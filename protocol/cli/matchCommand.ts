import { closeSync, openSync, readFileSync, writeFileSync, writeSync } from "node:fs";
import { availableParallelism } from "node:os";
import { type Move, type Result, err, ok } from "../../src/index.js";
import { formatCommandLine, parseCommandLine } from "../text/commandLine.js";
import type { Protocol } from "../controller/engineClient.js";
import { ProcessRegistry } from "../controller/engineProcess.js";
import { type GameRecord, type MatchResult, type MatchSettings, runMatch, tally } from "../match/matchRunner.js";
import { eloEstimate, formatElo, score } from "../match/matchStats.js";
import { parseSeconds, parseWholeNumber } from "../text/numbers.js";
import { parseOpeningsFile, randomOpenings } from "../match/openings.js";

const USAGE = `usage: othello match --engine-a CMD --engine-b CMD [options]
  --engine-a CMD        the engine under test, a command line (quotes keep spaces in a word)
  --engine-b CMD        its opponent; results are given from A's side
  --protocol-a P        otp (default) or gtp, what A speaks on stdin/stdout
  --protocol-b P        otp (default) or gtp
  --games N             games to play (default 20); each opening is played twice, colours swapped
  --plies N             length of the random openings (default 4)
  --seed N              seed of the random openings (default 1)
  --openings FILE       openings from FILE instead, one a line, like "f5 d6 c3"
  --concurrency N       games at once (default 1, at most ${availableParallelism()}, the cores)
  --move-time S         seconds per move, sent to both as "time_settings 0 S 1"
  --genmove-limit S     a genmove slower than this forfeits (default 10)
  --reply-limit S       any other reply slower than this forfeits (default 5)
  --log FILE            every game's moves and result, and each forfeit with the engine's last stderr lines
  --json FILE           the settings, every game and the summary as JSON`;

interface MatchOptions {
  readonly settings: MatchSettings;
  readonly logFile: string | undefined;
  readonly jsonFile: string | undefined;
  readonly openingsSource: string;
}

function parseProtocol(text: string): Result<Protocol> {
  return text === "otp" || text === "gtp" ? ok(text) : err(`the protocol is otp or gtp, got "${text}"`);
}

function parseMatchArguments(args: readonly string[]): Result<MatchOptions> {
  const values = new Map<string, string>();
  const known = ["--engine-a", "--engine-b", "--protocol-a", "--protocol-b", "--games", "--plies", "--seed", "--openings", "--concurrency", "--move-time", "--genmove-limit", "--reply-limit", "--log", "--json"];
  for (let i = 0; i < args.length; i += 2) {
    const name = args[i]!;
    if (!known.includes(name)) return err(`unknown option "${name}"`);
    if (args[i + 1] === undefined) return err(`${name} takes a value`);
    values.set(name, args[i + 1]!);
  }
  const number = (name: string, fallback: number, min: number, max: number): Result<number> => {
    const text = values.get(name);
    if (text === undefined) return ok(fallback);
    const n = parseWholeNumber(text, min, max);
    return n.ok ? n : err(`${name}: ${n.error}`);
  };
  const milliseconds = (name: string, fallback: number | undefined): Result<number | undefined> => {
    const text = values.get(name);
    if (text === undefined) return ok(fallback);
    const s = parseSeconds(text, 3600);
    if (!s.ok) return err(`${name}: ${s.error}`);
    return s.value > 0 ? ok(s.value * 1000) : err(`${name} must be more than 0 seconds`);
  };
  const engines = [];
  for (const side of ["a", "b"]) {
    const command = values.get(`--engine-${side}`);
    if (command === undefined) return err(`--engine-${side} is missing`);
    const argv = parseCommandLine(command);
    if (!argv.ok) return argv;
    const protocol = parseProtocol(values.get(`--protocol-${side}`) ?? "otp");
    if (!protocol.ok) return protocol;
    engines.push({ argv: argv.value, protocol: protocol.value });
  }
  const games = number("--games", 20, 1, 1_000_000);
  if (!games.ok) return games;
  const plies = number("--plies", 4, 0, 60);
  if (!plies.ok) return plies;
  const seed = number("--seed", 1, 0, 0xffffffff);
  if (!seed.ok) return seed;
  const concurrency = number("--concurrency", 1, 1, availableParallelism());
  if (!concurrency.ok) return concurrency;
  const moveTime = milliseconds("--move-time", undefined);
  if (!moveTime.ok) return moveTime;
  const genmoveLimit = milliseconds("--genmove-limit", 10_000);
  if (!genmoveLimit.ok) return genmoveLimit;
  const replyLimit = milliseconds("--reply-limit", 5_000);
  if (!replyLimit.ok) return replyLimit;
  let openings: Move[][];
  let openingsSource: string;
  const file = values.get("--openings");
  if (file !== undefined) {
    let text: string;
    try {
      text = readFileSync(file, "utf8");
    } catch (e) {
      return err(`cannot read ${file}: ${(e as Error).message}`);
    }
    const parsed = parseOpeningsFile(text);
    if (!parsed.ok) return err(`${file}: ${parsed.error}`);
    openings = parsed.value;
    openingsSource = file;
  } else {
    openings = randomOpenings(Math.ceil(games.value / 2), plies.value, seed.value);
    openingsSource = `random, ${plies.value} plies, seed ${seed.value}`;
  }
  return ok({
    settings: {
      engines: [engines[0]!, engines[1]!],
      openings,
      games: games.value,
      concurrency: concurrency.value,
      moveTimeSeconds: moveTime.value === undefined ? undefined : moveTime.value / 1000,
      genmoveLimitMs: genmoveLimit.value!,
      replyLimitMs: replyLimit.value!,
    },
    logFile: values.get("--log"),
    jsonFile: values.get("--json"),
    openingsSource,
  });
}

const LABELS = ["A", "B"] as const;

function describeGame(g: GameRecord): string[] {
  const outcome = g.winner === null ? "draw" : `${LABELS[g.winner]} wins`;
  const how = g.forfeit === undefined ? `${g.blackDiscs}-${g.whiteDiscs}` : `by forfeit: ${LABELS[g.forfeit.engine]} ${g.forfeit.reason}`;
  const lines = [`game ${g.index + 1}: opening "${g.opening}", black ${LABELS[g.black]}, white ${LABELS[1 - g.black]}: ${outcome} ${how}`, `  moves: ${g.moves.join(" ")}`];
  if (g.forfeit !== undefined && g.forfeit.lastWords.length > 0) lines.push(`  ${LABELS[g.forfeit.engine]}'s last words on stderr:`, ...g.forfeit.lastWords.map((l) => `    ${l}`));
  return lines;
}

interface MoveTimes {
  readonly moves: number;
  readonly averageSeconds: number;
  readonly maxSeconds: number;
}

function moveTimes(games: readonly GameRecord[], engine: 0 | 1): MoveTimes {
  const times = games.flatMap((g) => g.moveTimes[engine]);
  const total = times.reduce((a, b) => a + b, 0);
  return { moves: times.length, averageSeconds: times.length === 0 ? 0 : total / times.length / 1000, maxSeconds: Math.max(0, ...times) / 1000 };
}

function summarize(result: MatchResult) {
  const t = tally(result.games);
  return {
    tally: t,
    games: result.games.length,
    score: score(t),
    elo: eloEstimate(t),
    forfeits: [0, 1].map((e) => result.games.filter((g) => g.forfeit?.engine === e).length),
    moveTimes: [moveTimes(result.games, 0), moveTimes(result.games, 1)],
  };
}

function report(options: MatchOptions, result: MatchResult, print: (line: string) => void): void {
  const s = summarize(result);
  const { wins, draws, losses } = s.tally;
  options.settings.engines.forEach((e, i) => print(`${LABELS[i]}: ${formatCommandLine(e.argv)} (${e.protocol}, name ${result.names[i] ?? "unknown"})`));
  print(`openings: ${options.openingsSource}`);
  print(`games: ${s.games}   A wins ${wins}, draws ${draws}, losses ${losses}   forfeits: A ${s.forfeits[0]}, B ${s.forfeits[1]}`);
  print(`score of A: ${s.score.toFixed(3)} (${wins + draws / 2}/${s.games})`);
  print(`Elo A - B: ${formatElo(s.elo.elo)} (95% CI ${formatElo(s.elo.low)} to ${formatElo(s.elo.high)})`);
  for (const i of [0, 1] as const) {
    const m = s.moveTimes[i]!;
    print(`time per move of ${LABELS[i]}: average ${m.averageSeconds.toFixed(3)} s, max ${m.maxSeconds.toFixed(3)} s over ${m.moves} moves`);
  }
}

/** The whole match as JSON; infinite Elo bounds (a clean sweep) become null. */
function matchJson(options: MatchOptions, result: MatchResult): string {
  const s = summarize(result);
  const finite = (x: number): number | null => (Number.isFinite(x) ? Math.round(x * 10) / 10 : null);
  const engines = options.settings.engines.map((e, i) => ({ label: LABELS[i], command: e.argv, protocol: e.protocol, name: result.names[i] ?? null }));
  const { engines: _engines, openings: _openings, ...settings } = options.settings;
  const summary = { ...s.tally, games: s.games, score: s.score, elo: finite(s.elo.elo), eloLow: finite(s.elo.low), eloHigh: finite(s.elo.high), forfeits: s.forfeits, moveTimes: s.moveTimes };
  return `${JSON.stringify({ engines, settings: { ...settings, openings: options.openingsSource }, summary, games: result.games }, null, 2)}\n`;
}

function progressBar(done: number, total: number, games: readonly GameRecord[]): string {
  const width = 30;
  const filled = Math.round((done / total) * width);
  const t = tally(games.filter((g) => g !== undefined));
  return `[${"#".repeat(filled)}${".".repeat(width - filled)}] ${done}/${total}  A: +${t.wins} =${t.draws} -${t.losses}`;
}

/** `othello match`: many games between two engines; see USAGE. */
export async function matchCommand(args: string[], log: (line: string) => void, print: (line: string) => void): Promise<number> {
  const parsed = parseMatchArguments(args);
  if (!parsed.ok) {
    log(`match: ${parsed.error}\n${USAGE}`);
    return 2;
  }
  const options = parsed.value;
  const registry = new ProcessRegistry();
  const stop = (): void => {
    registry.killAll();
    process.exit(130);
  };
  process.once("SIGINT", stop).once("SIGTERM", stop);
  const logFd = options.logFile === undefined ? undefined : openSync(options.logFile, "w");
  const tty = process.stderr.isTTY === true;
  const finished: GameRecord[] = [];
  const result = await runMatch(options.settings, registry, (game) => {
    finished.push(game);
    if (logFd !== undefined) writeSync(logFd, `${describeGame(game).join("\n")}\n`);
    else if (game.forfeit !== undefined) log(`${tty ? "\r\x1b[K" : ""}${describeGame(game).join("\n")}`);
    const bar = progressBar(finished.length, options.settings.games, finished);
    process.stderr.write(tty ? `\r\x1b[K${bar}` : `${bar}\n`);
  });
  if (tty) process.stderr.write("\n");
  process.off("SIGINT", stop).off("SIGTERM", stop);
  if (logFd !== undefined) closeSync(logFd);
  report(options, result, print);
  if (options.jsonFile !== undefined) writeFileSync(options.jsonFile, matchJson(options, result));
  return 0;
}
