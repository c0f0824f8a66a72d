import { describe, expect, it } from "vitest";
import type { EngineClient } from "../../../protocol/controller/engineClient.js";
import { type EngineLink, Opponent } from "../../../protocol/ui/opponent.js";
import { type Colour, Game, type Move, PASS, type Result, err, formatVertex, ok } from "../../../src/index.js";
import { recordMoves } from "../../gameRecords.js";

/**
 * An engine in process that keeps its own board by what it is told, answers genmove with its
 * first legal move (or what `answer` says), and logs every command as the protocols would send it.
 */
class FakeLink implements EngineLink {
  readonly log: string[] = [];
  broken = false;
  closed = false;
  diagnostics: string[] = [];
  private game = new Game();
  readonly client: EngineClient;

  constructor(
    readonly name: string,
    answer: (game: Game) => Promise<Result<Move>> | undefined = () => undefined,
  ) {
    const done = async (line: string): Promise<Result<void>> => {
      this.log.push(line);
      return this.broken ? err("exited with status 1 before replying") : ok(undefined);
    };
    this.client = {
      name: async () => ok(name),
      newGame: () => {
        this.game = new Game();
        return done("clear_board");
      },
      setMoveTime: (seconds) => done(`time ${seconds}`),
      setGameTime: (seconds) => done(`game time ${seconds}`),
      setLevel: (level) => done(`level ${level}`),
      play: (colour: Colour, move: Move) => {
        this.game.play(move);
        return done(`play ${colour} ${formatVertex(move).toLowerCase()}`);
      },
      genmove: async (colour: Colour) => {
        this.log.push(`genmove ${colour}`);
        const answered = answer(this.game) ?? Promise.resolve(ok(this.game.position.legalMoves()[0]!));
        const move = await answered;
        if (move.ok && this.game.position.isLegal(move.value)) this.game.play(move.value);
        this.diagnostics.push(
          `search: ${colour}: 100 playouts in 0.01 s (10000/s), reused 0, 50 nodes, 0 pruned; X1 (0 0) wins 60.0% of 80; pv`,
        );
        return move;
      },
      quit: () => done("quit"),
    };
  }

  takeDiagnostics(): string[] {
    const taken = this.diagnostics;
    this.diagnostics = [];
    return taken;
  }

  lastWords(): string[] {
    return ["last words here"];
  }

  close(): void {
    this.closed = true;
    this.broken = true;
  }
}

const LIMITS = { replyMs: 1000, graceMs: 1000 };

/** An opponent over links made one after another by `make` (each new link gets the next number). */
function opponentOver(make: (n: number) => FakeLink): { opponent: Opponent; links: FakeLink[] } {
  const links: FakeLink[] = [];
  const opponent = new Opponent(async () => {
    const link = make(links.length);
    links.push(link);
    return ok(link);
  }, LIMITS);
  return { opponent, links };
}

