import { describe, expect, it } from "vitest";
import {
  Game,
  type Move,
  PASS,
  Solver,
  formatGgf,
  formatGgfMove,
  parseGgfMove,
  parseVertex,
} from "../../../src/index.js";
import { NBOARD_COMMANDS, NBOARD_MAX_LINE, PLAYOUTS_PER_DEPTH, answerNBoard } from "../../../protocol/engine/nboard.js";
import { LEVELS, TOP_LEVEL } from "../../../protocol/engine/levels.js";
import type { Session } from "../../../protocol/engine/session.js";
import { SteppingClock, nboardParts, testSession } from "./helpers.js";

const squares = (text: string): Move[] =>
  text.split(" ").map((v) => {
    const m = parseVertex(v);
    if (!m.ok) throw new Error(m.error);
    return m.value;
  });

/** The game as NBoard's `set game` sends it: GGF on one line, the players' names with a space. */
function ggf(moves: readonly Move[], start = new Game().start): string {
  return formatGgf({
    place: "NBoard",
    black: "Chris W",
    white: "othello-uct",
    time: "05:00",
    type: "8",
    start,
    moves: moves.map((move) => ({ move })),
  });
}

function gameOf(moves: readonly Move[], start = new Game().start): Game {
  const game = new Game(start);
  for (const m of moves) {
    const r = game.play(m);
    if (!r.ok) throw new Error(r.error);
  }
  return game;
}

// Black has no move after these 14 plies and passes; white then has d1, d3 and f7.
const BEFORE_PASS = squares("F5 F4 C3 E6 G4 C4 E7 C2 B3 A3 A2 A4 C1 A1");
// After black's pass and white's d1, black is to move with one move.
const WITH_PASS = [...BEFORE_PASS, PASS, ...squares("D1")];

/** Level 1's visits a move: `set depth 1`, the quickest search. */
const LEVEL_1_VISITS = LEVELS[0]!.settings!.visits;

/** An NBoard connection over a fresh test session: `send` answers a line, all its parts joined, as the GUI reads them. */
function nboard(clock?: SteppingClock) {
  const { session, log } = testSession({ protocol: "nboard" }, clock?.now);
  const send = (line: string): string => nboardParts(session, line).join("");
  return { session, log, send };
}

/** The reply lines of a whole conversation, each tagged with the command that caused it. */
function converse(send: (line: string) => string, lines: readonly string[]): string[] {
  return lines.flatMap((line) =>
    send(line)
      .split("\n")
      .filter((l) => l !== "")
      .map((reply) => `${line.split(" ")[0]} -> ${reply}`),
  );
}

/** The move of a GGF move text such as F5 or PA. */
function moveOf(text: string): Move {
  const m = parseGgfMove(text);
  if (!m.ok) throw new Error(m.error);
  return m.value.move;
}

function legalAt(session: Session, text: string): boolean {
  return session.position.isLegal(moveOf(text));
}

