import { describe, expect, it } from "vitest";
import type { Session } from "../../../protocol/engine/session.js";
import { gtpProtocol } from "../../../protocol/engine/gtp.js";
import { nboardProtocol } from "../../../protocol/engine/nboard.js";
import { otpProtocol } from "../../../protocol/engine/otp.js";
import { Game, PASS, formatCode, formatVertex, moveReserveMs } from "../../../src/index.js";
import { SteppingClock, TEST_OPTIONS, converse, testSession, reused } from "./helpers.js";

// The session's clock: its time per move, and pondering on the opponent's time (--ponder).

describe("pondering (--ponder)", () => {
  const PONDERING = { ponder: true, protocol: "gtp" } as const;
  const visitsBelow = (session: Session, line: readonly number[]) =>
    session.searchChildren(line).reduce((sum, c) => sum + c.visits, 0);
  /** Steps until ponder says it is done, at most `most`; how many it took, or undefined if it never was. */
  const ponderOut = (session: Session, most: number): number | undefined => {
    for (let step = 1; step <= most; step++) if (!session.ponder()) return step;
    return undefined;
  };

  it("ponders only with --ponder, once a search has made the tree, and not in a finished game", () => {
    const plain = testSession({ protocol: "gtp" }).session;
    converse(plain, ["genmove"]);
    expect(plain.ponder()).toBe(false);
    const { session } = testSession(PONDERING, new SteppingClock(1).now);
    expect(session.ponder()).toBe(false);
    converse(session, ["genmove"]);
    expect(session.ponder()).toBe(true);
    converse(session, [`code ${"1".repeat(64)}10`]);
    expect(session.ponder()).toBe(false);
  });

  it("each step searches on in the game's position, in the tree kept from our move; the opponent's move keeps the visits", () => {
    const { session, log } = testSession(PONDERING, new SteppingClock(1).now);
    converse(session, ["genmove"]);
    const ours = session.game.moves.at(-1)!;
    const searched = visitsBelow(session, [ours]);
    for (let i = 0; i < 20; i++) expect(session.ponder()).toBe(true);
    // The first step moved the root to our move (tidy): the tree's root is now the opponent's position.
    const pondered = visitsBelow(session, []);
    expect(pondered).toBeGreaterThan(searched + 1000);
    const reply = session.searchChildren([]).reduce((a, b) => (b.visits > a.visits ? b : a));
    converse(session, [`play ${reply.move >> 3} ${reply.move & 7}`, "genmove"]);
    expect(log.at(-2)).toMatch(/^ponder: \d+ visits in 0\.\d\d s since the last search$/);
    expect(Number(/ponder: (\d+)/.exec(log.at(-2)!)![1])).toBe(pondered - searched);
    expect(reused(log.at(-1))).toBe(reply.visits);
  });

  it("a genmove after pondering takes the step it may have waited for from its budget, and charges it", () => {
    const clock = new SteppingClock(1);
    const { session } = testSession(
      { ...PONDERING, visits: undefined, timeAllocation: "flat", earlyStop: false },
      clock.now,
    );
    converse(session, ["time_settings 60 0 0", "genmove"]);
    for (let i = 0; i < 5; i++) session.ponder();
    const budget = session.limits(session.position).timeMs!;
    const before = clock.elapsed;
    converse(session, ["genmove"]);
    const searched = clock.elapsed - before;
    // Without pondering the search would last its whole budget (the test of the clock's budget below).
    expect(searched).toBeGreaterThanOrEqual(budget - 5);
    expect(searched).toBeLessThan(budget);
    expect(60_000 - session.clock.timeLeft(false)!.seconds * 1000).toBeGreaterThanOrEqual(budget);
  });

  it("a step the machine left no time for (the clock past its end before its first visit) does not end pondering", () => {
    // A clock read 1 ms after the last; on a loaded machine, 10 ms after.
    let t = 0;
    let stepMs = 1;
    const { session } = testSession(PONDERING, () => (t += stepMs));
    converse(session, ["genmove"]);
    expect(session.ponder()).toBe(true);
    const before = visitsBelow(session, []);
    stepMs = 10;
    expect(session.ponder()).toBe(true);
    expect(visitsBelow(session, [])).toBe(before);
    stepMs = 1;
    expect(session.ponder()).toBe(true);
    expect(visitsBelow(session, [])).toBeGreaterThan(before);
  });

  it("stops once the tree's pool is full", () => {
    const { session } = testSession(
      { ...PONDERING, search: { ...TEST_OPTIONS.search, maxNodes: 3000 } },
      new SteppingClock(1).now,
    );
    converse(session, ["genmove"]);
    expect(ponderOut(session, 1000)).toBeGreaterThan(1);
    expect(session.ponder()).toBe(false);
  });

  it("stops once the root is proven", () => {
    const { session } = testSession(PONDERING, new SteppingClock(1).now);
    converse(session, ["genmove"]);
    const game = new Game();
    while (game.position.empties() > 7) game.play(game.position.legalSquares()[0] ?? PASS);
    converse(session, [`code ${formatCode(game.position)}`]);
    expect(ponderOut(session, 1000)).toBeDefined();
  });

  it("GTP and NBoard ponder between commands with --ponder; OTP never does", () => {
    const on = testSession(PONDERING).session;
    const off = testSession({ protocol: "gtp" }).session;
    expect(gtpProtocol(on).background).toBeDefined();
    expect(nboardProtocol(on).background).toBeDefined();
    expect(otpProtocol(on, "\n").background).toBeUndefined();
    expect(gtpProtocol(off).background).toBeUndefined();
    expect(nboardProtocol(off).background).toBeUndefined();
  });
});

