import { describe, expect, it } from "vitest";
import { matchCommand, matchOptions, matchProgram } from "../../../protocol/cli/matchCommand.js";
import { parseOptions } from "../../../protocol/text/optionTable.js";
import { unwrapUsage } from "../text/usageLines.js";

/** `othello match ARGS` in this process: only for arguments it refuses, or help, which play no game. */
async function match(args: string[]): Promise<{ status: number; printed: string[]; logged: string[] }> {
  const printed: string[] = [];
  const logged: string[] = [];
  const status = await matchCommand(args, { print: (l) => void printed.push(l), log: (l) => void logged.push(l) });
  return { status, printed, logged };
}

const ENGINES = ["--engine-a", "./a", "--engine-b", "./b"];

describe("othello match --sprt", () => {
  it.each([[["--sprt", "-3.5", "1.5"]], [["--sprt=-3.5 1.5"]]])(
    "%j takes two Elo differences, negative and with decimals",
    (args) => {
      const parsed = parseOptions(matchProgram.options, args, matchProgram.defaults());
      expect(parsed.ok && parsed.value.settings.sprt).toEqual({ elo0: -3.5, elo1: 1.5 });
    },
  );

  it.each([
    [["--sprt", "5", "0"], "--sprt: ELO0 must be less than ELO1, got 5 and 0"],
    [["--sprt", "2.5", "2.5"], "--sprt: ELO0 must be less than ELO1, got 2.5 and 2.5"],
    [["--sprt", "0"], "--sprt needs a value ELO0 ELO1"],
    [["--sprt", "0", "--games", "10"], "--sprt needs a value ELO0 ELO1"],
    [["--sprt=0"], '--sprt: expected two Elo differences ELO0 ELO1, got "0"'],
    [["--sprt", "0", "x"], '--sprt: expected a number from -1000 to 1000, got "x"'],
    [["--sprt", "0", "5000"], "--sprt: 5000 is out of range: expected -1000 to 1000"],
    [["--sprt", "-2000", "0"], "--sprt: -2000 is out of range: expected -1000 to 1000"],
    [["--sprt", "0", "5", "--sprt-alpha", "0.5"], "--sprt-alpha: must be more than 0 and less than 0.5, got 0.5"],
    [["--sprt", "0", "5", "--sprt-beta", "0"], "--sprt-beta: must be more than 0 and less than 0.5, got 0"],
    [["--sprt", "0", "5", "--sprt-beta", "1"], "--sprt-beta: 1 is out of range: expected 0 to 0.5"],
    [["--sprt-alpha", "0.1"], "--sprt-alpha needs --sprt"],
    [["--sprt-beta", "0.1"], "--sprt-beta needs --sprt"],
    [
      ["--sprt", "0", "5", "--games", "21"],
      "with --sprt, --games (the most to play) must be even, the test counting pairs; got 21",
    ],
  ])("refuses %j in one line, status 2, before starting an engine", async (args, message) => {
    const run = await match([...ENGINES, ...args]);
    expect(run).toEqual({
      status: 2,
      printed: [],
      logged: [`othello match: ${message} (see othello match --help)`],
    });
  });

  it("is described in the usage, with its alpha and beta", async () => {
    const run = await match(["--help"]);
    expect(run.status).toBe(0);
    const usage = unwrapUsage(run.printed.join("\n"));
    expect(usage).toMatch(
      /^ {2}--sprt ELO0 ELO1 +stop as soon as an SPRT accepts H0, Elo A - B is ELO0, or H1, it is ELO1 \(logistic Elo, .*\), from the pairs of games \(pentanomial\); --games is then the most to play, and even$/m,
    );
    expect(usage).toMatch(/^ {2}--sprt-alpha A +the SPRT's chance of accepting H1 when H0 holds \(default 0\.05, /m);
    expect(usage).toMatch(/^ {2}--sprt-beta B +its chance of accepting H0 when H1 holds \(default 0\.05\)$/m);
    // The about paragraph is wrapped as a whole.
    expect(usage.replace(/\n/g, " ")).toMatch(/ With --sprt it stops as soon as a sequential probability ratio test /);
  });
});

describe("othello match --genmove-limit", () => {
  const typed = { ...matchProgram.defaults(), engineA: "./a", engineB: "./b" };

  it.each([
    [{}, 10_000],
    [{ moveTime: 0.5 }, 10_000],
    [{ moveTime: 5 }, 50_000],
    [{ gameTime: 60 }, 70_000],
    [{ gameTime: 2 }, 12_000],
    [{ moveTime: 5, genmoveLimit: 7 }, 7_000],
  ])("with %j is %d ms: an engine using its clock is never forfeited for it", (given, limitMs) => {
    const options = matchOptions({ ...typed, ...given });
    expect(options.ok && options.value.settings.genmoveLimitMs).toBe(limitMs);
  });

  it("says its default in the usage", async () => {
    const usage = unwrapUsage((await match(["--help"])).printed.join("\n"));
    expect(usage).toMatch(
      /^ {2}--genmove-limit S +a genmove slower than this forfeits \(default 10, or ten times --move-time, or --game-time and 10 more, whichever is most\)$/m,
    );
  });
});
