import {
  CLASSIC_SEARCH_PARAMS,
  DEFAULT_SEARCH_PARAMS,
  type Evaluation,
  Game,
  IncrementalEvaluation,
  Position,
  Random,
  Search,
  type SearchParams,
  perft,
  randomPlayout,
} from "../../src/index.js";
import { loadEvaluation } from "../engine/evaluationWeights.js";
import { type Parallelisation, defaultEngineOptions } from "../engine/engineOptions.js";
import { parseParallelisation, parseThreads } from "../engine/options.js";
import { ParallelSearch } from "../threads/parallelSearch.js";
import {
  type Children,
  childrenOf,
  evaluateChildrenFully,
  evaluateChildrenIncrementally,
  measureEvaluations,
  randomGamePositions,
} from "./evaluationBench.js";
import { parseWholeNumber } from "../text/numbers.js";
import { field, flag } from "../text/optionTable.js";
import { type Output, type Program, programArguments, usageError } from "./program.js";
import { SIGNATURE_ENGINE_ARGS, searchSignature } from "./searchSignature.js";

interface BenchOptions {
  readonly perftDepth: number;
  /**
   * Rounds of one second each. The machine is shared: other work only ever slows a round
   * down, so the best round measures the engine and the median shows the load.
   */
  readonly rounds: number;
  /** With more than 1, the engine's search at this many threads too (--threads), against 1 thread. */
  readonly threads: number;
  /** How those threads share the work (--parallel). */
  readonly parallel: Parallelisation;
  /** Only the search's signature (searchSignature.ts), measuring nothing. */
  readonly signature: boolean;
}

export const benchProgram: Program<BenchOptions> = {
  name: "othello bench",
  synopsis: [
    "othello bench [--perft-depth D] [--rounds N] [--threads N [--parallel root|tree]]",
    "othello bench --signature",
  ],
  about: [
    "Measures move generation (perft), the pattern evaluation (on positions of random games, with the built-in",
    "weights), random playouts, and the tree search (the classic one's playouts, flat UCB's, the default one's visits),",
    "single-threaded. Results on stdout, among them `evals/s: N` (full evaluations of positions),",
    "`incremental evals/s: N` (the positions' children valued from each position, as the searches do: per child",
    "the parent's sum corrected at the places the move touches, by the WebAssembly kernel; the same all in TypeScript",
    "beside it), `visits/s: N` and, last, `playouts/s: N` (best rounds);",
    "progress on stderr. What is compared is measured in 100 ms slices taken in turn.",
    "With --threads N, the engine's search is also run at 1 and at N threads, and `visits/s at N threads: V`",
    "says the visits of all its threads a second; with one shared tree, also one thread searching N times as long.",
    "With --signature, only the search's signature: one number, the same from run to run for the same code and",
    "weights, which changes when the way the engine plays does.",
  ],
  options: {
    "--perft-depth": field("perftDepth", "D", "depth of the perft count, 0 to 14 (default 11)", (t) =>
      parseWholeNumber(t, 0, 14),
    ),
    "--rounds": field(
      "rounds",
      "N",
      "one-second rounds of evaluations, and of playouts in the search and out of it (default 10)",
      (t) => parseWholeNumber(t, 1, 1000),
    ),
    "--threads": field(
      "threads",
      "N",
      "also the engine's search at N threads (as othello --threads N), one-second rounds at 1 and at N threads in turn (default 1: not run)",
      parseThreads,
    ),
    "--parallel": field(
      "parallel",
      "root|tree",
      "how the N threads search (as othello --parallel): trees of their own, or one shared tree (default tree)",
      parseParallelisation,
    ),
    "--signature": flag(
      `print the search's signature alone: the visits and nodes of the moves the engine (othello ${SIGNATURE_ENGINE_ARGS.join(" ")}) plays from fixed positions, and the solver's nodes on fixed endgames, summed`,
      (o) => ({ ...o, signature: true }),
    ),
  },
  defaults: () => ({ perftDepth: 11, rounds: 10, threads: 1, parallel: "tree", signature: false }),
};

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1]!;
}

/** Random playouts from the start position, single-threaded, for about `ms`: how many, in how long. */
function runPlayouts(ms: number, random: Random): readonly [count: number, elapsedMs: number] {
  const p = Position.initial();
  let n = 0;
  const t0 = performance.now();
  let elapsed = 0;
  do {
    for (let i = 0; i < 1000; i++) randomPlayout(p.playerLo, p.playerHi, p.opponentLo, p.opponentHi, random);
    n += 1000;
    elapsed = performance.now() - t0;
  } while (elapsed < ms);
  return [n, elapsed];
}

