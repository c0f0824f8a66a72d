import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { formatWeights, parseData, zeroWeights } from "../../src/index.js";
import { digestOf } from "../text/digest.js";
import { parseShardFileName, shardFileName } from "../train/shardFile.js";
import type { Output } from "./program.js";
import { numberRanges, shardBlock } from "./shardOption.js";
import { type ShardContext, checkShard, expectedShard, shardFilesOf } from "./trainShards.js";

/** The rounds the directory's files name: weights, data and shard files. */
function roundsWithFiles(names: readonly string[]): number[] {
  const rounds = names.flatMap((name) => {
    const plain = /^round-(\d+)\.(weights|data)$/.exec(name);
    return plain !== null ? [Number(plain[1])] : (parseShardFileName(name)?.round ?? []);
  });
  return [...new Set(rounds)].sort((a, b) => a - b);
}

/**
 * `othello train status DIR`: each round finished, or its shards done, missing and bad (checked
 * as the fit checks them) and its games done. Status 1 when a shard is bad or DIR holds no run.
 */
export function trainStatus(dir: string, out: Output): number {
  const settingsFile = join(dir, "settings.json");
  let settings: Record<string, number | string>;
  try {
    settings = JSON.parse(readFileSync(settingsFile, "utf8"));
  } catch (e) {
    out.log(`othello train status: ${dir} holds no run: ${settingsFile}: ${(e as Error).message}`);
    return 1;
  }
  const games = Number(settings.games);
  // The openings are named by their path: where it cannot be read, the shards' own digest is taken.
  const openingsFile = typeof settings.openings === "string" ? settings.openings : undefined;
  const openings =
    openingsFile === undefined ? null : existsSync(openingsFile) ? digestOf(readFileSync(openingsFile)) : undefined;
  const context: ShardContext = { settings, openings: openings ?? null, games };
  out.print(`${dir}: ${games} games a round, seed ${settings.seed} (${settingsFile})`);
  if (openings === undefined)
    out.print(`  the openings ${openingsFile} cannot be read here: the shards' openings are not checked`);
  const names = readdirSync(dir);
  const rounds = roundsWithFiles(names);
  const last = rounds.at(-1) ?? 0;
  const upTo = last === 0 || names.includes(`round-${last}.weights`) ? last + 1 : last;
  let bad = 0;
  for (let round = 1; round <= upTo; round++) {
    if (names.includes(`round-${round}.weights`)) {
      out.print(`round ${round}: finished (round-${round}.weights)`);
      continue;
    }
    const before = join(dir, `round-${round - 1}.weights`);
    const digest =
      round === 1
        ? typeof settings.startWeights === "string"
          ? settings.startWeights
          : digestOf(formatWeights(zeroWeights(Number(settings.stages))))
        : existsSync(before)
          ? digestOf(readFileSync(before))
          : undefined;
    const splits = [...shardFilesOf(dir, round).entries()];
    const data = join(dir, `round-${round}.data`);
    if (splits.length === 0 && !existsSync(data)) {
      out.print(`round ${round}: not started${digest === undefined ? `: it needs ${before}` : ""}`);
      continue;
    }
    if (existsSync(data)) {
      const parsed = parseData(readFileSync(data));
      out.print(
        `round ${round}: round-${round}.data: ${parsed.ok ? parsed.value.games : "unreadable,"} of ${games} games`,
      );
    }
    for (const [of, present] of splits) {
      const done: number[] = [];
      const problems: string[] = [];
      for (const shard of present) {
        const file = join(dir, shardFileName(round, shard, of));
        const checked =
          digest === undefined
            ? { ok: false as const, error: `it cannot be checked before ${before} is there` }
            : checkShard(file, expectedShard(context, round, shard, of, digest));
        if (checked.ok) done.push(shard);
        else problems.push(`  bad: ${file}: ${checked.error}`);
      }
      const missing = Array.from({ length: of }, (_, i) => i + 1).filter((shard) => !present.includes(shard));
      const gamesDone = done.reduce((n, shard) => {
        const { first, end } = shardBlock(shard, of, games);
        return n + end - first;
      }, 0);
      out.print(
        `round ${round}: ${of} shards: done ${numberRanges(done)}; missing ${numberRanges(missing)}; bad ${numberRanges(present.filter((s) => !done.includes(s)))}: ${gamesDone} of ${games} games`,
      );
      for (const line of problems) out.print(line);
      bad += problems.length;
    }
    for (const name of names.filter((n) => n.startsWith(`round-${round}.shard-`) && n.endsWith(".partial")))
      out.print(`  ${name}: a shard being written, or killed while writing (then it is played again)`);
  }
  return bad > 0 ? 1 : 0;
}
