import {
  CLASSIC_SEARCH_PARAMS,
  Game,
  MoveChooser,
  type Position,
  Random,
  Search,
  Solver,
  TreeSearchChooser,
  formatObf,
  formatVertex,
} from "../../src/index.js";
import { parseWholeNumber } from "../text/numbers.js";
import { field, flag } from "../text/optionTable.js";
import { type Output, type Program, programArguments, usageError } from "./program.js";

interface EndgamesOptions {
  readonly count: number;
  readonly fewest: number;
  readonly most: number;
  readonly seed: number;
  readonly playouts: number;
  readonly answers: boolean;
}

/** Random plies at the start of each game, so that the games differ. */
const OPENING_PLIES = 6;

export const endgamesProgram: Program<EndgamesOptions> = {
  name: "othello endgames",
  synopsis: ["othello endgames [--count N] [--fewest E] [--most E] [--seed S] [--playouts P]"],
  about: [
    "Makes endgame test positions from self-play: games of the engine against itself (UCT, a fixed number of",
    "playouts a move, after a few random plies), each stopped at E empty squares, E cycling from --fewest to",
    "--most. Prints obf lines with the exact best score and every move that reaches it, as the solver finds them",
    "(other moves are checked with a null window around the best score, so only best moves are listed).",
    "The same options give the same positions. With --no-answers, the positions alone (no solving).",
  ],
  options: {
    "--count": field("count", "N", "positions to make (default 12)", (t) => parseWholeNumber(t, 1, 10000)),
    "--fewest": field("fewest", "E", "the fewest empty squares (default 20)", (t) => parseWholeNumber(t, 1, 40)),
    "--most": field("most", "E", "the most empty squares (default 22)", (t) => parseWholeNumber(t, 1, 40)),
    "--seed": field("seed", "S", "seed of the random plies and playouts (default 1)", (t) =>
      parseWholeNumber(t, 0, 0xffffffff),
    ),
    "--playouts": field("playouts", "P", "playouts a move in the self-play games (default 3000)", (t) =>
      parseWholeNumber(t, 1, 1_000_000),
    ),
    "--no-answers": flag("print the positions without solving them (for positions too deep to solve here)", (o) => ({
      ...o,
      answers: false,
    })),
  },
  defaults: () => ({ count: 12, fewest: 20, most: 22, seed: 1, playouts: 3000, answers: true }),
};

/** The obf line of a position with its best score and every move that reaches it. */
function annotate(position: Position, solver: Solver): string {
  const best = solver.solve(position);
  const moves: string[] = [];
  for (const move of position.legalSquares()) {
    // The move reaches the best score when the position after it is worth its opposite.
    const after = solver.solve(position.play(move), { alpha: -best.score - 1, beta: -best.score + 1 });
    if (after.score === -best.score) moves.push(formatVertex(move));
  }
  const score = best.score > 0 ? `+${best.score}` : best.score < 0 ? String(best.score) : "+0";
  return `${formatObf(position)};${moves.map((m) => ` ${m}:${score};`).join("")}`;
}

/** `othello endgames`: self-play endgame positions with their exact best moves, as obf lines. */
export function endgamesCommand(args: readonly string[], out: Output): number {
  const parsed = programArguments(endgamesProgram, args, out);
  if (typeof parsed === "number") return parsed;
  if (parsed.positional.length > 0)
    return usageError(endgamesProgram, `unexpected argument "${parsed.positional[0]}"`, out);
  const { count, fewest, most, seed, playouts, answers } = parsed.settings;
  if (fewest > most) return usageError(endgamesProgram, `--fewest ${fewest} is more than --most ${most}`, out);
  const random = new Random(seed);
  const search = new Search(CLASSIC_SEARCH_PARAMS, { now: () => performance.now(), random });
  // A position without a choice is played at once, unsearched, as the engine does.
  const chooser = new MoveChooser(new TreeSearchChooser(() => search));
  const solver = new Solver();
  let made = 0;
  while (made < count) {
    const empties = fewest + (made % (most - fewest + 1));
    const game = new Game();
    search.reset();
    for (let ply = 0; ply < OPENING_PLIES && !game.isOver(); ply++) {
      const moves = game.position.legalMoves();
      game.play(moves[random.below(moves.length)]!);
    }
    while (!game.isOver() && game.position.empties() > empties)
      game.play(chooser.choose(game, { visits: playouts }).move);
    const position = game.position;
    // A game that ended early, or a position where the mover must pass, is skipped.
    if (position.empties() !== empties || position.legalSquares().length === 0) continue;
    out.log(`othello endgames: position ${made + 1} of ${count}, ${empties} empties`);
    out.print(answers ? annotate(position, solver) : formatObf(position));
    made++;
  }
  return 0;
}
