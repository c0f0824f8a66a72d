import { Game, type Move, type Position, parseGameRecord } from "../src/index.js";

/** A game record's moves ("f5d6c3"); the tests write their records by hand, so a bad one is the test's bug. */
export function recordMoves(record: string): Move[] {
  const parsed = parseGameRecord(record);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value;
}

/** The position after a game record's moves from the start, each move checked by the rules. */
export function positionAfter(record: string): Position {
  const game = new Game();
  for (const move of recordMoves(record)) {
    const played = game.play(move);
    if (!played.ok) throw new Error(played.error);
  }
  return game.position;
}
