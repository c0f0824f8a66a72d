import { describe, expect, it } from "vitest";
import packageJson from "../../../package.json" with { type: "json" };
import { PASS, Position, drawGtpBoard } from "../../../src/index.js";
import { GTP_COMMANDS, GTP_MAX_LINE, preprocessGtpLine } from "../../../protocol/engine/gtp.js";
import { LEVELS, TOP_LEVEL } from "../../../protocol/engine/levels.js";
import { finishedPosition, gtp, setEndgame, square } from "./gtpHelpers.js";

// The shortest game: black wipes white out in 9 plies.
const WIPEOUT = "D3 C3 B3 D2 E1 D6 D7 E3 F4".split(" ");

const ALL_COMMANDS = [
  "protocol_version",
  "name",
  "version",
  "known_command",
  "list_commands",
  "list_games",
  "set_game",
  "boardsize",
  "clear_board",
  "komi",
  "play",
  "genmove",
  "reg_genmove",
  "undo",
  "time_settings",
  "time_left",
  "level",
  "final_score",
  "showboard",
  "quit",
];

describe("GTP framing", () => {
  it("answers = result and an empty line, or ? message and an empty line, with the id right after = or ?", () => {
    const { sendAll } = gtp();
    expect(sendAll(["protocol_version", "7 protocol_version", "12 bogus", "bogus"])).toEqual([
      "= 2\n\n",
      "=7 2\n\n",
      "?12 unknown command\n\n",
      "? unknown command\n\n",
    ]);
  });

  it("an empty result is = alone", () => {
    const { sendAll } = gtp();
    expect(sendAll(["clear_board", "3 clear_board"])).toEqual(["=\n\n", "=3\n\n"]);
  });

  it("a line that is empty once preprocessed gets no reply: blank lines, spaces, comments, control characters", () => {
    const { sendAll } = gtp();
    expect(sendAll(["", "   ", "\t", "# a comment", "  # indented comment", "\r", "\x01\x02"])).toEqual([
      "",
      "",
      "",
      "",
      "",
      "",
      "",
    ]);
  });

  it("preprocessing drops control characters but HT and LF, turns HT into a space, and cuts comments", () => {
    expect(preprocessGtpLine("play\tblack\td3\r")).toBe("play black d3");
    expect(preprocessGtpLine("pl\x00ay bl\x1back d\x7f3 # black's move")).toBe("play black d3");
    expect(preprocessGtpLine("name#comment")).toBe("name");
  });

  it("accepts CRLF, tabs, comments and extra spaces around the words", () => {
    const { session, sendAll } = gtp();
    expect(sendAll(["4\tplay  black\tD3 # first move\r", "  name  \r"])).toEqual(["=4\n\n", "= tester\n\n"]);
    expect(session.game.moves).toEqual([square("d3")]);
  });

  it("a line with only an id is no command", () => {
    const { send, log } = gtp();
    expect(send("7")).toBe("?7 unknown command\n\n");
    expect(log.at(-1)).toBe('(no command): "" is not a command (list_commands lists them)');
  });

  it("command names are read in any case", () => {
    const { sendAll } = gtp();
    expect(sendAll(["NAME", "Protocol_Version"])).toEqual(["= tester\n\n", "= 2\n\n"]);
  });

  it("a wrong number of arguments is a syntax error and says why on the log", () => {
    const { sendAll, log } = gtp();
    expect(sendAll(["name x", "play black", "play black d3 d4", "genmove", "time_settings 1 2", "5 undo now"])).toEqual(
      [
        "? syntax error\n\n",
        "? syntax error\n\n",
        "? syntax error\n\n",
        "? syntax error\n\n",
        "? syntax error\n\n",
        "?5 syntax error\n\n",
      ],
    );
    expect(log).toEqual([
      "name: takes no arguments (name), got 1",
      "play: takes 2 arguments (play colour vertex), got 1",
      "play: takes 2 arguments (play colour vertex), got 3",
      "genmove: takes 1 argument (genmove colour), got 0",
      "time_settings: takes 3 arguments (time_settings main_time byo_yomi_time byo_yomi_stones), got 2",
      "undo: takes no arguments (undo), got 1",
    ]);
  });

  it("a line over the limit is a syntax error; one at the limit is read", () => {
    const { send } = gtp();
    expect(send(`1 known_command ${"x".repeat(GTP_MAX_LINE - 16)}`)).toBe("=1 false\n\n");
    expect(send(`1 known_command ${"x".repeat(GTP_MAX_LINE - 15)}`)).toBe("?1 syntax error\n\n");
  });

  it("quit answers = and ends the session", () => {
    const { protocol } = gtp();
    expect(protocol.answer("9 quit")).toEqual({ reply: "=9\n\n", end: true });
    expect(protocol.answer("name")).toEqual({ reply: "= tester\n\n", end: false });
  });

  it("unknown commands are logged and change nothing", () => {
    const { session, sendAll, log } = gtp();
    expect(sendAll(["play black d3", "genmove_black", "toString", "__proto__"])).toEqual([
      "=\n\n",
      "? unknown command\n\n",
      "? unknown command\n\n",
      "? unknown command\n\n",
    ]);
    expect(session.game.moves).toEqual([square("d3")]);
    expect(log[0]).toBe('genmove_black: "genmove_black" is not a command (list_commands lists them)');
  });
});

