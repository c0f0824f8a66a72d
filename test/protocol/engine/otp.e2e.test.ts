import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { type AddressInfo, type Server, type Socket, createConnection, createServer } from "node:net";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { unwrapUsage } from "../text/usageLines.js";
import { PASS, Position, formatOtpMove, parseOtpMove } from "../../../src/index.js";
import { OTP_COMMANDS } from "../../../protocol/engine/otp.js";
import { OutputWaiter } from "./outputWaiter.js";

// These tests run the built program, as the judge and users do: `make check` builds it first.
const PROGRAM = fileURLToPath(new URL("../../../dist/othello.js", import.meta.url));
const EXAMPLES = fileURLToPath(new URL("../../../protocol/engine/examples/", import.meta.url));
const README = fileURLToPath(new URL("../../../docs/protocols.md", import.meta.url));

beforeAll(() => {
  if (!existsSync(PROGRAM)) throw new Error(`${PROGRAM} is missing: run "node build.mjs othello" (make check does)`);
});

interface Finished {
  readonly code: number | null;
  readonly stdout: Buffer;
  readonly stderr: string;
}

/** A short search, so that games in these tests take seconds. */
const QUICK = ["--visits", "300", "--max-nodes", "20000"];

/** The engine with `args` and a short search; a subcommand (perft) as it is. */
function start(args: string[]): ChildProcess {
  const all = args[0] === "perft" || args[0] === "bench" ? args : [...args, ...QUICK];
  return spawn(process.execPath, [PROGRAM, ...all], { stdio: ["pipe", "pipe", "pipe"] });
}

/** The exit of a started program, with everything it wrote; killed if it outlives `ms`. */
function finished(child: ChildProcess, ms = 10_000): Promise<Finished> {
  const stdout: Buffer[] = [];
  let stderr = "";
  child.stdout!.on("data", (b: Buffer) => stdout.push(b));
  child.stderr!.on("data", (b: Buffer) => (stderr += b.toString()));
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), ms);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout: Buffer.concat(stdout), stderr });
    });
  });
}

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

/** A program that listens with a queue of two, prints its port, and never accepts a connection. */
const SILENT_LISTENER = `
import { createServer } from "node:net";
const server = createServer();
server.listen({ port: 0, host: "127.0.0.1", backlog: 1 }, () => {
  process.stdout.write(String(server.address().port), () => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 60000));
});`;

/** One engine as the judge sees it: a socket whose every data event is one reply. */
class Player {
  private readonly chunks: string[] = [];
  private readonly replies = new OutputWaiter();
  name = "";
  constructor(readonly socket: Socket) {
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      this.chunks.push(chunk);
      this.replies.notify();
    });
    socket.on("error", () => {});
  }

  /** Sends one command in one write without newline, as the course judge does, and returns the reply. */
  async ask(command: string, ms = 5000): Promise<string> {
    this.socket.write(command);
    return this.reply(ms);
  }

  async reply(ms = 5000): Promise<string> {
    await this.replies.until(
      () => this.chunks.length > 0,
      () => `no reply within ${ms} ms`,
      ms,
    );
    return this.chunks.shift()!;
  }
}

