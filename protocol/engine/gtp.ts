import {
  type Colour,
  Game,
  type Move,
  PASS,
  type Position,
  type Result,
  drawGtpBoard,
  formatVertex,
  parseColour,
  parseVertex,
} from "../../src/index.js";
import packageJson from "../../package.json" with { type: "json" };
import { setTimeLeft, setTimeSettings } from "./clockArguments.js";
import { TOP_LEVEL, parseLevel } from "./levels.js";
import { printable } from "../text/numbers.js";
import { splitWords } from "../text/words.js";
import type { Answer, LineProtocol } from "./serve.js";
import type { Session } from "./session.js";

/**
 * GTP version 2 with the Othello conventions of GRhino and Quarry (docs/protocols.md): a second
 * command table over the same session as OTP. A failed command answers one of GTP's fixed error
 * messages, changes nothing, and logs the precise reason on stderr.
 */

/** The error messages controllers know, exactly as GTP engines word them. */
type GtpError =
  | "unknown command"
  | "syntax error"
  | "illegal move"
  | "wrong color"
  | "unacceptable size"
  | "cannot undo"
  | "cannot score"
  | "unsupported game";

interface GtpFailure {
  readonly ok: false;
  readonly error: GtpError;
  /** Why, for the log. */
  readonly reason: string;
}

type Outcome<T> = { readonly ok: true; readonly value: T } | GtpFailure;
/** A command's outcome: its result text ("" for none), or a failure. */
type GtpOutcome = Outcome<string>;

/** The GTP side of one connection over the shared session. */
interface GtpState {
  readonly session: Session;
  /**
   * Where in the game's moves GTP implied a pass (a move or genmove for the colour not to
   * move): undo takes such a pass back with the move that implied it, as the controller never
   * saw it. Increasing indices.
   */
  readonly impliedPasses: number[];
}

interface GtpCommand {
  /** The command with its arguments, as the log shows it. */
  readonly usage: string;
  readonly arity: number;
  readonly run: (state: GtpState, args: readonly string[]) => GtpOutcome;
  readonly ends?: true;
}

/** Longest command line read; real commands are a few dozen characters. */
export const GTP_MAX_LINE = 1024;
const BOARD_SIZE = 8;
const GAME = "Othello";

const done: GtpOutcome = success("");

function success<T>(value: T): Outcome<T> {
  return { ok: true, value };
}

function fail(error: GtpError, reason: string): GtpFailure {
  return { ok: false, error, reason };
}

/** A malformed argument is a syntax error; its parser says why, after the argument's name if given. */
function syntax<T>(parsed: Result<T>, what?: string): Outcome<T> {
  return parsed.ok
    ? success(parsed.value)
    : fail("syntax error", what === undefined ? parsed.error : `${what}: ${parsed.error}`);
}

const colourToMove = (position: Position): Colour => (position.blackToMove ? "black" : "white");

function newGame(state: GtpState): GtpOutcome {
  state.session.newGame();
  state.impliedPasses.length = 0;
  return done;
}

/** Plays the pass the side to move must make before the other colour moves, and remembers it was implied. */
function playImpliedPass(state: GtpState): void {
  state.impliedPasses.push(state.session.game.moves.length);
  const passed = state.session.play(PASS);
  if (!passed.ok) throw new Error(`an implied pass was illegal: ${passed.error}`);
}

/**
 * `colour` plays `move`. A move by the colour not to move is accepted when the side to move
 * has no legal move: its pass is implied. An explicit pass is accepted when `colour` has no
 * move (in a finished game it changes nothing).
 */
function play(state: GtpState, colour: Colour, move: Move): GtpOutcome {
  const { session } = state;
  const position = session.position;
  const what = `${colour} ${formatVertex(move)}`;
  const toMove = colourToMove(position);
  if (colour === toMove) {
    const played = session.play(move);
    return played.ok ? done : fail("illegal move", `${what}: ${played.error}`);
  }
  if (position.isGameOver()) return move === PASS ? done : fail("illegal move", `${what}: the game is over`);
  if (position.canMove())
    return fail("illegal move", `${what}: it is ${toMove}'s turn, and ${toMove} has a legal move`);
  // Tried on a copy first, so that an illegal move leaves the game and the search tree as they were.
  const tried = new Game(position.play(PASS)).play(move);
  if (!tried.ok) return fail("illegal move", `${what} after ${toMove}'s pass: ${tried.error}`);
  playImpliedPass(state);
  const played = session.play(move);
  if (!played.ok) throw new Error(`${what} was legal on a copy of the game but not on the game: ${played.error}`);
  return done;
}

