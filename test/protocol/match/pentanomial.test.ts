import { describe, expect, it } from "vitest";
import type { GameRecord } from "../../../protocol/match/matchRunner.js";
import { PairCounter, pentanomial } from "../../../protocol/match/pentanomial.js";

type Winner = GameRecord["winner"];

/** Game `index` of a match, won by `winner` (null: a draw); A is black in even games. */
function game(index: number, winner: Winner): GameRecord {
  return {
    index,
    opening: "f5 d6",
    black: index % 2 === 0 ? 0 : 1,
    moves: [],
    winner,
    blackDiscs: 32,
    whiteDiscs: 32,
    forfeit: undefined,
    moveTimes: [[], []],
  };
}

describe("the pentanomial counts", () => {
  it("count each pair by A's points in it: 0, 1/2, 1, 3/2, 2", () => {
    // Each pair's winners, game 2k's then 2k + 1's: B twice, B and a draw, ...
    const winners: [Winner, Winner][] = [
      [1, 1],
      [1, null],
      [0, 1],
      [null, null],
      [null, 0],
      [0, 0],
      [1, 0],
    ];
    const games = winners.flatMap(([first, second], pair) => [game(2 * pair, first), game(2 * pair + 1, second)]);
    expect(pentanomial(games)).toEqual([1, 1, 3, 1, 1]);
  });

  it("pair games 2k and 2k + 1 in whatever order they finish, and leave a lone game out", () => {
    const counter = new PairCounter();
    // Two workers: pair 1 completes before pair 0, and game 5 waits for game 4, which never comes.
    expect([game(0, 0), game(2, 0), game(3, null), game(5, 0), game(1, 0)].map((g) => counter.add(g))).toEqual([
      false,
      false,
      true,
      false,
      true,
    ]);
    expect(counter.counts).toEqual([0, 0, 0, 1, 1]);
    expect(pentanomial([game(5, 0), game(3, 1), game(2, 1)])).toEqual([1, 0, 0, 0, 0]);
    expect(pentanomial([])).toEqual([0, 0, 0, 0, 0]);
  });
});
