import { Game } from "./game.js";
import { type Move, PASS } from "./position.js";
import { parseVertex } from "./notation.js";
import { type Result, err, ok } from "./result.js";

/**
 * A game as players write it down: the moves from the start as lowercase vertices run together,
 * `f5d6c3d3`. Passes are not written (the side with no move is known from the position); a
 * record may still spell one as `pass`, `pa` or `--`. Case, spaces, commas and move numbers
 * (`1. f5 2. d6`) are ignored on reading.
 */
export function parseGameRecord(text: string): Result<Move[]> {
  const words =
    text
      .toLowerCase()
      .replace(/\d+\.\s*/g, " ")
      .match(/pass|pa|--|[a-z]\d+|[^\s,;]/g) ?? [];
  const game = new Game();
  for (const word of words) {
    const move = word === "pa" || word === "--" ? ok(PASS) : parseVertex(word);
    if (!move.ok) return err(`move ${game.moves.filter((m) => m !== PASS).length + 1}: ${move.error}`);
    // A forced pass before a move is implied.
    if (move.value !== PASS && game.position.legalMoves()[0] === PASS) game.play(PASS);
    const played = game.play(move.value);
    if (!played.ok)
      return err(
        `move ${game.moves.filter((m) => m !== PASS).length + 1}, ${word}, is illegal after "${formatGameRecord(game.moves)}": ${played.error}`,
      );
  }
  // A game that ends with a forced pass leaves that pass to be played by whoever moves next.
  return ok([...game.moves]);
}

/** The moves run together, lowercase, passes left out. */
export function formatGameRecord(moves: readonly Move[]): string {
  let text = "";
  for (const move of moves) {
    if (move !== PASS) text += String.fromCharCode(97 + (move & 7)) + String((move >> 3) + 1);
  }
  return text;
}
