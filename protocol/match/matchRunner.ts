import { type Move, type Result, formatVertex, ok } from "../../src/index.js";
import type { EngineClient, Protocol } from "../controller/engineClient.js";
import { EngineProcess, type ProcessRegistry } from "../controller/engineProcess.js";
import { GtpClient } from "../controller/gtpClient.js";
import { OtpClient } from "../controller/otpClient.js";
import { refereeGame } from "../controller/referee.js";
import { formatOpening } from "./openings.js";
import type { Tally } from "./matchStats.js";

export interface EngineSpec {
  readonly argv: readonly string[];
  readonly protocol: Protocol;
}

export interface MatchSettings {
  /** Engine 0 is the one under test: results are given from its side. */
  readonly engines: readonly [EngineSpec, EngineSpec];
  /** Game i starts from opening i / 2, engine 0 black in even games and white in odd ones. */
  readonly openings: readonly (readonly Move[])[];
  /** The games played are `firstGame` (default 0: a shard of a match starts later) to `games - 1`. */
  readonly games: number;
  readonly firstGame?: number | undefined;
  readonly concurrency: number;
  /** Sent to both engines before each game as `time_settings 0 S 1`; undefined sends nothing. */
  readonly moveTimeSeconds: number | undefined;
  /** Sent to both engines before each game as `time_settings S 0 0`; an engine that uses more in all forfeits. */
  readonly gameTimeSeconds?: number | undefined;
  /** A genmove slower than this forfeits. */
  readonly genmoveLimitMs: number;
  /** Any other reply slower than this forfeits (start-up included, for the first command). */
  readonly replyLimitMs: number;
}

export interface Forfeit {
  readonly engine: 0 | 1;
  readonly reason: string;
  /** The engine's last lines on standard error. */
  readonly lastWords: readonly string[];
}

export interface GameRecord {
  readonly index: number;
  readonly opening: string;
  /** Which engine played black. */
  readonly black: 0 | 1;
  /** Every move from the start to the end of the game, opening included, as vertices. */
  readonly moves: readonly string[];
  /** The winning engine, or null for a draw. */
  readonly winner: 0 | 1 | null;
  readonly blackDiscs: number;
  readonly whiteDiscs: number;
  readonly forfeit: Forfeit | undefined;
  /** Milliseconds each engine took for each of its genmoves (the passes after the end included). */
  readonly moveTimes: readonly [readonly number[], readonly number[]];
}

/**
 * The genmove limit a match keeps when it is given none, in seconds: it only catches an engine
 * that hangs, so it stays well above any move the clock allows. 10 s, or ten times the time a
 * move, or the whole game's time and 10 s more (one move may take all of it), whichever is most.
 */
export function defaultGenmoveLimitSeconds(moveTimeSeconds?: number, gameTimeSeconds?: number): number {
  return Math.max(10, 10 * (moveTimeSeconds ?? 0), gameTimeSeconds === undefined ? 0 : gameTimeSeconds + 10);
}

/** One engine of one worker: started on demand, restarted after a forfeit (its state is unknown then). */
class Seat {
  private process: EngineProcess | undefined;
  private client: EngineClient | undefined;
  name: string | undefined;

  constructor(
    private readonly spec: EngineSpec,
    private readonly registry: ProcessRegistry,
  ) {}

  async ready(limitMs: number): Promise<Result<EngineClient>> {
    if (this.client !== undefined) return ok(this.client);
    this.process = new EngineProcess(this.spec.argv, this.registry);
    const client = this.spec.protocol === "otp" ? new OtpClient(this.process) : new GtpClient(this.process);
    const name = await client.name(limitMs);
    if (!name.ok) return name;
    this.name ??= name.value ?? "unknown";
    this.client = client;
    return ok(client);
  }

  get lastWords(): readonly string[] {
    return this.process?.lastWords ?? [];
  }

  /**
   * Closes the engine's input mid-game, the gentle end of an engine: it exits after its reply
   * under way (or is killed after `limitMs`), and the game ends in a forfeit nobody keeps.
   */
  abandon(limitMs: number): void {
    void this.process?.stop(limitMs);
  }

  discard(): void {
    this.process?.kill();
    this.process = undefined;
    this.client = undefined;
  }

  async close(limitMs: number): Promise<void> {
    if (this.client !== undefined) {
      await this.client.quit(limitMs);
      await this.process!.stop(limitMs);
    }
    this.discard();
  }
}

