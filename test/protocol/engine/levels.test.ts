import { readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { ONE_THREAD, type EngineThreads } from "../../../protocol/engine/engineThreads.js";
import type { EngineOptions } from "../../../protocol/engine/engineOptions.js";
import { LEVELS, type LevelSettings, TOP_LEVEL, applyLevel } from "../../../protocol/engine/levels.js";
import { loadBook } from "../../../protocol/engine/openingBook.js";
import { Session } from "../../../protocol/engine/session.js";
import { Game, parseCode } from "../../../src/index.js";
import { TEST_OPTIONS, shippedEvaluation } from "./helpers.js";

const ROOT = join(import.meta.dirname, "../../..");
const BELOW_TOP = LEVELS.filter((l) => l.level < TOP_LEVEL);
const settingsOf = (level: number): LevelSettings => LEVELS[level - 1]!.settings!;

/** A game 4 empties from its end, so few that even level 1's budget would solve it, were it allowed to. */
function nearTheEnd(): Game {
  const parsed = parseCode("011110001111122011212202111222021111122211122122111112210022220110");
  if (!parsed.ok) throw new Error(parsed.error);
  const game = new Game(parsed.value.position);
  while (game.position.empties() > 4) game.play(game.position.legalMoves()[0]!);
  return game;
}

/** A session over the shipped evaluation and book, counting the searchers it makes and the options it makes them with. */
function levelSession(options: Partial<EngineOptions> = {}) {
  const book = loadBook(undefined);
  if (!book.ok) throw new Error(book.error);
  const made: EngineOptions[] = [];
  const threads: EngineThreads = {
    searcher: (o, parts) => {
      made.push(o);
      return ONE_THREAD.searcher(o, parts);
    },
    solver: ONE_THREAD.solver,
  };
  const session = new Session(
    { ...TEST_OPTIONS, ...options },
    () => {},
    undefined,
    shippedEvaluation(),
    book.value,
    threads,
  );
  return { session, made };
}

describe("the levels' table", () => {
  it("numbers the levels 1 to TOP_LEVEL, 8 to 10 of them, each described for a person", () => {
    expect(LEVELS.map((l) => l.level)).toEqual(Array.from({ length: TOP_LEVEL }, (_, i) => i + 1));
    expect(TOP_LEVEL).toBeGreaterThanOrEqual(8);
    expect(TOP_LEVEL).toBeLessThanOrEqual(10);
    for (const { level, description } of LEVELS) expect(description).toMatch(new RegExp(`^Level ${level}: \\S.{10,}`));
  });

  it("only the top is the engine as its options say; below it, a stronger level looks further and chooses less noisily", () => {
    expect(LEVELS.filter((l) => l.settings === undefined).map((l) => l.level)).toEqual([TOP_LEVEL]);
    for (let k = 1; k < BELOW_TOP.length; k++) {
      const [weaker, stronger] = [settingsOf(k), settingsOf(k + 1)];
      expect(stronger.visits, `level ${k + 1}`).toBeGreaterThan(weaker.visits);
      expect(stronger.moveTemperature, `level ${k + 1}`).toBeLessThan(weaker.moveTemperature);
      expect(stronger.solveEmpties, `level ${k + 1}`).toBeGreaterThanOrEqual(weaker.solveEmpties);
      expect(stronger.solveHorizon, `level ${k + 1}`).toBeGreaterThanOrEqual(weaker.solveHorizon);
    }
    for (const { level, settings } of BELOW_TOP) {
      // Few enough visits to answer within about 0.2 s; some noise; the root solved no later than the leaves.
      expect(settings!.visits, `level ${level}`).toBeLessThanOrEqual(20_000);
      expect(settings!.moveTemperature, `level ${level}`).toBeGreaterThan(0);
      expect(settings!.solveHorizon, `level ${level}`).toBeGreaterThanOrEqual(settings!.solveEmpties);
    }
  });

  it("imports nothing of Node's, however deep: a browser's bundle has it", () => {
    const seen = new Set<string>();
    const visit = (file: string): void => {
      if (seen.has(file)) return;
      seen.add(file);
      const text = readFileSync(join(ROOT, file), "utf8");
      for (const m of text.matchAll(/(?:import|export)[^;]*?from\s+["']([^"']+)["']/g)) {
        expect(m[1], `${file} imports ${m[1]}`).not.toMatch(/^node:/);
        visit(relative(ROOT, resolve(ROOT, dirname(file), m[1]!)).replace(/\.js$/, ".ts"));
      }
    };
    visit("protocol/engine/levels.ts");
    expect(seen.has("protocol/engine/engineOptions.ts")).toBe(true);
  });
});

describe("applyLevel", () => {
  it("leaves the options as they are at the top", () => {
    expect(applyLevel(TEST_OPTIONS, TOP_LEVEL)).toBe(TEST_OPTIONS);
  });

  it("sets a lower level's visits, noise, horizon, no book and one thread over the options, the rest kept", () => {
    const given: EngineOptions = { ...TEST_OPTIONS, visits: 123_456, threads: 4, book: true, time: 3 };
    for (const { level, settings } of BELOW_TOP) {
      const { visits, moveTemperature, solveEmpties, solveHorizon } = settings!;
      const leveled = applyLevel(given, level);
      expect(leveled).toEqual({
        ...given,
        level,
        visits,
        book: false,
        threads: 1,
        solveHorizon,
        search: { ...given.search, moveTemperature, solveEmpties },
      });
    }
  });

  it("is a bug to ask for a level outside the table", () => {
    expect(() => applyLevel(TEST_OPTIONS, 0)).toThrow(RangeError);
    expect(() => applyLevel(TEST_OPTIONS, TOP_LEVEL + 1)).toThrow(RangeError);
  });
});

describe("a session's level (setLevel)", () => {
  it("searches a level's visits in place of the options' and of setVisits; the top, the options' again", () => {
    const { session } = levelSession();
    const visits = () => session.limits(session.position).visits;
    session.setVisits(5000);
    session.setLevel(2);
    expect(visits()).toBe(settingsOf(2).visits);
    session.setVisits(5000);
    expect(visits()).toBe(5000);
    session.setLevel(2);
    expect(visits()).toBe(settingsOf(2).visits);
    session.setLevel(TOP_LEVEL);
    expect(visits()).toBe(TEST_OPTIONS.visits);
  });

  it("made with --level K plays level K, and the options it was given at the top (NBoard's set depth 10 and up)", () => {
    const { session } = levelSession({ level: 3 });
    const visits = () => session.limits(session.position).visits;
    expect(visits()).toBe(settingsOf(3).visits);
    session.chooseMove();
    expect(session.lastThought?.by).toBe("search");
    session.setLevel(TOP_LEVEL);
    expect(visits()).toBe(TEST_OPTIONS.visits);
    session.chooseMove();
    expect(session.lastThought?.by).toBe("book");
  });

  it("plays from the book at the top, and not at a lower level", () => {
    const { session } = levelSession();
    session.chooseMove();
    expect(session.lastThought?.by).toBe("book");
    session.setLevel(TOP_LEVEL - 1);
    session.chooseMove();
    expect(session.lastThought?.by).toBe("search");
  });

  it("solves the root only within the level's horizon", () => {
    const { session } = levelSession();
    const { position } = nearTheEnd();
    expect(position.isGameOver()).toBe(false);
    expect(position.empties()).toBeGreaterThan(settingsOf(1).solveHorizon);
    session.setPosition({ position, passes: 0 });
    session.setLevel(1);
    session.chooseMove();
    expect(session.lastThought?.by).toBe("search");
    session.setLevel(TOP_LEVEL);
    session.chooseMove();
    expect(session.lastThought).toMatchObject({ by: "solver", mode: "exact" });
  });

  it("searches a lower level on a tree of its own, with the level's options; back at the top, the top's search again", () => {
    const { session, made } = levelSession({ book: false });
    session.chooseMove();
    session.setLevel(3);
    session.chooseMove();
    session.setLevel(TOP_LEVEL);
    session.chooseMove();
    session.setLevel(2);
    session.chooseMove();
    expect(made.map((o) => o.level)).toEqual([undefined, 3, 2]);
    expect(made[1]!.search.moveTemperature).toBe(settingsOf(3).moveTemperature);
    expect(made[1]!.threads).toBe(1);
  });

  it("keeps the top's tree and the level's while the other plays, each following the moves played since", () => {
    const { session, made } = levelSession({ book: false });
    const reused = () => {
      const thought = session.lastThought;
      if (thought?.by !== "search") throw new Error(`a search was expected, not ${thought?.by}`);
      return thought.report.reused;
    };
    session.setLevel(TOP_LEVEL);
    session.chooseMove();
    expect(reused()).toBe(0);
    session.setLevel(3);
    const levelMove = session.genmove();
    expect(reused()).toBe(0);
    // The top searches on after the level's move, in the tree it searched before it.
    session.setLevel(TOP_LEVEL);
    const topMove = session.genmove();
    expect(reused()).toBeGreaterThan(0);
    // The level's tree follows both moves, its own and the top's reply, which its search had visited.
    session.setLevel(3);
    session.chooseMove();
    const kept = reused();
    expect(made.map((o) => o.level)).toEqual([undefined, 3]);
    expect(session.game.moves).toEqual([levelMove, topMove]);
    expect(kept).toBeGreaterThan(0);
  });

  it("holds the top's search and one level's: a level left for another is made again on its return", () => {
    const { session, made } = levelSession({ book: false });
    for (const level of [TOP_LEVEL, 3, 2, TOP_LEVEL, 2, 3]) {
      session.setLevel(level);
      session.chooseMove();
    }
    expect(made.map((o) => o.level)).toEqual([undefined, 3, 2, 3]);
  });

  it("starts every level's tree afresh in a new game, the levels not playing too", () => {
    const { session } = levelSession({ book: false });
    session.setLevel(3);
    session.chooseMove();
    session.setLevel(TOP_LEVEL);
    session.newGame();
    session.setLevel(3);
    session.chooseMove();
    const thought = session.lastThought;
    expect(thought?.by === "search" && thought.report.reused).toBe(0);
  });

  it("plays different moves from one seed to the next at a low level, the same ones for the same seed", () => {
    const firstMoves = (seed: number) => {
      const { session } = levelSession({ seed, book: false });
      session.setLevel(1);
      const game = new Game();
      for (let i = 0; i < 6; i++) game.play(session.genmove());
      return game.moves.join(" ");
    };
    const games = new Set([1, 2, 3, 4, 5, 6].map(firstMoves));
    expect(games.size).toBeGreaterThan(3);
    expect(firstMoves(4)).toBe(firstMoves(4));
  });
});
