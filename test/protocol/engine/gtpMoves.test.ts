import { describe, expect, it } from "vitest";
import { PASS, Position } from "../../../src/index.js";
import { finishedPosition, gtp, setEndgame, square } from "./gtpHelpers.js";

// GTP's moves: genmove for either colour, passes implied and explicit, reg_genmove, undo.

// Black to move with no move after these 14 plies; after black's pass white has d1, d3 and f7.
const BEFORE_BLACK_PASSES = "F5 F4 C3 E6 G4 C4 E7 C2 B3 A3 A2 A4 C1 A1".split(" ");

describe("GTP moves: genmove, reg_genmove and undo", () => {
  it("genmove plays a legal move for the colour and answers its vertex", () => {
    const { session, send } = gtp();
    const reply = send("genmove black");
    expect(reply).toMatch(/^= [C-F][3-6]\n\n$/);
    const move = square(reply.slice(2, 4));
    expect(Position.initial().isLegal(move)).toBe(true);
    expect(session.game.moves).toEqual([move]);
  });

  it("genmove for the colour not to move is a wrong color while the side to move has a move, and changes nothing", () => {
    const { session, sendAll, log } = gtp();
    expect(sendAll(["genmove white", "genmove purple", "genmove"])).toEqual([
      "? wrong color\n\n",
      "? syntax error\n\n",
      "? syntax error\n\n",
    ]);
    expect(session.game.moves).toEqual([]);
    expect(log).toEqual([
      "genmove: it is black's turn, and black has a legal move",
      'genmove: colour: "purple" is not a colour: expected black, b, white or w',
      "genmove: takes 1 argument (genmove colour), got 0",
    ]);
  });

  it("genmove answers pass when the colour has no move, and records the pass", () => {
    const { session, sendAll } = gtp();
    setEndgame(session);
    expect(sendAll(["genmove white", "genmove black", "genmove white"])).toEqual([
      "= pass\n\n",
      "= A7\n\n",
      "= A8\n\n",
    ]);
    expect(session.game.moves).toEqual([PASS, square("a7"), square("a8")]);
  });

  it("genmove for the colour not to move implies the pass of the side to move when it has none", () => {
    const { session, sendAll } = gtp();
    setEndgame(session);
    expect(sendAll(["genmove black", "genmove w"])).toEqual(["= A7\n\n", "= A8\n\n"]);
    expect(session.game.moves).toEqual([PASS, square("a7"), square("a8")]);
  });

  it("genmove in a finished game answers pass for either colour and changes nothing", () => {
    const { session, sendAll } = gtp();
    session.setPosition({ position: finishedPosition(10, 5), passes: 0 });
    expect(sendAll(["genmove black", "genmove white"])).toEqual(["= pass\n\n", "= pass\n\n"]);
    expect(session.game.moves).toEqual([]);
  });

  it("reg_genmove answers the move genmove would play and plays nothing", () => {
    const { session, sendAll } = gtp();
    const [reply] = sendAll(["reg_genmove b"]);
    expect(reply).toMatch(/^= [C-F][3-6]\n\n$/);
    expect(Position.initial().isLegal(square(reply!.slice(2, 4)))).toBe(true);
    expect(session.game.moves).toEqual([]);
    expect(sendAll(["reg_genmove white", "reg_genmove"])).toEqual(["? wrong color\n\n", "? syntax error\n\n"]);
    expect(session.game.moves).toEqual([]);
  });

  it("reg_genmove charges no time and uses up no byo-yomi stone; genmove does", () => {
    const { session, sendAll } = gtp();
    expect(sendAll(["time_settings 0 10 5", "reg_genmove b", "reg_genmove b"])).toEqual([
      "=\n\n",
      expect.stringMatching(/^= [A-H][1-8]\n\n$/),
      expect.stringMatching(/^= [A-H][1-8]\n\n$/),
    ]);
    expect(session.clock.timeLeft(true)).toBeNull();
    sendAll(["genmove b"]);
    expect(session.clock.timeLeft(true)!.stones).toBe(4);
  });

  it("reg_genmove thinks past an implied pass without playing it, and answers pass when forced or in a finished game", () => {
    const { session, sendAll } = gtp();
    setEndgame(session);
    expect(sendAll(["reg_genmove black", "reg_genmove white"])).toEqual(["= A7\n\n", "= pass\n\n"]);
    expect(session.game.moves).toEqual([]);
    expect(session.position.blackToMove).toBe(false);
    session.setPosition({ position: finishedPosition(10, 5), passes: 0 });
    expect(sendAll(["reg_genmove black", "reg_genmove white"])).toEqual(["= pass\n\n", "= pass\n\n"]);
  });

  it("the search tree of reg_genmove is reused by the genmove that follows, also past an implied pass", () => {
    const { session, log, sendAll } = gtp();
    // Bad input in between changes neither the position nor the tree.
    sendAll(["reg_genmove black", "play white d3", "genmove white", "undo", "boardsize 9", "play black d4"]);
    expect(session.game.moves).toEqual([]);
    expect(sendAll(["genmove black"])).toEqual([expect.stringMatching(/^= [C-F][3-6]\n\n$/)]);
    expect(log.at(-1)).toMatch(/reused [1-9]\d*,/);
    sendAll(["clear_board", ...BEFORE_BLACK_PASSES.map((v, i) => `play ${i % 2 === 0 ? "black" : "white"} ${v}`)]);
    expect(session.position.canMove()).toBe(false);
    const before = session.game.moves.length;
    const [suggested] = sendAll(["reg_genmove white"]);
    expect(suggested).toMatch(/^= (D1|D3|F7)\n\n$/);
    expect(session.game.moves.length).toBe(before);
    expect(sendAll(["genmove white"])[0]).toMatch(/^= (D1|D3|F7)\n\n$/);
    expect(log.at(-1)).toMatch(/reused [1-9]\d*,/);
    expect(session.game.moves.slice(before, before + 1)).toEqual([PASS]);
  });

  it("undo takes back the last move; with nothing to take back it cannot undo", () => {
    const { session, sendAll, log } = gtp();
    expect(sendAll(["undo", "play black d3", "play white c5", "undo", "undo", "undo"])).toEqual([
      "? cannot undo\n\n",
      "=\n\n",
      "=\n\n",
      "=\n\n",
      "=\n\n",
      "? cannot undo\n\n",
    ]);
    expect(session.position.equals(Position.initial())).toBe(true);
    expect(log).toEqual(["undo: the game has no moves since its start", "undo: the game has no moves since its start"]);
  });

  it("undo takes back an implied pass with the move that implied it, and an explicit pass alone", () => {
    const { session, sendAll } = gtp();
    setEndgame(session);
    expect(sendAll(["play black a7", "undo"])).toEqual(["=\n\n", "=\n\n"]);
    expect(session.game.moves).toEqual([]);
    expect(sendAll(["genmove black", "undo"])).toEqual(["= A7\n\n", "=\n\n"]);
    expect(session.game.moves).toEqual([]);
    expect(sendAll(["play white pass", "play black a7", "undo"])).toEqual(["=\n\n", "=\n\n", "=\n\n"]);
    expect(session.game.moves).toEqual([PASS]);
    expect(sendAll(["undo", "undo"])).toEqual(["=\n\n", "? cannot undo\n\n"]);
    // An implied pass after an undone one is still taken back with its move.
    expect(sendAll(["play black a7", "undo", "play black a7", "play white a8", "undo", "undo"])).toEqual(
      Array(6).fill("=\n\n"),
    );
    expect(session.game.moves).toEqual([]);
  });

  it("clear_board forgets the implied passes of the last game", () => {
    const { session, sendAll } = gtp();
    setEndgame(session);
    sendAll(["play black a7", "clear_board"]);
    expect(sendAll(["play black d3", "play white c5", "undo"])).toEqual(Array(3).fill("=\n\n"));
    expect(session.game.moves).toEqual([square("d3")]);
  });
});
