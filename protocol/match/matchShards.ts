import { type Result, err, ok } from "../../src/index.js";
import type { Protocol } from "../controller/engineClient.js";
import { digestOf } from "../text/digest.js";
import type { EngineSpec, GameRecord, MatchResult } from "./matchRunner.js";
import type { Sprt } from "./sprt.js";

/** Which games of a match a shard played (`othello match --shard I/N`), written in its JSON. */
export interface MatchShard {
  /** Shard `index` of `count`, from 1. */
  readonly index: number;
  readonly count: number;
  /** Its games: `firstGame` to `endGame - 1` of the match's `games`, whole pairs. */
  readonly firstGame: number;
  readonly endGame: number;
  readonly games: number;
  /** The digest of the match's openings: a file's name may differ between machines, its openings may not. */
  readonly openings: string;
}

interface EngineJson {
  readonly command: readonly string[];
  readonly protocol: Protocol;
  readonly name: string | null;
}

/** What `othello match --shard I/N --json FILE` writes, as merge reads it. */
export interface ShardJson {
  readonly engines: readonly EngineJson[];
  readonly settings: Readonly<Record<string, unknown>>;
  readonly shard: MatchShard;
  readonly games: readonly GameRecord[];
  readonly checksum: string;
}

/** The digest of what a shard's JSON says of its match and games (not its date, nor its summary, which merge computes again). */
export function shardChecksum(json: Omit<ShardJson, "checksum">): string {
  return digestOf(JSON.stringify([json.engines, json.settings, json.shard, json.games]));
}

/** A shard's JSON from a file's text, or what is wrong with it: not JSON, not a shard, damaged. */
export function parseMatchShard(text: string): Result<ShardJson> {
  let json: Record<string, unknown>;
  try {
    json = JSON.parse(text);
  } catch {
    return err("not JSON (corrupt or cut short)");
  }
  if (
    typeof json !== "object" ||
    json === null ||
    !Array.isArray(json.engines) ||
    json.engines.length !== 2 ||
    typeof json.settings !== "object" ||
    !Array.isArray(json.games)
  )
    return err("not the JSON of othello match");
  if (typeof json.shard !== "object" || json.shard === null || typeof json.checksum !== "string")
    return err("not a shard of a match: it was played without --shard");
  const shard = json as unknown as ShardJson;
  if (shardChecksum(shard) !== shard.checksum) return err("its games do not match its checksum (corrupt, or edited)");
  return ok(shard);
}

/** The shards put together: the match they describe, their games in order, and which of its shards they are. */
export interface MergedMatch {
  /** What the report says of the match besides its games (matchReport.ts's MatchDescription). */
  readonly description: {
    readonly engines: readonly EngineSpec[];
    readonly openingsSource: string;
    readonly sprt: Sprt | undefined;
  };
  readonly result: MatchResult;
  readonly shards: readonly number[];
  readonly count: number;
  /** The match's games, all shards together. */
  readonly games: number;
  /** Shards that played fewer games than theirs (interrupted), by index. */
  readonly cutShort: readonly number[];
}

/** The settings that must agree: all but how many games a machine ran at once. */
const matchSettings = (json: ShardJson): string => JSON.stringify({ ...json.settings, concurrency: undefined });
const engineCommands = (json: ShardJson): string => JSON.stringify(json.engines.map((e) => [e.command, e.protocol]));

/** The shards as one match, or an error naming the file that is of another match, or a shard given twice. */
export function mergeShards(shards: readonly { file: string; json: ShardJson }[]): Result<MergedMatch> {
  const [first, ...others] = shards;
  if (first === undefined) return err("no shard to merge");
  const seen = new Map<number, string>([[first.json.shard.index, first.file]]);
  for (const { file, json } of others) {
    const other = `${file}: another match than ${first.file}`;
    if (engineCommands(json) !== engineCommands(first.json)) return err(`${other}: other engines`);
    if (matchSettings(json) !== matchSettings(first.json))
      return err(`${other}: other settings (${matchSettings(json)}, not ${matchSettings(first.json)})`);
    if (json.shard.count !== first.json.shard.count)
      return err(`${other}: split in ${json.shard.count} shards, not ${first.json.shard.count}`);
    if (json.shard.openings !== first.json.shard.openings) return err(`${other}: other openings`);
    const twice = seen.get(json.shard.index);
    if (twice !== undefined) return err(`${file} is shard ${json.shard.index} of ${json.shard.count}, as ${twice} is`);
    seen.set(json.shard.index, file);
  }
  const games = shards.flatMap(({ json }) => json.games).sort((a, b) => a.index - b.index);
  const { engines, settings } = first.json;
  return ok({
    description: {
      engines: engines.map((e) => ({ argv: e.command, protocol: e.protocol })),
      openingsSource: String(settings.openings),
      sprt: (settings.sprt as Sprt | null) ?? undefined,
    },
    result: { names: [engines[0]!.name ?? undefined, engines[1]!.name ?? undefined], games },
    shards: [...seen.keys()].sort((a, b) => a - b),
    count: first.json.shard.count,
    games: first.json.shard.games,
    cutShort: shards
      .filter(({ json }) => json.games.length < json.shard.endGame - json.shard.firstGame)
      .map(({ json }) => json.shard.index),
  });
}
