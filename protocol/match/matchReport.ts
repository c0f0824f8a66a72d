import { formatCommandLine } from "../text/commandLine.js";
import { type EngineSpec, type GameRecord, type MatchResult, type MatchSettings, tally } from "./matchRunner.js";
import { type MatchShard, shardChecksum } from "./matchShards.js";
import { eloEstimate, formatElo, score } from "./matchStats.js";
import { PHASES_HEADING, type Phase, formatPhaseSeconds, meanSecondsByPhase } from "./movePhases.js";
import { type Pentanomial, pentanomial } from "./pentanomial.js";
import { type Sprt, type SprtState, sprtState } from "./sprt.js";

/** The engines as the reports name them: A under test, B its opponent. */
export const LABELS = ["A", "B"] as const;

/** A game for the log: its opening, colours, result and moves. */
export function describeGame(g: GameRecord): string[] {
  const outcome = g.winner === null ? "draw" : `${LABELS[g.winner]} wins`;
  const how =
    g.forfeit === undefined
      ? `${g.blackDiscs}-${g.whiteDiscs}`
      : `by forfeit: ${LABELS[g.forfeit.engine]} ${g.forfeit.reason}`;
  const lines = [
    `game ${g.index + 1}: opening "${g.opening}", black ${LABELS[g.black]}, white ${LABELS[1 - g.black]}: ${outcome} ${how}`,
    `  moves: ${g.moves.join(" ")}`,
  ];
  if (g.forfeit !== undefined && g.forfeit.lastWords.length > 0)
    lines.push(`  ${LABELS[g.forfeit.engine]}'s last words on stderr:`, ...g.forfeit.lastWords.map((l) => `    ${l}`));
  return lines;
}

export interface MoveTimes {
  readonly moves: number;
  readonly averageSeconds: number;
  readonly maxSeconds: number;
  /** The most the engine thought in one game, all its moves together. */
  readonly maxGameSeconds: number;
  /** The mean seconds of its moves in each phase of the game (null: none in that phase). */
  readonly phases: Record<Phase, number | null>;
}

function moveTimes(games: readonly GameRecord[], engine: 0 | 1): MoveTimes {
  const times = games.flatMap((g) => g.moveTimes[engine]);
  const total = times.reduce((a, b) => a + b, 0);
  const perGame = games.map((g) => g.moveTimes[engine].reduce((a, b) => a + b, 0));
  return {
    moves: times.length,
    averageSeconds: times.length === 0 ? 0 : total / times.length / 1000,
    maxSeconds: Math.max(0, ...times) / 1000,
    maxGameSeconds: Math.max(0, ...perGame) / 1000,
    phases: meanSecondsByPhase(games, engine),
  };
}

/** The match's numbers: W/D/L, score, Elo, pairs, the SPRT's state, forfeits and move times. */
export function summarize(sprt: Sprt | undefined, result: MatchResult) {
  const t = tally(result.games);
  const pairs = pentanomial(result.games);
  return {
    pairs,
    sprt: sprt === undefined ? undefined : sprtState(pairs, sprt),
    tally: t,
    games: result.games.length,
    score: score(t),
    elo: eloEstimate(t),
    forfeits: [0, 1].map((e) => result.games.filter((g) => g.forfeit?.engine === e).length),
    moveTimes: [moveTimes(result.games, 0), moveTimes(result.games, 1)],
  };
}

/** An LLR or a bound, to two decimals (never "-0.00"). */
function formatLlr(x: number): string {
  const rounded = Math.round(x * 100) / 100;
  return (rounded === 0 ? 0 : rounded).toFixed(2);
}

/** The LLR and, in brackets, its bounds. */
export function formatLlrBounds(state: SprtState): string {
  return `LLR ${formatLlr(state.llr)} (${formatLlr(state.lower)}, ${formatLlr(state.upper)})`;
}

export const formatAccepted = (state: SprtState): string =>
  state.accepted === undefined ? "no decision" : `${state.accepted} accepted`;

export const formatPairs = (pairs: Pentanomial): string => `[${pairs.join(", ")}]`;

