import { Game, type Move, Random, type Result, err, formatVertex, ok, parseVertex } from "../../src/index.js";

/**
 * Match openings: the first few moves of a game, played before the engines take over, so
 * two deterministic engines do not play the same game over and over.
 */

/** Moves as GTP vertices, separated by spaces or run together: `f5 d6 c3` or `f5d6c3`. */
export function parseOpening(text: string): Result<Move[]> {
  const words =
    text
      .trim()
      .toLowerCase()
      .match(/pass|[a-z]\d+|\S/g) ?? [];
  const game = new Game();
  for (const word of words) {
    const move = parseVertex(word);
    if (!move.ok) return move;
    const played = game.play(move.value);
    if (!played.ok) return err(`${word} after "${formatOpening(game.moves)}" is illegal: ${played.error}`);
  }
  return ok([...game.moves]);
}

export function formatOpening(moves: readonly Move[]): string {
  return moves.map((m) => formatVertex(m).toLowerCase()).join(" ");
}

/** An openings file: one opening a line; empty lines and lines starting with `#` are skipped. */
export function parseOpeningsFile(text: string): Result<Move[][]> {
  const openings: Move[][] = [];
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === "" || line.startsWith("#")) continue;
    const opening = parseOpening(line);
    if (!opening.ok) return err(`line ${i + 1}: ${opening.error}`);
    openings.push(opening.value);
  }
  return openings.length > 0 ? ok(openings) : err("the file holds no opening");
}

/**
 * `count` random openings of `plies` moves, each move uniform among the legal ones; the same
 * seed gives the same list. Repeats are avoided while fresh ones can still be found.
 */
export function randomOpenings(count: number, plies: number, seed: number): Move[][] {
  const random = new Random(seed);
  const seen = new Set<string>();
  const openings: Move[][] = [];
  for (let attempts = 0; openings.length < count; attempts++) {
    const game = new Game();
    for (let i = 0; i < plies && !game.isOver(); i++) {
      const moves = game.position.legalMoves();
      game.play(moves[random.below(moves.length)]!);
    }
    const key = formatOpening(game.moves);
    if (seen.has(key) && attempts < count * 20) continue;
    seen.add(key);
    openings.push([...game.moves]);
  }
  return openings;
}