describe("GTP commands", () => {
  it("protocol_version is 2, name the configured name, version the package's", () => {
    const { sendAll } = gtp({ name: "r12345678" });
    expect(sendAll(["protocol_version", "name", "version"])).toEqual([
      "= 2\n\n",
      "= r12345678\n\n",
      `= ${packageJson.version}\n\n`,
    ]);
  });

  it("list_commands lists the table, one a line, and the table holds every command of the document", () => {
    const { send } = gtp();
    expect(Object.keys(GTP_COMMANDS).sort()).toEqual([...ALL_COMMANDS].sort());
    expect(send("list_commands")).toBe(`= ${Object.keys(GTP_COMMANDS).join("\n")}\n\n`);
  });

  it("known_command answers true for each listed command and false otherwise", () => {
    const { send } = gtp();
    for (const command of ALL_COMMANDS) expect(send(`known_command ${command}`)).toBe("= true\n\n");
    for (const other of ["bogus", "loadsgf", "toString", "hasOwnProperty"])
      expect(send(`known_command ${other}`)).toBe("= false\n\n");
    expect(send("known_command")).toBe("? syntax error\n\n");
  });

  it("list_games is Othello; set_game accepts Othello in any case and refuses other games", () => {
    const { session, sendAll } = gtp();
    expect(
      sendAll([
        "list_games",
        "play black d3",
        "set_game Othello",
        "set_game othello",
        "set_game Go",
        "set_game",
        "set_game Othello Go",
      ]),
    ).toEqual([
      "= Othello\n\n",
      "=\n\n",
      "=\n\n",
      "=\n\n",
      "? unsupported game\n\n",
      "? syntax error\n\n",
      "? syntax error\n\n",
    ]);
    expect(session.game.moves).toEqual([square("d3")]);
  });

  it("boardsize 8 starts a new game; another size is unacceptable, a malformed one a syntax error, and neither changes anything", () => {
    const { session, sendAll } = gtp();
    expect(
      sendAll(["play black d3", "boardsize 19", "boardsize 0", "boardsize eight", "boardsize -8", "boardsize 8.0"]),
    ).toEqual([
      "=\n\n",
      "? unacceptable size\n\n",
      "? unacceptable size\n\n",
      "? syntax error\n\n",
      "? syntax error\n\n",
      "? syntax error\n\n",
    ]);
    expect(session.game.moves).toEqual([square("d3")]);
    expect(sendAll(["boardsize 8", "undo"])).toEqual(["=\n\n", "? cannot undo\n\n"]);
    expect(session.position.equals(Position.initial())).toBe(true);
  });

  it("clear_board starts a new game", () => {
    const { session, sendAll } = gtp();
    expect(sendAll(["play black d3", "clear_board", "undo"])).toEqual(["=\n\n", "=\n\n", "? cannot undo\n\n"]);
    expect(session.position.equals(Position.initial())).toBe(true);
  });

  it("komi takes a number and ignores it", () => {
    const { session, sendAll } = gtp();
    expect(sendAll(["komi 6.5", "komi 0", "komi -3", "komi +.5", "komi 7."])).toEqual(Array(5).fill("=\n\n"));
    expect(sendAll(["komi six", "komi", "komi 1e3"])).toEqual(Array(3).fill("? syntax error\n\n"));
    expect(session.position.equals(Position.initial())).toBe(true);
  });

  it("play plays a vertex in any case for the colour to move, black or b, white or w, in any case", () => {
    const { session, sendAll } = gtp();
    expect(sendAll(["play black d3", "play W c5", "play B D6", "play white e3"])).toEqual(Array(4).fill("=\n\n"));
    expect(session.game.moves).toEqual(["d3", "c5", "d6", "e3"].map(square));
  });

  it("play refuses illegal moves and malformed ones, and changes nothing", () => {
    const { session, sendAll, log } = gtp();
    const lines = [
      "play black d4",
      "play black a1",
      "play white d3",
      "play black pass",
      "play white pass",
      "play black i1",
      "play black d9",
      "play black 33",
      "play purple d3",
      "play black d3x",
    ];
    expect(sendAll(lines)).toEqual([...Array(5).fill("? illegal move\n\n"), ...Array(5).fill("? syntax error\n\n")]);
    expect(session.game.moves).toEqual([]);
    expect(log.slice(0, 5)).toEqual([
      "play: black D4: the square is occupied",
      "play: black A1: the move flips no disc",
      "play: white D3: it is black's turn, and black has a legal move",
      "play: black pass: pass is legal only when the side to move has no legal move",
      "play: white pass: it is black's turn, and black has a legal move",
    ]);
    expect(log[5]).toMatch(/^play: vertex: i1 is off the board/);
    expect(log[8]).toMatch(/^play: colour: "purple" is not a colour/);
  });

  it("a move by the colour not to move implies the pass of the side to move when it has no move", () => {
    const { session, sendAll } = gtp();
    setEndgame(session);
    expect(sendAll(["play black a7", "play white a8"])).toEqual(["=\n\n", "=\n\n"]);
    expect(session.game.moves).toEqual([PASS, square("a7"), square("a8")]);
    expect(session.game.isOver()).toBe(true);
  });

  it("an illegal move after an implied pass changes nothing, not even the pass", () => {
    const { session, sendAll, log } = gtp();
    setEndgame(session);
    expect(sendAll(["play black a8", "play black b1", "play black pass"])).toEqual(Array(3).fill("? illegal move\n\n"));
    expect(session.game.moves).toEqual([]);
    expect(log).toEqual([
      "play: black A8 after white's pass: the move flips no disc",
      "play: black B1 after white's pass: the square is occupied",
      "play: black pass after white's pass: pass is legal only when the side to move has no legal move",
    ]);
  });

  it("an explicit pass is accepted when the colour has no move, and in a finished game changes nothing", () => {
    const { session, sendAll } = gtp();
    setEndgame(session);
    expect(sendAll(["play white pass", "play black a7", "play white a8"])).toEqual(Array(3).fill("=\n\n"));
    expect(sendAll(["play black pass", "play white pass", "play b a1", "play w a1"])).toEqual([
      "=\n\n",
      "=\n\n",
      "? illegal move\n\n",
      "? illegal move\n\n",
    ]);
    expect(session.game.moves).toEqual([PASS, square("a7"), square("a8")]);
  });

  it("time_settings sets the clock, 0 1 0 meaning no limit; malformed settings are a syntax error and change nothing", () => {
    const { session, sendAll, log } = gtp();
    expect(sendAll(["time_settings 300 10 5"])).toEqual(["=\n\n"]);
    expect(session.clock.settings).toEqual({ mainSeconds: 300, byoYomiSeconds: 10, byoYomiStones: 5 });
    expect(sendAll(["time_settings 0 1 0"])).toEqual(["=\n\n"]);
    expect(session.clock.timeLimit).toBeNull();
    expect(sendAll(["time_settings 0 1.5 1"])).toEqual(["=\n\n"]);
    expect(
      sendAll(["time_settings -1 0 0", "time_settings 0 x 0", "time_settings 0 0 1.5", "time_settings 0 0 1001"]),
    ).toEqual(Array(4).fill("? syntax error\n\n"));
    expect(session.clock.settings).toEqual({ mainSeconds: 0, byoYomiSeconds: 1.5, byoYomiStones: 1 });
    expect(log[0]).toBe('time_settings: main_time: expected a number of seconds from 0 to 31622400, got "-1"');
  });

  it("time_left records a colour's time; a malformed report is a syntax error", () => {
    const { session, sendAll } = gtp();
    expect(sendAll(["time_settings 60 0 0", "time_left b 42 0", "time_left WHITE 7.5 3"])).toEqual(
      Array(3).fill("=\n\n"),
    );
    expect(session.clock.timeLeft(true)).toEqual({ seconds: 42, stones: 0 });
    expect(session.clock.timeLeft(false)).toEqual({ seconds: 7.5, stones: 3 });
    expect(sendAll(["time_left red 1 0", "time_left b -1 0", "time_left b 1 x", "time_left b 1"])).toEqual(
      Array(4).fill("? syntax error\n\n"),
    );
    expect(session.clock.timeLeft(true)).toEqual({ seconds: 42, stones: 0 });
  });

  it("level N plays level N from now on, 10 the engine as its options say; another N is a syntax error and changes nothing", () => {
    const { session, sendAll, log } = gtp();
    const visits = () => session.limits(session.position).visits;
    const top = visits();
    expect(sendAll(["level 2"])).toEqual(["=\n\n"]);
    expect(visits()).toBe(LEVELS[1]!.settings!.visits);
    expect(sendAll(["level 0", "level 11", "level x", "level 2.5", "level"])).toEqual(
      Array(5).fill("? syntax error\n\n"),
    );
    expect(visits()).toBe(LEVELS[1]!.settings!.visits);
    expect(log.slice(0, 2)).toEqual([
      `level: 0 is out of range: expected 1 to ${TOP_LEVEL}`,
      `level: 11 is out of range: expected 1 to ${TOP_LEVEL}`,
    ]);
    expect(sendAll([`level ${TOP_LEVEL}`])).toEqual(["=\n\n"]);
    expect(visits()).toBe(top);
  });

  it("final_score cannot score an unfinished game", () => {
    const { sendAll, log } = gtp();
    expect(sendAll(["final_score", "play black d3", "final_score"])).toEqual([
      "? cannot score\n\n",
      "=\n\n",
      "? cannot score\n\n",
    ]);
    expect(log[0]).toBe("final_score: the game is not over");
  });

  it("final_score of a finished game counts the empty squares for the winner (B+16, W+2, 0)", () => {
    const { session, sendAll } = gtp();
    const cases: [number, number, string][] = [
      [40, 24, "B+16"],
      [31, 33, "W+2"],
      [32, 32, "0"],
      [10, 5, "B+54"],
      [0, 9, "W+64"],
    ];
    for (const [black, white, score] of cases) {
      session.setPosition({ position: finishedPosition(black, white), passes: 0 });
      expect(sendAll(["final_score"])).toEqual([`= ${score}\n\n`]);
    }
  });

  it("a game of plays ends with its score: black wipes white out in 9 plies", () => {
    const { sendAll } = gtp();
    expect(sendAll(WIPEOUT.map((v, i) => `play ${i % 2 === 0 ? "b" : "w"} ${v}`))).toEqual(Array(9).fill("=\n\n"));
    expect(sendAll(["final_score", "genmove white", "genmove black"])).toEqual([
      "= B+64\n\n",
      "= pass\n\n",
      "= pass\n\n",
    ]);
  });

  it("showboard answers the drawing on the lines after =, row 1 at the top", () => {
    const { session, sendAll, log } = gtp();
    expect(sendAll(["play black d3", "5 showboard"])).toEqual(["=\n\n", `=5\n${drawGtpBoard(session.position)}\n\n`]);
    expect(drawGtpBoard(session.position).split("\n").slice(0, 4)).toEqual([
      "   A B C D E F G H",
      " 1 . . . . . . . . 1",
      " 2 . . . . . . . . 2",
      " 3 . . . X . . . . 3",
    ]);
    expect(log).toEqual([]);
    expect(drawGtpBoard(session.position).split("\n").at(-1)).toBe("White (O) to move; black 4, white 1");
  });

  it("showboard of a finished game says it is over, not whose turn it is", () => {
    const { sendAll } = gtp();
    sendAll(WIPEOUT.map((v, i) => `play ${i % 2 === 0 ? "b" : "w"} ${v}`));
    expect(sendAll(["showboard"])[0]).toMatch(/\nThe game is over; black 13, white 0\n\n$/);
  });

  it("a malformed boardsize says what it expected, with no number of JavaScript's", () => {
    const { sendAll, log } = gtp();
    sendAll(["boardsize abc", "boardsize 99999999999999999999"]);
    expect(log).toEqual([
      'boardsize: size: expected a whole number, got "abc"',
      "boardsize: the board is 8x8, not 99999999999999999999x99999999999999999999",
    ]);
  });

  it("with --verbose every change of the position is drawn on the log, and nothing else is", () => {
    const { session, sendAll, log } = gtp({ verbose: true });
    sendAll(["name", "play black d3", "play black d3", "undo"]);
    expect(log).toEqual([
      drawGtpBoard(Position.initial().play(square("d3"))),
      "play: black D3: it is white's turn, and white has a legal move",
      drawGtpBoard(session.position),
    ]);
  });
});
