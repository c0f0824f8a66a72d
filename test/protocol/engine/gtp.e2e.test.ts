import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { type AddressInfo, type Socket, createServer } from "node:net";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { type Colour, Game, PASS, formatVertex, parseVertex } from "../../../src/index.js";
import { GTP_COMMANDS } from "../../../protocol/engine/gtp.js";
import { OutputWaiter } from "./outputWaiter.js";

// These tests run the built program, as GUIs and match runners do: `make check` builds it first.
const PROGRAM = fileURLToPath(new URL("../../../dist/othello.js", import.meta.url));
const EXAMPLES = fileURLToPath(new URL("../../../protocol/engine/examples/", import.meta.url));
const README = fileURLToPath(new URL("../../../docs/protocols.md", import.meta.url));

/** GTP and a short search, so that whole games take seconds. */
const GTP_QUICK = ["--gtp", "--visits", "300", "--max-nodes", "20000"];

beforeAll(() => {
  if (!existsSync(PROGRAM)) throw new Error(`${PROGRAM} is missing: run "node build.mjs othello" (make check does)`);
});

function start(args: string[]): ChildProcess {
  return spawn(process.execPath, [PROGRAM, ...GTP_QUICK, ...args], { stdio: ["pipe", "pipe", "pipe"] });
}

interface Finished {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

function finished(child: ChildProcess, ms = 20_000): Promise<Finished> {
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (b: Buffer) => (stdout += b.toString()));
  child.stderr!.on("data", (b: Buffer) => (stderr += b.toString()));
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), ms);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

function runWithInput(args: string[], input: string | Buffer): Promise<Finished> {
  const child = start(args);
  const done = finished(child);
  child.stdin!.end(input);
  return done;
}

/** A GTP controller on one stream: each request waits for its reply, which ends at an empty line. */
class Controller {
  private buffered = "";
  private readonly replies = new OutputWaiter();
  /** Every command sent and reply received, for a failing test's message. */
  readonly transcript: string[] = [];

  constructor(
    input: NodeJS.ReadableStream,
    private readonly output: NodeJS.WritableStream,
  ) {
    input.on("data", (b: Buffer) => {
      this.buffered += b.toString();
      this.replies.notify();
    });
  }

  /** The reply's `=` or `?` line and the lines after it, the empty line left off. */
  async request(command: string): Promise<string> {
    this.output.write(`${command}\n`);
    this.transcript.push(command);
    await this.replies.until(
      () => this.buffered.includes("\n\n"),
      () => `no reply to "${command}" within 10 s:\n${this.transcript.join("\n")}`,
      10_000,
    );
    const end = this.buffered.indexOf("\n\n");
    const reply = this.buffered.slice(0, end);
    this.buffered = this.buffered.slice(end + 2);
    this.transcript.push(reply);
    return reply;
  }

  /** A request that must succeed: its result, without `=`. */
  async ok(command: string): Promise<string> {
    const reply = await this.request(command);
    expect(reply, `${command}\n${this.transcript.join("\n")}`).toMatch(/^=/);
    return reply.replace(/^= ?/, "");
  }
}

const colourOf = (game: Game): Colour => (game.position.blackToMove ? "black" : "white");

