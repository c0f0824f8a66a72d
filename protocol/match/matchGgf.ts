import { type GgfGame, type GgfMove, Position, formatGgf, parseVertex } from "../../src/index.js";
import type { GameRecord } from "./matchRunner.js";
import { parseOpening } from "./openings.js";

/**
 * A match game as one line of GGF: the engines' names as the players, every move with the
 * seconds its engine took (the opening's moves, told to both, have none), and the result from
 * black's side with the empty squares to the winner. A forfeited game is written as a
 * resignation of the side that forfeited: `RE[+64:r]` or `RE[-64:r]`.
 */
export function formatGameRecordGgf(record: GameRecord, names: readonly [string, string], date: string): string {
  const opening = parseOpening(record.opening);
  if (!opening.ok) throw new Error(`a game record's opening "${record.opening}" does not parse: ${opening.error}`);
  const next = [0, 0];
  let blackToMove = true;
  const moves: GgfMove[] = record.moves.map((text, i) => {
    const move = parseVertex(text);
    if (!move.ok) throw new Error(`a game record's move "${text}" does not parse: ${move.error}`);
    const engine = blackToMove === (record.black === 0) ? 0 : 1;
    blackToMove = !blackToMove;
    if (i < opening.value.length) return { move: move.value };
    const ms = record.moveTimes[engine][next[engine]!++];
    return ms === undefined ? { move: move.value } : { move: move.value, seconds: Math.round(ms) / 1000 };
  });
  const blackMargin = record.blackDiscs - record.whiteDiscs;
  const empties = 64 - record.blackDiscs - record.whiteDiscs;
  const winnerIsBlack = record.winner === record.black;
  const game: GgfGame = {
    place: "othello match",
    date,
    black: names[record.black],
    white: names[1 - record.black]!,
    result:
      record.forfeit !== undefined
        ? { blackMargin: winnerIsBlack ? 64 : -64, ending: "resigned" }
        : {
            blackMargin: blackMargin > 0 ? blackMargin + empties : blackMargin < 0 ? blackMargin - empties : 0,
            ending: "normal",
          },
    type: "8",
    start: Position.initial(),
    moves,
  };
  return formatGgf(game);
}
