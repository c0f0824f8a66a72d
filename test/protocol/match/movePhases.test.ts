import { describe, expect, it } from "vitest";
import type { GameRecord } from "../../../protocol/match/matchRunner.js";
import { formatPhaseSeconds, meanSecondsByPhase, phaseOf } from "../../../protocol/match/movePhases.js";

/** A game record with these moves (the first `openingPlies` of them the opening) and each engine's times in order. */
function record(moves: string[], openingPlies: number, black: 0 | 1, times: [number[], number[]]): GameRecord {
  return {
    index: 0,
    opening: moves.slice(0, openingPlies).join(" "),
    black,
    moves,
    winner: null,
    blackDiscs: 32,
    whiteDiscs: 32,
    forfeit: undefined,
    moveTimes: times,
  };
}

describe("move times by phase", () => {
  it("splits the game by the empty squares before the move: above 40, 21 to 40, 20 and below", () => {
    expect([60, 41, 40, 21, 20, 0].map(phaseOf)).toEqual([
      "opening",
      "opening",
      "middleGame",
      "middleGame",
      "ending",
      "ending",
    ]);
  });

  it("averages each engine's own moves after the opening, a pass taking no square, the passes after the end left out", () => {
    // 60 moves after a 4-ply opening, and a pass at ply 19 (white's: black moves at even plies).
    const moves = ["f5", "d6", "c3", "d3", ...Array.from({ length: 56 }, () => "a1")];
    moves.splice(19, 0, "pass");
    // Before ply 19 the empties are 60 - ply; after the pass, one more: black's ply 20 is at 41, in the opening.
    const emptiesAt = (ply: number) => (ply <= 19 ? 60 - ply : 61 - ply);
    expect(emptiesAt(20)).toBe(41);
    const ms = (empties: number) => (empties > 40 ? 1000 : empties > 20 ? 2000 : 100);
    const times: [number[], number[]] = [[], []];
    for (let ply = 4; ply < moves.length; ply++) {
      // Engine 1 plays black.
      if (ply % 2 === 0) times[1].push(ms(emptiesAt(ply)));
      else times[0].push(10 * ms(emptiesAt(ply)));
    }
    times[0].push(99_999);
    times[1].push(99_999);
    const game = record(moves, 4, 1, times);
    const black = meanSecondsByPhase([game], 1);
    expect([black.opening, black.middleGame, black.ending!.toFixed(6)]).toEqual([1, 2, "0.100000"]);
    expect(meanSecondsByPhase([game], 0)).toEqual({ opening: 10, middleGame: 20, ending: 1 });
  });

  it("has no mean for a phase without moves, and says so", () => {
    const game = record(["f5", "d6", "c3", "d3", "c4"], 4, 0, [[500], []]);
    const phases = meanSecondsByPhase([game], 0);
    expect(phases).toEqual({ opening: 0.5, middleGame: null, ending: null });
    expect(formatPhaseSeconds(phases, 2)).toBe("0.50 s, -, -");
    expect(meanSecondsByPhase([], 1)).toEqual({ opening: null, middleGame: null, ending: null });
  });
});
