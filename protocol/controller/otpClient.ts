import { type Colour, type Move, type Result, err, formatOtpMove, ok, parseOtpMove } from "../../src/index.js";
import { LineClient, missingReply } from "./engineClient.js";

/**
 * The reply's first word as the course judge reads it: up to the first space or the end of the
 * text, so over TCP a newline is part of the word (`play\n` is not `play`). Case does not matter.
 */
export function firstWord(text: string): string {
  const space = text.indexOf(" ");
  return (space < 0 ? text : text.slice(0, space)).toLowerCase();
}

/** The move in a `genmove x y` reply: the two words after the first (the original's `%*s %d %d`). */
export function parseGenmoveReply(text: string): Result<Move> {
  const words = text.trim().split(/\s+/);
  if (words.length < 3) return err('expected "genmove x y"');
  return parseOtpMove(`${words[1]} ${words[2]}`);
}

/**
 * The course's OTP, on a channel of either kind (lines over pipes, unframed over the judge's
 * TCP): each reply's first word must repeat the command's, as the course judge checks it.
 */
export class OtpClient extends LineClient {
  /** The whole reply text, once its first word is the command's. */
  protected async request(command: string, limitMs: number): Promise<Result<string>> {
    this.channel.send(command);
    const reply = await this.channel.receive(limitMs);
    if (reply.kind !== "text") return err(missingReply(reply, command, limitMs));
    const expected = firstWord(command);
    if (firstWord(reply.text) !== expected)
      return err(`replied ${JSON.stringify(reply.text)} to "${command}": the first word must be "${expected}"`);
    return ok(reply.text);
  }

  /** The original reads the name with `sscanf(buf, "name %s")`: the literal is case-sensitive, so `NAME x` names no one. */
  async name(limitMs: number): Promise<Result<string | undefined>> {
    const reply = await this.request("name", limitMs);
    return reply.ok ? ok(/^name\s+(\S+)/.exec(reply.value)?.[1]) : reply;
  }

  setMoveTime(seconds: number, limitMs: number): Promise<Result<void>> {
    return this.command(`time_settings 0 ${seconds} 1`, limitMs);
  }

  setGameTime(seconds: number, limitMs: number): Promise<Result<void>> {
    return this.command(`time_settings ${seconds} 0 0`, limitMs);
  }

  play(_colour: Colour, move: Move, limitMs: number): Promise<Result<void>> {
    return this.command(`play ${formatOtpMove(move)}`, limitMs);
  }

  async genmove(_colour: Colour, limitMs: number): Promise<Result<Move>> {
    const reply = await this.request("genmove", limitMs);
    if (!reply.ok) return reply;
    const move = parseGenmoveReply(reply.value);
    return move.ok ? move : err(`replied ${JSON.stringify(reply.value)} to "genmove": ${move.error}`);
  }
}