/** What a match's report says of it besides its games: the engines, the openings, the SPRT. */
export interface MatchDescription {
  readonly engines: readonly EngineSpec[];
  readonly openingsSource: string;
  readonly sprt: Sprt | undefined;
}

/** The match's table: the engines, W/D/L, score, Elo with its interval, the pairs, the SPRT's verdict, move times. */
export function report(options: MatchDescription, result: MatchResult, print: (line: string) => void): void {
  const s = summarize(options.sprt, result);
  const { wins, draws, losses } = s.tally;
  options.engines.forEach((e, i) => {
    print(`${LABELS[i]}: ${formatCommandLine(e.argv)} (${e.protocol}, name ${result.names[i] ?? "unknown"})`);
  });
  print(`openings: ${options.openingsSource}`);
  print(
    `games: ${s.games}   A wins ${wins}, draws ${draws}, losses ${losses}   forfeits: A ${s.forfeits[0]}, B ${s.forfeits[1]}`,
  );
  print(`score of A: ${s.score.toFixed(3)} (${wins + draws / 2}/${s.games})`);
  print(`Elo A - B: ${formatElo(s.elo.elo)} (95% CI ${formatElo(s.elo.low)} to ${formatElo(s.elo.high)})`);
  print(`pairs: ${formatPairs(s.pairs)}, by A's points in the pair: 0, 0.5, 1, 1.5, 2`);
  if (options.sprt !== undefined && s.sprt !== undefined) {
    const { elo0, elo1, alpha, beta } = options.sprt;
    print(
      `SPRT: ${formatLlrBounds(s.sprt)} ${formatAccepted(s.sprt)}   H0: Elo ${elo0}, H1: Elo ${elo1}, alpha ${alpha}, beta ${beta}`,
    );
  }
  for (const i of [0, 1] as const) {
    const m = s.moveTimes[i]!;
    print(
      `time per move of ${LABELS[i]}: average ${m.averageSeconds.toFixed(3)} s, max ${m.maxSeconds.toFixed(3)} s over ${m.moves} moves, at most ${m.maxGameSeconds.toFixed(3)} s in one game`,
    );
    print(`  by phase, ${PHASES_HEADING}: ${formatPhaseSeconds(m.phases, 3)}`);
  }
}

/** The whole match as JSON, dated by its start (ISO 8601); infinite Elo bounds (a clean sweep) become null. */
export function matchJson(
  options: Omit<MatchDescription, "engines"> & {
    readonly settings: MatchSettings;
    readonly shard: MatchShard | undefined;
  },
  result: MatchResult,
  date: string,
): string {
  const s = summarize(options.sprt, result);
  const finite = (x: number): number | null => (Number.isFinite(x) ? Math.round(x * 10) / 10 : null);
  const engines = options.settings.engines.map((e, i) => ({
    label: LABELS[i],
    command: e.argv,
    protocol: e.protocol,
    name: result.names[i] ?? null,
  }));
  const { engines: _engines, openings: _openings, ...settings } = options.settings;
  const summary = {
    ...s.tally,
    games: s.games,
    score: s.score,
    elo: finite(s.elo.elo),
    eloLow: finite(s.elo.low),
    eloHigh: finite(s.elo.high),
    forfeits: s.forfeits,
    moveTimes: s.moveTimes,
    pairs: s.pairs,
    sprt: s.sprt === undefined ? null : { ...s.sprt, accepted: s.sprt.accepted ?? null },
  };
  const { firstGame: _firstGame, ...played } = settings;
  const allSettings = {
    ...played,
    games: options.shard?.games ?? played.games,
    openings: options.openingsSource,
    sprt: options.sprt ?? null,
  };
  const whole = { date, engines, settings: allSettings, summary, games: result.games };
  const shard =
    options.shard === undefined
      ? {}
      : { shard: options.shard, checksum: shardChecksum({ ...whole, shard: options.shard }) };
  return `${JSON.stringify({ ...whole, ...shard }, null, 2)}\n`;
}
