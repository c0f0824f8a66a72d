import { describe, expect, it } from "vitest";
import { numberRanges, parseShardArgument, resolveShard, shardBlock } from "../../../protocol/cli/shardOption.js";

describe("--shard I/N", () => {
  it.each([
    ["1/4", { index: 1, count: 4 }],
    ["4/4", { index: 4, count: 4 }],
    ["auto/28", { index: "auto", count: 28 }],
  ])("reads %s", (text, shard) => {
    expect(parseShardArgument(text)).toEqual({ ok: true, value: shard });
  });

  it.each([
    ["0/4", "the shard I is counted from 1 to N (4), got 0"],
    ["5/4", "the shard I is counted from 1 to N (4), got 5"],
    ["1/0", "N must be from 1 to 100000, got 0"],
    ["2", 'expected I/N (shard I of N, from 1) or auto/N, got "2"'],
    ["1/2/3", 'expected I/N (shard I of N, from 1) or auto/N, got "1/2/3"'],
    ["-1/4", 'expected I/N (shard I of N, from 1) or auto/N, got "-1/4"'],
    ["x/4", 'expected I/N (shard I of N, from 1) or auto/N, got "x/4"'],
  ])("refuses %s", (text, message) => {
    expect(parseShardArgument(text)).toEqual({ ok: false, error: message });
  });

  it("takes Slurm's task id as it is, and Kubernetes' completion index plus one", () => {
    const auto = { index: "auto", count: 4 } as const;
    expect(resolveShard(auto, { SLURM_ARRAY_TASK_ID: "4" })).toEqual({
      ok: true,
      value: { index: 4, count: 4, source: "SLURM_ARRAY_TASK_ID=4" },
    });
    expect(resolveShard(auto, { JOB_COMPLETION_INDEX: "0" })).toEqual({
      ok: true,
      value: { index: 1, count: 4, source: "JOB_COMPLETION_INDEX=0" },
    });
    expect(resolveShard(auto, { SLURM_ARRAY_TASK_ID: "2", JOB_COMPLETION_INDEX: "0" })).toMatchObject({
      value: { index: 2 },
    });
    expect(resolveShard({ index: 3, count: 4 }, { SLURM_ARRAY_TASK_ID: "1" })).toMatchObject({
      value: { index: 3, source: "--shard" },
    });
  });

  it("refuses an index out of range or missing, saying how to submit", () => {
    const auto = { index: "auto", count: 4 } as const;
    expect(resolveShard(auto, { SLURM_ARRAY_TASK_ID: "0" })).toEqual({
      ok: false,
      error: '--shard auto/4: SLURM_ARRAY_TASK_ID is "0", expected 1 to 4 (submit the array with --array=1-4)',
    });
    expect(resolveShard(auto, { JOB_COMPLETION_INDEX: "4" })).toEqual({
      ok: false,
      error: '--shard auto/4: JOB_COMPLETION_INDEX is "4", expected 0 to 3 (completions: 4)',
    });
    expect(resolveShard(auto, {})).toMatchObject({
      ok: false,
      error: expect.stringMatching(/neither SLURM_ARRAY_TASK_ID/),
    });
  });

  it("splits items into contiguous blocks, in order, that cover them all", () => {
    for (const [count, total] of [
      [4, 24],
      [3, 10],
      [7, 7],
      [28, 14000],
      [5, 3],
    ] as const) {
      const blocks = Array.from({ length: count }, (_, i) => shardBlock(i + 1, count, total));
      expect(blocks[0]!.first).toBe(0);
      expect(blocks.at(-1)!.end).toBe(total);
      for (let i = 1; i < count; i++) expect(blocks[i]!.first).toBe(blocks[i - 1]!.end);
      const sizes = blocks.map((b) => b.end - b.first);
      expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
    }
    expect(shardBlock(2, 4, 24)).toEqual({ first: 6, end: 12 });
  });

  it("writes shard numbers as ranges", () => {
    expect(numberRanges([])).toBe("none");
    expect(numberRanges([1, 2, 3, 5, 7, 8])).toBe("1-3, 5, 7-8");
  });
});
