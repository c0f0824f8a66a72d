import type { Result } from "../../src/index.js";
import { parseWholeNumber } from "../text/numbers.js";
import type { EngineOptions } from "./engineOptions.js";

// Levels for people: the same table for every front end (--level, OTP's and GTP's `level`,
// NBoard's `set depth`, the pages' picker). Pure, so that a browser's bundle has it.

/** What a level below the top sets over the engine's options. */
export interface LevelSettings {
  /** Visits a move: few, so that the level also answers at once. */
  readonly visits: number;
  /** The noise of its choice among the moves the search values (SearchParams.moveTemperature). */
  readonly moveTemperature: number;
  /** Tree leaves with at most this many empty squares are solved (SearchParams.solveEmpties). */
  readonly solveEmpties: number;
  /** The root is solved with at most this many empty squares (EngineOptions.solveHorizon). */
  readonly solveHorizon: number;
}

export interface Level {
  readonly level: number;
  /** What the level plays like, for a person choosing one. */
  readonly description: string;
  /** Its settings; undefined at the top: the engine as its options say. */
  readonly settings: LevelSettings | undefined;
}

/**
 * From a beginner to the full engine. A weaker level is a weaker player rather than a strong one
 * that blunders: it looks less far (fewer visits, a shorter solver horizon, no book) and its
 * choice among the moves it values is noisier, each move drawn the more often the better it
 * looks; its games vary from one to the next, and a fixed seed still repeats them. Level 1's
 * weakness is its temperature: fewer visits would make it stronger, not weaker, as the few moves
 * it would visit are those the evaluation likes best.
 */
export const LEVELS: readonly Level[] = [
  {
    level: 1,
    description: "Level 1: a beginner: looks a move ahead, often picks a lesser move",
    settings: { visits: 20, moveTemperature: 0.4, solveEmpties: 0, solveHorizon: 0 },
  },
  {
    level: 2,
    description: "Level 2: a novice: looks a move or two ahead, often picks a lesser move",
    settings: { visits: 50, moveTemperature: 0.12, solveEmpties: 2, solveHorizon: 4 },
  },
  {
    level: 3,
    description: "Level 3: a casual player: sees a few moves ahead, sometimes picks a lesser move",
    settings: { visits: 120, moveTemperature: 0.09, solveEmpties: 4, solveHorizon: 6 },
  },
  {
    level: 4,
    description: "Level 4: a club beginner: sees a few moves ahead, plays the last 8 moves exactly",
    settings: { visits: 250, moveTemperature: 0.06, solveEmpties: 4, solveHorizon: 8 },
  },
  {
    level: 5,
    description: "Level 5: a club player: plays the last 10 moves exactly, now and then a lesser move",
    settings: { visits: 600, moveTemperature: 0.045, solveEmpties: 6, solveHorizon: 10 },
  },
  {
    level: 6,
    description: "Level 6: a strong club player: plays the last 12 moves exactly",
    settings: { visits: 1000, moveTemperature: 0.035, solveEmpties: 6, solveHorizon: 12 },
  },
  {
    level: 7,
    description: "Level 7: an expert: plays the last 14 moves exactly, seldom a lesser move",
    settings: { visits: 2500, moveTemperature: 0.02, solveEmpties: 8, solveHorizon: 14 },
  },
  {
    level: 8,
    description: "Level 8: a strong expert: plays the last 16 moves exactly",
    settings: { visits: 6000, moveTemperature: 0.01, solveEmpties: 8, solveHorizon: 16 },
  },
  {
    level: 9,
    description: "Level 9: a master: solves the last 18 moves, almost always picks its best move",
    settings: { visits: 15000, moveTemperature: 0.005, solveEmpties: 8, solveHorizon: 18 },
  },
  {
    level: 10,
    description: "Level 10: the full engine: its opening book, its whole time, its best move",
    settings: undefined,
  },
];

/** The strongest level, the default: the engine as its options say. */
export const TOP_LEVEL = LEVELS.length;

/** A level as a command or option names it: a whole number from 1 to TOP_LEVEL. */
export function parseLevel(text: string): Result<number> {
  return parseWholeNumber(text, 1, TOP_LEVEL);
}

/**
 * The levels as the pages' picker offers them (`othello ui`'s with our engine, the static
 * page's): each a `PageLevel` of protocol/ui/uiServer.ts, written out here because this room
 * does not import `ui/` (docs/architecture.md), nor its server's Node modules.
 */
export function pageLevels(): { level: number; name: string; about: string; timed: boolean }[] {
  return LEVELS.map(({ level, description, settings }) => ({
    level,
    name: settings === undefined ? `Level ${level} (full strength)` : `Level ${level}`,
    about: description,
    timed: settings === undefined,
  }));
}

/**
 * The options of `level`, 1 to TOP_LEVEL, over `options`: the top returns them unchanged; a
 * level below it sets its visits, its noise, its solver horizon, no book and one thread (its few
 * visits need no more, and one thread repeats a seed's games exactly), whatever the options said.
 */
export function applyLevel(options: EngineOptions, level: number): EngineOptions {
  const entry = LEVELS[level - 1];
  if (entry === undefined) throw new RangeError(`level ${level} is not one of 1 to ${TOP_LEVEL}`);
  const { settings } = entry;
  if (settings === undefined) return options;
  const { visits, moveTemperature, solveEmpties, solveHorizon } = settings;
  return {
    ...options,
    level,
    visits,
    book: false,
    threads: 1,
    solveHorizon,
    search: { ...options.search, moveTemperature, solveEmpties },
  };
}