describe("NBoard start-up and play, as the GUI sends them", () => {
  it("nboard 2 answers the engine's name; set depth, set contempt and set game answer nothing; ping answers its pong", () => {
    const { send, log } = nboard();
    expect(send("nboard 2")).toBe("set myname tester\n");
    expect(send("set depth 2")).toBe("");
    expect(send("set contempt 0")).toBe("");
    expect(send("set contempt -150")).toBe("");
    expect(send(`set game ${ggf([])}`)).toBe("");
    expect(send("ping 1")).toBe("pong 1\n");
    expect(log).toEqual([]);
  });

  it("set game with a game in progress, a pass included, sets the session's game move for move", () => {
    const { send, session } = nboard();
    expect(send(`set game ${ggf(WITH_PASS)}`)).toBe("");
    expect(session.game.moves).toEqual(WITH_PASS);
    expect(session.position.equals(gameOf(WITH_PASS).position)).toBe(true);
    // A set-up start position: the game starts there.
    const setup = gameOf(squares("F5 D6 C3 D3 C4")).position;
    expect(send(`set game ${ggf(squares("F4"), setup)}`)).toBe("");
    expect(session.game.start.equals(setup)).toBe(true);
    expect(session.game.moves).toEqual(squares("F4"));
  });

  it("a whole exchange: ping before every request, each pong before the answers that follow it, in order", () => {
    const { send, session, log } = nboard();
    const replies = converse(send, [
      "nboard 2",
      "set game " + ggf(BEFORE_PASS),
      "set contempt 0",
      // The full engine, whose search visits each of white's three moves.
      `set depth ${TOP_LEVEL}`,
      "ping 1",
      "go",
      "move PA",
      "ping 2",
      "hint 3",
      "move D1/1.25/0.4",
      "ping 3",
      "go",
      "ping 4",
    ]);
    expect(replies[0]).toBe("nboard -> set myname tester");
    expect(replies[1]).toBe("ping -> pong 1");
    // Black must pass: go answers the pass at once, without an evaluation, and plays nothing.
    expect(replies[2]).toBe(`go -> status thinking (${TOP_LEVEL * PLAYOUTS_PER_DEPTH} playouts)`);
    expect(replies[3]).toMatch(/^go -> === PA(\/\/[\d.]+)?$/);
    expect(replies[4]).toBe("ping -> pong 2");
    expect(replies[5]).toBe(`hint -> status searching (${TOP_LEVEL * PLAYOUTS_PER_DEPTH} playouts)`);
    const hints = replies.slice(6, 9);
    for (const hint of hints) expect(hint).toMatch(/^hint -> search ([A-H][1-8]|PA)+ -?\d+\.\d\d 0 (\d+|100%W?) .+$/);
    // White's three moves after black's pass, each once.
    expect(hints.map((h) => h.split(" ")[3]!.slice(0, 2)).sort()).toEqual(["D1", "D3", "F7"]);
    expect(replies[9]).toMatch(/^hint -> nodestats \d+ \d+\.\d{3}$/);
    expect(replies[10]).toBe("hint -> status");
    expect(replies[11]).toBe("ping -> pong 3");
    expect(replies[12]).toBe(`go -> status thinking (${TOP_LEVEL * PLAYOUTS_PER_DEPTH} playouts)`);
    // Black's only move: no search, no evaluation.
    expect(replies[13]).toMatch(/^go -> === [A-H][1-8](\/\/[\d.]+)?$/);
    expect(replies[14]).toBe("ping -> pong 4");
    expect(replies).toHaveLength(15);
    expect(session.game.moves).toEqual(WITH_PASS);
    expect(log.filter((l) => !/^(search|solve): /.test(l))).toEqual([]);
  });

  it("go answers a legal move with its evaluation and time, and leaves the game to the GUI's move command", () => {
    const clock = new SteppingClock(1);
    const { send, session } = nboard(clock);
    send(`set game ${ggf(squares("F5 D6"))}`);
    send("set depth 1");
    const before = session.position;
    const [status, stats, move] = send("go").trimEnd().split("\n");
    expect(status).toBe(`status thinking (${LEVEL_1_VISITS} playouts)`);
    expect(stats).toMatch(new RegExp(`^nodestats ${LEVEL_1_VISITS} \\d+\\.\\d{3}$`));
    const m = /^=== ([A-H][1-8])\/(-?\d+\.\d\d)\/([\d.]+)$/.exec(move!);
    expect(m, move).not.toBeNull();
    expect(session.position).toBe(before);
    expect(legalAt(session, m![1]!)).toBe(true);
    // The time is the thought's, read on the session's clock; the evaluation the chosen move's winning chance scaled to 64 discs.
    const thought = session.lastThought!;
    expect(thought.by).toBe("search");
    expect(Number(m![3])).toBeCloseTo(thought.elapsedMs / 1000, 3);
    const child = session.searchChildren([]).find((c) => c.move === moveOf(m![1]!))!;
    expect(Number(m![2])).toBeCloseTo(64 * (2 * child.winRate - 1), 1);
    // The GUI sends the move back; the next search reuses the tree.
    expect(send(`move ${m![1]}/${m![2]}/${m![3]}`)).toBe("");
    expect(session.game.moves.length).toBe(3);
  });

  it("the status line is written before the search starts: the clock is not read until the rest is asked for", () => {
    const clock = new SteppingClock(1);
    const { session } = nboard(clock);
    answerNBoard(session, "set depth 1");
    const first = answerNBoard(session, "hint 2");
    expect(first.reply).toBe(`status searching (${LEVEL_1_VISITS} playouts)\n`);
    expect(clock.elapsed).toBe(0);
    const rest = first.then!();
    expect(clock.elapsed).toBeGreaterThan(0);
    expect(rest.reply).toMatch(/^search [A-H][1-8].*\nsearch [A-H][1-8].*\nnodestats \d+ [\d.]+\nstatus\n$/);
  });

  it("hint N gives the N most visited moves, the move the search plays first, each with its line from the tree", () => {
    const { send, session } = nboard();
    send("set depth 2");
    const lines = send("hint 4")
      .trimEnd()
      .split("\n")
      .filter((l) => l.startsWith("search "));
    expect(lines).toHaveLength(4);
    const moves = lines.map((l) => moveOf(l.split(" ")[1]!.slice(0, 2)));
    const children = session.searchChildren([]);
    const thought = session.lastThought!;
    if (thought.by !== "search") throw new Error("the opening was solved");
    expect(moves[0]).toBe(thought.report.move);
    const visits = moves.map((m) => children.find((c) => c.move === m)!.visits);
    expect(visits.slice(1)).toEqual([...visits.slice(1)].sort((a, b) => b - a));
    // Each line is a legal sequence from the position.
    for (const line of lines) {
      const pv = line
        .split(" ")[1]!
        .match(/[A-H][1-8]|PA/g)!
        .map((t) => moveOf(t));
      expect(() => gameOf(pv, session.position)).not.toThrow();
      expect(line.split(" ")[4]).toBe(String(pv.length));
    }
  });

  it("hint for a side that must pass evaluates the position after the pass, from its own side", () => {
    const { send, session } = nboard();
    send("set depth 1");
    send(`set game ${ggf(BEFORE_PASS)}`);
    const lines = send("hint 3").trimEnd().split("\n");
    expect(lines).toHaveLength(3);
    const m = /^search PA (-?\d+\.\d\d) 0 (\d+) after PA: wins (\d+\.\d)% of \d+ playouts$/.exec(lines[1]!);
    expect(m, lines[1]).not.toBeNull();
    // White's winning chance after the pass, turned into black's evaluation.
    expect(Number(m![1])).toBeCloseTo(-64 * ((2 * Number(m![3])) / 100 - 1), 0);
    expect(lines[2]).toBe("status");
    expect(session.game.moves).toEqual(BEFORE_PASS);
  });

  it("in an endgame the solver answers: its exact score is the evaluation, its depth 100%", () => {
    const game = new Game();
    for (let i = 0; game.position.empties() > 10; i++) {
      const moves = game.position.legalMoves();
      game.play(moves[(i * 7) % moves.length]!);
    }
    const { send } = nboard();
    send(`set depth ${TOP_LEVEL}`);
    send(`set game ${ggf(game.moves)}`);
    const exact = new Solver().solve(game.position);
    const hint = send("hint 3").split("\n");
    expect(hint[1]).toBe(
      `search ${formatGgfMove({ move: exact.move! })} ${exact.score.toFixed(2)} 0 100% solved exact`,
    );
    expect(send("go").split("\n")[1]).toMatch(
      new RegExp(`^=== ${formatGgfMove({ move: exact.move! })}/${exact.score.toFixed(2)}/[\\d.]+$`),
    );
  });

  it("analyze evaluates every position from the last to the start and leaves the game as it was", () => {
    const moves = [...squares("F5 D6 C3 D3 C4 F4")];
    const { send, session } = nboard();
    send("set depth 1");
    send(`set game ${ggf(moves)}`);
    const lines = send("analyze").trimEnd().split("\n");
    expect(lines[0]).toBe("status analysing 7 positions");
    expect(lines.slice(1, 8).map((l) => l.split(" ").slice(0, 2).join(" "))).toEqual(
      [6, 5, 4, 3, 2, 1, 0].map((k) => `analysis ${k}`),
    );
    for (const l of lines.slice(1, 8)) expect(l).toMatch(/^analysis \d+ -?\d+\.\d\d$/);
    expect(lines[8]).toBe("status");
    expect(session.game.moves).toEqual(moves);
  });

  it("analyze writes each position's line as soon as it is found, one part of the answer each", () => {
    const { session } = nboard();
    answerNBoard(session, "set depth 1");
    answerNBoard(session, `set game ${ggf(squares("F5 D6 C3"))}`);
    const parts = nboardParts(session, "analyze");
    expect(parts.map((p) => p.replace(/ -?\d+\.\d\d\n/, " EVAL\n"))).toEqual([
      "status analysing 4 positions\n",
      "analysis 3 EVAL\n",
      "analysis 2 EVAL\n",
      "analysis 1 EVAL\n",
      "analysis 0 EVAL\nstatus\n",
    ]);
    expect(session.game.moves).toEqual(squares("F5 D6 C3"));
  });

  it("analyze of a finished game gives the final position its exact score, from the side to move", () => {
    const wipeout = squares("D3 C3 B3 D2 E1 D6 D7 E3 F4");
    const { send } = nboard();
    send("set depth 1");
    send(`set game ${ggf(wipeout)}`);
    const last = gameOf(wipeout).position;
    expect(last.isGameOver()).toBe(true);
    const side = last.blackToMove ? 1 : -1;
    expect(send("analyze").split("\n")[1]).toBe(`analysis 9 ${(side * last.worldScore()).toFixed(2)}`);
  });

  it("learn answers learned (there is no book to learn into); quit ends", () => {
    const { session, send, log } = nboard();
    expect(send("learn")).toBe("learned\n");
    expect(log).toEqual(["learn: the opening book is fixed, nothing learned"]);
    expect(answerNBoard(session, "quit")).toEqual({ reply: "", end: true });
  });

  it("set depth below the top level plays that level; from the top up, the full engine at depth x 10000 visits", () => {
    const { send, session } = nboard();
    const visits = () => session.limits(session.position).visits;
    for (const { level, settings } of LEVELS.slice(0, -1)) {
      send(`set depth ${level}`);
      expect(visits(), `depth ${level}`).toBe(settings!.visits);
    }
    send(`set depth ${TOP_LEVEL}`);
    expect(visits()).toBe(TOP_LEVEL * PLAYOUTS_PER_DEPTH);
    send("set depth 60");
    expect(visits()).toBe(60 * PLAYOUTS_PER_DEPTH);
    send("set depth 2");
    expect(visits()).toBe(LEVELS[1]!.settings!.visits);
  });

  it("commands and set's variables are read in any case, CRLF and blanks around them accepted", () => {
    const { send, session } = nboard();
    expect(send("  PING 7\r")).toBe("pong 7\n");
    expect(send("SET Depth 12\r")).toBe("");
    expect(session.limits(session.position).visits).toBe(12 * PLAYOUTS_PER_DEPTH);
    expect(send("move f5\r")).toBe("");
    expect(session.game.moves).toEqual(squares("F5"));
  });
});

