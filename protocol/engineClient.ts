import { type Colour, type Move, PASS, type Result, err, formatOtpMove, formatVertex, ok, parseOtpMove, parseVertex } from "../src/index.js";
import type { EngineProcess, LineEvent } from "./engineProcess.js";

export type Protocol = "otp" | "gtp";

/**
 * What the match runner needs from an engine, whatever it speaks. Every failure is a
 * reason the engine forfeits the game, ready for the log.
 */
export interface EngineClient {
  name(limitMs: number): Promise<Result<string>>;
  newGame(limitMs: number): Promise<Result<void>>;
  /** Seconds per move, as GTP's `time_settings 0 S 1` (byo-yomi of S seconds for every move). */
  setMoveTime(seconds: number, limitMs: number): Promise<Result<void>>;
  /** Tells the engine a move by `colour`, passes included. */
  play(colour: Colour, move: Move, limitMs: number): Promise<Result<void>>;
  /** Asks for `colour`'s move; the engine plays it on its own board. */
  genmove(colour: Colour, limitMs: number): Promise<Result<Move>>;
  /** Says goodbye and waits for the process to end. */
  quit(limitMs: number): Promise<void>;
}

function failure(event: Exclude<LineEvent, { kind: "line" }>, command: string, limitMs: number): string {
  return event.kind === "timeout" ? `no reply to "${command}" within ${(limitMs / 1000).toFixed(3)} s` : `${event.description} before replying to "${command}"`;
}

/** The course's OTP over pipes: one command line, one reply line whose first word repeats the command. */
export class OtpClient implements EngineClient {
  constructor(private readonly process: EngineProcess) {}

  private async request(command: string, limitMs: number): Promise<Result<string>> {
    this.process.write(command);
    const event = await this.process.nextLine(limitMs);
    if (event.kind !== "line") return err(failure(event, command, limitMs));
    const [word = "", ...rest] = event.text.trim().split(/\s+/);
    const expected = command.split(" ")[0]!;
    if (word.toLowerCase() !== expected) return err(`replied ${JSON.stringify(event.text)} to "${command}"`);
    return ok(rest.join(" "));
  }

  async name(limitMs: number): Promise<Result<string>> {
    return this.request("name", limitMs);
  }

  async newGame(limitMs: number): Promise<Result<void>> {
    const reply = await this.request("clear_board", limitMs);
    return reply.ok ? ok(undefined) : reply;
  }

  async setMoveTime(seconds: number, limitMs: number): Promise<Result<void>> {
    const reply = await this.request(`time_settings 0 ${seconds} 1`, limitMs);
    return reply.ok ? ok(undefined) : reply;
  }

  async play(_colour: Colour, move: Move, limitMs: number): Promise<Result<void>> {
    const reply = await this.request(`play ${formatOtpMove(move)}`, limitMs);
    return reply.ok ? ok(undefined) : reply;
  }

  async genmove(_colour: Colour, limitMs: number): Promise<Result<Move>> {
    const reply = await this.request("genmove", limitMs);
    if (!reply.ok) return reply;
    const move = parseOtpMove(reply.value);
    return move.ok ? move : err(`genmove replied "${reply.value}": ${move.error}`);
  }

  async quit(limitMs: number): Promise<void> {
    await this.request("quit", limitMs);
    await this.process.stop(limitMs);
  }
}

/** GTP v2 over pipes: `=` or `?`, the result, and an empty line ends each reply. */
export class GtpClient implements EngineClient {
  constructor(private readonly process: EngineProcess) {}

  private async request(command: string, limitMs: number): Promise<Result<string>> {
    this.process.write(command);
    const deadline = performance.now() + limitMs;
    const lines: string[] = [];
    for (;;) {
      const event = await this.process.nextLine(Math.max(0, deadline - performance.now()));
      if (event.kind !== "line") return err(failure(event, command, limitMs));
      // Anything before the reply's `=` or `?` is chatter, and the reply ends at an empty line.
      if (lines.length === 0 && !/^[=?]/.test(event.text)) continue;
      if (event.text.trim() === "") break;
      lines.push(event.text);
    }
    const text = lines.join("\n").replace(/^[=?]\d*\s*/, "");
    return lines[0]!.startsWith("=") ? ok(text) : err(`"${command}" failed: ? ${text}`);
  }

  async name(limitMs: number): Promise<Result<string>> {
    return this.request("name", limitMs);
  }

  async newGame(limitMs: number): Promise<Result<void>> {
    const reply = await this.request("clear_board", limitMs);
    return reply.ok ? ok(undefined) : reply;
  }

  /** GTP's times are whole seconds (rhino refuses fractions), so a fraction is rounded up. */
  async setMoveTime(seconds: number, limitMs: number): Promise<Result<void>> {
    const reply = await this.request(`time_settings 0 ${Math.ceil(seconds)} 1`, limitMs);
    return reply.ok ? ok(undefined) : reply;
  }

  /** Passes are not sent: GTP Othello engines take the other colour's next move as one (rhino refuses `play c pass`). */
  async play(colour: Colour, move: Move, limitMs: number): Promise<Result<void>> {
    if (move === PASS) return ok(undefined);
    const reply = await this.request(`play ${colour} ${formatVertex(move)}`, limitMs);
    return reply.ok ? ok(undefined) : reply;
  }

  async genmove(colour: Colour, limitMs: number): Promise<Result<Move>> {
    const reply = await this.request(`genmove ${colour}`, limitMs);
    if (!reply.ok) return reply;
    if (reply.value.toLowerCase() === "resign") return err("resigned");
    const move = parseVertex(reply.value);
    return move.ok ? move : err(`genmove replied "${reply.value}": ${move.error}`);
  }

  async quit(limitMs: number): Promise<void> {
    await this.request("quit", limitMs);
    await this.process.stop(limitMs);
  }
}
