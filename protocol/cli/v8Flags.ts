import { setFlagsFromString } from "node:v8";

/**
 * V8's inlining budgets, raised before any of the program's code is compiled: the move generator
 * and the flip function are larger than the default budget, and inlined into the playout and
 * search loops they keep both words of every board in registers (about 15% more playouts a
 * second). The endgame solver's subcommands keep the defaults: under this budget its unrolled
 * recursion compiles for longer than fforum 1-19 takes to solve, and runs no faster
 * (docs/solver.md). Set here, in the program itself, they hold however it is started: the
 * launcher `./othello`, `node dist/othello.js`, or the command an npm install makes.
 * This module is imported first by the program's entry, so it runs before the rest.
 */
const SOLVER_SUBCOMMANDS = ["solve", "endgames", "review"];
if (!SOLVER_SUBCOMMANDS.includes(process.argv[2] ?? "")) {
  setFlagsFromString("--max-inlined-bytecode-size=4000");
  setFlagsFromString("--max-inlined-bytecode-size-cumulative=8000");
}
