import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { averageWeights, formatWeights, parseWeights } from "../../../src/index.js";
import { randomWeights } from "../../eval/helpers.js";
import { lines, runOthello } from "./runOthello.js";

const DIR = mkdtempSync(join(tmpdir(), "weights-"));
const [A, B, C, SEVEN, CORRUPT] = ["a", "b", "c", "seven", "corrupt"].map((n) => join(DIR, `${n}.weights`));
const weights = [randomWeights(13, 41), randomWeights(13, 42), randomWeights(13, 43)];

beforeAll(() => {
  for (const [i, file] of [A, B, C].entries()) writeFileSync(file!, formatWeights(weights[i]!));
  writeFileSync(SEVEN!, formatWeights(randomWeights(7, 44)));
  const bytes = formatWeights(weights[0]!);
  bytes[100] = bytes[100]! ^ 1;
  writeFileSync(CORRUPT!, bytes);
});
afterAll(() => rmSync(DIR, { recursive: true, force: true }));

describe("othello weights average", () => {
  it("writes the mean of the files, entry by entry, and says what it wrote", async () => {
    const out = join(DIR, "mean.weights");
    const r = await runOthello(["weights", "average", A!, B!, C!, "--out", out]);
    expect(r.status).toBe(0);
    expect(lines(r.stdout)).toEqual([`${out}: the mean of 3 weights files, 13 stages`]);
    const written = parseWeights(readFileSync(out));
    const expected = averageWeights(weights);
    if (!written.ok || !expected.ok) throw new Error("unreadable");
    expect(written.value.stages).toBe(13);
    expect(Buffer.from(written.value.values.buffer).equals(Buffer.from(expected.value.values.buffer))).toBe(true);
  }, 30_000);

  it.each([
    [["weights", "average", "A", "--out", "OUT"], /expected two or more weights files to average, got 1/],
    [["weights", "average", "A", "B"], /expected --out FILE/],
    [["weights", "mean", "A", "B", "--out", "OUT"], /expected average, got "mean"/],
    [["weights", "average", "A", "CORRUPT", "--out", "OUT"], /corrupt\.weights: checksum mismatch/],
    [["weights", "average", "A", "SEVEN", "--out", "OUT"], /different stage counts \(13 and 7\)/],
    [["weights", "average", "A", "MISSING", "--out", "OUT"], /cannot read .*missing\.weights: no such file/],
    [["weights", "average", "A", "B", "--out", "NOFOLDER"], /cannot write .*: no such folder/],
  ])(
    "refuses %j with one clear line, status 2, and writes nothing",
    async (args, message) => {
      const out = join(DIR, "out.weights");
      const files: Record<string, string> = {
        A: A!,
        B: B!,
        CORRUPT: CORRUPT!,
        SEVEN: SEVEN!,
        MISSING: join(DIR, "missing.weights"),
        OUT: out,
        NOFOLDER: join(DIR, "no-folder", "out.weights"),
      };
      const r = await runOthello(args.map((a) => files[a] ?? a));
      expect(r.status).toBe(2);
      expect(r.stdout).toBe("");
      expect(lines(r.stderr)).toHaveLength(1);
      expect(r.stderr).toMatch(/^othello weights: /);
      expect(r.stderr).toMatch(message);
      expect(existsSync(out)).toBe(false);
    },
    30_000,
  );
});