/** A loopback server that hands over its first `count` connections. */
async function listen(count: number): Promise<{ server: Server; port: number; players: Promise<Player[]> }> {
  const server = createServer({ noDelay: true });
  const players = new Promise<Player[]>((resolve, reject) => {
    const accepted: Player[] = [];
    const timer = setTimeout(() => reject(new Error("the engines did not connect within 10 s")), 10_000);
    server.on("connection", (socket) => {
      accepted.push(new Player(socket));
      if (accepted.length === count) {
        clearTimeout(timer);
        resolve(accepted);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, port: (server.address() as AddressInfo).port, players };
}

/**
 * One game as the course judge runs it: genmove to the side to move, the move checked with the
 * rules core and forwarded as play; it ends after two passes in a row, so both players answer a
 * final genmove with 8 0. Returns black minus white.
 */
async function playGame(black: Player, white: Player, replies: string[]): Promise<number> {
  let position = Position.initial();
  let passes = 0;
  for (let ply = 0; ply < 200 && passes < 2; ply++) {
    const [mover, other] = position.blackToMove ? [black, white] : [white, black];
    const reply = await mover.ask("genmove");
    replies.push(reply);
    const m = /^genmove (\d \d)$/.exec(reply);
    expect(m, `reply ${JSON.stringify(reply)}`).not.toBeNull();
    const move = parseOtpMove(m![1]!);
    expect(move.ok).toBe(true);
    const value = move.ok ? move.value : PASS;
    const legal = position.legalMoves();
    if (legal.length === 0) expect(value).toBe(PASS);
    else expect(legal).toContain(value);
    passes = value === PASS ? passes + 1 : 0;
    if (legal.length > 0) position = position.play(value);
    else position = position.swapped(); // the game is over: the judge only hands the turn over
    const played = await other.ask(`play ${formatOtpMove(value)}`);
    replies.push(played);
    expect(played).toBe("play");
  }
  expect(passes).toBe(2);
  expect(position.isGameOver()).toBe(true);
  return position.discDifference();
}

describe("over TCP against a judge-like server", () => {
  it("plays full games as both colours, replies unframed, and quits with status 0", { timeout: 30_000 }, async () => {
    const { server, port, players } = await listen(2);
    const engines = [
      start(["--seed", "11", "--name", "first", String(port)]),
      start(["127.0.0.1", String(port), "--seed=12", "--name=second"]),
    ];
    const exits = engines.map((e) => finished(e, 25_000));
    try {
      const [p0, p1] = await players;
      const replies: string[] = [];
      for (const p of [p0!, p1!]) {
        p.name = await p.ask("name");
        replies.push(p.name);
      }
      expect([p0!.name, p1!.name].sort()).toEqual(["name first", "name second"]);
      const scores: number[] = [];
      for (let round = 0; round < 2; round++) {
        for (const p of [p0!, p1!]) expect(await p.ask("clear_board")).toBe("clear_board");
        const [black, white] = round === 0 ? [p0!, p1!] : [p1!, p0!];
        scores.push(await playGame(black, white, replies));
      }
      for (const p of [p0!, p1!]) expect(await p.ask("quit")).toBe("quit");
      for (const reply of replies) expect(reply).not.toMatch(/\s$/);
      const results = await Promise.all(exits);
      for (const r of results) {
        expect(r.code).toBe(0);
        expect(r.stdout.length).toBe(0);
      }
    } finally {
      for (const e of engines) e.kill();
      server.close();
    }
  });

  it("frames by chunk, as the course judge sends, until the peer's first newline; then by newlines only", {
    timeout: 15_000,
  }, async () => {
    const { server, port, players } = await listen(1);
    const engine = start(["--name", "solo", String(port)]);
    const exit = finished(engine);
    try {
      const [p] = await players;
      expect(await p!.ask("PLAY 2 3")).toBe("play");
      expect(await p!.ask("name\r\n")).toBe("name solo");
      // From here a command lasts until its newline, however many packets carry it.
      p!.socket.write("fin");
      await new Promise((r) => setTimeout(r, 100));
      p!.socket.write("al_score\nundo\nfinal_");
      await new Promise((r) => setTimeout(r, 100));
      p!.socket.write(`score\nplay 2 3 ${"9".repeat(1_000_000)}\nplay 9 9\n`);
      p!.socket.write("quit\n");
      let all = "";
      for (let i = 0; i < 10 && !all.endsWith("quit"); i++) all += await p!.reply();
      expect(all).toBe("final_score 3undofinal_score 0playplayquit");
      const { code, stderr } = await exit;
      expect(code).toBe(0);
      expect(stderr).toContain("play: the line is longer than 1024 bytes");
      expect(stderr).toContain("play: (9, 9) is off the board");
    } finally {
      engine.kill();
      server.close();
    }
  });

  it("gives up an address that does not answer after --connect-timeout, with status 1", {
    timeout: 20_000,
  }, async () => {
    // A listener whose process never accepts (its event loop is blocked), with a queue of two:
    // two connections fill it, and the kernel leaves every later one unanswered.
    const listener = spawn(process.execPath, ["--input-type=module", "-e", SILENT_LISTENER], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    const fillers: Socket[] = [];
    try {
      const port = await new Promise<number>((resolve) =>
        listener.stdout!.once("data", (b: Buffer) => resolve(Number(b.toString()))),
      );
      for (let i = 0; i < 2; i++) {
        const socket = createConnection({ port, host: "127.0.0.1" });
        fillers.push(socket);
        await new Promise((resolve) => socket.once("connect", resolve));
      }
      const { code, stderr } = await finished(start(["--connect-timeout", "1", String(port)]));
      expect(code).toBe(1);
      expect(stderr).toBe(`othello: cannot connect to 127.0.0.1:${port}: no answer within 1 s\n`);
    } finally {
      for (const f of fillers) f.destroy();
      listener.kill();
    }
  });

  // A controller that goes away: closed politely without quit, or reset. Either ends the engine
  // with a non-zero status and a line saying which.
  const lostConnections = [
    {
      how: "dropped",
      lose: (socket: Socket) => socket.destroy(),
      status: (code: number | null) => expect(code).not.toBe(0),
      stderr: /othello: 127\.0\.0\.1:\d+ closed the connection without quit/,
    },
    {
      how: "reset",
      lose: (socket: Socket) => socket.resetAndDestroy(),
      status: (code: number | null) => expect(code).toBe(1),
      stderr: /^othello: connection to 127\.0\.0\.1:\d+: reading commands failed: .*ECONNRESET/,
    },
  ];
  it.each(lostConnections)(
    "reports a $how connection on stderr with a non-zero status",
    { timeout: 15_000 },
    async ({ lose, status, stderr: expected }) => {
      const { server, port, players } = await listen(1);
      const engine = start([String(port)]);
      const exit = finished(engine);
      try {
        const [p] = await players;
        expect(await p!.ask("name")).toBe("name othello-uct");
        lose(p!.socket);
        const { code, stderr } = await exit;
        status(code);
        expect(stderr).toMatch(expected);
      } finally {
        engine.kill();
        server.close();
      }
    },
  );

  it("reports a refused connection on stderr with a non-zero status", { timeout: 15_000 }, async () => {
    // A port that was free a moment ago: nothing listens there now.
    const { server, port } = await listen(0);
    await new Promise((resolve) => server.close(resolve));
    const { code, stderr } = await finished(start([String(port)]));
    expect(code).toBe(1);
    expect(stderr).toBe(`othello: cannot connect to 127.0.0.1:${port}: connection refused (is the judge listening?)\n`);
  });
});

describe("docs/protocols.md", () => {
  it("documents every OTP command", () => {
    const readme = readFileSync(README, "utf8");
    for (const word of Object.keys(OTP_COMMANDS)) expect(readme).toContain(`\`${word}`);
  });
});
