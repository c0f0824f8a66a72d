import { describe, expect, it } from "vitest";
import { parseEngineCommandLine } from "../../../protocol/engine/options.js";
import { Session } from "../../../protocol/engine/session.js";
import { gtpProtocol } from "../../../protocol/engine/gtp.js";
import { otpProtocol } from "../../../protocol/engine/otp.js";
import type { Answer } from "../../../protocol/engine/serve.js";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { EngineOptions } from "../../../protocol/engine/engineOptions.js";
import {
  CLASSIC_SEARCH_PARAMS,
  Evaluation,
  type ObfProblem,
  Position,
  formatCode,
  formatVertex,
  parseCode,
  parseObf,
  parseOtpMove,
  zeroWeights,
} from "../../../src/index.js";
import { SteppingClock, TEST_OPTIONS, converse, nboardParts, testSession, reused } from "./helpers.js";

describe("the session's search", () => {
  it("reports each search on the diagnostic stream: playouts, speed, reuse, nodes, pruning, the move and the line", () => {
    const { session, log } = testSession();
    const [reply] = converse(session, ["genmove"]);
    expect(reply).toMatch(/^genmove [0-7] [0-7]$/);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatch(
      /^search: black: 200 visits in \d+\.\d\d s \(\d+\/s; eval leaves, priors, 0 solved, first visit after \d+ ms\), reused 0, \d+ nodes, \d+ pruned; [A-H][1-8] \([0-7] [0-7]\) wins \d+\.\d% of \d+; pv( [A-H][1-8]| pass)+$/,
    );
  });

  it("keeps its tree across a genmove and the reply, and starts afresh after undo, clear_board and code", () => {
    const { session, log } = testSession();
    converse(session, ["genmove"]);
    const reply = session.position.legalSquares()[0]!;
    converse(session, [`play ${reply >> 3} ${reply & 7}`, "genmove"]);
    expect(reused(log[1])).toBeGreaterThan(0);
    converse(session, ["undo", "genmove"]);
    expect(reused(log[2])).toBe(0);
    converse(session, ["genmove", "clear_board", "genmove"]);
    expect(reused(log[4])).toBe(0);
  });

  it("moves its tree to a move the controller plays, before the next genmove, keeping what was found below it", () => {
    const { session } = testSession();
    converse(session, ["genmove"]);
    const ours = session.game.moves.at(-1)!;
    const reply = session.searchChildren([ours]).reduce((a, b) => (b.visits > a.visits ? b : a));
    const below = session.searchChildren([ours, reply.move]);
    expect(below.some((c) => c.visits > 0)).toBe(true);
    expect(session.play(reply.move).ok).toBe(true);
    expect(session.searchChildren([])).toEqual(below);
  });

  it("over OTP, leaves its tree where it was at play and between commands: the next genmove moves it, in its own time", () => {
    const { session, log } = testSession();
    const protocol = otpProtocol(session, "\n");
    expect(protocol.idle).toBeUndefined();
    converse(session, ["genmove"]);
    const searched = session.searchChildren([]);
    const ours = session.game.moves.at(-1)!;
    const reply = session.searchChildren([ours]).reduce((a, b) => (b.visits > a.visits ? b : a));
    const kept = reply.visits;
    expect(kept).toBeGreaterThan(0);
    converse(session, [`play ${reply.move >> 3} ${reply.move & 7}`]);
    expect(session.searchChildren([])).toEqual(searched);
    converse(session, ["genmove"]);
    expect(reused(log[1])).toBe(kept);
  });

  it("moves its tree to its own move between commands (tidy), keeping what was found below it", () => {
    const { session, log } = testSession();
    converse(session, ["genmove"]);
    const ours = session.game.moves.at(-1)!;
    const below = session.searchChildren([ours]);
    expect(below.some((c) => c.visits > 0)).toBe(true);
    // Until then the tree's root is the position searched.
    expect(session.searchChildren([])).not.toEqual(below);
    session.tidy();
    expect(session.searchChildren([])).toEqual(below);
    // Only once: the next genmove searches from there, the visits kept.
    session.tidy();
    expect(session.searchChildren([])).toEqual(below);
    converse(session, ["genmove"]);
    expect(reused(log[1])).toBe(below.reduce((sum, c) => sum + c.visits, 0) + 1);
  });

  it("over GTP, does that as the protocol's idle work", () => {
    const { session } = testSession();
    const protocol = gtpProtocol(session);
    for (const line of ["boardsize 8", "genmove b"]) {
      for (let part: Answer | undefined = protocol.answer(line); part !== undefined; part = part.then?.());
      protocol.idle?.();
    }
    const ours = session.game.moves.at(-1)!;
    expect(ours).toBeDefined();
    expect(session.searchChildren([]).map((c) => c.move)).toEqual(session.position.legalMoves());
  });

  it("plays forced passes and single moves at once, and says so", () => {
    const { session, log } = testSession();
    converse(session, [`code ${"2".repeat(60)}1000` + "10", "genmove"]);
    expect(log.at(-1)).toBe("search: black has no legal move, pass");
    converse(session, [`code ${"1".repeat(64)}10`, "genmove"]);
    expect(log.at(-1)).toBe("search: black: the game is over, pass");
  });
});