describe("the opponent keeps the engine in step with the game", () => {
  it("tells a new engine the whole game, then only the moves it has not seen", async () => {
    const { opponent, links } = opponentOver(() => new FakeLink("fake"));
    const first = await opponent.move(recordMoves("f5"), 0.5);
    // The fake plays its first legal square: after f5, white has f4, d6 and f6, in that order.
    expect(first).toMatchObject({ ok: true, value: { move: recordMoves("f5f4")[1], engine: "fake" } });
    expect(links[0]!.log).toEqual(["clear_board", "time 0.5", "play black f5", "genmove white"]);
    const reply = first.ok ? first.value.move : PASS;
    links[0]!.log.length = 0;
    const game = [...recordMoves("f5"), reply];
    const next = new Game();
    for (const m of game) next.play(m);
    const mine = next.position.legalSquares()[0]!;
    await opponent.move([...game, mine], 0.5);
    expect(links[0]!.log).toEqual([`play black ${formatVertex(mine).toLowerCase()}`, "genmove white"]);
    expect(links).toHaveLength(1);
  });

  it("starts the engine's board afresh after an undo or another game, and sends a new time", async () => {
    const { opponent, links } = opponentOver(() => new FakeLink("fake"));
    await opponent.move(recordMoves("f5d6c3"), 0.5);
    links[0]!.log.length = 0;
    await opponent.move(recordMoves("f5"), 0.5);
    expect(links[0]!.log).toEqual(["clear_board", "time 0.5", "play black f5", "genmove white"]);
    links[0]!.log.length = 0;
    await opponent.move(recordMoves("f5"), 2);
    expect(links[0]!.log).toEqual(["clear_board", "time 2", "play black f5", "genmove white"]);
  });

  it("tells our engine its level before the first move, again when it changes or the engine is new, never when none is asked", async () => {
    const { opponent, links } = opponentOver(() => new FakeLink("fake"));
    await opponent.move(recordMoves("f5"), 0.5, 3);
    expect(links[0]!.log).toEqual(["clear_board", "time 0.5", "level 3", "play black f5", "genmove white"]);
    links[0]!.log.length = 0;
    // The same level after a new game: the engine keeps its level through clear_board.
    await opponent.move(recordMoves("f5"), 0.5, 3);
    expect(links[0]!.log).toEqual(["clear_board", "time 0.5", "play black f5", "genmove white"]);
    links[0]!.log.length = 0;
    await opponent.move(recordMoves("f5"), 0.5, 10);
    expect(links[0]!.log).toEqual(["clear_board", "time 0.5", "level 10", "play black f5", "genmove white"]);
    links[0]!.log.length = 0;
    await opponent.move(recordMoves("f5"), 0.5, undefined);
    expect(links[0]!.log).toEqual(["clear_board", "time 0.5", "play black f5", "genmove white"]);
    links[0]!.close();
    await opponent.move(recordMoves("f5"), 0.5, 10);
    expect(links[1]!.log).toEqual(["clear_board", "time 0.5", "level 10", "play black f5", "genmove white"]);
  });

  it("reads our engine's report from its diagnostics", async () => {
    const { opponent } = opponentOver(() => new FakeLink("fake"));
    const answered = await opponent.move([], 0.1);
    expect(answered.ok && answered.value.report).toMatchObject({
      kind: "search",
      side: "black",
      winRate: 0.6,
      visits: 80,
    });
  });

  it("reads our engine's root moves while it thinks, and at the end of its search", async () => {
    let link: FakeLink | undefined;
    let thinking: unknown;
    const { opponent } = opponentOver(
      () =>
        (link = new FakeLink("fake", (game) => {
          link!.diagnostics.push(
            "thinking: black: 100 playouts in 0.01 s (10000/s), reused 0, 50 nodes, 0 pruned; D3 (2 3) wins 55.0% of 60; pv D3",
            "thinking moves: black: D3 60 55.0%, C4 40 50.0%, F5 0 -, E6 0 -",
          );
          return new Promise((resolve) =>
            setTimeout(() => {
              thinking = opponent.thinking();
              link!.diagnostics.push("search moves: black: D3 80 60.0%, C4 20 40.0% pruned, F5 0 -, E6 0 -");
              resolve(ok(game.position.legalMoves()[0]!));
            }, 20),
          );
        })),
    );
    expect(opponent.thinking()).toBeUndefined();
    const answered = await opponent.move([], 0.1);
    expect(thinking).toMatchObject({
      ply: 0,
      report: { kind: "search", visits: 60 },
      moves: { word: "thinking", side: "black", moves: [{ move: "d3", visits: 60, winRate: 0.55 }, {}, {}, {}] },
    });
    expect(answered.ok && answered.value.moves).toMatchObject({
      word: "search",
      moves: [{ move: "d3", visits: 80 }, { move: "c4", pruned: true }, { winRate: null }, {}],
    });
    expect(opponent.thinking()).toBeUndefined();
  });

  it("answers a forced pass itself, and tells the engine the pass with the next move", async () => {
    const { opponent, links } = opponentOver(() => new FakeLink("fake"));
    const game = recordMoves("d3c3b3b2f5a3a1c1");
    expect(await opponent.move(game, 0.1)).toEqual({
      ok: true,
      value: { move: PASS, report: undefined, engine: "fake" },
    });
    expect(links[0]!.log).toEqual([]);
    const answered = await opponent.move([...game, PASS], 0.1);
    expect(answered.ok).toBe(true);
    expect(links[0]!.log.slice(-2)).toEqual(["play black pass", "genmove white"]);
  });

  it("refuses a finished game and a game with an illegal move, asking the engine nothing", async () => {
    const { opponent, links } = opponentOver(() => new FakeLink("fake"));
    const finished = new Game();
    while (!finished.isOver()) finished.play(finished.position.legalMoves()[0]!);
    expect(await opponent.move(finished.moves, 0.1)).toEqual(err("the game is over"));
    expect(await opponent.move([0], 0.1)).toEqual(err("the game holds an illegal move A1: the move flips no disc"));
    expect(links.every((l) => l.log.length === 0)).toBe(true);
  });
});