describe("NBoard bad input: a message on stderr, no reply, nothing changed", () => {
  const finished = squares("D3 C3 B3 D2 E1 D6 D7 E3 F4");
  it.each([
    ["nboard 3", "nboard: the protocol version: 3 is out of range"],
    ["nboard", "nboard: expected the protocol version, got nothing"],
    ["set depth 0", "set depth: the depth: 0 is out of range: expected 1 to 60"],
    ["set depth 61", "set depth: the depth: 61 is out of range"],
    ["set depth deep", 'set depth: the depth: expected a whole number from 1 to 60, got "deep"'],
    ["set contempt lots", 'set contempt: expected the contempt as a whole number, got "lots"'],
    ["set colour black", 'nboard: unknown command "set colour"'],
    ["set", 'nboard: unknown command "set"'],
    ["set game (;GM[Othello]", "set game: the game: expected a property"],
    [`set game ${ggf(squares("F5 F5"))}`, "set game: the game: move 2, W[F5]"],
    ["move A1", "move: A1 is illegal: the move flips no disc"],
    ["move PA", "move: PA is illegal: pass is legal only when the side to move has no legal move"],
    ["move F5 D6", 'move: expected one move like F5 or F5/1.50/2.1, got "F5 D6"'],
    ["move F5/x", 'move: the evaluation "x" of F5 is not a number'],
    ["ping", "ping: expected the ping as a whole number"],
    ["ping 1 2", 'ping: expected the ping as a whole number, got "1 2"'],
    ["hint 0", "hint: the number of hints: 0 is out of range"],
    ["hint", "hint: expected the number of hints, got nothing"],
    ["go now", 'go: takes no arguments, got "now"'],
    ["learn it", 'learn: takes no arguments, got "it"'],
    ["analyze all", 'analyze: takes no arguments, got "all"'],
    ["quit now", 'quit: takes no arguments, got "now"'],
    ["fly", 'nboard: unknown command "fly"'],
    [`ping ${"1".repeat(NBOARD_MAX_LINE)}`, `ping: the line is longer than ${NBOARD_MAX_LINE} bytes`],
  ])("%j", (line, message) => {
    const { send, session, log } = nboard();
    send(`set game ${ggf(squares("F5 D6"))}`);
    const game = session.game;
    const moves = [...game.moves];
    const limits = session.limits(session.position);
    expect(send(line)).toBe("");
    expect(log).toHaveLength(1);
    expect(log[0]).toContain(message);
    expect(session.game).toBe(game);
    expect(session.game.moves).toEqual(moves);
    expect(session.limits(session.position)).toEqual(limits);
  });

  it.each(["go", "hint 2"])("%s in a finished game: the game is over", (line) => {
    const { send, session, log } = nboard();
    send(`set game ${ggf(finished)}`);
    expect(session.game.isOver()).toBe(true);
    expect(send(line)).toBe("");
    expect(log).toEqual([`${line.split(" ")[0]}: the game is over (${NBOARD_COMMANDS[line.split(" ")[0]!]!.usage})`]);
  });
});
