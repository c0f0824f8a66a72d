import { DEFAULT_SEARCH_PARAMS, Game, Position, Random, Search, perft, randomPlayout } from "../../src/index.js";
import { parseWholeNumber } from "../text/numbers.js";
import { field } from "../text/optionTable.js";
import { type Output, type Program, programArguments, usageError } from "./program.js";

interface BenchOptions {
  readonly perftDepth: number;
  /**
   * Rounds of one second each. The machine is shared: other work only ever slows a round
   * down, so the best round measures the engine and the median shows the load.
   */
  readonly rounds: number;
}

export const benchProgram: Program<BenchOptions> = {
  name: "othello bench",
  synopsis: ["othello bench [--perft-depth D] [--rounds N]"],
  about: [
    "Measures move generation (perft) and random playouts, single-threaded, from the start position.",
    "Results on stdout, the last line `playouts/s: N` (the best round); progress on stderr.",
  ],
  options: {
    "--perft-depth": field("perftDepth", "D", "depth of the perft count, 0 to 14 (default 11)", (t) => parseWholeNumber(t, 0, 14)),
    "--rounds": field("rounds", "N", "one-second rounds of playouts, in the search and out of it (default 10)", (t) => parseWholeNumber(t, 1, 1000)),
  },
  defaults: () => ({ perftDepth: 11, rounds: 10 }),
};

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1]!;
}

/** Random playouts per second from the start position, single-threaded, over one round of about `ms`. */
export function measurePlayouts(ms: number, random: Random): number {
  const p = Position.initial();
  let n = 0;
  const t0 = performance.now();
  let elapsed = 0;
  do {
    for (let i = 0; i < 1000; i++) randomPlayout(p.playerLo, p.playerHi, p.opponentLo, p.opponentHi, random);
    n += 1000;
    elapsed = performance.now() - t0;
  } while (elapsed < ms);
  return (n * 1000) / elapsed;
}

/** `othello bench`: move generation (perft) and random-playout speed. */
export function benchCommand(args: readonly string[], out: Output): number {
  const parsed = programArguments(benchProgram, args, out);
  if (typeof parsed === "number") return parsed;
  if (parsed.positional.length > 0) return usageError(benchProgram, `unexpected argument "${parsed.positional[0]}"`, out);
  const { perftDepth: depth, rounds } = parsed.settings;
  const { print, log } = out;
  log(`bench: perft(${depth}) ...`);
  const t0 = performance.now();
  const leaves = perft(Position.initial(), depth);
  const seconds = (performance.now() - t0) / 1000;
  print(`perft(${depth}): ${leaves} leaves in ${seconds.toFixed(2)} s = ${Math.round(leaves / seconds)} leaves/s`);
  const random = new Random(1);
  measurePlayouts(300, random); // warm-up, so the optimising compiler has finished
  const rates: number[] = [];
  for (let r = 0; r < rounds; r++) {
    log(`bench: random playouts, round ${r + 1} of ${rounds}`);
    rates.push(measurePlayouts(1000, random));
  }
  print(`random playouts/s, ${rounds} one-second rounds: ${rates.map(Math.round).join(" ")}`);
  const raw = Math.max(...rates);
  // The same rate inside the search: selection, expansion and backup included.
  const searchRates: number[] = [];
  const search = new Search(DEFAULT_SEARCH_PARAMS, () => performance.now(), random);
  for (let r = 0; r < rounds; r++) {
    log(`bench: search, round ${r + 1} of ${rounds}`);
    const report = search.choose(new Game(), { timeMs: 1000 });
    search.reset();
    searchRates.push((report.playouts * 1000) / report.elapsedMs);
  }
  const inSearch = Math.max(...searchRates);
  print(`median of the rounds: ${Math.round(median(rates))} playouts/s raw, ${Math.round(median(searchRates))} in the search`);
  print(`search playouts/s (UCT from the start, best of ${rounds} one-second searches): ${Math.round(inSearch)} = ${Math.round((100 * inSearch) / raw)}% of the raw rate`);
  print(`playouts/s: ${Math.round(raw)}`);
  return 0;
}