describe("search options", () => {
  const parse = (...args: string[]) => parseEngineCommandLine(args);
  it("set the time, the visits and every search parameter", () => {
    const r = parse(
      "--time",
      "2.5",
      "--visits",
      "1000",
      "--search",
      "ucb",
      "--tune",
      "ucbC=1.4",
      "--pp-r",
      "1.5",
      "--tune",
      "ppMinVisits=32",
      "--max-nodes",
      "100000",
    );
    expect(r).toMatchObject({
      ok: true,
      value: {
        options: {
          time: 2.5,
          visits: 1000,
          search: { algorithm: "ucb", ucbC: 1.4, ppR: 1.5, ppMinVisits: 32, maxNodes: 100000 },
        },
      },
    });
    expect(parse("--solve-empties", "12")).toMatchObject({
      ok: true,
      value: { options: { search: { solveEmpties: 12 } } },
    });
    expect(parse("--solve-empties", "0")).toMatchObject({
      ok: true,
      value: { options: { search: { solveEmpties: 0 } } },
    });
    expect(parse("--progress", "0.25")).toMatchObject({ ok: true, value: { options: { progress: 0.25 } } });
    expect(parse("--search", "alphabeta", "--depth", "8", "--weights", "w.weights")).toMatchObject({
      ok: true,
      value: { options: { weights: "w.weights", chooser: "alphabeta", alphaBetaDepth: 8 } },
    });
  });
  it.each([
    [["--time", "0"], "--time: 0 is out of range"],
    [["--time", "-1"], "--time: expected a number"],
    [["--time", "1e9"], "--time: expected a number"],
    [["--visits", "0"], "--visits: 0 is out of range"],
    [["--search", "mcts"], '--search: expected uct, ucb, random or alphabeta, got "mcts"'],
    [["--depth", "31"], "--depth: 31 is out of range: expected 1 to 30"],
    [["--weights", ""], "--weights: the value is empty"],
    [["--tune", "ucbC=1000"], "--tune: ucbC: 1000 is out of range"],
    [["--pp-r", "x"], "--pp-r: expected a number"],
    [["--max-nodes", "10"], "--max-nodes: 10 is out of range"],
    [["--max-nodes", "32000001"], "--max-nodes: 32000001 is out of range"],
    [["--playouts", "10000001"], "--playouts: 10000001 is out of range"],
    [["--no-pp"], 'unknown option "--no-pp"'],
    [["--solve-empties", "15"], "--solve-empties: 15 is out of range"],
    [["--progress", "0"], "--progress: 0 is out of range"],
    [["--solve-empties", "-1"], "--solve-empties: expected a whole number"],
  ])("reject %j", (args, message) => {
    const r = parse(...args);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toContain(message);
  });
});

