import { describe, expect, it } from "vitest";
import { parseEngineCommandLine } from "../../../protocol/engine/options.js";
import { converse, testSession } from "./helpers.js";

function reused(line: string | undefined): number {
  const m = /reused (\d+)/.exec(line ?? "");
  if (m === null) throw new Error(`no search report in "${line}"`);
  return Number(m[1]);
}

describe("the session's search", () => {
  it("reports each search on the diagnostic stream: playouts, speed, reuse, nodes, pruning, the move and the line", () => {
    const { session, log } = testSession();
    const [reply] = converse(session, ["genmove"]);
    expect(reply).toMatch(/^genmove [0-7] [0-7]$/);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatch(/^search: black: 200 playouts in \d+\.\d\d s \(\d+\/s\), reused 0, \d+ nodes, \d+ pruned; [A-H][1-8] \([0-7] [0-7]\) wins \d+\.\d% of \d+; pv( [A-H][1-8]| pass)+$/);
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
  it("set the time, the playouts and every search parameter", () => {
    const r = parse("--time", "2.5", "--playouts", "1000", "--search", "ucb", "--ucb-c", "1.4", "--pp-r", "1.5", "--pp-min-visits", "32", "--max-nodes", "100000");
    expect(r).toMatchObject({ ok: true, value: { options: { time: 2.5, playouts: 1000, search: { algorithm: "ucb", ucbC: 1.4, ppR: 1.5, ppMinVisits: 32, maxNodes: 100000 } } } });
    expect(parse("--pp-r", "3", "--no-pp")).toMatchObject({ ok: true, value: { options: { search: { ppR: 0 } } } });
  });
  it.each([
    [["--time", "0"], "--time: 0 is out of range"],
    [["--time", "-1"], "--time: expected a number"],
    [["--time", "1e9"], "--time: expected a number"],
    [["--playouts", "0"], "--playouts: 0 is out of range"],
    [["--search", "mcts"], '--search: expected uct, ucb or random, got "mcts"'],
    [["--ucb-c", "1000"], "--ucb-c: 1000 is out of range"],
    [["--pp-r", "x"], "--pp-r: expected a number"],
    [["--max-nodes", "10"], "--max-nodes: 10 is out of range"],
    [["--max-nodes", "20000001"], "--max-nodes: 20000001 is out of range"],
    [["--playouts", "10000001"], "--playouts: 10000001 is out of range"],
    [["--no-pp=1"], "--no-pp takes no value"],
  ])("reject %j", (args, message) => {
    const r = parse(...args);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toContain(message);
  });
});
