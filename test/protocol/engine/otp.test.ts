import { describe, expect, it } from "vitest";
import { PASS, Position, formatCode, parseCode } from "../../../src/index.js";
import { LEVELS, TOP_LEVEL } from "../../../protocol/engine/levels.js";
import { OTP_COMMANDS, OTP_MAX_LINE, answerOtp, otpProtocol } from "../../../protocol/engine/otp.js";
import { converse, testSession } from "./helpers.js";

const START = formatCode(Position.initial());
// White to move with no move (a forced pass); after it black's only move is (6, 0), then white's (7, 0), then the game is over.
const ENDGAME = "222222202222220122222211222121112212111122211111022221110111111120";

function codeOf(position: Position): string {
  return formatCode(position).slice(0, 65);
}

describe("OTP commands", () => {
  it("name answers the configured name", () => {
    const { session } = testSession({ name: "r12345678" });
    expect(converse(session, ["name"])).toEqual(["name r12345678"]);
  });

  it("clear_board starts a new game and empties the history", () => {
    const { session } = testSession();
    expect(converse(session, ["play 2 3", "clear_board", "undo"])).toEqual(["play", "clear_board", "undo"]);
    expect(session.position.equals(Position.initial())).toBe(true);
    expect(session.game.moves).toEqual([]);
  });

  it("showboard draws the course board on the log, never in the reply", () => {
    const { session, log } = testSession();
    expect(converse(session, ["showboard"])).toEqual(["showboard"]);
    expect(log).toEqual([
      "X's turn\n.|0|1|2|3|4|5|6|7|\n0|.|.|.|.|.|.|.|.|\n1|.|.|.|.|.|.|.|.|\n2|.|.|.|.|.|.|.|.|\n3|.|.|.|O|X|.|.|.|\n4|.|.|.|X|O|.|.|.|\n5|.|.|.|.|.|.|.|.|\n6|.|.|.|.|.|.|.|.|\n7|.|.|.|.|.|.|.|.|",
    ]);
  });

  it("play plays for the side to move, x the row and y the column", () => {
    const { session } = testSession();
    expect(converse(session, ["play 2 3", "play 2 2"])).toEqual(["play", "play"]);
    expect(session.game.moves).toEqual([19, 18]);
    expect(session.position.blackToMove).toBe(true);
  });

  it("play 8 0 passes when the side to move has no move", () => {
    const { session } = testSession();
    converse(session, [`code ${ENDGAME}`]);
    expect(converse(session, ["play 8 0"])).toEqual(["play"]);
    expect(session.game.moves).toEqual([PASS]);
  });

  it("genmove plays a legal move for the side to move and answers it as x y", () => {
    const { session } = testSession();
    const reply = converse(session, ["genmove"])[0]!;
    expect(reply).toMatch(/^genmove [2-5] [2-5]$/);
    const [x, y] = reply.split(" ").slice(1).map(Number);
    expect(session.game.moves).toEqual([x! * 8 + y!]);
    expect(Position.initial().isLegal(x! * 8 + y!)).toBe(true);
  });

  it("genmove passes when forced, plays the only move, and answers 8 0 in a finished game without changing it", () => {
    const { session } = testSession();
    converse(session, [`code ${ENDGAME}`]);
    expect(converse(session, ["genmove", "genmove", "genmove"])).toEqual(["genmove 8 0", "genmove 6 0", "genmove 7 0"]);
    expect(session.game.isOver()).toBe(true);
    expect(converse(session, ["genmove", "genmove", "play 8 0", "final_score"])).toEqual([
      "genmove 8 0",
      "genmove 8 0",
      "play",
      "final_score 0",
    ]);
    expect(session.game.moves).toEqual([PASS, 48, 56]);
  });

  it("genmove with the same seed repeats the same game", () => {
    const a = testSession({ seed: 42 }).session;
    const b = testSession({ seed: 42 }).session;
    const moves = Array.from({ length: 70 }, () => "genmove");
    expect(converse(a, moves)).toEqual(converse(b, moves));
  });

  it("a whole random game by genmove alone ends with both sides passing", () => {
    const { session } = testSession({ seed: 7 });
    const replies: string[] = [];
    for (let i = 0; i < 80 && !session.game.isOver(); i++) replies.push(converse(session, ["genmove"])[0]!);
    expect(session.game.isOver()).toBe(true);
    expect(converse(session, ["genmove", "genmove"])).toEqual(["genmove 8 0", "genmove 8 0"]);
    for (const reply of replies) expect(reply).toMatch(/^genmove [0-8] [0-7]$/);
  });

  it("playgen plays the given move, then the engine's", () => {
    const { session } = testSession();
    const reply = converse(session, ["playgen 2 3"])[0]!;
    expect(reply).toMatch(/^playgen [0-7] [0-7]$/);
    expect(session.game.moves.length).toBe(2);
    expect(session.game.moves[0]).toBe(19);
  });

  it("playgen that ends the game answers 8 0", () => {
    const { session } = testSession();
    converse(session, [`code ${ENDGAME}`, "play 8 0", "play 6 0"]);
    expect(converse(session, ["playgen 7 0"])).toEqual(["playgen 8 0"]);
    expect(session.game.moves).toEqual([PASS, 48, 56]);
  });

  it("undo takes back one move and undoundo two, passes included", () => {
    const { session } = testSession();
    converse(session, [`code ${ENDGAME}`, "play 8 0", "play 6 0", "play 7 0"]);
    expect(converse(session, ["undo", "final_score"])).toEqual(["undo", "final_score 5"]);
    expect(converse(session, ["undoundo", "final_score"])).toEqual(["undoundo", "final_score -6"]);
    expect(codeOf(session.position)).toBe(ENDGAME.slice(0, 64) + "2");
  });

  it("final_score is black minus white, empty squares not counted", () => {
    const { session } = testSession();
    expect(converse(session, ["final_score", "play 2 3", "final_score"])).toEqual([
      "final_score 0",
      "play",
      "final_score 3",
    ]);
  });

  it("code sets the position, the side to move and the pass counter", () => {
    const { session } = testSession();
    expect(converse(session, [`code ${ENDGAME}`])).toEqual(["code"]);
    expect(session.position.blackToMove).toBe(false);
    expect(session.game.passes).toBe(0);
    expect(converse(session, ["final_score"])).toEqual(["final_score -6"]);
    converse(session, [`code ${START.slice(0, 64)}12`]);
    expect(session.position.equals(Position.initial())).toBe(true);
    expect(session.game.passes).toBe(2);
  });

  it("time_settings and time_left fill the session's clock", () => {
    const { session } = testSession();
    expect(converse(session, ["time_settings 300 10 5", "time_left w 12.5 3", "time_left BLACK 200 0"])).toEqual([
      "time_settings",
      "time_left",
      "time_left",
    ]);
    expect(session.clock.settings).toEqual({ mainSeconds: 300, byoYomiSeconds: 10, byoYomiStones: 5 });
    expect(session.clock.timeLeft(true)).toEqual({ seconds: 200, stones: 0 });
    expect(session.clock.timeLeft(false)).toEqual({ seconds: 12.5, stones: 3 });
    converse(session, ["time_settings 0 1 0"]);
    expect(session.clock.timeLeft(true)).toBeNull();
    expect(session.clock.timeLeft(false)).toBeNull();
  });

  it("level N plays level N from now on, 10 the engine as its options say", () => {
    const { session } = testSession();
    const visits = () => session.limits(session.position).visits;
    const top = visits();
    expect(converse(session, ["level 1"])).toEqual(["level"]);
    expect(visits()).toBe(LEVELS[0]!.settings!.visits);
    // Refused (the reason on the log): the level stays.
    expect(converse(session, ["level 11"])).toEqual(["level"]);
    expect(visits()).toBe(LEVELS[0]!.settings!.visits);
    expect(converse(session, [`level ${TOP_LEVEL}`])).toEqual(["level"]);
    expect(visits()).toBe(top);
  });

  it("quit replies and ends the session; no other command does", () => {
    const { session } = testSession();
    expect(answerOtp(session, "quit")).toEqual({ reply: "quit", end: true });
    for (const word of Object.keys(OTP_COMMANDS).filter((w) => w !== "quit"))
      expect(answerOtp(session, word).end).toBe(false);
  });

  it("command words are case-insensitive and the reply uses the lower-case word", () => {
    const { session } = testSession();
    expect(converse(session, ["NAME", "Play 2 3", "FINAL_SCORE"])).toEqual(["name tester", "play", "final_score 3"]);
  });

  it("anything else is an unknown command, logged", () => {
    const { session, log } = testSession();
    expect(converse(session, ["hello", "boardsize 8", "play2 3"])).toEqual([
      "unknown command",
      "unknown command",
      "unknown command",
    ]);
    expect(log).toEqual(['unknown command "hello"', 'unknown command "boardsize"', 'unknown command "play2"']);
  });

  it("a blank line is no command and gets no reply", () => {
    const { session, log } = testSession();
    expect(converse(session, ["", "   ", "\r", "\t"])).toEqual(["", "", "", ""]);
    expect(log).toEqual([]);
  });

  it("--verbose draws the board after every change of the position, and only then", () => {
    const { session, log } = testSession({ verbose: true });
    converse(session, ["name", "play 2 3", "play 0 0", "final_score"]);
    expect(log.length).toBe(2);
    expect(log[0]).toMatch(/^O's turn\n/);
    expect(log[1]).toMatch(/^play: /);
  });
});

describe("OTP bad input: the bare command word, the reason logged, the position unchanged", () => {
  const cases: [string, string, RegExp][] = [
    ["play 3 3", "play", /^play: 3 3 is illegal: the square is occupied$/],
    ["play 0 0", "play", /^play: 0 0 is illegal: the move flips no disc$/],
    ["play 8 0", "play", /^play: 8 0 is illegal: pass is legal only when/],
    ["play 9 9", "play", /^play: \(9, 9\) is off the board/],
    ["play 8 1", "play", /^play: \(8, 1\) is off the board/],
    ["play 100 3", "play", /^play: expected a move as two numbers/],
    ["play -1 3", "play", /^play: expected a move as two numbers/],
    ["play a b", "play", /^play: expected a move as two numbers "x y", got "a b"$/],
    ["play 2.0 3", "play", /^play: expected a move as two numbers/],
    ["play 2 3 4", "play", /^play: takes 2 arguments \(play x y\), got 3$/],
    ["play 2", "play", /^play: takes 2 arguments \(play x y\), got 1$/],
    ["play", "play", /^play: takes 2 arguments \(play x y\), got 0$/],
    ["playgen 3 3", "playgen", /^playgen: 3 3 is illegal: the square is occupied$/],
    ["playgen 2", "playgen", /^playgen: takes 2 arguments/],
    ["code", "code", /^code: takes 1 argument \(code DIGITS66\), got 0$/],
    ["code 12", "code", /^code: code takes 66 digits .*got 2$/],
    [`code ${"0".repeat(67)}`, "code", /^code: code takes 66 digits .*got 67$/],
    [`code ${"0".repeat(65)}x`, "code", /^code: code takes 66 digits; found "x" at position 66$/],
    [`code ${"3".repeat(64)}10`, "code", /^code: square digit 1 \(row 0, column 0\) is 3/],
    [`code ${"0".repeat(64)}30`, "code", /^code: side-to-move digit is 3/],
    [`code ${"0".repeat(64)}13`, "code", /^code: pass counter is 3/],
    [`code ${"0".repeat(64)} 10`, "code", /^code: takes 1 argument \(code DIGITS66\), got 2$/],
    ["name please", "name", /^name: takes no arguments \(name\), got 1$/],
    ["clear_board now", "clear_board", /^clear_board: takes no arguments/],
    ["genmove black", "genmove", /^genmove: takes no arguments/],
    ["final_score now", "final_score", /^final_score: takes no arguments/],
    ["undo 2", "undo", /^undo: takes no arguments/],
    ["quit now", "quit", /^quit: takes no arguments/],
    ["time_settings 300 0", "time_settings", /^time_settings: takes 3 arguments/],
    ["time_settings -1 0 0", "time_settings", /^time_settings: main_time: expected a number of seconds/],
    ["time_settings 300 x 0", "time_settings", /^time_settings: byo_yomi_time: expected a number of seconds/],
    ["time_settings 300 0 1.5", "time_settings", /^time_settings: byo_yomi_stones: expected a whole number/],
    [
      "time_settings 99999999999 0 0",
      "time_settings",
      /^time_settings: main_time: 99999999999 seconds is out of range/,
    ],
    ["time_left purple 10 0", "time_left", /^time_left: colour: "purple" is not a colour/],
    ["time_left b ten 0", "time_left", /^time_left: seconds: expected a number of seconds/],
    ["time_left b 10 5000", "time_left", /^time_left: stones: 5000 is out of range/],
    ["time_left b 10", "time_left", /^time_left: takes 3 arguments/],
    ["level 0", "level", /^level: 0 is out of range: expected 1 to 10$/],
    ["level 11", "level", /^level: 11 is out of range: expected 1 to 10$/],
    ["level three", "level", /^level: expected a whole number from 1 to 10, got "three"$/],
    ["level", "level", /^level: takes 1 argument \(level N \(1 to 10\)\), got 0$/],
  ];
  for (const [line, reply, reason] of cases) {
    it(JSON.stringify(line), () => {
      const { session, log } = testSession();
      converse(session, ["play 2 3", "time_settings 60 0 0"]);
      const before = formatCode(session.position, session.game.passes);
      const moves = [...session.game.moves];
      const clock = JSON.stringify(session.clock);
      expect(answerOtp(session, line)).toEqual({ reply, end: false });
      expect(log).toHaveLength(1);
      expect(log[0]).toMatch(reason);
      expect(formatCode(session.position, session.game.passes)).toBe(before);
      expect(session.game.moves).toEqual(moves);
      expect(JSON.stringify(session.clock)).toBe(clock);
    });
  }

  it("undo and undoundo with no move to take back", () => {
    const { session, log } = testSession();
    expect(converse(session, ["undo", "undoundo"])).toEqual(["undo", "undoundo"]);
    expect(log).toEqual([
      "undo: cannot take back 1 move: the game has none since its start or last code",
      "undoundo: cannot take back 2 moves: the game has none since its start or last code",
    ]);
  });

  it("undoundo with a single move takes back nothing", () => {
    const { session, log } = testSession();
    converse(session, ["play 2 3"]);
    expect(converse(session, ["undoundo"])).toEqual(["undoundo"]);
    expect(session.game.moves).toEqual([19]);
    expect(log[0]).toMatch(/the game has 1 since its start/);
  });

  it("undo does not go back past a position set by code", () => {
    const { session } = testSession();
    converse(session, ["play 2 3", `code ${ENDGAME}`]);
    expect(converse(session, ["undo"])).toEqual(["undo"]);
    expect(codeOf(session.position)).toBe(ENDGAME.slice(0, 64) + "2");
  });

  it("a line longer than the limit keeps its command word, and is not carried out", () => {
    const { session, log } = testSession();
    const long = `play 2 3${" ".repeat(OTP_MAX_LINE)}`;
    expect(converse(session, [long, `hello${"x".repeat(5000)}`])).toEqual(["play", "unknown command"]);
    expect(session.game.moves).toEqual([]);
    expect(log[0]).toBe(`play: the line is longer than ${OTP_MAX_LINE} bytes`);
    expect(log[1]!.length).toBeLessThan(80);
  });

  it("binary garbage is an unknown command, logged with its bytes escaped", () => {
    const { session, log } = testSession();
    expect(converse(session, ["\x00\xff\x01play 2 3", "\x1b[A"])).toEqual(["unknown command", "unknown command"]);
    expect(log).toEqual(['unknown command "\\x00\\xff\\x01play"', 'unknown command "\\x1b[A"']);
    expect(session.game.moves).toEqual([]);
  });

  it("a trailing CR (CRLF line ends) and extra spaces or tabs are ignored", () => {
    const { session } = testSession();
    expect(converse(session, ["name\r", "  play\t2   3 \r", "final_score\r"])).toEqual([
      "name tester",
      "play",
      "final_score 3",
    ]);
  });
});

describe("otpProtocol", () => {
  it("frames replies with the transport's terminator, and blank lines not at all", () => {
    const { session } = testSession();
    const lines = otpProtocol(session, "\n");
    const unframed = otpProtocol(session, "");
    expect(lines.answer("name")).toEqual({ reply: "name tester\n", end: false });
    expect(unframed.answer("name")).toEqual({ reply: "name tester", end: false });
    expect(lines.answer("")).toEqual({ reply: "", end: false });
    expect(unframed.answer("quit")).toEqual({ reply: "quit", end: true });
    expect(lines.maxLineLength).toBe(OTP_MAX_LINE);
  });

  it("a code line fits well within the line limit", () => {
    expect(`code ${START}`.length).toBeLessThan(OTP_MAX_LINE);
    expect(parseCode(START).ok).toBe(true);
  });
});
