import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { Game, type Move, PASS, formatGgf, parseGgfMove, parseObf, parseVertex } from "../../../src/index.js";
import { OutputWaiter } from "./outputWaiter.js";
import { TOP_LEVEL } from "../../../protocol/engine/levels.js";

// The built program over real pipes, as NBoard starts an engine: `make check` builds it first.
const PROGRAM = fileURLToPath(new URL("../../../dist/othello.js", import.meta.url));
const EXAMPLES = fileURLToPath(new URL("../../../protocol/engine/examples/", import.meta.url));

beforeAll(() => {
  if (!existsSync(PROGRAM)) throw new Error(`${PROGRAM} is missing: run "node build.mjs othello" (make check does)`);
});

/** NBoard's side of the pipe: sends lines, and reads the engine's lines as they come. */
class Gui {
  readonly child: ChildProcess;
  private buffered = "";
  private readonly lines: string[] = [];
  private readonly output = new OutputWaiter();
  stderr = "";

  constructor(args: string[]) {
    this.child = spawn(process.execPath, [PROGRAM, "--nboard", "--seed", "5", "--max-nodes", "50000", ...args], {
      stdio: ["pipe", "pipe", "pipe"],
    });
    this.child.stdout!.on("data", (b: Buffer) => {
      this.buffered += b.toString();
      const parts = this.buffered.split("\n");
      this.buffered = parts.pop()!;
      this.lines.push(...parts);
      this.output.notify();
    });
    this.child.stderr!.on("data", (b: Buffer) => {
      this.stderr += b.toString();
      this.output.notify();
    });
  }

  send(...lines: string[]): void {
    this.child.stdin!.write(lines.map((l) => `${l}\n`).join(""));
  }

  /** Every line up to and including the first that `last` accepts. */
  async readUntil(last: (line: string) => boolean, ms = 20_000): Promise<string[]> {
    let i = -1;
    await this.output.until(
      () => {
        i = this.lines.findIndex(last);
        return i >= 0;
      },
      () => `no such line within ${ms} ms; got ${JSON.stringify(this.lines)}; stderr ${this.stderr}`,
      ms,
    );
    return this.lines.splice(0, i + 1);
  }

  /** Waits until stderr holds all of `texts`: another pipe than stdout's, it may come after the replies. */
  stderrWith(...texts: (string | RegExp)[]): Promise<void> {
    return this.output.until(
      () => texts.every((t) => (typeof t === "string" ? this.stderr.includes(t) : t.test(this.stderr))),
      () => `stderr without ${texts.join(", ")} within 20 s: ${this.stderr}`,
    );
  }

  exited(): Promise<number | null> {
    return new Promise((resolve) => {
      if (this.child.exitCode !== null) resolve(this.child.exitCode);
      else this.child.on("close", (code) => resolve(code));
    });
  }
}

let gui: Gui | undefined;
afterEach(() => {
  gui?.child.kill("SIGKILL");
  gui = undefined;
});

const squares = (text: string): Move[] => text.split(" ").map((v) => (parseVertex(v) as { value: Move }).value);

function ggf(game: Game): string {
  return formatGgf({
    place: "NBoard",
    black: "human",
    white: "othello",
    type: "8",
    start: game.start,
    moves: game.moves.map((move) => ({ move })),
  });
}

