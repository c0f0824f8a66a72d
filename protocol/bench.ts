import { Position, Random, perft, randomPlayout } from "../src/index.js";

/** Rounds of one second each; the median is reported because the shared machine is noisy. */
const ROUNDS = 5;

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
  for (let r = 0; r < ROUNDS; r++) {
    rates.push(measurePlayouts(1000, random));
    log(`playouts round ${r + 1}: ${Math.round(rates[r]!)}/s`);
  }
  log(`playouts/s: ${Math.round(median(rates))}`);
  return 0;
}