describe("an engine that misbehaves is reported, and the next move starts over", () => {
  it("an illegal answer: the engine's board is reset at the next request", async () => {
    let lie = true;
    const { opponent, links } = opponentOver(
      () => new FakeLink("liar", () => (lie ? Promise.resolve(ok(0)) : undefined)),
    );
    expect(await opponent.move(recordMoves("f5"), 0.1)).toEqual(err("liar answered an illegal move, a1"));
    lie = false;
    links[0]!.log.length = 0;
    const again = await opponent.move(recordMoves("f5"), 0.1);
    expect(again.ok).toBe(true);
    expect(links[0]!.log[0]).toBe("clear_board");
    expect(links).toHaveLength(1);
  });

  it("a pass while it has moves is illegal too", async () => {
    const { opponent } = opponentOver(() => new FakeLink("passer", () => Promise.resolve(ok(PASS))));
    expect(await opponent.move([], 0.1)).toEqual(err("passer answered an illegal move, pass"));
  });

  it("a failed reply closes the link, quoting its last words; the next request opens a new one", async () => {
    const { opponent, links } = opponentOver(
      (n) =>
        new FakeLink(`engine-${n}`, () =>
          n === 0 ? Promise.resolve(err('no reply to "genmove" within 1.100 s')) : undefined,
        ),
    );
    expect(await opponent.move([], 0.1)).toEqual(
      err('engine-0: no reply to "genmove" within 1.100 s (its last words: last words here)'),
    );
    expect(links[0]!.closed).toBe(true);
    const again = await opponent.move([], 0.1);
    expect(again.ok && again.value.engine).toBe("engine-1");
    expect(links[1]!.log).toEqual(["clear_board", "time 0.1", "genmove black"]);
  });

  it("a level the engine does not take is a failure: the link is closed, and the next request tells a new one", async () => {
    const { opponent, links } = opponentOver((n) => new FakeLink(`engine-${n}`));
    await opponent.move(recordMoves("f5"), 0.1, 3);
    // Its answer to `level` is an error (a new game of the same moves: the board and time are set again first).
    links[0]!.client.setLevel = async (level) => err(`replied "?" to "level ${level}"`);
    links[0]!.log.length = 0;
    const moved = await opponent.move(recordMoves("f5"), 0.1, 5);
    expect(moved).toEqual(err('engine-0: replied "?" to "level 5" (its last words: last words here)'));
    expect(links[0]!.log).toEqual(["clear_board", "time 0.1"]);
    expect(links[0]!.closed).toBe(true);
    await opponent.move(recordMoves("f5"), 0.1, 5);
    expect(links[1]!.log).toEqual(["clear_board", "time 0.1", "level 5", "play black f5", "genmove white"]);
  });

  it("an engine that exited between moves is replaced", async () => {
    const { opponent, links } = opponentOver((n) => new FakeLink(`engine-${n}`));
    await opponent.move([], 0.1);
    links[0]!.broken = true;
    const again = await opponent.move([], 0.1);
    expect(again.ok && again.value.engine).toBe("engine-1");
  });

  it("an engine that cannot be had is reported as the source says", async () => {
    const opponent = new Opponent(async () => err("no engine is connected"), LIMITS);
    expect(await opponent.move([], 0.1)).toEqual(err("no engine is connected"));
  });
});

it("runs two requests one after the other, never interleaved", async () => {
  const { opponent, links } = opponentOver(
    () =>
      new FakeLink(
        "slow",
        (game) => new Promise((resolve) => setTimeout(() => resolve(ok(game.position.legalMoves()[0]!)), 30)),
      ),
  );
  const [a, b] = await Promise.all([opponent.move(recordMoves("f5"), 0.1), opponent.move(recordMoves("d3"), 0.1)]);
  expect(a.ok && b.ok).toBe(true);
  expect(links[0]!.log).toEqual([
    "clear_board",
    "time 0.1",
    "play black f5",
    "genmove white",
    "clear_board",
    "time 0.1",
    "play black d3",
    "genmove white",
  ]);
});
