import { readFileSync } from "node:fs";
import { report } from "../match/matchReport.js";
import { type ShardJson, mergeShards, parseMatchShard } from "../match/matchShards.js";
import type { Output } from "./program.js";
import { numberRanges } from "./shardOption.js";

/**
 * `othello match merge FILE...`: the JSON files of a match's shards as one match's table, the
 * same as one process playing their games prints; which shards they are on stderr. Status 2,
 * and no table, when a file is no shard, is damaged, or is of another match.
 */
export function matchMerge(files: readonly string[], out: Output): number {
  const refuse = (message: string): number => {
    out.log(`othello match merge: ${message}`);
    return 2;
  };
  if (files.length === 0)
    return refuse("expected the JSON files of a match's shards (othello match --shard I/N --json FILE)");
  const shards: { file: string; json: ShardJson }[] = [];
  for (const file of files) {
    let text: string;
    try {
      text = readFileSync(file, "utf8");
    } catch (e) {
      return refuse(`cannot read ${file}: ${(e as Error).message}`);
    }
    const parsed = parseMatchShard(text);
    if (!parsed.ok) return refuse(`${file}: ${parsed.error}`);
    shards.push({ file, json: parsed.value });
  }
  const merged = mergeShards(shards);
  if (!merged.ok) return refuse(merged.error);
  const { description, result, shards: indices, count, games, cutShort } = merged.value;
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((i) => !indices.includes(i));
  out.log(
    `othello match merge: shards ${numberRanges(indices)} of ${count} (missing: ${numberRanges(missing)}): ${result.games.length} of the match's ${games} games`,
  );
  if (cutShort.length > 0)
    out.log(`othello match merge: shards ${numberRanges(cutShort)} were interrupted: their games finished are counted`);
  report(description, result, out.print);
  return 0;
}