describe("the session's endgame solver", () => {
  const FFORUM = readFileSync(join(import.meta.dirname, "../../positions/fforum-1-19.obf"), "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "");
  const problem = (n: number): ObfProblem => {
    const parsed = parseObf(FFORUM[n - 1]!);
    if (!parsed.ok) throw new Error(parsed.error);
    return parsed.value;
  };

  it.each(FFORUM.map((_, i) => i + 1))(
    "fforum %i: genmove plays a best move, proven by an exact solve within its time",
    (n) => {
      const { position, moves } = problem(n);
      const { session, log } = testSession({ visits: undefined, time: 8 });
      session.setPosition({ position, passes: 0 });
      const [reply] = converse(session, ["genmove"]);
      const played = parseOtpMove(reply!.slice("genmove ".length));
      const best = Math.max(...moves.map((m) => m.score));
      expect(played.ok && moves.find((m) => m.move === played.value)?.score).toBe(best);
      expect(log).toHaveLength(1);
      expect(log[0]).toMatch(
        new RegExp(
          `^solve: (black|white): ${best < 0 ? "proven loss" : "solved exact"} ${best > 0 ? "\\+" : ""}${best}, \\d+ nodes in `,
        ),
      );
    },
  );

  it("with less to spend it proves a win by a win/draw/loss solve, and plays a winning move", () => {
    // Problem 13: 16 empties, B7 wins by 14. 4,000 playouts' worth of work affords a WLD solve, not an exact one.
    const { position, moves } = problem(13);
    const { session, log } = testSession({ visits: 4000 });
    session.setPosition({ position, passes: 0 });
    const [reply] = converse(session, ["genmove"]);
    const played = parseOtpMove(reply!.slice("genmove ".length));
    expect(played.ok && moves.find((m) => m.move === played.value)!.score).toBeGreaterThan(0);
    expect(log[0]).toMatch(/^solve: black: solved win, \d+ nodes/);
  });

  it("leaves the move to the search when the solve does not fit, or cannot finish", () => {
    const { session, log } = testSession({ visits: 200 });
    session.setPosition({ position: problem(1).position, passes: 0 });
    converse(session, ["genmove"]);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatch(/^search: black: 200 visits/);
  });
});

describe("colours through the protocol", () => {
  /** Mirror across the main diagonal: (x, y) -> (y, x). */
  const transpose = (s: number): number => (s & 7) * 8 + (s >> 3);
  /** The position mirrored, with the colours swapped and the other side to move: the same game for the other colour. */
  function mirroredForTheOtherColour(code: string): string {
    const p = parseCode(code);
    if (!p.ok) throw new Error(p.error);
    const discs = Array.from({ length: 64 }, (_, s) => [0, 2, 1][p.value.position.discAt(transpose(s))] as 0 | 1 | 2);
    return formatCode(Position.fromDiscs(discs, !p.value.position.blackToMove));
  }
  const genmove = (code: string, options: Partial<EngineOptions>): number => {
    const { session } = testSession(options);
    const [, reply] = converse(session, [`code ${code}`, "genmove"]);
    const move = parseOtpMove(reply!.slice("genmove ".length));
    if (!move.ok) throw new Error(move.error);
    return move.value;
  };

  it.each([
    // Black b1, d3, c3; white c1, d2: black d1 (3) takes both white discs; decided by the search (58 empties).
    ["a wipe-out", "012000000002000000110000000000000000000000000000000000000000000010", 3, { visits: 5000 }],
    // Eight empties, the one available corner (a1 = 0) is the only win; decided by the solver.
    ["a winning corner", "022222210111122100112121222221212221212122221221222112002222220010", 0, { visits: 200 }],
  ] as const)(
    "%s: black to move plays it, and white to move in the mirrored position plays the mirrored move",
    (_what, code, best, options) => {
      const black = parseCode(code);
      expect(black.ok && black.value.position.blackToMove).toBe(true);
      expect(genmove(code, options)).toBe(best);
      const white = mirroredForTheOtherColour(code);
      expect(white.slice(64, 65)).toBe("2");
      expect(genmove(white, options)).toBe(transpose(best));
    },
  );
});

describe("the session with --search alphabeta", () => {
  const evaluation = new Evaluation(zeroWeights(13));

  it("plays the alpha-beta player's move, as deep as --depth when time allows", () => {
    const log: string[] = [];
    const session = new Session(
      { ...TEST_OPTIONS, visits: undefined, chooser: "alphabeta", alphaBetaDepth: 3 },
      (t) => void log.push(t),
      undefined,
      evaluation,
    );
    const [reply] = converse(session, ["genmove"]);
    expect(reply).toMatch(/^genmove (2 3|3 2|4 5|5 4)$/);
    expect(log.at(-1)).toMatch(
      /^alphabeta: black: depth 3, \d+ nodes in \d+\.\d\d s \(\d+\/s\); [CDEF][3-6] \(\d \d\) [+-]?\d+\.\d\d discs$/,
    );
  });

  it("NBoard's go and hint show the alpha-beta value after one search, not a game played out", () => {
    const log: string[] = [];
    const session = new Session(
      {
        ...TEST_OPTIONS,
        protocol: "nboard",
        visits: undefined,
        chooser: "alphabeta",
        alphaBetaDepth: 3,
      },
      (t) => void log.push(t),
      undefined,
      evaluation,
    );
    const send = (line: string): string => nboardParts(session, line).join("");
    expect(send("go")).toMatch(/^status thinking.*\n=== [CDEF][3-6]\/0\.00\/[\d.]+\n$/);
    expect(send("hint 3")).toMatch(/^status searching.*\nsearch [CDEF][3-6] 0\.00 0 3 alpha-beta depth 3\nstatus\n$/);
    expect(log.filter((line) => line.startsWith("alphabeta:"))).toHaveLength(2);
  });

  it("stops at the move's time with the deepest finished iteration", () => {
    const log: string[] = [];
    // Each clock read is 50 ms and the clock is read every 1024 nodes: 1 s allows about 20 reads.
    const clock = new SteppingClock(50);
    const session = new Session(
      {
        ...TEST_OPTIONS,
        visits: undefined,
        time: 1,
        chooser: "alphabeta",
        alphaBetaDepth: 30,
      },
      (t) => void log.push(t),
      clock.now,
      evaluation,
    );
    converse(session, ["genmove", "genmove", "genmove", "genmove"]);
    const depth = Number(/depth (\d+)/.exec(log.at(-1)!)![1]);
    expect(depth).toBeGreaterThanOrEqual(1);
    expect(depth).toBeLessThan(30);
    expect(clock.elapsed).toBeLessThan(4 * 1000 + 500);
  });

  it("is a bug to ask for alpha-beta, or for evaluated leaves, without an evaluation; the classic search needs none", () => {
    expect(() => new Session({ ...TEST_OPTIONS, chooser: "alphabeta" }, () => {})).toThrow(
      /session made with an evaluation/,
    );
    expect(() => new Session({ ...TEST_OPTIONS, search: { ...TEST_OPTIONS.search, leaf: "eval" } }, () => {})).toThrow(
      /session made with an evaluation/,
    );
    const classic = new Session({ ...TEST_OPTIONS, search: { ...CLASSIC_SEARCH_PARAMS, maxNodes: 20_000 } }, () => {});
    const move = classic.genmove();
    expect(["c4", "d3", "e6", "f5"]).toContain(formatVertex(move).toLowerCase());
    // It searched, with random playouts and no priors: nothing of the evaluation was used.
    const thought = classic.lastThought;
    expect(thought?.by).toBe("search");
    if (thought?.by !== "search") return;
    expect(thought.report.leaf).toBe("playout");
    expect(thought.report.priors).toBe(false);
  });
});
