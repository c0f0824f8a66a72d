import { type Result, drawCourseBoard, err, formatOtpMove, ok, parseCode, parseOtpMove } from "../../src/index.js";
import { setTimeLeft, setTimeSettings } from "./clockArguments.js";
import { TOP_LEVEL, parseLevel } from "./levels.js";
import { printable } from "../text/numbers.js";
import { splitWords } from "../text/words.js";
import type { Answer, LineProtocol } from "./serve.js";
import type { Session } from "./session.js";

/**
 * The course's Othello Text Protocol (docs/protocols.md). A reply is the command word, then the result if any; a command that
 * cannot be carried out replies its bare word (the judge reads only the first word), changes
 * nothing, and logs the reason.
 */

interface OtpCommand {
  /** The command with its arguments, as the error messages show it. */
  readonly usage: string;
  readonly arity: number;
  /** The text after the command word in the reply ("" for none), or why nothing was done. */
  readonly run: (session: Session, args: readonly string[]) => Result<string>;
  readonly ends?: true;
}

/** Longest command line read: a `code` line is 71 characters, so this leaves room for any spacing. */
export const OTP_MAX_LINE = 1024;

const done = ok("");

export const OTP_COMMANDS: Readonly<Record<string, OtpCommand>> = {
  name: { usage: "name", arity: 0, run: (session) => ok(session.options.name) },
  clear_board: {
    usage: "clear_board",
    arity: 0,
    run: (session) => {
      session.newGame();
      return done;
    },
  },
  showboard: {
    usage: "showboard",
    arity: 0,
    run: (session) => {
      session.log(drawCourseBoard(session.position));
      return done;
    },
  },
  play: {
    usage: "play x y",
    arity: 2,
    run: (session, args) => {
      const played = playArguments(session, args);
      return played.ok ? done : played;
    },
  },
  genmove: { usage: "genmove", arity: 0, run: (session) => ok(formatOtpMove(session.genmove())) },
  playgen: {
    usage: "playgen x y",
    arity: 2,
    run: (session, args) => {
      const played = playArguments(session, args);
      // In a finished game genmove answers 8 0 and changes nothing, so it needs no special case.
      return played.ok ? ok(formatOtpMove(session.genmove())) : played;
    },
  },
  undo: { usage: "undo", arity: 0, run: (session) => undo(session, 1) },
  undoundo: { usage: "undoundo", arity: 0, run: (session) => undo(session, 2) },
  final_score: { usage: "final_score", arity: 0, run: (session) => ok(String(session.position.discDifference())) },
  code: {
    usage: "code DIGITS66",
    arity: 1,
    run: (session, args) => {
      const coded = parseCode(args[0]!);
      if (!coded.ok) return coded;
      session.setPosition(coded.value);
      return done;
    },
  },
  time_settings: {
    usage: "time_settings main_time byo_yomi_time byo_yomi_stones",
    arity: 3,
    run: (session, args) => {
      const set = setTimeSettings(session.clock, args);
      return set.ok ? done : set;
    },
  },
  time_left: {
    usage: "time_left colour seconds stones",
    arity: 3,
    run: (session, args) => {
      const set = setTimeLeft(session.clock, args);
      return set.ok ? done : set;
    },
  },
  level: {
    usage: `level N (1 to ${TOP_LEVEL})`,
    arity: 1,
    run: (session, args) => {
      const level = parseLevel(args[0]!);
      if (!level.ok) return level;
      session.setLevel(level.value);
      return done;
    },
  },
  quit: { usage: "quit", arity: 0, run: () => done, ends: true },
};

function playArguments(session: Session, args: readonly string[]): Result<unknown> {
  const move = parseOtpMove(`${args[0]} ${args[1]}`);
  if (!move.ok) return move;
  // The tree follows in genmove's time (Session.play): the judge allows `play` one second.
  const played = session.play(move.value, false);
  return played.ok ? played : err(`${formatOtpMove(move.value)} is illegal: ${played.error}`);
}

function undo(session: Session, count: number): Result<string> {
  if (session.undo(count)) return done;
  const n = session.game.moves.length;
  return err(
    `cannot take back ${count} move${count > 1 ? "s" : ""}: the game has ${n === 0 ? "none" : n} since its start or last code`,
  );
}

/** One command line's reply, without framing: "" for a blank line, which is no command. */
export function answerOtp(session: Session, line: string): { readonly reply: string; readonly end: boolean } {
  const words = splitWords(line);
  if (words.length === 0) return { reply: "", end: false };
  const word = words[0]!.toLowerCase();
  const command = Object.hasOwn(OTP_COMMANDS, word) ? OTP_COMMANDS[word]! : undefined;
  if (command === undefined) {
    session.log(`unknown command "${printable(words[0]!)}"`);
    return { reply: "unknown command", end: false };
  }
  const args = words.slice(1);
  const before = session.position;
  const result: Result<string> =
    line.length > OTP_MAX_LINE
      ? err(`the line is longer than ${OTP_MAX_LINE} bytes`)
      : args.length !== command.arity
        ? err(
            `takes ${command.arity === 0 ? "no arguments" : `${command.arity} argument${command.arity > 1 ? "s" : ""}`} (${command.usage}), got ${args.length}`,
          )
        : command.run(session, args);
  if (!result.ok) {
    session.log(`${word}: ${result.error}`);
    return { reply: word, end: false };
  }
  if (session.options.verbose && session.position !== before) session.log(drawCourseBoard(session.position));
  return { reply: result.value === "" ? word : `${word} ${result.value}`, end: command.ends === true };
}

/** OTP for the transport: each reply followed by `terminator` ("\n" on stdout, "" over TCP). */
export function otpProtocol(session: Session, terminator: string): LineProtocol {
  return {
    maxLineLength: OTP_MAX_LINE,
    // No idle work: the judge sends `play`, which it allows one second, as soon as the opponent
    // has moved, and the tree's compaction between commands (up to 1.4 s at 5 s a move) would
    // delay the reply. The tree follows the game in genmove's own time, which the judge allows 10 s.
    answer: (line: string): Answer => {
      const { reply, end } = answerOtp(session, line);
      return { reply: reply === "" ? "" : reply + terminator, end };
    },
  };
}
