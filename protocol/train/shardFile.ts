import { type Result, type Samples, err, ok, parseData } from "../../src/index.js";
import { digestOf } from "../text/digest.js";

/**
 * A shard file of `othello train`: some of a round's games, played apart (another process,
 * another machine) and fitted with the rest. Its first line says what it is, its second is a
 * header in JSON, the rest the games as a data file's batches:
 *   othello train shard 1
 *   {"round":2,"shard":3,"of":4,...,"checksum":"sha256:..."}
 *   OTHD...
 */
export interface ShardHeader {
  readonly round: number;
  /** Shard `shard` of `of`, from 1. */
  readonly shard: number;
  readonly of: number;
  /** Its games: `firstGame` to `endGame - 1` of the round's `games`. */
  readonly firstGame: number;
  readonly endGame: number;
  readonly games: number;
  /** The digest of the weights that played the games (the bytes of their file). */
  readonly weights: string;
  /** The run's settings, as its directory's settings.json holds them. */
  readonly settings: Readonly<Record<string, number | string>>;
  /** The digest of the openings file's bytes, or null without openings: its name alone may differ between machines. */
  readonly openings: string | null;
}

export interface ParsedShard {
  readonly header: ShardHeader;
  readonly samples: Samples;
}

const MAGIC = "othello train shard 1";

/** The shard file's name in the run's directory: round-R.shard-I-of-N.data. */
export function shardFileName(round: number, shard: number, of: number): string {
  return `round-${round}.shard-${shard}-of-${of}.data`;
}

/** What a shard file's name says, or undefined for another file. */
export function parseShardFileName(name: string): { round: number; shard: number; of: number } | undefined {
  const match = /^round-(\d+)\.shard-(\d+)-of-(\d+)\.data$/.exec(name);
  return match === null ? undefined : { round: Number(match[1]), shard: Number(match[2]), of: Number(match[3]) };
}

/** The shard file's bytes: its header, with the checksum of `body` (a data file's batches), then the body. */
export function formatShard(header: ShardHeader, body: Uint8Array): Uint8Array {
  const head = new TextEncoder().encode(`${MAGIC}\n${JSON.stringify({ ...header, checksum: digestOf(body) })}\n`);
  const bytes = new Uint8Array(head.length + body.length);
  bytes.set(head, 0);
  bytes.set(body, head.length);
  return bytes;
}

const NUMBER_FIELDS = ["round", "shard", "of", "firstGame", "endGame", "games"] as const;

/** A shard file's header and games, or what is wrong with it: not a shard, a checksum that fails, games missing. */
export function parseShard(bytes: Uint8Array): Result<ParsedShard> {
  const firstEnd = bytes.indexOf(10);
  const secondEnd = firstEnd < 0 ? -1 : bytes.indexOf(10, firstEnd + 1);
  const decoder = new TextDecoder();
  if (firstEnd < 0 || decoder.decode(bytes.subarray(0, firstEnd)) !== MAGIC || secondEnd < 0)
    return err(`not a shard file: it does not start with "${MAGIC}" and a header line`);
  let fields: Record<string, unknown>;
  try {
    fields = JSON.parse(decoder.decode(bytes.subarray(firstEnd + 1, secondEnd)));
  } catch {
    return err("its header is not JSON (corrupt)");
  }
  if (typeof fields !== "object" || fields === null) return err("its header is not an object (corrupt)");
  const missing = [
    ...NUMBER_FIELDS.filter((name) => !Number.isInteger(fields[name])),
    ...["weights", "checksum"].filter((name) => typeof fields[name] !== "string"),
    ...(typeof fields.settings === "object" && fields.settings !== null ? [] : ["settings"]),
    ...(fields.openings === null || typeof fields.openings === "string" ? [] : ["openings"]),
  ];
  if (missing.length > 0) return err(`its header lacks ${missing.join(", ")} (corrupt)`);
  const body = bytes.subarray(secondEnd + 1);
  if (digestOf(body) !== fields.checksum) return err("its games do not match its checksum (corrupt or cut short)");
  const { checksum: _checksum, ...header } = fields as unknown as ShardHeader & { checksum: string };
  const data = parseData(body);
  if (!data.ok) return err(`${data.error}`);
  const expected = header.endGame - header.firstGame;
  if (data.value.tornBytes > 0 || data.value.games !== expected)
    return err(`it holds ${data.value.games} games, its header ${expected} (corrupt)`);
  return ok({ header, samples: data.value.samples });
}

/**
 * Why a sound shard file is not the shard the run expects (another shard, other settings,
 * other weights), or undefined when it is.
 */
export function shardMismatch(found: ShardHeader, expected: ShardHeader): string | undefined {
  for (const name of NUMBER_FIELDS)
    if (found[name] !== expected[name]) return `its ${name} is ${found[name]}, the run's ${expected[name]}`;
  const [settings, wanted] = [JSON.stringify(found.settings), JSON.stringify(expected.settings)];
  if (settings !== wanted) return `it was played with other settings (${settings}) than the run's (${wanted})`;
  if (found.openings !== expected.openings)
    return `it was played from other openings (${found.openings}) than the run's (${expected.openings})`;
  if (found.weights !== expected.weights)
    return `it was played by other weights (${found.weights}) than the round's (${expected.weights})`;
  return undefined;
}