/** A search's visits per second from the start position over one search of about `ms`, from a fresh tree (or trees, on several threads). */
function searchRound(search: Pick<Search, "reset" | "choose">, ms: number): number {
  search.reset();
  const report = search.choose(new Game(), { timeMs: ms });
  return (report.visits * 1000) / report.elapsedMs;
}

/** The search's visits per second from the start position, one one-second search a round (each from a fresh tree). */
function measureSearch(
  params: SearchParams,
  rounds: number,
  random: Random,
  evaluation: Evaluation | undefined,
  log: (text: string) => void,
  what: string,
): number[] {
  const search = new Search(params, { now: () => performance.now(), random, evaluation });
  const rates: number[] = [];
  for (let r = 0; r < rounds; r++) {
    log(`bench: ${what}, round ${r + 1} of ${rounds}`);
    rates.push(searchRound(search, 1000));
  }
  return rates;
}

/** Slices of a round: the things compared are measured in turn, 100 ms each, ten times a round. */
const SLICES = 10;

/** Something measured a slice at a time: `begin` starts a round, `slice` runs for about `ms` and says how many it did in how long. */
interface Sliced {
  begin(): void;
  slice(ms: number): readonly [count: number, elapsedMs: number];
}

/** Random playouts from the start position. */
function rawPlayouts(random: Random): Sliced {
  return {
    begin: () => {},
    slice: (ms) => runPlayouts(ms, random),
  };
}

/**
 * A search from the start position: a round is one search from a fresh tree, its slices
 * searching on in the same tree, each `stretch` times as long as the slice asked for.
 */
function searching(search: Pick<Search, "reset" | "choose">, stretch = 1): Sliced {
  let game = new Game();
  return {
    begin: () => {
      search.reset();
      game = new Game();
    },
    slice: (ms) => {
      const report = search.choose(game, { timeMs: ms * stretch });
      return [report.visits, report.elapsedMs];
    },
  };
}

/**
 * Each subject's rate a second over `rounds` rounds, the subjects measured in turn: a round is
 * one second of each, as ten slices of 100 ms taken in turn with the others'. The machine's
 * speed drifts from second to second; sliced this finely, the subjects of a round meet the
 * same drift, and the ratio of their rates within a round compares them fairly.
 */
function measureInTurn(
  subjects: readonly Sliced[],
  rounds: number,
  log: (text: string) => void,
  what: string,
): number[][] {
  const rates = subjects.map(() => [] as number[]);
  for (let r = 0; r < rounds; r++) {
    log(`bench: ${what}, round ${r + 1} of ${rounds}`);
    const counts = subjects.map(() => 0);
    const times = subjects.map(() => 0);
    for (const subject of subjects) subject.begin();
    for (let s = 0; s < SLICES; s++) {
      subjects.forEach((subject, i) => {
        const [count, ms] = subject.slice(1000 / SLICES);
        counts[i]! += count;
        times[i]! += ms;
      });
    }
    subjects.forEach((_, i) => {
      rates[i]!.push((counts[i]! * 1000) / times[i]!);
    });
  }
  return rates;
}

/**
 * Random playouts per second on their own, inside the classic search, and inside flat UCB (the
 * classic search's loop with no tree below the root's children), a one-second search from a
 * fresh tree a round, in turn. Flat UCB's share is what the search's loop keeps with next to no
 * tree work, the ceiling of the classic search's.
 */
function measureRawAndSearch(
  rounds: number,
  random: Random,
  log: (text: string) => void,
): { readonly raw: number[]; readonly search: number[]; readonly flat: number[] } {
  const search = new Search(CLASSIC_SEARCH_PARAMS, { now: () => performance.now(), random });
  const flat = new Search({ ...CLASSIC_SEARCH_PARAMS, algorithm: "ucb" }, { now: () => performance.now(), random });
  // Warm-up, so the optimising compiler has finished with all three.
  runPlayouts(300, random);
  searchRound(search, 300);
  searchRound(flat, 300);
  const [raw, inSearch, inFlat] = measureInTurn(
    [rawPlayouts(random), searching(search), searching(flat)],
    rounds,
    log,
    "random playouts, the classic search and flat UCB in turn",
  );
  return { raw: raw!, search: inSearch!, flat: inFlat! };
}

