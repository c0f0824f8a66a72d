import { describe, expect, it } from "vitest";
import {
  selfPlayRequests,
  type GameReply,
  type SelfPlayWorkerData,
} from "../../../protocol/threads/selfPlayRequests.js";
import { type SelfPlayThread, playGamesOnThreads } from "../../../protocol/threads/selfPlayThreads.js";
import {
  Evaluation,
  SampleBuffer,
  type Samples,
  concatSamples,
  err,
  ok,
  playNumberedGame,
  selfPlayers,
  zeroWeights,
} from "../../../src/index.js";

const DATA: SelfPlayWorkerData = {
  weights: zeroWeights(4),
  settings: { depth: 1, randomPlies: 4, noise: 1, solveEmpties: 8 },
  variety: { openings: [], tdLambda: 1 },
  seed: 3,
  round: 2,
};

/**
 * A thread in this process, answering each game after a delay that depends on the game and the
 * thread (so that games finish out of order), as a worker does: with selfPlayRequests.
 */
class FakeThread implements SelfPlayThread {
  static made: FakeThread[] = [];
  readonly listeners: {
    message: ((r: GameReply) => void)[];
    error: ((e: Error) => void)[];
    exit: ((c: number) => void)[];
  } = { message: [], error: [], exit: [] };
  readonly games: number[] = [];
  terminated = false;
  private readonly play = selfPlayRequests(DATA);

  constructor(
    readonly index: number,
    readonly failOn?: number,
  ) {
    FakeThread.made.push(this);
  }

  postMessage(game: number): void {
    this.games.push(game);
    setTimeout(
      () => {
        if (this.terminated) return;
        if (game === this.failOn) for (const l of this.listeners.error) l(new Error("out of memory"));
        else for (const l of this.listeners.message) l(this.play(game).reply);
      },
      ((game * 7 + this.index * 3) % 5) * 2,
    );
  }

  on(event: "message" | "error" | "exit", listener: (x: never) => void): unknown {
    (this.listeners[event] as unknown[]).push(listener);
    return this;
  }

  terminate(): unknown {
    this.terminated = true;
    return undefined;
  }
}

/** Games from..to-1 played one after the other in this thread. */
function playedHere(from: number, to: number): Samples[] {
  const { player, solver } = selfPlayers(new Evaluation(DATA.weights));
  return Array.from({ length: to - from }, (_, i) => {
    const buffer = new SampleBuffer();
    playNumberedGame(player, solver, DATA.settings, DATA.variety, DATA.seed, DATA.round, from + i, buffer);
    return buffer.toSamples();
  });
}

describe("playGamesOnThreads", () => {
  it("records the games in their order, the same positions as one thread playing them in turn", async () => {
    FakeThread.made = [];
    const recorded: Samples[] = [];
    const result = await playGamesOnThreads(
      DATA,
      5,
      25,
      3,
      () => ok(new FakeThread(FakeThread.made.length)),
      (s) => recorded.push(s),
    );
    expect(result).toEqual(ok(undefined));
    expect(FakeThread.made).toHaveLength(3);
    // Every thread played some of the games, and each game was played once.
    for (const t of FakeThread.made) expect(t.games.length).toBeGreaterThan(0);
    expect(FakeThread.made.flatMap((t) => t.games).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, i) => 5 + i),
    );
    expect(FakeThread.made.every((t) => t.terminated)).toBe(true);
    expect(concatSamples(recorded)).toEqual(concatSamples(playedHere(5, 25)));
  });

  it("starts no more threads than there are games, and none when there are none", async () => {
    FakeThread.made = [];
    const recorded: Samples[] = [];
    expect(
      await playGamesOnThreads(
        DATA,
        0,
        2,
        8,
        () => ok(new FakeThread(0)),
        (s) => recorded.push(s),
      ),
    ).toEqual(ok(undefined));
    expect(FakeThread.made).toHaveLength(2);
    expect(recorded).toHaveLength(2);
    FakeThread.made = [];
    expect(
      await playGamesOnThreads(
        DATA,
        4,
        4,
        2,
        () => ok(new FakeThread(0)),
        () => {},
      ),
    ).toEqual(ok(undefined));
    expect(FakeThread.made).toHaveLength(0);
  });

  it("ends with an error when a thread fails or cannot start, and stops the others", async () => {
    FakeThread.made = [];
    const failed = await playGamesOnThreads(
      DATA,
      0,
      10,
      2,
      () => ok(new FakeThread(FakeThread.made.length, 3)),
      () => {},
    );
    expect(failed).toEqual(err("a self-play thread failed: out of memory"));
    expect(FakeThread.made.every((t) => t.terminated)).toBe(true);
    const refused = await playGamesOnThreads(
      DATA,
      0,
      10,
      2,
      () => err("no bundle"),
      () => {},
    );
    expect(refused).toEqual(err("cannot start a self-play thread: no bundle"));
  });

  it("passes on an error thrown while recording (a full disk), and stops the threads", async () => {
    FakeThread.made = [];
    const full = Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" });
    let recorded = 0;
    const playing = playGamesOnThreads(
      DATA,
      0,
      10,
      2,
      () => ok(new FakeThread(FakeThread.made.length)),
      () => {
        if (++recorded === 4) throw full;
      },
    );
    await expect(playing).rejects.toBe(full);
    expect(recorded).toBe(4);
    expect(FakeThread.made.every((t) => t.terminated)).toBe(true);
  });
});
