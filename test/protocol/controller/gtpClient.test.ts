import { describe, expect, it } from "vitest";
import type { Reply, ReplyChannel } from "../../../protocol/controller/channel.js";
import { GtpClient } from "../../../protocol/controller/gtpClient.js";

/** An engine that answers each command with the reply `answer` gives it (undefined: never answers). */
class ScriptedChannel implements ReplyChannel {
  readonly sent: string[] = [];
  private replies: string[] = [];

  constructor(private readonly answer: (command: string) => string | undefined) {}

  send(command: string): void {
    this.sent.push(command);
    const reply = this.answer(command);
    if (reply !== undefined) this.replies.push(...reply.split("\n"));
  }

  async receive(_limitMs: number): Promise<Reply> {
    const text = this.replies.shift();
    return text === undefined ? { kind: "timeout" } : { kind: "text", text };
  }
}

const takesFractions = (): string => "=\n";
const wholeSecondsOnly = (command: string): string => (/\d\.\d/.test(command) ? "? syntax error\n" : "=\n");

describe("GTP time settings", () => {
  it.each([
    ["an engine that takes fractions", takesFractions, 0.25, ["time_settings 0 0.25 1"]],
    ["an engine that refuses them (rhino)", wholeSecondsOnly, 0.25, ["time_settings 0 0.25 1", "time_settings 0 1 1"]],
    ["whole seconds, to either", wholeSecondsOnly, 2, ["time_settings 0 2 1"]],
  ])("a move time to %s: %s s is sent as asked, rounded up only if refused", async (_, engine, seconds, sent) => {
    const channel = new ScriptedChannel(engine);
    expect(await new GtpClient(channel).setMoveTime(seconds, 100)).toEqual({ ok: true, value: undefined });
    expect(channel.sent).toEqual(sent);
  });

  it("a game time likewise", async () => {
    const channel = new ScriptedChannel(wholeSecondsOnly);
    expect((await new GtpClient(channel).setGameTime(59.5, 100)).ok).toBe(true);
    expect(channel.sent).toEqual(["time_settings 59.5 0 0", "time_settings 60 0 0"]);
  });

  it("an engine that refuses both says so, and one that never answers is not asked again", async () => {
    const refusing = new ScriptedChannel(() => "? no clock here\n");
    expect(await new GtpClient(refusing).setMoveTime(0.5, 100)).toEqual({
      ok: false,
      error: '"time_settings 0 1 1" failed: ? no clock here',
    });
    const silent = new ScriptedChannel(() => undefined);
    expect(await new GtpClient(silent).setMoveTime(0.5, 100)).toEqual({
      ok: false,
      error: 'no reply to "time_settings 0 0.5 1" within 0.100 s',
    });
    expect(silent.sent).toEqual(["time_settings 0 0.5 1"]);
  });
});
