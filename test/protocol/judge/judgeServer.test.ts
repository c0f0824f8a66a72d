import { describe, expect, it } from "vitest";
import { type PlayerSummary, formatSummary } from "../../../protocol/judge/courseJudge.js";
import { runJudge } from "../../../protocol/judge/judgeServer.js";
import { FakeEngine, type Misbehaviour } from "./fakeEngines.js";

/** Limits short enough to keep the timeout cases quick, long enough for a loaded machine: the fake engines answer at once. */
const LIMITS = { genmoveMs: 2000, replyMs: 2000 };

interface Judged {
  summary: [PlayerSummary, PlayerSummary];
  connected: number;
  engines: FakeEngine[];
  transcript: string[];
  accepted: string[];
}

/** Runs the judge on a free loopback port with two fake engines connecting in order. */
async function judge(
  rounds: number,
  first: Misbehaviour | undefined,
  second: Misbehaviour | undefined,
  engines = 2,
): Promise<Judged> {
  const transcript: string[] = [];
  const accepted: string[] = [];
  const run = runJudge(
    { port: 0, host: "127.0.0.1", rounds, limits: LIMITS, connectMs: 2000 },
    (l) => accepted.push(l),
    (l) => transcript.push(l),
  );
  const port = await run.listening;
  if (!port.ok) throw new Error(port.error);
  const fakes: FakeEngine[] = [];
  if (engines > 0) {
    fakes.push(new FakeEngine(port.value, "first", first));
    // The second connects only once the first is accepted, so the order is known.
    await new Promise((r) => setTimeout(r, 50));
  }
  if (engines > 1) fakes.push(new FakeEngine(port.value, "second", second));
  const finished = await run.finished;
  if (finished === undefined) throw new Error("the judge did not run");
  await Promise.all(fakes.map((f) => f.closed));
  return { ...finished, engines: fakes, transcript, accepted };
}

const line = (p: PlayerSummary): string => formatSummary([p], new Date(0))[0]!;

/** Misbehaves once, at the `nth` command starting with `word`. */
function at(word: string, nth: number, action: ReturnType<Misbehaviour>): Misbehaviour {
  return (command, count) => (command.split(" ")[0] === word && count === nth ? action : undefined);
}

describe("the judge with well-behaved engines", () => {
  it("plays the rounds with colours swapping, sends unframed commands, and prints the original's summary", async () => {
    const { summary, engines, transcript, accepted, connected } = await judge(2, undefined, undefined);
    expect(connected).toBe(2);
    expect(accepted[0]).toMatch(/^ply0 accepted after \d+ us$/);
    expect(accepted[1]).toMatch(/^ply1 accepted after \d+ us$/);
    // Both play the same first-legal-move policy, so the two games are the same game.
    expect(summary[0].quit && summary[1].quit).toBe(true);
    expect(summary[0].wins).toBe(summary[1].wins);
    expect(summary[0].wins + summary[0].losses + summary[0].draws).toBe(2);
    expect(summary.map((s) => s.name)).toEqual(["first", "second"]);
    expect(line(summary[0])).toMatch(/^NAME:first QUIT:1 WIN:\d LOSE:\d DRAW:\d$/);
    expect(formatSummary(summary, new Date(Date.UTC(2024, 0, 1, 7, 5, 9))).at(-1)).toBe("time stamp: 07:05:09");
    for (const engine of engines) {
      expect(engine.received[0]).toBe("name");
      expect(engine.received[1]).toBe("clear_board");
      expect(engine.received.at(-1)).toBe("quit");
      for (const chunk of engine.received) expect(chunk).toMatch(/^(name|clear_board|genmove|play [0-8] [0-7]|quit)$/);
      expect(engine.received.filter((c) => c === "clear_board")).toHaveLength(2);
    }
    // Player 0 is black in round 1 and so moves first; player 1 is black in round 2.
    expect(engines[0]!.received[2]).toBe("genmove");
    expect(engines[1]!.received[2]).toBe("play 2 3");
    expect(transcript).toContain("round 1: black player 0 (first), white player 1 (second)");
    expect(transcript).toContain("round 2: black player 1 (second), white player 0 (first)");
    // Every game ends with both players passing.
    const passes = transcript.filter((l) => / 8 0 \(pass\)/.test(l));
    expect(passes.length).toBeGreaterThanOrEqual(4);
    expect(transcript.filter((l) => /^round \d result: black \d+, white \d+: /.test(l))).toHaveLength(2);
  });

  it("accepts replies in any case, and a genmove reply that ends in a newline", async () => {
    const shouting: Misbehaviour = (command) => (command === "clear_board" ? { reply: "CLEAR_BOARD" } : undefined);
    const newline: Misbehaviour = (command, _count, reply) =>
      command === "genmove" ? { reply: `${reply}\n` } : undefined;
    const { summary } = await judge(1, shouting, newline);
    expect(summary[0].quit && summary[1].quit).toBe(true);
    expect([summary[0].forfeit, summary[1].forfeit]).toEqual([undefined, undefined]);
  });

  it("keeps NAME:unknown for `NAME x` (the original's scanf is case-sensitive) without a forfeit", async () => {
    const { summary } = await judge(1, (c) => (c === "name" ? { reply: "NAME loud" } : undefined), undefined);
    expect(summary[0]).toMatchObject({ name: "unknown", quit: true });
  });
});