describe("GTP over stdin/stdout", () => {
  const examples = readdirSync(EXAMPLES)
    .filter((f) => f.endsWith(".gtp"))
    .sort();

  it("has the example session", () => {
    expect(examples).toContain("session.gtp");
  });

  for (const example of examples) {
    it(`replays protocol/engine/examples/${example} byte for byte`, async () => {
      const input = readFileSync(EXAMPLES + example);
      const expected = readFileSync(EXAMPLES + example.replace(/\.gtp$/, ".out"), "utf8");
      const { code, stdout } = await runWithInput([], input);
      expect(stdout).toBe(expected);
      expect(code).toBe(0);
    });
  }

  it("keeps the search report, reasons and drawings on stderr; stdout holds only replies", async () => {
    const { code, stdout, stderr } = await runWithInput(
      ["--verbose", "--seed", "3", "--no-book"],
      "1 genmove black\n2 play black a1\n3 quit\n",
    );
    expect(code).toBe(0);
    expect(stdout).toMatch(/^=1 [C-F][3-6]\n\n\?2 illegal move\n\n=3\n\n$/);
    expect(stderr).toMatch(/search: black: 300 visits/);
    expect(stderr).toContain("play: black A1: it is white's turn, and white has a legal move");
    expect(stderr).toContain("   A B C D E F G H\n");
  });

  it("answers every non-blank line once, whatever its leading blanks or length; only ASCII blanks are blanks", async () => {
    const input = `${" ".repeat(3000)}1 name\n${"\t".repeat(5000)}2 protocol_version\nplay\xa0b d3\n3 play b ${"9".repeat(1_000_000)}\n\n4 protocol_version\n`;
    const { code, stdout } = await runWithInput([], Buffer.from(input, "latin1"));
    expect(stdout).toBe("=1 othello-uct\n\n=2 2\n\n? unknown command\n\n?3 syntax error\n\n=4 2\n\n");
    expect(code).toBe(0);
  });

  it("treats the end of input as quit, a last line without newline included", async () => {
    const { code, stdout } = await runWithInput([], "play black d3\nfinal_score");
    expect(stdout).toBe("=\n\n? cannot score\n\n");
    expect(code).toBe(0);
  });

  it("plays a game as Quarry drives it: its start-up, the history as play lines, time_left before each genmove", {
    timeout: 60_000,
  }, async () => {
    const engine = start(["--seed", "21"]);
    const exit = finished(engine, 55_000);
    const quarry = new Controller(engine.stdout!, engine.stdin!);
    expect(await quarry.ok("protocol_version")).toBe("2");
    expect(await quarry.ok("name")).toBe("othello-uct");
    expect(await quarry.ok("version")).toMatch(/^\d+\.\d+\.\d+$/);
    const commands = (await quarry.ok("list_commands")).split("\n");
    expect(commands).toContain("list_games");
    expect(await quarry.ok("list_games")).toBe("Othello");
    for (const command of ["set_game Othello", "boardsize 8", "clear_board", "time_settings 600 0 0"])
      expect(await quarry.ok(command)).toBe("");

    // The history of a game loaded into Quarry, then the engine plays white against a user who always takes the first legal move.
    const game = new Game();
    for (const vertex of ["D3", "C5", "F6"]) {
      expect(await quarry.ok(`play ${colourOf(game)} ${vertex}`)).toBe("");
      const move = parseVertex(vertex);
      if (!move.ok || !game.play(move.value).ok) throw new Error(`${vertex} is not a legal opening move`);
    }
    let secondsLeft = 600;
    while (!game.isOver()) {
      // Quarry knows the rules: a side without a move is skipped, and no pass is ever sent.
      if (!game.position.canMove()) game.play(PASS);
      const colour = colourOf(game);
      if (colour === "white") {
        expect(await quarry.ok(`time_left white ${secondsLeft} 0`)).toBe("");
        const reply = await quarry.ok("genmove white");
        const move = parseVertex(reply);
        expect(
          move.ok && game.position.isLegal(move.value) && move.value !== PASS,
          `genmove white answered ${reply}`,
        ).toBe(true);
        if (move.ok) game.play(move.value);
        secondsLeft -= 1;
      } else {
        const move = game.position.legalSquares()[0]!;
        expect(await quarry.ok(`play black ${formatVertex(move)}`)).toBe("");
        game.play(move);
      }
    }
    const score = game.position.worldScore();
    expect(await quarry.ok("final_score")).toBe(score === 0 ? "0" : score > 0 ? `B+${score}` : `W+${-score}`);
    expect(await quarry.ok("quit")).toBe("");
    expect((await exit).code).toBe(0);
  });
});

describe("GTP over TCP", () => {
  it("reads commands ending at newlines and answers them framed", { timeout: 15_000 }, async () => {
    const server = createServer({ noDelay: true });
    const connected = new Promise<Socket>((resolve) => server.once("connection", resolve));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const engine = start([String((server.address() as AddressInfo).port)]);
    const exit = finished(engine);
    try {
      const socket = await connected;
      const controller = new Controller(socket, socket);
      expect(await controller.request("1 name")).toBe("=1 othello-uct");
      expect(await controller.request("2 play black d3")).toBe("=2");
      expect(await controller.request("3 quit")).toBe("=3");
      expect((await exit).code).toBe(0);
    } finally {
      server.close();
    }
  });
});

describe("docs/protocols.md", () => {
  it("documents every GTP command", () => {
    const readme = readFileSync(README, "utf8");
    const section = readme.slice(readme.indexOf("## GTP"));
    for (const word of Object.keys(GTP_COMMANDS)) expect(section).toContain(`\`${word}`);
  });
});
