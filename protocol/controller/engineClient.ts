import { type Colour, type Move, type Result, ok } from "../../src/index.js";
import type { Reply, ReplyChannel } from "./channel.js";

export type Protocol = "otp" | "gtp";

/**
 * What a controller (the judge, the match runner) needs from an engine, whatever it speaks.
 * Every failure is the reason the engine forfeits, ready for a log.
 */
export interface EngineClient {
  /** The engine's name; undefined when its reply names none. */
  name(limitMs: number): Promise<Result<string | undefined>>;
  newGame(limitMs: number): Promise<Result<void>>;
  /** Seconds per move, as GTP's `time_settings 0 S 1` (byo-yomi of S seconds for every move). */
  setMoveTime(seconds: number, limitMs: number): Promise<Result<void>>;
  /** Seconds for the whole game, as `time_settings S 0 0` (main time, no byo-yomi). */
  setGameTime(seconds: number, limitMs: number): Promise<Result<void>>;
  /**
   * Our engine's level for people from now on (`level N`, 1 to 10; docs/protocols.md): an
   * extension of ours to both protocols, which only a controller that knows it drives our engine
   * sends, and with a level it has checked: OTP replies a refusal as it replies success.
   */
  setLevel(level: number, limitMs: number): Promise<Result<void>>;
  /** Tells the engine a move by `colour`, passes included. */
  play(colour: Colour, move: Move, limitMs: number): Promise<Result<void>>;
  /** Asks for `colour`'s move; the engine plays it on its own board. */
  genmove(colour: Colour, limitMs: number): Promise<Result<Move>>;
  /** Says goodbye; the engine should then end. */
  quit(limitMs: number): Promise<Result<void>>;
}

/** Why a reply did not come, as a forfeit gives it. */
export function missingReply(reply: Exclude<Reply, { kind: "text" }>, command: string, limitMs: number): string {
  return reply.kind === "timeout"
    ? `no reply to "${command}" within ${(limitMs / 1000).toFixed(3)} s`
    : `${reply.description} before replying to "${command}"`;
}

/**
 * What both protocols share: `request` sends one command and returns its reply's text (or why
 * there was none); the commands whose wording is the same in OTP and GTP live here.
 */
export abstract class LineClient implements EngineClient {
  constructor(protected readonly channel: ReplyChannel) {}

  protected abstract request(command: string, limitMs: number): Promise<Result<string>>;

  abstract name(limitMs: number): Promise<Result<string | undefined>>;
  abstract setMoveTime(seconds: number, limitMs: number): Promise<Result<void>>;
  abstract setGameTime(seconds: number, limitMs: number): Promise<Result<void>>;
  abstract play(colour: Colour, move: Move, limitMs: number): Promise<Result<void>>;
  abstract genmove(colour: Colour, limitMs: number): Promise<Result<Move>>;

  /** A command whose reply carries nothing but success. */
  protected async command(command: string, limitMs: number): Promise<Result<void>> {
    const reply = await this.request(command, limitMs);
    return reply.ok ? ok(undefined) : reply;
  }

  newGame(limitMs: number): Promise<Result<void>> {
    return this.command("clear_board", limitMs);
  }

  setLevel(level: number, limitMs: number): Promise<Result<void>> {
    return this.command(`level ${level}`, limitMs);
  }

  quit(limitMs: number): Promise<Result<void>> {
    return this.command("quit", limitMs);
  }
}
