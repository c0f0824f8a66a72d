import { type Colour, type Move, PASS, type Result, err, formatOtpMove, formatVertex, ok, parseOtpMove, parseVertex } from "../../src/index.js";
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

/**
 * What both protocols share: `request` sends one command and returns its reply's text (or
 * why there was none); the commands whose wording is the same in OTP and GTP live here.
 */
abstract class LineClient implements EngineClient {
  constructor(protected readonly process: EngineProcess) {}

  protected abstract request(command: string, limitMs: number): Promise<Result<string>>;

  abstract setMoveTime(seconds: number, limitMs: number): Promise<Result<void>>;
  abstract play(colour: Colour, move: Move, limitMs: number): Promise<Result<void>>;
  abstract genmove(colour: Colour, limitMs: number): Promise<Result<Move>>;

  /** A command whose reply carries nothing but success. */
  protected async command(command: string, limitMs: number): Promise<Result<void>> {
    const reply = await this.request(command, limitMs);
    return reply.ok ? ok(undefined) : reply;
  }

  name(limitMs: number): Promise<Result<string>> {
    return this.request("name", limitMs);
  }

  newGame(limitMs: number): Promise<Result<void>> {
    return this.command("clear_board", limitMs);
  }

  async quit(limitMs: number): Promise<void> {
    await this.request("quit", limitMs);
    await this.process.stop(limitMs);
  }
}

/** The course's OTP over pipes: one command line, one reply line whose first word repeats the command. */
export class OtpClient extends LineClient {
  protected async request(command: string, limitMs: number): Promise<Result<string>> {
    this.process.write(command);
    const event = await this.process.nextLine(limitMs);
    if (event.kind !== "line") return err(failure(event, command, limitMs));
    const [word = "", ...rest] = event.text.trim().split(/\s+/);
    const expected = command.split(" ")[0]!;
    if (word.toLowerCase() !== expected) return err(`replied ${JSON.stringify(event.text)} to "${command}"`);
    return ok(rest.join(" "));
  }

  setMoveTime(seconds: number, limitMs: number): Promise<Result<void>> {
    return this.command(`time_settings 0 ${seconds} 1`, limitMs);
  }

  play(_colour: Colour, move: Move, limitMs: number): Promise<Result<void>> {
    return this.command(`play ${formatOtpMove(move)}`, limitMs);
  }

  async genmove(_colour: Colour, limitMs: number): Promise<Result<Move>> {
    const reply = await this.request("genmove", limitMs);
    if (!reply.ok) return reply;
    const move = parseOtpMove(reply.value);
    return move.ok ? move : err(`genmove replied "${reply.value}": ${move.error}`);
  }
}

/** GTP v2 over pipes: `=` or `?`, the result, and an empty line ends each reply. */
export class GtpClient extends LineClient {
  protected async request(command: string, limitMs: number): Promise<Result<string>> {
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

  /** GTP's times are whole seconds (rhino refuses fractions), so a fraction is rounded up. */
  setMoveTime(seconds: number, limitMs: number): Promise<Result<void>> {
    return this.command(`time_settings 0 ${Math.ceil(seconds)} 1`, limitMs);
  }

  /** Passes are not sent: GTP Othello engines take the other colour's next move as one (rhino refuses `play c pass`). */
  async play(colour: Colour, move: Move, limitMs: number): Promise<Result<void>> {
    if (move === PASS) return ok(undefined);
    return this.command(`play ${colour} ${formatVertex(move)}`, limitMs);
  }

  async genmove(colour: Colour, limitMs: number): Promise<Result<Move>> {
    const reply = await this.request(`genmove ${colour}`, limitMs);
    if (!reply.ok) return reply;
    if (reply.value.toLowerCase() === "resign") return err("resigned");
    const move = parseVertex(reply.value);
    return move.ok ? move : err(`genmove replied "${reply.value}": ${move.error}`);
  }
}
