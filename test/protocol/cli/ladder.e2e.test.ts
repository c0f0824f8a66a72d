import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { lines, runOthello } from "./runOthello.js";

const ROOT = join(import.meta.dirname, "..", "..", "..");
const DIR = mkdtempSync(join(tmpdir(), "ladder-"));
// Our engine with a tiny search: a two-game rung takes about a second.
const QUICK = `node ${join(ROOT, "dist/othello.js")} --gtp --visits 50`;
const XOT = join(ROOT, "protocol/match/xot-large.txt");

afterAll(() => rmSync(DIR, { recursive: true, force: true }));

/** `othello ladder` with our engine and the openings given, its files in DIR/NAME. */
function ladder(name: string, ...args: string[]) {
  return runOthello([
    "ladder",
    "--engine",
    QUICK,
    "--openings",
    XOT,
    "--games",
    "2",
    "--dir",
    join(DIR, name),
    ...args,
  ]);
}

describe("othello ladder", () => {
  const even = `even 1 ${QUICK}`;

  it("plays each rung, writes its files, prints one table; a rerun skips it, a rerun otherwise refuses, --fresh plays it again", async () => {
    const json = join(DIR, "a", "ladder-even.json");
    const first = await ladder("a", "--rung", even);
    expect(first.status, first.stderr).toBe(0);
    expect(first.stderr).toContain(`ladder: even: 2 games against ${QUICK} at 1 s a move\n`);
    expect(existsSync(join(DIR, "a", "ladder-even.log"))).toBe(true);
    const match = JSON.parse(readFileSync(json, "utf8"));
    expect(match.settings).toMatchObject({ games: 2, moveTimeSeconds: 1, openings: XOT });
    const table = lines(first.stdout);
    expect(table[0]).toMatch(
      /^rung +opponent +time a move +W\/D\/L +score +Elo \(95% CI\) +our time a move: mean, max +our mean a move: opening, middle game, ending +forfeits: us, them$/,
    );
    const { wins, draws, losses } = match.summary;
    expect(table[1]).toMatch(
      new RegExp(
        `^even +node \\S+ --gtp --visits 50 +1 s +${wins}/${draws}/${losses} +\\d\\.\\d{3} +\\S+ \\(\\S+ to \\S+\\) +\\d+\\.\\d\\d s, \\d+\\.\\d\\d s +(\\d+\\.\\d\\d s|-), (\\d+\\.\\d\\d s|-), (\\d+\\.\\d\\d s|-) +0, 0$`,
      ),
    );
    expect(table[2]).toMatch(/^Played \d{4}-\d\d-\d\d by `othello ladder`/);
    expect(table.slice(3, 5)).toEqual([
      "| rung | opponent | time a move | W/D/L | score | Elo (95% CI) | our time a move: mean, max | our mean a move: opening, middle game, ending | forfeits: us, them |",
      "|---|---|---|---|---|---|---|---|---|",
    ]);
    expect(table[5]).toMatch(
      new RegExp(`^\\| even \\| \`node \\S+ --gtp --visits 50\` \\| 1 s \\| ${wins}/${draws}/${losses} \\| `),
    );
    expect(table).toHaveLength(6);

    const written = readFileSync(json, "utf8");
    const again = await ladder("a", "--rung", even);
    expect(again.status).toBe(0);
    expect(again.stderr).toBe(
      `ladder: even: finished already (${json}), skipped; --fresh (make ladder LADDER_FRESH=1) plays every rung again\n`,
    );
    expect(again.stdout).toBe(first.stdout);
    expect(readFileSync(json, "utf8")).toBe(written);

    const changed = await ladder("a", "--rung", `even 2 ${QUICK}`, "--games", "4");
    expect(changed.status).toBe(2);
    expect(changed.stderr).toContain(
      `othello ladder: ${json} was played with other settings: games 2 (now 4), time a move 1 s (now 2 s); remove it, or --fresh`,
    );
    expect(changed.stdout).toBe("");
    expect(readFileSync(json, "utf8")).toBe(written);

    const fresh = await ladder("a", "--rung", even, "--fresh");
    expect(fresh.status).toBe(0);
    expect(fresh.stderr).toContain("ladder: even: 2 games against");
    expect(JSON.parse(readFileSync(json, "utf8")).date).not.toBe(match.date);
  }, 30_000);

  it("shows a forfeit in the table, exits with status 1, and plays that rung again on a rerun", async () => {
    const crash = `node ${join(ROOT, "test/protocol/match/misbehavingEngine.mjs")} crash gtp`;
    const rungs = ["--rung", even, "--rung", `crash 1 ${crash}`];
    const first = await ladder("b", ...rungs);
    expect(first.status).toBe(1);
    expect(lines(first.stdout)[2]).toMatch(
      /^crash +node \S+misbehavingEngine\.mjs crash gtp +1 s +2\/0\/0 +1\.000 .* 0, 2$/,
    );
    expect(first.stderr).toContain("match: B forfeited 2 game(s), first in game 1: exited with status 3");
    expect(first.stderr).toMatch(/ladder: games were forfeited .*: a rerun plays those rungs again\n$/);
    const again = await ladder("b", ...rungs);
    expect(again.status).toBe(1);
    expect(again.stderr).toContain("ladder: even: finished already");
    expect(again.stderr).toContain(
      `ladder: crash: ${join(DIR, "b", "ladder-crash.json")} has forfeited games: played again\nladder: crash: 2 games against ${crash}`,
    );
  }, 30_000);

  it("stops at a rung whose opponent cannot start: status 1, no file for it, the rungs after it not played", async () => {
    const first = await ladder("d", "--rung", "gone 1 /nonexistent/engine", "--rung", even);
    expect(first.status).toBe(1);
    expect(first.stderr).toContain("othello match: B (/nonexistent/engine) at start-up: could not be started");
    expect(first.stderr).toMatch(/ladder: gone: no game was played: the ladder stops here\n$/);
    expect(existsSync(join(DIR, "d", "ladder-gone.json"))).toBe(false);
    expect(existsSync(join(DIR, "d", "ladder-even.json"))).toBe(false);
  }, 30_000);

  it("--table shows the rungs finished, says which are not, and names a corrupt file; playing over a corrupt file stops", async () => {
    expect((await ladder("c", "--rung", even)).status).toBe(0);
    const bad = join(DIR, "c", "ladder-bad.json");
    writeFileSync(bad, '{"date": "2025-');
    const table = await ladder("c", "--table", "--rung", even, "--rung", "bad 1 x", "--rung", "never 1 x");
    expect(table.status).toBe(2);
    expect(table.stdout).toMatch(/^rung .*\neven .*\n\nPlayed .*\n\n\| rung .*\n\|---.*\n\| even \| .*\n$/);
    expect(table.stderr).toMatch(
      new RegExp(
        `^othello ladder: ${bad}: not JSON: .*\nladder: never: not played yet \\(no ${join(DIR, "c", "ladder-never.json")}\\)\n$`,
      ),
    );
    const play = await ladder("c", "--rung", `bad 1 ${QUICK}`);
    expect(play.status).toBe(2);
    expect(play.stderr).toMatch(
      new RegExp(
        `^othello ladder: ${bad}: not JSON: .* \\(remove it, or --fresh \\(make ladder LADDER_FRESH=1\\) plays every rung again\\)\n$`,
      ),
    );
    expect(play.stdout).toBe("");
    const nothing = await ladder("d", "--table", "--rung", even);
    expect(nothing.status).toBe(1);
    expect(nothing.stderr).toMatch(/ladder: no rung finished in \S+: nothing to show\n$/);
  }, 30_000);

  it.each([
    [[], "no --rung"],
    [["--rung", "even"], '--rung: expected "NAME SECONDS OPPONENT-COMMAND", got "even"'],
    [["--rung", "a/b 1 x"], '--rung: a rung\'s name is letters, digits, "_", "." and "-", got "a/b"'],
    [["--rung", "even 0 x"], "--rung: rung even: the time a move must be more than 0 seconds"],
    [["--rung", even, "--rung", "even 5 x"], "two rungs are named even"],
  ])("refuses %j: %s", async (args, message) => {
    const r = await ladder("e", ...args);
    expect(r.status).toBe(2);
    expect(r.stderr).toBe(`othello ladder: ${message} (see othello ladder --help)\n`);
    expect(existsSync(join(DIR, "e"))).toBe(false);
  });
});
