import { AlphaBeta, type Move, PASS, formatVertex } from "../../src/index.js";
import { loadEvaluation } from "../engine/evaluationWeights.js";
import { field, nonEmpty } from "../text/optionTable.js";
import { readProblems } from "./positionLines.js";
import { type Output, type Program, programArguments, usageError } from "./program.js";

interface EvalOptions {
  /** A weights file; undefined: the built-in weights. */
  readonly weights: string | undefined;
}

export const evalProgram: Program<EvalOptions> = {
  name: "othello eval",
  synopsis: ["othello eval [FILE|-] [--weights FILE]"],
  about: [
    "The static evaluation of positions: obf lines (with or without `;`-separated exact answers like G8:+18)",
    "or 66-digit code lines, from FILE or stdin. One line per position: number, empties, the evaluation (final",
    "disc difference predicted for the side to move), the best move by a one-ply look with the evaluation, and",
    "when the line carries answers the exact best score, the error, and whether the move reaches that score",
    "(`best`) or not (`not best`). The last line: `mean absolute error: X discs over N positions; best move found: K of N`,",
    "N the positions with answers. Exit status 2 when a line is not a position (the others are evaluated).",
  ],
  options: {
    "--weights": field("weights", "FILE", "the weights file to use (default: the built-in weights)", nonEmpty),
  },
  defaults: () => ({ weights: undefined }),
};

function signed(value: number, digits: number): string {
  return value > 0 ? `+${value.toFixed(digits)}` : value.toFixed(digits);
}

/** `othello eval [FILE|-]`: the evaluation and its one-ply move for each position, against the exact answers when given. */
export async function evalCommand(args: readonly string[], out: Output): Promise<number> {
  const parsed = programArguments(evalProgram, args, out);
  if (typeof parsed === "number") return parsed;
  if (parsed.positional.length > 1)
    return usageError(evalProgram, `expected at most one FILE, got ${parsed.positional.length} arguments`, out);
  const loaded = loadEvaluation(parsed.settings.weights);
  if (!loaded.ok) {
    out.log(`othello eval: ${loaded.error}`);
    return 2;
  }
  const evaluation = loaded.value;
  const look = new AlphaBeta(evaluation);
  const file = parsed.positional[0] ?? "-";
  const read = await readProblems(file, "othello eval", out.log);
  if (!read.ok) {
    out.log(`othello eval: ${read.error}`);
    return 2;
  }
  let positions = 0,
    scored = 0,
    found = 0,
    errorSum = 0;
  for await (const { position, answers } of read.value.problems) {
    positions++;
    const value = evaluation.evaluate(position.playerLo, position.playerHi, position.opponentLo, position.opponentHi);
    const move: Move | undefined = look.choose(position, { depth: 1 }).move;
    const fields = [
      String(positions),
      String(position.empties()),
      signed(value, 2),
      move === undefined ? "--" : formatVertex(move),
    ];
    if (answers.length > 0) {
      const best = Math.max(...answers.map((a) => a.score));
      const error = Math.abs(value - best);
      // The answers list the best moves at least (all moves, in fforum's files): a move not listed is not best.
      const reached = answers.find((a) => a.move === (move ?? PASS))?.score === best;
      scored++;
      errorSum += error;
      if (reached) found++;
      fields.push(`exact ${signed(best, 0)}`, `error ${error.toFixed(2)}`, reached ? "best" : "not best");
    }
    out.print(fields.join(" "));
  }
  out.print(
    `mean absolute error: ${scored === 0 ? "-" : (errorSum / scored).toFixed(2)} discs over ${scored} positions; best move found: ${found} of ${scored}`,
  );
  return read.value.badLines() > 0 ? 2 : 0;
}