describe("othello --nboard over pipes", () => {
  const examples = readdirSync(EXAMPLES)
    .filter((f) => f.endsWith(".nboard"))
    .sort();

  it("has the example session", () => {
    expect(examples).toContain("hints.nboard");
  });

  // The examples ask only for hints in solved endgames, whose lines hold no time: they repeat exactly.
  for (const example of examples) {
    it(`replays protocol/engine/examples/${example} byte for byte`, async () => {
      const expected = readFileSync(EXAMPLES + example.replace(/\.nboard$/, ".out"), "utf8");
      gui = new Gui([]);
      let stdout = "";
      gui.child.stdout!.on("data", (b: Buffer) => (stdout += b.toString()));
      gui.child.stdin!.end(readFileSync(EXAMPLES + example));
      expect(await gui.exited()).toBe(0);
      expect(stdout).toBe(expected);
    }, 30_000);
  }

  it("plays a game as NBoard drives it: the game, then ping and go, the engine's move sent back, until the end", async () => {
    gui = new Gui([]);
    gui.send("nboard 2", "set depth 1", "set contempt 0");
    const game = new Game();
    let ping = 0;
    gui.send(`set game ${ggf(game)}`);
    while (!game.isOver()) {
      gui.send(`ping ${++ping}`, "go");
      const lines = await gui.readUntil((l) => l.startsWith("=== "));
      // The answers before the pong belong to earlier requests; after it, this request's.
      const pong = lines.indexOf(`pong ${ping}`);
      expect(pong, lines.join("\n")).toBeGreaterThanOrEqual(0);
      expect(lines.slice(pong + 1).filter((l) => l.startsWith("=== "))).toHaveLength(1);
      const item = parseGgfMove(lines.at(-1)!.slice(4));
      if (!item.ok) throw new Error(item.error);
      const played = game.play(item.value.move);
      expect(played.ok, `${lines.at(-1)} in ${ggf(game)}`).toBe(true);
      gui.send(`move ${lines.at(-1)!.slice(4)}`);
    }
    gui.send("ping 999", "quit");
    expect(await gui.readUntil((l) => l === "pong 999")).toContain("pong 999");
    expect(await gui.exited()).toBe(0);
  }, 60_000);

  it("answers in order when requests overtake each other: stale answers come before the pong the GUI waits for", async () => {
    gui = new Gui([]);
    const opening = new Game();
    for (const m of squares("F5 F4 C3 E6 G4 C4 E7 C2 B3 A3 A2 A4 C1 A1")) opening.play(m);
    // The GUI asks for hints, then at once the user plays black's pass and asks again.
    gui.send(
      "nboard 2",
      `set depth ${TOP_LEVEL}`,
      `set game ${ggf(opening)}`,
      "ping 1",
      "go",
      "move PA",
      "ping 2",
      "hint 3",
      "ping 3",
    );
    const lines = await gui.readUntil((l) => l === "pong 3");
    expect(lines[0]).toBe("set myname othello-uct");
    expect(lines[1]).toBe("pong 1");
    expect(lines[2]).toMatch(/^status thinking/);
    expect(lines[3]).toMatch(/^=== PA(\/\/[\d.]+)?$/);
    expect(lines[4]).toBe("pong 2");
    expect(lines[5]).toMatch(/^status searching/);
    const hints = lines.filter((l) => l.startsWith("search "));
    expect(hints.map((h) => h.split(" ")[1]!.slice(0, 2)).sort()).toEqual(["D1", "D3", "F7"]);
    expect(lines.at(-2)).toBe("status");
    expect(lines.at(-1)).toBe("pong 3");
    expect(opening.position.legalMoves()).toEqual([PASS]);
  }, 30_000);

  it("with --threads 2 the hint of an ending is solved on both threads: the exact score, and the solve says so", async () => {
    // fforum #1: G8 wins by 18, the only move that does.
    const line = readFileSync(
      fileURLToPath(new URL("../../../test/positions/fforum-1-19.obf", import.meta.url)),
      "utf8",
    );
    const problem = parseObf(line.split("\n")[0]!);
    if (!problem.ok) throw new Error(problem.error);
    gui = new Gui(["--threads", "2"]);
    gui.send(
      "nboard 2",
      `set depth ${TOP_LEVEL}`,
      `set game ${ggf(new Game(problem.value.position))}`,
      "ping 1",
      "hint 1",
      "ping 2",
    );
    const lines = await gui.readUntil((l) => l === "pong 2");
    expect(lines.filter((l) => l.startsWith("search "))).toEqual(["search G8 18.00 0 100% solved exact"]);
    await gui.stderrWith(/solve: black: solved exact \+18, \d+ nodes in [\d.]+ s \(\d+\/s\) on 2 threads; G8/);
  }, 30_000);

  it("bad input says why on stderr and changes nothing: the next go still answers for the game as it was", async () => {
    gui = new Gui([]);
    gui.send(
      "nboard 2",
      "set depth 1",
      "set game (;GM[Othello]BO[8 nonsense];)",
      "move A1",
      "set depth 99",
      "hello",
      "ping 1",
      "go",
    );
    const lines = await gui.readUntil((l) => l.startsWith("=== "));
    expect(lines.filter((l) => !l.startsWith("status") && !l.startsWith("nodestats"))).toEqual([
      "set myname othello-uct",
      "pong 1",
      lines.at(-1),
    ]);
    // Black's first move from the start position: the bad game and move were not taken.
    expect(
      new Game().position.isLegal((parseGgfMove(lines.at(-1)!.slice(4)) as { value: { move: Move } }).value.move),
    ).toBe(true);
    await gui.stderrWith(
      "set game: the game:",
      "move: A1 is illegal: the move flips no disc",
      "set depth: the depth: 99 is out of range",
      'nboard: unknown command "hello"',
    );
  }, 30_000);
});
