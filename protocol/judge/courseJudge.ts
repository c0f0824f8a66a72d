import { formatOtpMove, formatVertex } from "../../src/index.js";
import { OtpClient } from "../controller/otpClient.js";
import { refereeGame } from "../controller/referee.js";
import type { UnframedConnection } from "./unframedConnection.js";

/**
 * The course judge's match logic (judge.cpp), apart from sockets: commands go out unframed,
 * each reply is whatever one receive returns, and only its first word is checked.
 */

export interface JudgeLimits {
  readonly genmoveMs: number;
  /** Every other command: name, clear_board, play, quit. */
  readonly replyMs: number;
}

export const COURSE_LIMITS: JudgeLimits = { genmoveMs: 10_000, replyMs: 1_000 };

/** One line of the summary, as judge.cpp prints it. */
export interface PlayerSummary {
  readonly name: string;
  /** Still in good standing at the end and answered `quit`. */
  readonly quit: boolean;
  readonly wins: number;
  readonly losses: number;
  readonly draws: number;
  /** Why it lost its standing (a forfeit, or never connecting); undefined when it kept it. */
  readonly forfeit: string | undefined;
}

class Player {
  name = "unknown";
  ok: boolean;
  /** The first reason it lost its standing. */
  forfeit: string | undefined;
  wins = 0;
  readonly client: OtpClient | undefined;

  constructor(
    readonly index: number,
    readonly connection: UnframedConnection | undefined,
  ) {
    this.ok = connection !== undefined;
    this.forfeit = connection === undefined ? "never connected" : undefined;
    this.client = connection === undefined ? undefined : new OtpClient(connection);
  }

  get label(): string {
    return `player ${this.index} (${this.name})`;
  }
}

export type Transcript = (line: string) => void;

const seconds = (ms: number): string => `${(ms / 1000).toFixed(3)} s`;

/**
 * Plays `rounds` games between the two connections (undefined: never connected) as the course
 * judge does, and returns the summary in connection order. The games are the referee's, with
 * the course's limits; a forfeit decides its round and every later one.
 */
export async function judgeMatch(
  connections: readonly [UnframedConnection | undefined, UnframedConnection | undefined],
  rounds: number,
  limits: JudgeLimits,
  transcript: Transcript,
): Promise<[PlayerSummary, PlayerSummary]> {
  const players = [new Player(0, connections[0]), new Player(1, connections[1])] as const;
  const forfeit = (player: Player, reason: string): void => {
    player.ok = false;
    player.forfeit ??= reason;
    transcript(`  forfeit: ${player.label} ${reason}`);
  };
  for (const p of players) if (!p.ok) transcript(`player ${p.index} never connected`);

  for (const p of players) {
    if (!p.ok) continue;
    const name = await p.client!.name(limits.replyMs);
    if (!name.ok) forfeit(p, name.error);
    else {
      p.name = name.value ?? p.name;
      transcript(`player ${p.index} is ${p.name}`);
    }
  }

  const settings = { genmoveMs: limits.genmoveMs, replyMs: limits.replyMs, moveTimeSeconds: undefined };
  let black: Player = players[0];
  let white: Player = players[1];
  for (let round = 1; round <= rounds; round++) {
    transcript(`round ${round}: black ${black.label}, white ${white.label}`);
    let score: number;
    if (black.ok && white.ok) {
      let ply = 0;
      const played = await refereeGame(
        { black: black.client!, white: white.client! },
        [],
        settings,
        ({ colour, move, ms }) => {
          transcript(
            `  ${++ply}. ${colour} ${formatOtpMove(move)} (${formatVertex(move).toLowerCase()}) in ${seconds(ms)}`,
          );
        },
      );
      if (played.forfeit !== undefined)
        forfeit(played.forfeit.colour === "black" ? black : white, played.forfeit.reason);
      const position = played.game.position;
      score = played.forfeit === undefined ? position.discDifference() : played.forfeit.colour === "black" ? -1 : 1;
      const discs =
        played.forfeit === undefined
          ? `black ${position.blackDiscs()}, white ${position.whiteDiscs()}: `
          : "by forfeit: ";
      record(round, score, discs);
    } else {
      record(round, Number(black.ok) - Number(white.ok), "by forfeit: ");
    }
    [black, white] = [white, black];
  }

  /** The round's result: the score decides, a forfeit's included. */
  function record(round: number, score: number, discs: string): void {
    if (score > 0) black.wins++;
    if (score < 0) white.wins++;
    const outcome = score > 0 ? `${black.label} wins` : score < 0 ? `${white.label} wins` : "draw";
    transcript(`round ${round} result: ${discs}${outcome}`);
  }

  for (const p of players) {
    if (!p.ok) continue;
    const quit = await p.client!.quit(limits.replyMs);
    if (!quit.ok) forfeit(p, quit.error);
  }
  for (const p of players) p.connection?.close();
  const [a, b] = players;
  return [
    { name: a.name, quit: a.ok, wins: a.wins, losses: b.wins, draws: rounds - a.wins - b.wins, forfeit: a.forfeit },
    { name: b.name, quit: b.ok, wins: b.wins, losses: a.wins, draws: rounds - a.wins - b.wins, forfeit: b.forfeit },
  ];
}

/** The summary lines of judge.cpp; its time stamp is the UTC time of day. */
export function formatSummary(players: readonly PlayerSummary[], now: Date): string[] {
  const two = (n: number): string => String(n).padStart(2, "0");
  return [
    ...players.map((p) => `NAME:${p.name} QUIT:${p.quit ? 1 : 0} WIN:${p.wins} LOSE:${p.losses} DRAW:${p.draws}`),
    `time stamp: ${two(now.getUTCHours())}:${two(now.getUTCMinutes())}:${two(now.getUTCSeconds())}`,
  ];
}
