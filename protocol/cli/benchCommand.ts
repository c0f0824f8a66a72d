import { DEFAULT_SEARCH_PARAMS, Game, Position, Random, Search, perft, randomPlayout } from "../../src/index.js";

/**
 * Rounds of one second each. The machine is shared: other work only ever slows a round
 * down, so the best round measures the engine and the median shows the load.
 */
const ROUNDS = 10;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1]!;
}

function best(values: number[]): number {
  return Math.max(...values);
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

/** `othello bench [--perft-depth D]`: move generation (perft) and random-playout speed. */
export function benchCommand(args: string[], log: (line: string) => void): number {
  let depth = 11;
  for (let i = 0; i < args.length; i++) {
    if (args[i] === "--perft-depth" && /^\d+$/.test(args[i + 1] ?? "") && Number(args[i + 1]) <= 14) depth = Number(args[++i]);
    else {
      log(`bench: unknown option "${args[i]}" (usage: othello bench [--perft-depth 0-14])`);
      return 2;
    }
  }
  const t0 = performance.now();
  const leaves = perft(Position.initial(), depth);
  const seconds = (performance.now() - t0) / 1000;
  log(`perft(${depth}): ${leaves} leaves in ${seconds.toFixed(2)} s = ${Math.round(leaves / seconds)} leaves/s`);
  const random = new Random(1);
  measurePlayouts(300, random); // warm-up, so the optimising compiler has finished
  const rates: number[] = [];
  for (let r = 0; r < ROUNDS; r++) rates.push(measurePlayouts(1000, random));
  log(`random playouts/s, ${ROUNDS} one-second rounds: ${rates.map(Math.round).join(" ")}`);
  const raw = best(rates);
  // The same rate inside the search: selection, expansion and backup included.
  const searchRates: number[] = [];
  const search = new Search(DEFAULT_SEARCH_PARAMS, () => performance.now(), random);
  for (let r = 0; r < ROUNDS; r++) {
    const report = search.choose(new Game(), { timeMs: 1000 });
    search.reset();
    searchRates.push((report.playouts * 1000) / report.elapsedMs);
  }
  const inSearch = best(searchRates);
  log(`median of the rounds: ${Math.round(median(rates))} playouts/s raw, ${Math.round(median(searchRates))} in the search`);
  log(`search playouts/s (UCT from the start, best of ${ROUNDS} one-second searches): ${Math.round(inSearch)} = ${Math.round((100 * inSearch) / raw)}% of the raw rate`);
  log(`playouts/s: ${Math.round(raw)}`);
  return 0;
}