/**
 * Checks that `colour` may be asked for a move: it is to move, or the side to move has no
 * legal move. `genmove` then plays the implied pass; `reg_genmove` only thinks past it.
 */
function colourForMove(session: Session, args: readonly string[]): Outcome<{ readonly afterPass: boolean }> {
  const colour = syntax(parseColour(args[0]!), "colour");
  if (!colour.ok) return colour;
  const position = session.position;
  const toMove = colourToMove(position);
  if (colour.value === toMove) return success({ afterPass: false });
  if (position.canMove()) return fail("wrong color", `it is ${toMove}'s turn, and ${toMove} has a legal move`);
  // In a finished game nobody moves: the chooser answers pass and nothing is played.
  return success({ afterPass: !position.isGameOver() });
}

/** The commands, in the order `list_commands` gives them. */
export const GTP_COMMANDS: Readonly<Record<string, GtpCommand>> = {
  protocol_version: { usage: "protocol_version", arity: 0, run: () => success("2") },
  name: { usage: "name", arity: 0, run: ({ session }) => success(session.options.name) },
  version: { usage: "version", arity: 0, run: () => success(packageJson.version) },
  known_command: {
    usage: "known_command command_name",
    arity: 1,
    run: (_state, args) => success(String(Object.hasOwn(GTP_COMMANDS, args[0]!.toLowerCase()))),
  },
  list_commands: { usage: "list_commands", arity: 0, run: () => success(Object.keys(GTP_COMMANDS).join("\n")) },
  list_games: { usage: "list_games", arity: 0, run: () => success(GAME) },
  set_game: {
    usage: "set_game game_name",
    arity: 1,
    run: (_state, args) =>
      args[0]!.toLowerCase() === GAME.toLowerCase()
        ? done
        : fail("unsupported game", `"${printable(args[0]!)}" is not ${GAME}`),
  },
  boardsize: {
    usage: "boardsize size",
    arity: 1,
    run: (state, args) => {
      // Any whole number is a size, if not ours: only other text is a syntax error.
      if (!/^\d+$/.test(args[0]!))
        return fail("syntax error", `size: expected a whole number, got "${printable(args[0]!)}"`);
      const size = args[0]!.replace(/^0+(?=\d)/, "");
      return size === String(BOARD_SIZE)
        ? newGame(state)
        : fail(
            "unacceptable size",
            `the board is ${BOARD_SIZE}x${BOARD_SIZE}, not ${printable(size)}x${printable(size)}`,
          );
    },
  },
  clear_board: { usage: "clear_board", arity: 0, run: newGame },
  komi: {
    usage: "komi new_komi",
    arity: 1,
    // Othello has no komi: a well-formed one is accepted and ignored.
    run: (_state, args) =>
      /^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(args[0]!)
        ? done
        : fail("syntax error", `komi: expected a number, got "${printable(args[0]!)}"`),
  },
  play: {
    usage: "play colour vertex",
    arity: 2,
    run: (state, args) => {
      const colour = syntax(parseColour(args[0]!), "colour");
      if (!colour.ok) return colour;
      const move = syntax(parseVertex(args[1]!), "vertex");
      if (!move.ok) return move;
      return play(state, colour.value, move.value);
    },
  },
  genmove: {
    usage: "genmove colour",
    arity: 1,
    run: (state, args) => {
      const checked = colourForMove(state.session, args);
      if (!checked.ok) return checked;
      if (checked.value.afterPass) playImpliedPass(state);
      return success(formatVertex(state.session.genmove()));
    },
  },
  reg_genmove: {
    usage: "reg_genmove colour",
    arity: 1,
    run: ({ session }, args) => {
      const checked = colourForMove(session, args);
      if (!checked.ok) return checked;
      return success(formatVertex(checked.value.afterPass ? session.chooseMoveAfter(PASS) : session.chooseMove()));
    },
  },
  undo: {
    usage: "undo",
    arity: 0,
    run: ({ session, impliedPasses }) => {
      const length = session.game.moves.length;
      if (length === 0) return fail("cannot undo", "the game has no moves since its start");
      const count = impliedPasses.at(-1) === length - 2 ? 2 : 1;
      if (!session.undo(count)) throw new Error(`undo of ${count} of ${length} moves failed`);
      if (count === 2) impliedPasses.pop();
      return done;
    },
  },
  time_settings: {
    usage: "time_settings main_time byo_yomi_time byo_yomi_stones",
    arity: 3,
    run: ({ session }, args) => {
      const set = syntax(setTimeSettings(session.clock, args));
      return set.ok ? done : set;
    },
  },
  time_left: {
    usage: "time_left colour time stones",
    arity: 3,
    run: ({ session }, args) => {
      const set = syntax(setTimeLeft(session.clock, args));
      return set.ok ? done : set;
    },
  },
  level: {
    usage: `level N (1 to ${TOP_LEVEL})`,
    arity: 1,
    run: ({ session }, args) => {
      const level = syntax(parseLevel(args[0]!));
      if (!level.ok) return level;
      session.setLevel(level.value);
      return done;
    },
  },
  final_score: {
    usage: "final_score",
    arity: 0,
    run: ({ session }) => {
      if (!session.game.isOver()) return fail("cannot score", "the game is not over");
      const score = session.position.worldScore();
      return success(score === 0 ? "0" : score > 0 ? `B+${score}` : `W+${-score}`);
    },
  },
  // The drawing starts on the line after `=`.
  showboard: { usage: "showboard", arity: 0, run: ({ session }) => success(`\n${drawGtpBoard(session.position)}`) },
  quit: { usage: "quit", arity: 0, run: () => done, ends: true },
};

