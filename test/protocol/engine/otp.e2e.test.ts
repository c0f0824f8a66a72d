import { existsSync, readFileSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { unwrapUsage } from "../text/usageLines.js";
import { OTP_COMMANDS } from "../../../protocol/engine/otp.js";
import { OutputWaiter } from "./outputWaiter.js";
import { type Finished, PROGRAM, finished, start } from "./otpProgram.js";

// These tests run the built program, as the judge and users do: `make check` builds it first.
const EXAMPLES = fileURLToPath(new URL("../../../protocol/engine/examples/", import.meta.url));
const README = fileURLToPath(new URL("../../../docs/protocols.md", import.meta.url));

beforeAll(() => {
  if (!existsSync(PROGRAM)) throw new Error(`${PROGRAM} is missing: run "node build.mjs othello" (make check does)`);
});

/** Runs the program on the given input and waits for its end (killed after `ms`). */
function runWithInput(args: string[], input: string | Buffer, ms?: number): Promise<Finished> {
  const child = start(args);
  const done = finished(child, ms);
  child.stdin!.end(input);
  return done;
}

describe("over stdin/stdout", () => {
  const examples = readdirSync(EXAMPLES)
    .filter((f) => f.endsWith(".otp"))
    .sort();

  it("has the example sessions", () => {
    expect(examples).toEqual(expect.arrayContaining(["endgame.otp", "errors.otp", "opening.otp"]));
  });

  for (const example of examples) {
    it(`replays protocol/engine/examples/${example} byte for byte`, async () => {
      const input = readFileSync(EXAMPLES + example);
      const expected = readFileSync(EXAMPLES + example.replace(/\.otp$/, ".out"), "utf8");
      const { code, stdout } = await runWithInput([], input);
      expect(stdout.toString("utf8")).toBe(expected);
      expect(code).toBe(0);
    });
  }

  it("keeps drawings and reasons on stderr, and stdout to one reply line per command", async () => {
    const { code, stdout, stderr } = await runWithInput(
      ["--verbose", "--seed", "5"],
      "showboard\nplay 3 3\ngenmove\nquit\n",
    );
    expect(code).toBe(0);
    expect(stdout.toString()).toMatch(/^showboard\nplay\ngenmove [2-5] [2-5]\nquit\n$/);
    expect(stderr).toContain("X's turn\n.|0|1|2|3|4|5|6|7|\n");
    expect(stderr).toContain("play: 3 3 is illegal: the square is occupied");
    expect(stderr).toContain("seed 5");
  });

  it("survives binary garbage, a huge line, CRLF and a last line without newline", async () => {
    const garbage = Buffer.from([0x00, 0xff, 0xfe, 0x1b, 0x5b, 0x41, 0x0a, 0xc3, 0x28, 0x0d, 0x0a]);
    const input = Buffer.concat([
      garbage,
      Buffer.from(`play 2 3 ${"9".repeat(200_000)}\nplay 2 3\r\nNAME\r\nfinal_score`),
    ]);
    const { code, stdout, stderr } = await runWithInput(["--name", "r05922068"], input);
    expect(stdout.toString()).toBe("unknown command\nunknown command\nplay\nplay\nname r05922068\nfinal_score 3\n");
    expect(code).toBe(0);
    expect(stderr).toContain("play: the line is longer than 1024 bytes");
  });

  it("ends with status 0 at the end of input without quit, and stops reading at quit", async () => {
    expect((await runWithInput([], "name\n")).code).toBe(0);
    expect((await runWithInput([], "")).code).toBe(0);
    const quit = await runWithInput([], "quit\nname\n");
    expect(quit.stdout.toString()).toBe("quit\n");
    expect(quit.code).toBe(0);
  });

  it("answers the first command within a second of its start, and each reply as soon as it is asked", async () => {
    const t0 = performance.now();
    const child = start(["--seed", "3"]);
    const done = finished(child);
    const replies: { text: string; at: number }[] = [];
    const output = new OutputWaiter();
    child.stdout!.on("data", (b: Buffer) => {
      replies.push({ text: b.toString(), at: performance.now() - t0 });
      output.notify();
    });
    const replied = (n: number) =>
      output.until(
        () => replies.length >= n,
        () => `no reply ${n} within 2 s`,
        2000,
      );
    child.stdin!.write("name\n");
    await replied(1);
    expect(replies[0]?.text).toBe("name othello-uct\n");
    // Node starts in well under a second; the bound is generous for a loaded machine.
    expect(replies[0]!.at).toBeLessThan(5000);
    // The stream stays open: the reply must come without waiting for more input.
    child.stdin!.write("genmove\n");
    await replied(2);
    expect(replies[1]?.text).toMatch(/^genmove \d \d\n$/);
    child.stdin!.end();
    expect((await done).code).toBe(0);
  });

  it("a bad option is one line on stderr and status 2; -h and --help list every subcommand; --version", async () => {
    const bad = await runWithInput(["--seed", "x"], "");
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe(
      'othello: --seed: expected a whole number from 0 to 4294967295, got "x" (see othello --help)\n',
    );
    expect(bad.stdout.length).toBe(0);
    for (const flag of ["-h", "--help"]) {
      const help = await runWithInput([flag], "");
      expect(help.code).toBe(0);
      const text = help.stdout.toString();
      expect(text).toMatch(/^usage: othello \[OPTIONS\] \[\[IP\] PORT\]\n/);
      for (const sub of ["match", "perft", "bench", "curve"])
        expect(text).toMatch(new RegExp(`^ {7}othello ${sub} `, "m"));
      expect(text).toContain("--max-move-time SECONDS");
    }
    const version = await runWithInput(["--version"], "");
    expect(version.stdout.toString()).toMatch(/^othello \d+\.\d+\.\d+\n$/);
  });

  it("--help lists the user's options, --help-tuning the keys of --tune with their defaults", async () => {
    const help = unwrapUsage((await runWithInput(["--help"], "")).stdout.toString());
    for (const option of [
      "--gtp",
      "--visits N",
      "--threads N",
      "--search",
      "--pp-r R",
      "--solve-empties N",
      "--tune KEY=VALUE",
    ])
      expect(help).toMatch(new RegExp(`^ {2}${option} `, "m"));
    expect(help).toMatch(/^ {2}--pp-r R +progressive pruning: .*0 = off \(default 0\)/m);
    expect(help).toMatch(/--help-tuning/);
    for (const gone of ["--ucb-c", "--leaf", "--prior-visits", "--eval-scale", "--no-pp", "--no-early-stop"])
      expect(help).not.toContain(gone);
    const tuning = await runWithInput(["--help-tuning"], "");
    expect(tuning.code).toBe(0);
    expect(tuning.stderr).toBe("");
    const text = unwrapUsage(tuning.stdout.toString());
    expect(text).toMatch(/^usage: othello --tune KEY=VALUE/);
    expect(text).toMatch(/^ {2}ucbC +0 to 100 +0\.3 +UCB1's exploration constant, /m);
    expect(text).toContain("docs/decisions.md");
    // What the program prints says what an option does, not when or by what match it was chosen.
    for (const printed of [help, text]) {
      expect(printed).not.toContain("docs/lab");
      expect(printed).not.toMatch(/\b20\d\d-[01]\d-[0-3]\d\b/);
    }
    expect(text).toMatch(/^ {2}earlyStop +on\|off +off +/m);
  });

  it.each([
    [["--tune", "ucbC"], '--tune: expected KEY=VALUE, got "ucbC"'],
    [
      ["--tune", "cUCB=1"],
      '--tune: unknown key "cUCB"; the keys are ucbC, priorVisits, leaf, evalScale, minimaxWeight, selection, puctC, policyTemp, puctGrowth, leafLookahead, ppMinVisits, timeAllocation, earlyStop',
    ],
    [["--tune", "ucbC=big"], '--tune: ucbC: expected a number from 0 to 100, got "big"'],
    [["--no-pp"], 'unknown option "--no-pp"'],
  ])("a bad --tune %j is one line on stderr and status 2", async (args, message) => {
    const bad = await runWithInput(args, "");
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe(`othello: ${message} (see othello --help)\n`);
    expect(bad.stdout.length).toBe(0);
  });

  it("bench prints its results on stdout, the last line playouts/s, and its progress on stderr", async () => {
    // A round is some 10 s of measurements (about 10.5 s in all on the idle machine).
    const { code, stdout, stderr } = await runWithInput(["bench", "--perft-depth", "3", "--rounds", "1"], "", 25_000);
    expect(code).toBe(0);
    const lines = stdout.toString().trimEnd().split("\n");
    expect(lines[0]).toMatch(/^perft\(3\): 56 leaves in /);
    expect(lines.at(-1)).toMatch(/^playouts\/s: \d+$/);
    expect(lines).toContainEqual(expect.stringMatching(/^evals\/s: \d+$/));
    expect(lines).toContainEqual(expect.stringMatching(/; incremental all in TypeScript \(.*\) \d+$/));
    expect(lines).toContainEqual(expect.stringMatching(/^incremental evals\/s: \d+ = /));
    expect(lines).toContainEqual(expect.stringMatching(/^visits\/s: \d+$/));
    expect(lines).toContainEqual(
      expect.stringMatching(/^classic search as % of the raw rate, round by round \(.*\): \d+; median \d+%$/),
    );
    expect(lines).toContainEqual(
      expect.stringMatching(/^flat UCB \(.*\) as % of the raw rate, round by round: \d+; median \d+%$/),
    );
    expect(stderr).toContain("bench: random playouts, the classic search and flat UCB in turn, round 1 of 1");
    expect(stderr).toContain("bench: default search, round 1 of 1");
  }, 30_000);

  it("drops any number of leading blanks, and counts only ASCII blanks as blanks", async () => {
    const input = `${" ".repeat(3000)}name\n${"\t ".repeat(2000)}final_score\nplay\xa02 3\nfinal_score\n \r\n`;
    const { code, stdout, stderr } = await runWithInput(["--name", "x"], Buffer.from(input, "latin1"));
    expect(stdout.toString()).toBe("name x\nfinal_score 0\nunknown command\nfinal_score 0\n");
    expect(stderr).toContain('unknown command "play\\xa02"');
    expect(code).toBe(0);
  });

  it("keeps the perft subcommand", async () => {
    const { code, stdout } = await runWithInput(["perft", "4"], "");
    expect(stdout.toString()).toBe("244\n");
    expect(code).toBe(0);
  });
});

describe("docs/protocols.md", () => {
  it("documents every OTP command", () => {
    const readme = readFileSync(README, "utf8");
    for (const word of Object.keys(OTP_COMMANDS)) expect(readme).toContain(`\`${word}`);
  });
});
