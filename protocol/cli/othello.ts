import { benchCommand } from "./benchCommand.js";
import { engineCommand } from "./engineCommand.js";
import { matchCommand } from "./matchCommand.js";
import { perftCommand } from "./perftCommand.js";

/** Everything but protocol replies goes to stderr. */
const log = (line: string): void => void process.stderr.write(`${line}\n`);
const print = (line: string): void => void process.stdout.write(`${line}\n`);

type Command = (args: string[]) => number | Promise<number>;

const commands: Record<string, Command> = {
  perft: (args) => perftCommand(args, log, print),
  bench: (args) => benchCommand(args, log),
  match: (args) => matchCommand(args, log, print),
};

// A subcommand, or else the engine with its options and address.
const [first, ...rest] = process.argv.slice(2);
const command = first !== undefined && Object.hasOwn(commands, first) ? commands[first]! : undefined;
process.exitCode = command === undefined ? await engineCommand(process.argv.slice(2), log, print) : await command(rest);
