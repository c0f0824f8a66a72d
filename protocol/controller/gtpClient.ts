import { type Colour, type Move, PASS, type Result, err, formatVertex, ok, parseVertex } from "../../src/index.js";
import { LineClient, missingReply } from "./engineClient.js";

/** GTP v2 over pipes: `=` or `?`, the result, and an empty line ends each reply. */
export class GtpClient extends LineClient {
  protected async request(command: string, limitMs: number): Promise<Result<string>> {
    const reply = await this.exchange(command, limitMs);
    if (!reply.ok) return reply;
    return reply.value.accepted ? ok(reply.value.text) : err(`"${command}" failed: ? ${reply.value.text}`);
  }

  /** One command and its reply: accepted (`=`) or refused (`?`), and its text; an error if no reply came. */
  private async exchange(command: string, limitMs: number): Promise<Result<{ accepted: boolean; text: string }>> {
    this.channel.send(command);
    const deadline = performance.now() + limitMs;
    const lines: string[] = [];
    for (;;) {
      const reply = await this.channel.receive(Math.max(0, deadline - performance.now()));
      if (reply.kind !== "text") return err(missingReply(reply, command, limitMs));
      // Anything before the reply's `=` or `?` is chatter, and the reply ends at an empty line.
      if (lines.length === 0 && !/^[=?]/.test(reply.text)) continue;
      if (reply.text.trim() === "") break;
      lines.push(reply.text);
    }
    return ok({ accepted: lines[0]!.startsWith("="), text: lines.join("\n").replace(/^[=?]\d*\s*/, "") });
  }

  name(limitMs: number): Promise<Result<string | undefined>> {
    return this.request("name", limitMs);
  }

  setMoveTime(seconds: number, limitMs: number): Promise<Result<void>> {
    return this.timeSettings(seconds, (s) => `time_settings 0 ${s} 1`, limitMs);
  }

  setGameTime(seconds: number, limitMs: number): Promise<Result<void>> {
    return this.timeSettings(seconds, (s) => `time_settings ${s} 0 0`, limitMs);
  }

  /**
   * GTP's times are whole seconds, and some engines (rhino) refuse a fraction: a fraction is
   * offered first, so an engine that takes it thinks for the time asked, and rounded up if refused.
   */
  private async timeSettings(seconds: number, command: (s: number) => string, limitMs: number): Promise<Result<void>> {
    if (Number.isInteger(seconds)) return this.command(command(seconds), limitMs);
    const exact = await this.exchange(command(seconds), limitMs);
    if (!exact.ok) return exact;
    return exact.value.accepted ? ok(undefined) : this.command(command(Math.ceil(seconds)), limitMs);
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