describe("forfeits", () => {
  /** The forfeiting player loses this round and all later ones and is not sent quit. */
  function expectForfeit(j: Judged, loser: 0 | 1, rounds: number, reason: RegExp): void {
    const winner = 1 - loser;
    expect(j.summary[loser]).toMatchObject({ quit: false, wins: 0, losses: rounds, draws: 0 });
    expect(j.summary[loser]!.forfeit).toMatch(reason);
    expect(j.summary[winner]).toMatchObject({ quit: true, wins: rounds, losses: 0, draws: 0, forfeit: undefined });
    expect(j.engines[loser]!.received).not.toContain("quit");
    expect(j.engines[winner]!.received.at(-1)).toBe("quit");
    expect(j.transcript.some((l) => l.startsWith(`  forfeit: player ${loser} `) && reason.test(l))).toBe(true);
  }

  it("an illegal move", async () => {
    const j = await judge(2, at("genmove", 1, { reply: "genmove 0 0" }), undefined);
    expectForfeit(j, 0, 2, /illegal move A1 \(0 0\): the move flips no disc/);
    expect(j.engines[0]!.received.at(-1)).toBe("genmove");
  });

  it("a pass while a move is available", async () => {
    const j = await judge(2, undefined, at("genmove", 2, { reply: "genmove 8 0" }));
    expectForfeit(j, 1, 2, /illegal move pass \(8 0\): pass is legal only when the side to move has no legal move/);
  });

  it("a move off the board or malformed", async () => {
    expectForfeit(await judge(1, at("genmove", 1, { reply: "genmove 9 9" }), undefined), 0, 1, /off the board/);
    expectForfeit(await judge(1, at("genmove", 1, { reply: "genmove" }), undefined), 0, 1, /expected "genmove x y"/);
  });

  it("a wrong reply word", async () => {
    expectForfeit(await judge(2, undefined, at("play", 1, { reply: "ok" })), 1, 2, /replied "ok" to "play 2 3"/);
    expectForfeit(
      await judge(2, at("genmove", 1, { reply: "move 2 3" }), undefined),
      0,
      2,
      /the first word must be "genmove"/,
    );
  });

  it("a reply with a trailing newline", async () => {
    expectForfeit(await judge(2, undefined, at("play", 1, { reply: "play\n" })), 1, 2, /replied "play\\n"/);
    expectForfeit(await judge(2, at("clear_board", 1, { reply: "clear_board\n" }), undefined), 0, 2, /clear_board/);
  });

  it("a timeout", async () => {
    const started = performance.now();
    const j = await judge(2, undefined, at("genmove", 3, "silent"));
    expectForfeit(j, 1, 2, /no reply to "genmove" within 2\.000 s/);
    expect(performance.now() - started).toBeLessThan(15_000);
  });

  it("a disconnect", async () => {
    expectForfeit(await judge(2, at("genmove", 2, "disconnect"), undefined), 0, 2, /disconnected/);
  });

  it("a failing name: NAME:unknown, and no game is played", async () => {
    const j = await judge(2, undefined, at("name", 1, { reply: "nam second" }));
    expectForfeit(j, 1, 2, /replied "nam second" to "name"/);
    expect(j.summary[1].name).toBe("unknown");
    expect(j.engines[0]!.received).toEqual(["name", "quit"]);
  });

  it("a forfeit in the second round leaves the first round's result", async () => {
    // About 30 genmoves a game each: the 40th comes in round 2.
    const j = await judge(2, at("genmove", 40, "silent"), undefined);
    const roundTwo = j.transcript.indexOf("round 2: black player 1 (second), white player 0 (first)");
    const forfeit = j.transcript.findIndex((l) => l.startsWith("  forfeit: player 0"));
    expect(roundTwo).toBeGreaterThan(0);
    expect(forfeit).toBeGreaterThan(roundTwo);
    expect(j.transcript.some((l) => /^round 1 result: black \d+, white \d+/.test(l))).toBe(true);
    expect(j.summary[0].quit).toBe(false);
    expect(j.summary[1].wins).toBeGreaterThanOrEqual(1);
    expect(j.summary[0].wins + j.summary[0].losses + j.summary[0].draws).toBe(2);
  });

  it("an engine that never connects loses every round", async () => {
    const j = await judge(3, undefined, undefined, 1);
    expect(j.connected).toBe(1);
    expect(j.summary[0]).toMatchObject({ name: "first", quit: true, wins: 3, losses: 0 });
    expect(line(j.summary[1])).toBe("NAME:unknown QUIT:0 WIN:0 LOSE:3 DRAW:0");
  }, 10_000);
});
