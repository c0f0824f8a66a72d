import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { type AddressInfo, type Server, type Socket, createConnection, createServer } from "node:net";
import { beforeAll, describe, expect, it } from "vitest";
import { PASS, Position, formatOtpMove, parseOtpMove } from "../../../src/index.js";
import { OutputWaiter } from "./outputWaiter.js";
import { PROGRAM, finished, start } from "./otpProgram.js";

// OTP over TCP, as the course judge plays it: the engine connects to a judge-like server.

// These tests run the built program, as the judge and users do: `make check` builds it first.

beforeAll(() => {
  if (!existsSync(PROGRAM)) throw new Error(`${PROGRAM} is missing: run "node build.mjs othello" (make check does)`);
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