/**
 * GTP's preprocessing of a command line: control characters other than HT and LF removed
 * (CR among them, so CRLF works), HT turned into a space, a `#` comment dropped, and the
 * spaces around the rest (only ASCII blanks: the byte 0xA0 stays part of a word).
 */
export function preprocessGtpLine(line: string): string {
  return (
    line
      // biome-ignore lint/suspicious/noControlCharactersInRegex: GTP says to drop these control characters.
      .replace(/[\x00-\x08\x0a-\x1f\x7f]/g, "")
      .replace(/\t/g, " ")
      .replace(/#.*/, "")
      .replace(/^ +| +$/g, "")
  );
}

/** One command line's reply, framing included: "" for a line that is empty once preprocessed. */
export function answerGtp(state: GtpState, line: string): Answer {
  const words = splitWords(preprocessGtpLine(line));
  if (words.length === 0) return { reply: "", end: false };
  const id = /^\d+$/.test(words[0]!) ? words.shift()! : "";
  const word = (words[0] ?? "").toLowerCase();
  const args = words.slice(1);
  const { session } = state;
  const command = Object.hasOwn(GTP_COMMANDS, word) ? GTP_COMMANDS[word]! : undefined;
  const before = session.position;
  const outcome: GtpOutcome =
    command === undefined
      ? fail("unknown command", `"${printable(words[0] ?? "")}" is not a command (list_commands lists them)`)
      : line.length > GTP_MAX_LINE
        ? fail("syntax error", `the line is longer than ${GTP_MAX_LINE} bytes`)
        : args.length !== command.arity
          ? fail(
              "syntax error",
              `takes ${command.arity === 0 ? "no arguments" : `${command.arity} argument${command.arity > 1 ? "s" : ""}`} (${command.usage}), got ${args.length}`,
            )
          : command.run(state, args);
  if (!outcome.ok) {
    session.log(`${word === "" ? "(no command)" : printable(word)}: ${outcome.reason}`);
    return { reply: `?${id} ${outcome.error}\n\n`, end: false };
  }
  if (session.options.verbose && session.position !== before) session.log(drawGtpBoard(session.position));
  const result = outcome.value === "" || outcome.value.startsWith("\n") ? outcome.value : ` ${outcome.value}`;
  return { reply: `=${id}${result}\n\n`, end: command!.ends === true };
}

/** GTP for the transport, with its own record of implied passes; with --ponder it ponders between commands. */
export function gtpProtocol(session: Session): LineProtocol {
  const state: GtpState = { session, impliedPasses: [] };
  return {
    maxLineLength: GTP_MAX_LINE,
    answer: (line: string): Answer => answerGtp(state, line),
    idle: () => session.tidy(),
    ...(session.options.ponder ? { background: () => session.ponder() } : {}),
  };
}
