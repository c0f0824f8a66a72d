import { benchCommand } from "./bench.js";
import { perftCommand } from "./perftCommand.js";

/** Everything but protocol replies goes to stderr. */
const log = (line: string): void => void process.stderr.write(`${line}\n`);
const print = (line: string): void => void process.stdout.write(`${line}\n`);

type Command = (args: string[]) => number | Promise<number>;

const commands: Record<string, Command> = {
  perft: (args) => perftCommand(args, log, print),
  bench: (args) => benchCommand(args, log),
};

const [first, ...rest] = process.argv.slice(2);
const command = first === undefined ? undefined : commands[first];
if (command === undefined) {
  log(`usage: othello perft DEPTH [--position CODE] | othello bench`);
  process.exitCode = 2;
} else {
  process.exitCode = await command(rest);
}
