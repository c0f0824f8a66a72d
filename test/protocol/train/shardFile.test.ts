import { describe, expect, it } from "vitest";
import { SampleBuffer, formatBatch, formatGameBatches, parseData } from "../../../src/index.js";
import {
  type ShardHeader,
  formatShard,
  parseShard,
  parseShardFileName,
  shardFileName,
  shardMismatch,
} from "../../../protocol/train/shardFile.js";

/** `games` games of 3 positions each, told apart by their discs. */
function games(count: number) {
  const buffer = new SampleBuffer();
  for (let g = 0; g < count; g++)
    for (let p = 0; p < 3; p++) buffer.add(1 << p, g, 1 << (p + 8), 0, g - p, p === 0 ? 2 : 0);
  return buffer.toSamples();
}

const HEADER: ShardHeader = {
  round: 2,
  shard: 3,
  of: 4,
  firstGame: 12,
  endGame: 18,
  games: 24,
  weights: "sha256:aa",
  settings: { games: 24, seed: 7 },
  openings: null,
};

describe("a shard file", () => {
  it("is named by its round and shard, and the name read back", () => {
    expect(shardFileName(2, 3, 4)).toBe("round-2.shard-3-of-4.data");
    expect(parseShardFileName("round-2.shard-3-of-4.data")).toEqual({ round: 2, shard: 3, of: 4 });
    expect(parseShardFileName("round-2.shard-3-of-4.data.123.partial")).toBeUndefined();
    expect(parseShardFileName("round-2.data")).toBeUndefined();
  });

  it("reads back what it was written with", () => {
    const samples = games(6);
    const parsed = parseShard(formatShard(HEADER, formatBatch(samples)));
    expect(parsed).toEqual({ ok: true, value: { header: HEADER, samples } });
  });

  it("refuses bytes changed, cut short, or another file", () => {
    const bytes = formatShard(HEADER, formatBatch(games(6)));
    const changed = bytes.slice();
    changed[changed.length - 1] ^= 1;
    expect(parseShard(changed)).toEqual({
      ok: false,
      error: "its games do not match its checksum (corrupt or cut short)",
    });
    expect(parseShard(bytes.subarray(0, bytes.length - 18))).toMatchObject({ error: /checksum/ });
    expect(parseShard(formatBatch(games(1)))).toMatchObject({ error: /^not a shard file/ });
    const header = new TextEncoder().encode('othello train shard 1\n{"round":2}\n');
    expect(parseShard(header)).toMatchObject({
      error: /^its header lacks shard, of, firstGame, endGame, games, weights, checksum, settings, openings/,
    });
    const fewer = formatShard(HEADER, formatBatch(games(5)));
    expect(parseShard(fewer)).toEqual({ ok: false, error: "it holds 5 games, its header 6 (corrupt)" });
  });

  it("says how it differs from the shard the run expects", () => {
    expect(shardMismatch(HEADER, HEADER)).toBeUndefined();
    expect(shardMismatch({ ...HEADER, shard: 1 }, HEADER)).toBe("its shard is 1, the run's 3");
    expect(shardMismatch({ ...HEADER, settings: { games: 24, seed: 8 } }, HEADER)).toMatch(
      /^it was played with other settings/,
    );
    expect(shardMismatch({ ...HEADER, openings: "sha256:bb" }, HEADER)).toMatch(/^it was played from other openings/);
    expect(shardMismatch({ ...HEADER, weights: "sha256:bb" }, HEADER)).toBe(
      "it was played by other weights (sha256:bb) than the round's (sha256:aa)",
    );
  });
});

describe("formatGameBatches", () => {
  it("cuts the games into batches of so many games, as a run appending a batch at a time writes them", () => {
    const samples = games(45);
    const bytes = formatGameBatches(samples, 20);
    const appended = [0, 20, 40].map((from) => {
      const to = Math.min(from + 20, 45);
      return formatBatch({
        count: 3 * (to - from),
        boards: samples.boards.subarray(12 * from, 12 * to),
        scores: samples.scores.subarray(3 * from, 3 * to),
        flags: samples.flags.subarray(3 * from, 3 * to),
      });
    });
    expect(Buffer.from(bytes).equals(Buffer.concat(appended))).toBe(true);
    expect(parseData(bytes)).toMatchObject({ ok: true, value: { games: 45, tornBytes: 0 } });
    expect(formatGameBatches(games(0), 20).length).toBe(0);
  });
});
