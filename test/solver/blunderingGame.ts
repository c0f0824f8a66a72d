import { type EndgameError, type Move, Position, Random } from "../../src/index.js";

/** The exact value for the side to move by plain negamax (few empties only). */
function exact(p: Position): number {
  const moves = p.legalMoves();
  if (moves.length === 0) return p.blackToMove ? p.worldScore() : -p.worldScore();
  return Math.max(...moves.map((m) => -exact(p.play(m))));
}

/**
 * A game from the start: random moves down to 10 empties, then white plays perfectly and black
 * alternates between its worst move and its best one; with the errors black made, worked out
 * here by negamax (exact up to 8 empties, win/draw/loss at 9 and 10).
 */
export function blunderingGame(seed: number): {
  moves: Move[];
  errors: EndgameError[];
  blackChecked: number;
  whiteChecked: number;
} {
  const random = new Random(seed);
  let p = Position.initial();
  const moves: Move[] = [];
  const play = (m: Move) => {
    moves.push(m);
    p = p.play(m);
  };
  while (p.empties() > 10 && p.canMove()) {
    const legal = p.legalMoves();
    play(legal[random.below(legal.length)]!);
  }
  const errors: EndgameError[] = [];
  let blackChecked = 0,
    whiteChecked = 0,
    blackTurns = 0;
  while (p.canMove() || p.swapped().canMove()) {
    const legal = p.legalMoves();
    if (legal.length === 1) {
      play(legal[0]!);
      continue;
    }
    const values = legal.map((m) => -exact(p.play(m)));
    const best = Math.max(...values);
    const mode = p.empties() <= 8 ? "exact" : "wld";
    const measure = (v: number) => (mode === "exact" ? v : Math.sign(v));
    if (!p.blackToMove) {
      whiteChecked++;
      play(legal[values.indexOf(best)]!);
      continue;
    }
    blackChecked++;
    const worst = Math.min(...values);
    const chosen = blackTurns++ % 2 === 0 ? worst : best;
    const move = legal[values.indexOf(chosen)]!;
    if (measure(chosen) < measure(best))
      errors.push({
        ply: moves.length,
        empties: p.empties(),
        move,
        mode,
        best: measure(best),
        played: measure(chosen),
      });
    play(move);
  }
  return { moves, errors, blackChecked, whiteChecked };
}