async function playGame(seats: readonly [Seat, Seat], index: number, settings: MatchSettings): Promise<GameRecord> {
  const opening = settings.openings[Math.floor(index / 2) % settings.openings.length]!;
  const black: 0 | 1 = index % 2 === 0 ? 0 : 1;
  const moveTimes: [number[], number[]] = [[], []];
  const forfeit = (engine: 0 | 1, reason: string): Forfeit => {
    const lost = { engine, reason, lastWords: seats[engine].lastWords };
    seats[engine].discard();
    return lost;
  };
  const clients: EngineClient[] = [];
  for (const engine of [0, 1] as const) {
    const client = await seats[engine].ready(settings.replyLimitMs);
    if (!client.ok)
      return {
        index,
        opening: formatOpening(opening),
        black,
        moves: [],
        winner: engine === 0 ? 1 : 0,
        blackDiscs: 2,
        whiteDiscs: 2,
        forfeit: forfeit(engine, client.error),
        moveTimes,
      };
    clients.push(client.value);
  }
  const engineOf = (colour: "black" | "white"): 0 | 1 => ((colour === "black") === (black === 0) ? 0 : 1);
  const refereeSettings = {
    genmoveMs: settings.genmoveLimitMs,
    replyMs: settings.replyLimitMs,
    moveTimeSeconds: settings.moveTimeSeconds,
    gameTimeSeconds: settings.gameTimeSeconds,
  };
  const { game, forfeit: lost } = await refereeGame(
    { black: clients[black]!, white: clients[1 - black]! },
    opening,
    refereeSettings,
    ({ colour, ms }) => {
      moveTimes[engineOf(colour)].push(ms);
    },
  );
  const difference = game.position.discDifference();
  const winner =
    lost !== undefined
      ? engineOf(lost.colour) === 0
        ? 1
        : 0
      : difference === 0
        ? null
        : difference > 0 === (black === 0)
          ? 0
          : 1;
  return {
    index,
    opening: formatOpening(opening),
    black,
    moves: game.moves.map((m) => formatVertex(m).toLowerCase()),
    winner,
    blackDiscs: game.position.blackDiscs(),
    whiteDiscs: game.position.whiteDiscs(),
    forfeit: lost === undefined ? undefined : forfeit(engineOf(lost.colour), lost.reason),
    moveTimes,
  };
}

export interface MatchResult {
  readonly names: readonly [string | undefined, string | undefined];
  /** The games finished, in order; fewer than asked when the match was stopped. */
  readonly games: readonly GameRecord[];
  /** An engine that could not be started (or did not answer `name`): no game was played. */
  readonly unstarted?: Forfeit | undefined;
}

/**
 * Plays the match on `concurrency` workers, each with its own pair of engine processes, and
 * reports every finished game to `onGame` as it comes. Both engines are started once first: one
 * that cannot start ends the match before any game. Once `stop` is aborted (an interrupt) no
 * game starts, and the games then under way are left out (their engines are being killed).
 * Once `enough` is aborted (the caller has seen enough games: an SPRT decided) no game starts
 * either, and the games under way are left out, but their engines are ended gently: their input
 * is closed, and they are killed only if they are still there after the reply limit.
 */
export async function runMatch(
  settings: MatchSettings,
  registry: ProcessRegistry,
  onGame: (game: GameRecord) => void,
  stop?: AbortSignal,
  enough?: AbortSignal,
): Promise<MatchResult> {
  const games: GameRecord[] = [];
  const names: [string | undefined, string | undefined] = [undefined, undefined];
  const seats: Seat[] = [];
  const seatsOf = (): readonly [Seat, Seat] => {
    const pair = [new Seat(settings.engines[0], registry), new Seat(settings.engines[1], registry)] as const;
    seats.push(...pair);
    return pair;
  };
  const abandon = (): void => {
    for (const seat of seats) seat.abandon(settings.replyLimitMs);
  };
  const first = seatsOf();
  for (const engine of [0, 1] as const) {
    const started = await first[engine].ready(settings.replyLimitMs);
    if (!started.ok) {
      const unstarted = { engine, reason: started.error, lastWords: first[engine].lastWords };
      for (const seat of first) seat.discard();
      return { names, games: [], unstarted };
    }
  }
  enough?.addEventListener("abort", abandon, { once: true });
  let next = settings.firstGame ?? 0;
  const interrupted = (): boolean => stop?.aborted === true;
  const stopped = (): boolean => interrupted() || enough?.aborted === true;
  async function worker(own: readonly [Seat, Seat]): Promise<void> {
    try {
      while (next < settings.games && !stopped()) {
        const record = await playGame(own, next++, settings);
        if (stopped()) break;
        games[record.index] = record;
        onGame(record);
      }
    } finally {
      if (interrupted()) for (const seat of own) seat.discard();
      else await Promise.all(own.map((s) => s.close(settings.replyLimitMs)));
      for (const i of [0, 1] as const) names[i] ??= own[i].name;
    }
  }
  const workers = Math.min(settings.concurrency, settings.games - next);
  await Promise.all(Array.from({ length: workers }, (_, i) => worker(i === 0 ? first : seatsOf())));
  enough?.removeEventListener("abort", abandon);
  return { names, games: games.filter((g) => g !== undefined) };
}

/** Engine 0's wins, draws and losses. */
export function tally(games: readonly GameRecord[]): Tally {
  return {
    wins: games.filter((g) => g.winner === 0).length,
    draws: games.filter((g) => g.winner === null).length,
    losses: games.filter((g) => g.winner === 1).length,
  };
}