describe("the session's time", () => {
  /** Thinking time of one genmove on a stepping clock, with the reply. */
  function timedGenmove(session: Session, clock: SteppingClock, line = "genmove"): { reply: string; ms: number } {
    const before = clock.elapsed;
    const [reply] = converse(session, [line]);
    return { reply: reply!, ms: clock.elapsed - before };
  }

  it("the clock's budget reaches the search: a search lasts its budget, and the time is charged", () => {
    const clock = new SteppingClock(10);
    // Early stop off: a search that may stop once its move is settled would end sooner with
    // weights that settle the first move sooner; this test is about the budget.
    const { session } = testSession({ visits: undefined, timeAllocation: "flat", earlyStop: false }, clock.now);
    converse(session, ["time_settings 60 0 0"]);
    const budget = session.limits(session.position).timeMs!;
    expect(budget).toBe(Math.floor((60_000 - 150 - 3000) / 31));
    const { ms } = timedGenmove(session, clock);
    expect(ms).toBeGreaterThanOrEqual(budget);
    // Each reading of this clock takes 10 ms: the search's, and on the first move two more that
    // time the making of the trees, one of them taken from the budget.
    expect(ms).toBeLessThanOrEqual(budget + 40);
    expect(session.clock.timeLeft(true)!.seconds).toBeCloseTo(60 - (ms - 10) / 1000, 1);
  });

  it("a search may stop early only when the time it saves carries over, and not with --tune earlyStop=off", () => {
    const { session } = testSession({ visits: undefined });
    expect(session.limits(session.position).stopEarly).toBe(false);
    converse(session, ["time_settings 60 0 0"]);
    expect(session.limits(session.position).stopEarly).toBe(true);
    const { session: patient } = testSession({ visits: undefined, earlyStop: false });
    converse(patient, ["time_settings 60 0 0"]);
    expect(patient.limits(patient.position).stopEarly).toBe(false);
  });

  it("--progress: thinking lines while the search runs, each with the root's moves, then the search line and its moves", () => {
    const clock = new SteppingClock(10);
    const { session, log } = testSession({ visits: undefined, time: 2, progress: 0.5 }, clock.now);
    converse(session, ["genmove"]);
    const thinking = log.filter((line) => line.startsWith("thinking: black: "));
    expect(thinking.length).toBeGreaterThanOrEqual(2);
    expect(thinking[0]).toMatch(/^thinking: black: \d+ visits in 0\.5\d s .*; pv( [A-H][1-8])+$/);
    // The four first moves, each visited by now.
    const move = "[CDEF][3-6] \\d+ \\d+\\.\\d%";
    const moves = new RegExp(`^thinking moves: black: ${move}(, ${move}){3}$`);
    for (const [i, line] of log.slice(0, -2).entries())
      expect(line).toMatch(i % 2 === 0 ? /^thinking: black: / : moves);
    expect(log.at(-2)).toMatch(/^search: black: /);
    expect(log.at(-1)).toMatch(new RegExp(`^search moves: black: ${move}(, ${move}){3}$`));
    // The most visited move is the one played.
    expect(log.at(-1)!.slice("search moves: black: ".length, "search moves: black: ".length + 2)).toBe(
      formatVertex(session.game.moves[0]!),
    );
    expect(log.length).toBe(2 * thinking.length + 2);
  });

  it("code does not give the clock back: a side never thinks longer than its 60 s in all", () => {
    const clock = new SteppingClock(50);
    const { session } = testSession(
      { visits: undefined, search: { ...TEST_OPTIONS.search, maxNodes: 2000 } },
      clock.now,
    );
    converse(session, ["time_settings 60 0 0"]);
    const thought = { black: 0, white: 0 };
    while (!session.position.isGameOver()) {
      const black = session.position.blackToMove;
      // The controller sets the position before every move, as some do.
      converse(session, [`code ${formatCode(session.position, session.game.passes)}`]);
      const { ms } = timedGenmove(session, clock);
      if (black) thought.black += ms;
      else thought.white += ms;
    }
    expect(thought.black).toBeLessThanOrEqual(60_000);
    expect(thought.white).toBeLessThanOrEqual(60_000);
    // clear_board is a new game: the clock is full again.
    converse(session, ["clear_board"]);
    expect(session.clock.timeLeft(true)).toBeNull();
  });

  it.each([
    ["--visits 10000000", { visits: 10_000_000 }, []],
    ["time_settings 600 0 0", { visits: undefined }, ["time_settings 600 0 0"]],
    ["--time 3600", { visits: undefined, time: 3600 }, []],
  ])("under OTP no move takes longer than 8 s, whatever %s says", (_what, options, commands) => {
    const clock = new SteppingClock(250);
    const { session } = testSession({ ...options, search: { ...TEST_OPTIONS.search, maxNodes: 2000 } }, clock.now);
    converse(session, commands);
    const { reply, ms } = timedGenmove(session, clock);
    expect(reply).toMatch(/^genmove [0-7] [0-7]$/);
    expect(ms).toBeGreaterThanOrEqual(8000);
    // A few readings of this clock, 250 ms each, past the ceiling: one of them, on the first
    // move, times the making of the trees.
    expect(ms).toBeLessThanOrEqual(8000 + 750);
  });

  it("--max-move-time sets the ceiling, under GTP too", () => {
    const clock = new SteppingClock(100);
    const { session } = testSession(
      {
        protocol: "gtp",
        visits: undefined,
        time: 3600,
        maxMoveTime: 2,
        search: { ...TEST_OPTIONS.search, maxNodes: 2000 },
      },
      clock.now,
    );
    expect(session.limits(session.position).timeMs).toBe(2000);
    const { session: free } = testSession({ protocol: "gtp", visits: undefined, time: 3600 });
    expect(free.limits(free.position).timeMs).toBe(Math.floor(3_600_000 - moveReserveMs(3_600_000)));
  });
});
