import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lines, runOthello } from "./runOthello.js";

const OTHELLO = join(import.meta.dirname, "..", "..", "..", "dist/othello.js");
// Alpha-beta to a fixed depth, no book, the solver's budget in visits rather than time: each game
// depends on its opening and colours alone, so a shard plays the very games one process plays.
const engine = (depth: number): string => `node ${OTHELLO} --search alphabeta --depth ${depth} --no-book --visits 2000`;
const MATCH = ["match", "--engine-a", engine(1), "--engine-b", engine(2), "--games", "10", "--sprt", "-10", "10"];

const dir = mkdtempSync(join(tmpdir(), "match-shards-e2e-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The table without the move times, which differ from run to run. */
const table = (stdout: string): string[] => lines(stdout).filter((l) => !/^time per move|^ {2}by phase/.test(l));

describe("othello match --shard and othello match merge", () => {
  let whole = "";
  beforeAll(async () => {
    const one = await runOthello([...MATCH, "--json", join(dir, "whole.json")]);
    expect(one.status, one.stderr).toBe(0);
    whole = one.stdout;
    for (const shard of ["1", "2", "3"]) {
      const r = await runOthello([...MATCH, "--shard", `${shard}/3`, "--json", join(dir, `shard-${shard}.json`)]);
      expect(r.status, r.stderr).toBe(0);
    }
  }, 120_000);

  const shards = (): string[] => ["1", "2", "3"].map((s) => join(dir, `shard-${s}.json`));

  it("merges the shards into the table one process prints for the same games: W/D/L, Elo, pairs, SPRT", async () => {
    const merged = await runOthello(["match", "merge", ...shards()]);
    expect(merged.status, merged.stderr).toBe(0);
    expect(table(merged.stdout)).toEqual(table(whole));
    expect(table(merged.stdout)).toContainEqual(expect.stringMatching(/^pairs: \[\d+, \d+, \d+, \d+, \d+\]/));
    expect(table(merged.stdout)).toContainEqual(expect.stringMatching(/^SPRT: LLR /));
    expect(lines(merged.stderr)).toEqual([
      "othello match merge: shards 1-3 of 3 (missing: none): 10 of the match's 10 games",
    ]);
    // Pairs stay whole: 5 pairs in 3 shards, 1 + 2 + 2.
    const games = shards().map((f) => JSON.parse(readFileSync(f, "utf8")).games.map((g: { index: number }) => g.index));
    expect(games).toEqual([
      [0, 1],
      [2, 3, 4, 5],
      [6, 7, 8, 9],
    ]);
  });

  it("says which shards are missing, and merges those there", async () => {
    const merged = await runOthello(["match", "merge", shards()[2]!, shards()[0]!]);
    expect(merged.status, merged.stderr).toBe(0);
    expect(lines(merged.stderr)).toEqual([
      "othello match merge: shards 1, 3 of 3 (missing: 2): 6 of the match's 10 games",
    ]);
    expect(table(merged.stdout)).toContainEqual(expect.stringMatching(/^games: 6 /));
  });

  it("refuses, naming the file, a shard edited, of another match, given twice, or no shard", async () => {
    const edited = join(dir, "edited.json");
    const json = JSON.parse(readFileSync(shards()[1]!, "utf8"));
    json.games[0].winner = json.games[0].winner === 0 ? 1 : 0;
    writeFileSync(edited, JSON.stringify(json));
    const otherSeed = join(dir, "other-seed.json");
    const other = await runOthello([...MATCH, "--seed", "2", "--shard", "2/3", "--json", otherSeed]);
    expect(other.status, other.stderr).toBe(0);
    const cut = join(dir, "cut.json");
    writeFileSync(cut, readFileSync(shards()[0]!, "utf8").slice(0, 300));
    const cases: [string[], RegExp][] = [
      [[shards()[0]!, edited], /edited\.json: its games do not match its checksum \(corrupt, or edited\)$/],
      [[shards()[0]!, otherSeed], /other-seed\.json: another match than .*shard-1\.json: other settings /],
      [[shards()[0]!, shards()[0]!], /shard-1\.json is shard 1 of 3, as .*shard-1\.json is$/],
      [[join(dir, "whole.json")], /whole\.json: not a shard of a match: it was played without --shard$/],
      [[cut], /cut\.json: not JSON \(corrupt or cut short\)$/],
    ];
    for (const [files, message] of cases) {
      const merged = await runOthello(["match", "merge", ...files]);
      expect(merged.status).toBe(2);
      expect(merged.stdout).toBe("");
      expect(lines(merged.stderr)).toEqual([expect.stringMatching(/^othello match merge: /)]);
      expect(lines(merged.stderr)[0]).toMatch(message);
    }
  }, 60_000);

  it("asks for --json with --shard, and takes the index from Kubernetes", async () => {
    const r = await runOthello([...MATCH, "--shard", "1/3"]);
    expect(r.status).toBe(2);
    expect(lines(r.stderr)).toEqual([
      "othello match: --shard needs --json FILE: the shard's games, for othello match merge (see othello match --help)",
    ]);
    process.env.JOB_COMPLETION_INDEX = "2";
    const running = runOthello([...MATCH, "--shard", "auto/3", "--json", join(dir, "auto.json")]);
    delete process.env.JOB_COMPLETION_INDEX;
    expect((await running).status).toBe(0);
    const json = JSON.parse(readFileSync(join(dir, "auto.json"), "utf8"));
    expect(json.shard).toMatchObject({ index: 3, count: 3, firstGame: 6, endGame: 10, games: 10 });
  }, 60_000);
});
