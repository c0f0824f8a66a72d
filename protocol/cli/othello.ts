// First: it sets V8's flags before the rest of the program is compiled.
import "./v8Flags.js";
import { benchCommand, benchProgram } from "./benchCommand.js";
import { bookCommand, bookProgram } from "./bookCommand.js";
import { curveCommand, curveProgram } from "./curveCommand.js";
import { endgamesCommand, endgamesProgram } from "./endgamesCommand.js";
import { engineCommand } from "./engineCommand.js";
import { evalCommand, evalProgram } from "./evalCommand.js";
import { ladderCommand, ladderProgram } from "./ladderCommand.js";
import { matchCommand, matchProgram } from "./matchCommand.js";
import { perftCommand, perftProgram } from "./perftCommand.js";
import { reviewCommand, reviewProgram } from "./reviewCommand.js";
import { solveCommand, solveProgram } from "./solveCommand.js";
import { trainCommand, trainProgram } from "./trainCommand.js";
import { uiCommand, uiProgram } from "./uiCommand.js";
import type { Output } from "./program.js";
import { standardOutput } from "./standardOutput.js";
import { isSubcommandLike, unknownSubcommand } from "./subcommandNames.js";
import { weightsCommand, weightsProgram } from "./weightsCommand.js";

/** Protocol replies and results go to stdout, everything else to stderr. */
const out: Output = standardOutput("othello");

interface Subcommand {
  /** Its synopsis, as `othello --help` lists it. */
  readonly synopsis: string;
  readonly run: (args: readonly string[], out: Output) => number | Promise<number>;
}

const SUBCOMMANDS: Readonly<Record<string, Subcommand>> = {
  match: { synopsis: matchProgram.synopsis[0]!, run: matchCommand },
  ladder: { synopsis: ladderProgram.synopsis[0]!, run: ladderCommand },
  perft: { synopsis: perftProgram.synopsis[0]!, run: perftCommand },
  bench: { synopsis: benchProgram.synopsis[0]!, run: benchCommand },
  solve: { synopsis: solveProgram.synopsis[0]!, run: solveCommand },
  endgames: { synopsis: endgamesProgram.synopsis[0]!, run: endgamesCommand },
  review: { synopsis: reviewProgram.synopsis[0]!, run: reviewCommand },
  ui: { synopsis: uiProgram.synopsis[0]!, run: uiCommand },
  eval: { synopsis: evalProgram.synopsis[0]!, run: evalCommand },
  train: { synopsis: trainProgram.synopsis[0]!, run: trainCommand },
  book: { synopsis: bookProgram.synopsis[0]!, run: bookCommand },
  curve: { synopsis: curveProgram.synopsis[0]!, run: curveCommand },
  weights: { synopsis: weightsProgram.synopsis[0]!, run: weightsCommand },
};

// A subcommand, or else the engine with its options and address. A first word that is neither
// an option nor an address nor a port was meant as a subcommand.
const [first, ...rest] = process.argv.slice(2);
const subcommand = first !== undefined && Object.hasOwn(SUBCOMMANDS, first) ? SUBCOMMANDS[first]! : undefined;
const unknown = subcommand === undefined && first !== undefined && isSubcommandLike(first);
if (unknown) out.log(unknownSubcommand(first, Object.keys(SUBCOMMANDS)));
process.exitCode = unknown
  ? 2
  : subcommand === undefined
    ? await engineCommand(
        process.argv.slice(2),
        out,
        Object.values(SUBCOMMANDS).map((s) => s.synopsis),
      )
    : await subcommand.run(rest, out);
