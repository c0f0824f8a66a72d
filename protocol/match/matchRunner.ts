import { type Colour, Game, type Move, type Result, formatVertex, ok } from "../../src/index.js";
import { type EngineClient, GtpClient, OtpClient, type Protocol } from "../controller/engineClient.js";
import { EngineProcess, type ProcessRegistry } from "../controller/engineProcess.js";
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
  readonly games: number;
  readonly concurrency: number;
  /** Sent to both engines before each game as `time_settings 0 S 1`; undefined sends nothing. */
  readonly moveTimeSeconds: number | undefined;
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
  /** Every move from the start, opening included, as vertices. */
  readonly moves: readonly string[];
  /** The winning engine, or null for a draw. */
  readonly winner: 0 | 1 | null;
  readonly blackDiscs: number;
  readonly whiteDiscs: number;
  readonly forfeit: Forfeit | undefined;
  /** Milliseconds each engine took for each of its genmoves. */
  readonly moveTimes: readonly [readonly number[], readonly number[]];
}

/** One engine of one worker: started on demand, restarted after a forfeit (its state is unknown then). */
class Seat {
  private process: EngineProcess | undefined;
  private client: EngineClient | undefined;
  name: string | undefined;

  constructor(private readonly spec: EngineSpec, private readonly registry: ProcessRegistry) {}

  async ready(limitMs: number): Promise<Result<EngineClient>> {
    if (this.client !== undefined) return ok(this.client);
    this.process = new EngineProcess(this.spec.argv, this.registry);
    const client = this.spec.protocol === "otp" ? new OtpClient(this.process) : new GtpClient(this.process);
    const name = await client.name(limitMs);
    if (!name.ok) return name;
    this.name ??= name.value;
    this.client = client;
    return ok(client);
  }

  get lastWords(): readonly string[] {
    return this.process?.lastWords ?? [];
  }

  discard(): void {
    this.process?.kill();
    this.process = undefined;
    this.client = undefined;
  }

  async close(limitMs: number): Promise<void> {
    if (this.client !== undefined) await this.client.quit(limitMs);
    this.discard();
  }
}

const colourOf = (blackToMove: boolean): Colour => (blackToMove ? "black" : "white");

async function playGame(seats: readonly [Seat, Seat], index: number, settings: MatchSettings): Promise<GameRecord> {
  const opening = settings.openings[Math.floor(index / 2) % settings.openings.length]!;
  const black: 0 | 1 = index % 2 === 0 ? 0 : 1;
  const game = new Game();
  const moveTimes: [number[], number[]] = [[], []];
  const record = (winner: 0 | 1 | null, forfeit: Forfeit | undefined): GameRecord => ({
    index,
    opening: formatOpening(opening),
    black,
    moves: game.moves.map((m) => formatVertex(m).toLowerCase()),
    winner,
    blackDiscs: game.position.blackDiscs(),
    whiteDiscs: game.position.whiteDiscs(),
    forfeit,
    moveTimes,
  });
  const forfeit = (engine: 0 | 1, reason: string): GameRecord => {
    const lost = record(engine === 0 ? 1 : 0, { engine, reason, lastWords: seats[engine].lastWords });
    seats[engine].discard();
    return lost;
  };

  const clients: EngineClient[] = [];
  for (const engine of [0, 1] as const) {
    const client = await seats[engine].ready(settings.replyLimitMs);
    if (!client.ok) return forfeit(engine, client.error);
    const cleared = await client.value.newGame(settings.replyLimitMs);
    if (!cleared.ok) return forfeit(engine, cleared.error);
    if (settings.moveTimeSeconds !== undefined) {
      const timed = await client.value.setMoveTime(settings.moveTimeSeconds, settings.replyLimitMs);
      if (!timed.ok) return forfeit(engine, timed.error);
    }
    clients.push(client.value);
  }
  const engineToMove = (): 0 | 1 => (game.position.blackToMove === (black === 0) ? 0 : 1);

  for (const move of opening) {
    const colour = colourOf(game.position.blackToMove);
    game.play(move);
    for (const engine of [0, 1] as const) {
      const told = await clients[engine]!.play(colour, move, settings.replyLimitMs);
      if (!told.ok) return forfeit(engine, told.error);
    }
  }
  while (!game.isOver()) {
    const mover = engineToMove();
    const other = mover === 0 ? 1 : 0;
    const colour = colourOf(game.position.blackToMove);
    const started = performance.now();
    const move = await clients[mover]!.genmove(colour, settings.genmoveLimitMs);
    moveTimes[mover].push(performance.now() - started);
    if (!move.ok) return forfeit(mover, move.error);
    const played = game.play(move.value);
    if (!played.ok) return forfeit(mover, `played ${formatVertex(move.value)}, which is illegal: ${played.error}`);
    const told = await clients[other]!.play(colour, move.value, settings.replyLimitMs);
    if (!told.ok) return forfeit(other, told.error);
  }
  const difference = game.position.discDifference();
  const winner = difference === 0 ? null : (difference > 0) === (black === 0) ? 0 : 1;
  return record(winner, undefined);
}

export interface MatchResult {
  readonly names: readonly [string | undefined, string | undefined];
  readonly games: readonly GameRecord[];
}

/**
 * Plays the match on `concurrency` workers, each with its own pair of engine processes, and
 * reports every finished game to `onGame` as it comes.
 */
export async function runMatch(settings: MatchSettings, registry: ProcessRegistry, onGame: (game: GameRecord) => void): Promise<MatchResult> {
  const games: GameRecord[] = [];
  const names: [string | undefined, string | undefined] = [undefined, undefined];
  let next = 0;
  async function worker(): Promise<void> {
    const seats = [new Seat(settings.engines[0], registry), new Seat(settings.engines[1], registry)] as const;
    try {
      while (next < settings.games) {
        const record = await playGame(seats, next++, settings);
        games[record.index] = record;
        onGame(record);
      }
    } finally {
      await Promise.all(seats.map((s) => s.close(settings.replyLimitMs)));
      for (const i of [0, 1] as const) names[i] ??= seats[i].name;
    }
  }
  await Promise.all(Array.from({ length: Math.min(settings.concurrency, settings.games) }, worker));
  return { names, games };
}

/** Engine 0's wins, draws and losses. */
export function tally(games: readonly GameRecord[]): Tally {
  return {
    wins: games.filter((g) => g.winner === 0).length,
    draws: games.filter((g) => g.winner === null).length,
    losses: games.filter((g) => g.winner === 1).length,
  };
}