/**
 * Visits per second of the engine's search (UCT from the start, a fresh tree each round),
 * summed over its threads, at 1 and at `threads` threads in turn. With one shared tree, also
 * one thread searching `threads` times as long: its tree grows as large as the threads' shared
 * one, and a visit in a larger tree costs more (a deeper path, more of it out of the cache), so
 * against that rate the threads' ratio is their own gain, the larger tree's cost left out.
 */
function measureThreads(
  threads: number,
  parallel: Parallelisation,
  rounds: number,
  evaluation: Evaluation,
  log: (line: string) => void,
): { readonly one: number[]; readonly many: number[]; readonly longer: number[] | undefined } {
  const options = { ...defaultEngineOptions(), seed: 1 };
  const one = new ParallelSearch({ ...options, threads: 1 }, { log, evaluation });
  const many = new ParallelSearch({ ...options, threads, parallel }, { log, evaluation });
  const longer = parallel === "tree" ? new ParallelSearch({ ...options, threads: 1 }, { log, evaluation }) : undefined;
  // Warm-up: the optimising compiler, and the workers' start (a worker loads its bundle and allocates its trees).
  searchRound(one, 300);
  searchRound(many, 1000);
  const subjects = [searching(one), searching(many), ...(longer === undefined ? [] : [searching(longer, threads)])];
  const [oneRates, manyRates, longerRates] = measureInTurn(
    subjects,
    rounds,
    log,
    `search at 1 and ${threads} threads in turn`,
  );
  return { one: oneRates!, many: manyRates!, longer: longerRates };
}

/**
 * The children of the positions valued by the full evaluation, by the incremental one (as the
 * search values a node's children, with its WebAssembly kernel) and by the incremental one all
 * in TypeScript (the kernel's reference), each `rounds` one-second rounds in slices taken in turn.
 */
function measureChildren(
  rounds: number,
  evaluation: Evaluation,
  children: Children,
  log: (text: string) => void,
): number[][] {
  const state = new IncrementalEvaluation(evaluation);
  const typescript = new IncrementalEvaluation(evaluation, "typescript");
  // Warm-up, so the optimising compiler has finished with all three.
  evaluateChildrenFully(300, evaluation, children);
  evaluateChildrenIncrementally(300, state, children);
  evaluateChildrenIncrementally(300, typescript, children);
  return measureInTurn(
    [
      { begin: () => {}, slice: (ms) => evaluateChildrenFully(ms, evaluation, children) },
      { begin: () => {}, slice: (ms) => evaluateChildrenIncrementally(ms, state, children) },
      { begin: () => {}, slice: (ms) => evaluateChildrenIncrementally(ms, typescript, children) },
    ],
    rounds,
    log,
    "the positions' children evaluated in full, incrementally, and incrementally in TypeScript, in turn",
  );
}

