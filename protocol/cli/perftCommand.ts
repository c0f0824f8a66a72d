import { Position, ok, parseCode, perft } from "../../src/index.js";
import { parseWholeNumber } from "../text/numbers.js";
import { field } from "../text/optionTable.js";
import { type Output, type Program, programArguments, usageError } from "./program.js";

interface PerftOptions {
  readonly position: Position;
}

export const perftProgram: Program<PerftOptions> = {
  name: "othello perft",
  synopsis: ["othello perft DEPTH [--position CODE66]"],
  about: [
    "Prints the number of leaves of the move tree DEPTH plies deep (0 to 20): a forced pass is a move, a finished game one leaf.",
  ],
  options: {
    "--position": field(
      "position",
      "CODE66",
      "start from this position, in the course's 66-digit code (default: the start)",
      (t) => {
        const code = parseCode(t);
        return code.ok ? ok(code.value.position) : code;
      },
    ),
  },
  defaults: () => ({ position: Position.initial() }),
};

/** `othello perft DEPTH [--position CODE]`: prints the number of leaves. */
export function perftCommand(args: readonly string[], out: Output): number {
  const parsed = programArguments(perftProgram, args, out);
  if (typeof parsed === "number") return parsed;
  if (parsed.positional.length !== 1)
    return usageError(perftProgram, `expected one DEPTH, got ${parsed.positional.length} arguments`, out);
  const depth = parseWholeNumber(parsed.positional[0]!, 0, 20);
  if (!depth.ok) return usageError(perftProgram, `DEPTH: ${depth.error}`, out);
  out.print(String(perft(parsed.settings.position, depth.value)));
  return 0;
}
