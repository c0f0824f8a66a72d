import { type Result, err, ok } from "../../src/index.js";
import { printable } from "../text/numbers.js";

/** `--shard I/N` as typed: shard I of N (counted from 1), or "auto" for an index a scheduler sets. */
export interface ShardArgument {
  readonly index: number | "auto";
  readonly count: number;
}

/** One shard of N, its index resolved (1 to N), and where the index came from. */
export interface Shard {
  readonly index: number;
  readonly count: number;
  /** "--shard", or the environment variable and its value. */
  readonly source: string;
}

/** The most shards a job is split into: more is a mistake. */
export const MAX_SHARDS = 100_000;

const WHOLE = /^\d+$/;

/** `--shard`'s value: "I/N" with 1 <= I <= N, or "auto/N". */
export function parseShardArgument(text: string): Result<ShardArgument> {
  const [index, count, ...more] = text.split("/");
  if (
    index === undefined ||
    count === undefined ||
    more.length > 0 ||
    !WHOLE.test(count) ||
    !(index === "auto" || WHOLE.test(index))
  )
    return err(`expected I/N (shard I of N, from 1) or auto/N, got "${printable(text)}"`);
  const n = Number(count);
  if (n < 1 || n > MAX_SHARDS) return err(`N must be from 1 to ${MAX_SHARDS}, got ${count}`);
  if (index === "auto") return ok({ index, count: n });
  const i = Number(index);
  return i >= 1 && i <= n ? ok({ index: i, count: n }) : err(`the shard I is counted from 1 to N (${n}), got ${index}`);
}

/**
 * The shard's index. "auto" reads it from the scheduler: SLURM_ARRAY_TASK_ID as it is (an array
 * submitted with --array=1-N), else JOB_COMPLETION_INDEX plus one (a Kubernetes Indexed Job
 * counts from 0).
 */
export function resolveShard(shard: ShardArgument, env: Readonly<Record<string, string | undefined>>): Result<Shard> {
  if (shard.index !== "auto") return ok({ index: shard.index, count: shard.count, source: "--shard" });
  const fromVariable = (name: string, offset: number): Result<Shard> => {
    const value = env[name]!;
    const index = WHOLE.test(value) ? Number(value) + offset : Number.NaN;
    if (index >= 1 && index <= shard.count) return ok({ index, count: shard.count, source: `${name}=${value}` });
    const expected =
      offset === 0
        ? `1 to ${shard.count} (submit the array with --array=1-${shard.count})`
        : `0 to ${shard.count - 1} (completions: ${shard.count})`;
    return err(`--shard auto/${shard.count}: ${name} is "${printable(value)}", expected ${expected}`);
  };
  if (env.SLURM_ARRAY_TASK_ID !== undefined) return fromVariable("SLURM_ARRAY_TASK_ID", 0);
  if (env.JOB_COMPLETION_INDEX !== undefined) return fromVariable("JOB_COMPLETION_INDEX", 1);
  return err(
    `--shard auto/${shard.count}: neither SLURM_ARRAY_TASK_ID (a Slurm job array) nor JOB_COMPLETION_INDEX (a Kubernetes Indexed Job) is set: give the shard as I/${shard.count}`,
  );
}

/**
 * The items (games, or pairs of games) of shard `index` of `count` among `total`: a contiguous
 * block, so that the shards' blocks in order are the items in order. Blocks differ by one item
 * at most.
 */
export function shardBlock(
  index: number,
  count: number,
  total: number,
): { readonly first: number; readonly end: number } {
  return { first: Math.floor(((index - 1) * total) / count), end: Math.floor((index * total) / count) };
}

/** Shard numbers for people: "1-3, 5". */
export function numberRanges(numbers: readonly number[]): string {
  if (numbers.length === 0) return "none";
  const ranges: string[] = [];
  let start = numbers[0]!;
  for (let i = 1; i <= numbers.length; i++) {
    if (numbers[i] === numbers[i - 1]! + 1) continue;
    ranges.push(start === numbers[i - 1] ? `${start}` : `${start}-${numbers[i - 1]}`);
    start = numbers[i]!;
  }
  return ranges.join(", ");
}