/** `othello bench`: move generation (perft), evaluation and random-playout speed. */
export function benchCommand(args: readonly string[], out: Output): number {
  const parsed = programArguments(benchProgram, args, out);
  if (typeof parsed === "number") return parsed;
  if (parsed.positional.length > 0)
    return usageError(benchProgram, `unexpected argument "${parsed.positional[0]}"`, out);
  const { perftDepth: depth, rounds, threads, parallel, signature } = parsed.settings;
  const { print, log } = out;
  const loaded = loadEvaluation(undefined);
  if (!loaded.ok) {
    log(`othello bench: ${loaded.error}`);
    return 1;
  }
  if (signature) {
    print(String(searchSignature(loaded.value, log)));
    return 0;
  }
  log(`bench: perft(${depth}) ...`);
  const t0 = performance.now();
  const leaves = perft(Position.initial(), depth);
  const seconds = (performance.now() - t0) / 1000;
  print(`perft(${depth}): ${leaves} leaves in ${seconds.toFixed(2)} s = ${Math.round(leaves / seconds)} leaves/s`);
  const random = new Random(1);
  const boards = randomGamePositions(4096, random);
  measureEvaluations(300, loaded.value, boards); // warm-up
  const evalRates: number[] = [];
  for (let r = 0; r < rounds; r++) {
    log(`bench: evaluations, round ${r + 1} of ${rounds}`);
    evalRates.push(measureEvaluations(1000, loaded.value, boards));
  }
  print(
    `evaluations/s, ${rounds} one-second rounds over ${boards.length >> 2} positions of random games: ${evalRates.map(Math.round).join(" ")}`,
  );
  print(`evals/s: ${Math.round(Math.max(...evalRates))}`);
  const children = childrenOf(boards);
  const [fullRates, incrementalRates, typescriptRates] = measureChildren(rounds, loaded.value, children, log);
  const bestFull = Math.max(...fullRates!);
  const bestIncremental = Math.max(...incrementalRates!);
  print(
    `children of those positions (${children.squares.length} moves) evaluated/s, ${rounds} rounds, in turn: ` +
      `full ${fullRates!.map(Math.round).join(" ")}; incremental ${incrementalRates!.map(Math.round).join(" ")}; ` +
      `incremental all in TypeScript (the WebAssembly kernel's reference) ${typescriptRates!.map(Math.round).join(" ")}`,
  );
  print(
    `incremental evals/s: ${Math.round(bestIncremental)} = ${(bestIncremental / bestFull).toFixed(2)}x the full evaluation's ${Math.round(bestFull)} on the same children ` +
      "(an evaluation: the parent's sum in the opponent's view, kept for its children, corrected at the places the move touches; the state set and that sum made once from each parent, included)",
  );
  // The same rate inside the classic search (selection, expansion and backup included) and inside flat UCB, in slices taken in turn with the raw ones.
  const { raw: rates, search: searchRates, flat: flatRates } = measureRawAndSearch(rounds, random, log);
  print(`random playouts/s, ${rounds} one-second rounds: ${rates.map(Math.round).join(" ")}`);
  const raw = Math.max(...rates);
  const inSearch = Math.max(...searchRates);
  print(
    `median of the rounds: ${Math.round(median(rates))} playouts/s raw, ${Math.round(median(searchRates))} in the classic search`,
  );
  print(
    `search playouts/s (classic UCT from the start, best of ${rounds} one-second searches): ${Math.round(inSearch)} = ${Math.round((100 * inSearch) / raw)}% of the raw rate`,
  );
  const shares = searchRates.map((s, r) => (100 * s) / rates[r]!);
  print(
    `classic search as % of the raw rate, round by round (a round's search in slices, in turn with slices of raw playouts): ${shares.map(Math.round).join(" ")}; median ${Math.round(median(shares))}%`,
  );
  const flatShares = flatRates.map((s, r) => (100 * s) / rates[r]!);
  print(
    `flat UCB (the root's children only, no tree below) as % of the raw rate, round by round: ${flatShares.map(Math.round).join(" ")}; median ${Math.round(median(flatShares))}%`,
  );
  // The default search: each visit evaluates a new leaf's children instead of playing out.
  const visitRates = measureSearch(DEFAULT_SEARCH_PARAMS, rounds, random, loaded.value, log, "default search");
  print(
    `default search (evaluated leaves with priors) visits/s, ${rounds} one-second searches from the start: ${visitRates.map(Math.round).join(" ")}`,
  );
  print(`visits/s: ${Math.round(Math.max(...visitRates))}`);
  if (threads > 1) {
    const { one, many, longer } = measureThreads(threads, parallel, rounds, loaded.value, log);
    const [best1, bestN] = [Math.max(...one), Math.max(...many)];
    print(
      `search visits/s at 1 and ${threads} threads (${parallel === "tree" ? "one shared tree" : "a tree each"}; summed over the threads; UCT from the start, ${rounds} one-second searches each, in slices taken in turn): ` +
        `1 thread ${one.map(Math.round).join(" ")}; ${threads} threads ${many.map(Math.round).join(" ")}`,
    );
    print(
      `visits/s at ${threads} threads: ${Math.round(bestN)} = ${(bestN / best1).toFixed(2)}x 1 thread's ${Math.round(best1)} (best rounds; medians ${(median(many) / median(one)).toFixed(2)}x)`,
    );
    const ratios = many.map((v, r) => v / one[r]!);
    print(
      `${threads} threads against 1, round by round: ${ratios.map((x) => x.toFixed(2)).join(" ")}; median ${median(ratios).toFixed(2)}x`,
    );
    if (longer !== undefined) {
      const sameSize = many.map((v, r) => v / longer[r]!);
      print(
        `1 thread searching ${threads} s a round, its tree as large as the shared one: visits/s ${longer.map(Math.round).join(" ")}; ` +
          `${threads} threads against it, round by round: ${sameSize.map((x) => x.toFixed(2)).join(" ")}; median ${median(sameSize).toFixed(2)}x`,
      );
    }
  }
  print(`playouts/s: ${Math.round(raw)}`);
  return 0;
}
