import { describe, expect, it } from "vitest";
import {
  CLASSIC_SEARCH_PARAMS,
  Game,
  MoveChooser,
  PASS,
  Random,
  Search,
  type SearchReport,
  Tree,
  TreeSearchChooser,
  parseBoardLines,
  parseCode,
} from "../../src/index.js";
import { recording } from "./recording.js";

function value<T>(r: { ok: true; value: T } | { ok: false; error: string }): T {
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

// White to move: every square but h8 black, white's h1 the only disc to flip from.
const onlyMove = value(
  parseBoardLines("BBBBBBBW/BBBBBBBB/BBBBBBBB/BBBBBBBB/BBBBBBBB/BBBBBBBB/BBBBBBBB/BBBBBBB-", false),
);
const forcedPass = value(parseCode("2222222222222222222222222222222222222222222222222222222222221000" + "10")).position;
const over = value(parseCode("1".repeat(64) + "10")).position;

describe("the move chooser", () => {
  it("answers a position without a choice at once, the algorithm not asked: the only move, a forced pass, a finished game's pass", () => {
    const algorithm = recording();
    const chooser = new MoveChooser(algorithm);
    expect(chooser.choose(new Game(onlyMove), { visits: 1000 })).toEqual({
      by: "forced",
      move: 63,
      reason: "only move",
      elapsedMs: 0,
    });
    expect(chooser.choose(new Game(forcedPass), { visits: 1000 })).toMatchObject({
      by: "forced",
      move: PASS,
      reason: "pass",
    });
    expect(chooser.choose(new Game(over), { visits: 1000 })).toMatchObject({
      by: "forced",
      move: PASS,
      reason: "game over",
    });
    expect(algorithm.asked).toEqual([]);
  });

  it("asks the algorithm wherever there is a choice", () => {
    const algorithm = recording();
    const game = new Game();
    expect(new MoveChooser(algorithm).choose(game, { visits: 1000 })).toMatchObject({ by: "random", move: 19 });
    expect(algorithm.asked).toEqual([game]);
  });

  it("plays a forced move without searching: the search reports no progress and its tree stays empty", () => {
    const tree = new Tree(1000);
    const search = new Search(
      { ...CLASSIC_SEARCH_PARAMS, maxNodes: 1000 },
      { now: () => 0, random: new Random(1), tree },
    );
    const seen: SearchReport[] = [];
    const choice = new MoveChooser(new TreeSearchChooser(() => search)).choose(new Game(forcedPass), {
      timeMs: 1000,
      progress: { everyMs: 0, report: (r) => seen.push(r) },
    });
    expect(choice).toMatchObject({ by: "forced", move: PASS });
    expect(seen).toEqual([]);
    expect(tree.size).toBe(0);
  });
});
