import { type Colour, type Move, PASS, type Result, err, formatVertex, ok, parseVertex } from "../../src/index.js";
import { LineClient, missingReply } from "./engineClient.js";

/** GTP v2 over pipes: `=` or `?`, the result, and an empty line ends each reply. */
export class GtpClient extends LineClient {
  protected async request(command: string, limitMs: number): Promise<Result<string>> {
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
    const text = lines.join("\n").replace(/^[=?]\d*\s*/, "");
    return lines[0]!.startsWith("=") ? ok(text) : err(`"${command}" failed: ? ${text}`);
  }

  name(limitMs: number): Promise<Result<string | undefined>> {
    return this.request("name", limitMs);
  }

  /** GTP's times are whole seconds (rhino refuses fractions), so a fraction is rounded up. */
  setMoveTime(seconds: number, limitMs: number): Promise<Result<void>> {
    return this.command(`time_settings 0 ${Math.ceil(seconds)} 1`, limitMs);
  }

  setGameTime(seconds: number, limitMs: number): Promise<Result<void>> {
    return this.command(`time_settings ${Math.ceil(seconds)} 0 0`, limitMs);
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
