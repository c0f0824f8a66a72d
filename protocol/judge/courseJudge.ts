import { Game, type Move, PASS, Position, type Result, err, formatOtpMove, formatVertex, ok, parseOtpMove } from "../../src/index.js";

/**
 * The course judge's match logic (judge.cpp), apart from sockets: commands go out unframed,
 * each reply is whatever one receive returns, and only its first word is checked.
 */

/** What one receive gave back: some bytes, or why there were none. */
export type Reply = { readonly kind: "text"; readonly text: string } | { readonly kind: "timeout" } | { readonly kind: "closed" };

/** One engine's connection as the judge drives it. */
export interface Connection {
  /** One write, no newline. */
  send(command: string): void;
  receive(limitMs: number): Promise<Reply>;
  close(): void;
}

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
}

class Player {
  name = "unknown";
  ok: boolean;
  wins = 0;

  constructor(readonly index: number, readonly connection: Connection | undefined) {
    this.ok = connection !== undefined;
  }

  get label(): string {
    return `player ${this.index} (${this.name})`;
  }
}

/**
 * The reply's first word, up to the first space or the end of the bytes: a newline is part of
 * the word, so `play\n` is not `play`. The original compares case-insensitively.
 */
export function firstWord(text: string): string {
  const space = text.indexOf(" ");
  return (space < 0 ? text : text.slice(0, space)).toLowerCase();
}

/** The move in a `genmove x y` reply: the two words after the first (the original's `%*s %d %d`). */
export function parseGenmoveReply(text: string): Result<Move> {
  const words = text.trim().split(/\s+/);
  if (words.length < 3) return err("expected \"genmove x y\"");
  return parseOtpMove(`${words[1]} ${words[2]}`);
}

/** The move a `genmove` reply names and the position after it, or why it is not a legal move. */
export function playGenmoveReply(position: Position, reply: string): Result<{ move: Move; position: Position }> {
  const move = parseGenmoveReply(reply);
  if (!move.ok) return move;
  const next = playCourseMove(position, move.value);
  return next.ok ? ok({ move: move.value, position: next.value }) : err(`illegal move ${formatOtpMove(move.value)}: ${next.error}`);
}

/**
 * Plays a move by the course's rules: a pass is legal exactly when the mover has no square, even
 * when neither side can move (the game only ends after two passes). Illegal moves say why.
 */
export function playCourseMove(position: Position, move: Move): Result<Position> {
  if (move === PASS) return position.canMove() ? err("passed with a legal move available") : ok(position.swapped());
  return new Game(position).play(move);
}

export type Transcript = (line: string) => void;

const seconds = (ms: number): string => `${(ms / 1000).toFixed(3)} s`;

/**
 * Plays `rounds` games between the two connections (undefined: never connected) as the course
 * judge does, and returns the summary in connection order.
 */
export async function judgeMatch(
  connections: readonly [Connection | undefined, Connection | undefined],
  rounds: number,
  limits: JudgeLimits,
  transcript: Transcript,
): Promise<[PlayerSummary, PlayerSummary]> {
  const players = [new Player(0, connections[0]), new Player(1, connections[1])] as const;
  for (const p of players) if (!p.ok) transcript(`player ${p.index} never connected`);

  /** Sends, waits, and checks the first word; a failure forfeits the player. */
  async function ask(player: Player, command: string, limitMs: number): Promise<string | undefined> {
    const expected = firstWord(command);
    player.connection!.send(command);
    const reply = await player.connection!.receive(limitMs);
    if (reply.kind === "text" && firstWord(reply.text) === expected) return reply.text;
    player.ok = false;
    const failure = reply.kind === "timeout" ? `no reply to "${command}" within ${seconds(limitMs)}`
      : reply.kind === "closed" ? `disconnected while the judge waited for the reply to "${command}"`
      : `replied ${JSON.stringify(reply.text)} to "${command}": the first word must be "${expected}"`;
    transcript(`  forfeit: ${player.label} ${failure}`);
    return undefined;
  }

  for (const p of players) {
    if (!p.ok) continue;
    const reply = await ask(p, "name", limits.replyMs);
    // `sscanf(buf, "name %s", ...)`: the literal is case-sensitive, so `NAME x` keeps "unknown".
    const name = reply === undefined ? null : /^name\s+(\S+)/.exec(reply);
    if (name) p.name = name[1]!;
    if (p.ok) transcript(`player ${p.index} is ${p.name}`);
  }

  let black: Player = players[0];
  let white: Player = players[1];
  for (let round = 1; round <= rounds; round++) {
    transcript(`round ${round}: black ${black.label}, white ${white.label}`);
    if (black.ok && white.ok) for (const p of [black, white]) await ask(p, "clear_board", limits.replyMs);
    let position = Position.initial();
    let passes = 0;
    let ply = 0;
    while (black.ok && white.ok && passes < 2) {
      const mover = position.blackToMove ? black : white;
      const other = position.blackToMove ? white : black;
      const colour = position.blackToMove ? "black" : "white";
      const started = performance.now();
      const reply = await ask(mover, "genmove", limits.genmoveMs);
      if (reply === undefined) break;
      const elapsed = performance.now() - started;
      const played = playGenmoveReply(position, reply);
      if (!played.ok) {
        mover.ok = false;
        transcript(`  forfeit: ${mover.label} replied ${JSON.stringify(reply)} to "genmove": ${played.error}`);
        break;
      }
      const { move } = played.value;
      ply++;
      transcript(`  ${ply}. ${colour} ${formatOtpMove(move)} (${formatVertex(move).toLowerCase()}) in ${seconds(elapsed)}`);
      position = played.value.position;
      passes = move === PASS ? passes + 1 : 0;
      await ask(other, `play ${formatOtpMove(move)}`, limits.replyMs);
    }
    // A forfeit decides the round and every later one: the player still in good standing wins.
    const score = black.ok && white.ok ? position.discDifference() : Number(black.ok) - Number(white.ok);
    if (score > 0) black.wins++;
    if (score < 0) white.wins++;
    const outcome = score > 0 ? `${black.label} wins` : score < 0 ? `${white.label} wins` : "draw";
    const discs = black.ok && white.ok ? `black ${position.blackDiscs()}, white ${position.whiteDiscs()}: ` : "by forfeit: ";
    transcript(`round ${round} result: ${discs}${outcome}`);
    [black, white] = [white, black];
  }

  for (const p of players) if (p.ok) await ask(p, "quit", limits.replyMs);
  for (const p of players) p.connection?.close();
  const [a, b] = players;
  return [
    { name: a.name, quit: a.ok, wins: a.wins, losses: b.wins, draws: rounds - a.wins - b.wins },
    { name: b.name, quit: b.ok, wins: b.wins, losses: a.wins, draws: rounds - a.wins - b.wins },
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
