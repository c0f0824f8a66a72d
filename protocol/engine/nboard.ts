import {
  type Choice,
  type Move,
  type Position,
  type Result,
  drawGtpBoard,
  err,
  formatGgfMove,
  ggfToGame,
  ok,
  parseGgf,
  parseGgfMove,
  type RootChild,
} from "../../src/index.js";
import { parseWholeNumber, printable } from "../text/numbers.js";
import { splitWords } from "../text/words.js";
import { TOP_LEVEL } from "./levels.js";
import type { Answer, LineProtocol } from "./serve.js";
import type { Session } from "./session.js";

/**
 * NBoard's engine protocol, version 2, as the NBoard GUI speaks it (docs/protocols.md): a
 * third command table over the same session as OTP and GTP. The GUI keeps the game: before
 * each request it sends the game (`set game`) or the one move since the last (`move`), the
 * depth and the contempt when they change, then `ping N`, then `go`, `hint N`, `learn` or
 * `analyze`; it trusts an answer only once `pong N` for its last ping has come back. The
 * session answers commands in order, so every pong follows all that came before it. Commands
 * other than `ping`, `nboard`, `go`, `hint`, `learn` and `analyze` have no reply; a command
 * that cannot be carried out has none either, changes nothing, and logs the reason on stderr.
 */

/** What a command answers: lines written at once, and possibly more that take thought, written after them. */
interface NBoardReply {
  readonly lines: readonly string[];
  /** Runs after `lines` (a status line, an analysis line) reach the GUI: the search and its lines. */
  readonly then?: () => NBoardReply;
  readonly end?: true;
}

interface NBoardCommand {
  /** The command with its arguments, as the log shows it. */
  readonly usage: string;
  /** `rest` is the line after the command's words, blanks around it trimmed. */
  readonly run: (session: Session, rest: string) => Result<NBoardReply>;
}

/** A `set game` line holds a whole game: 60 moves with evaluations and times, players and clocks. */
export const NBOARD_MAX_LINE = 16_384;
/**
 * `set depth N` from TOP_LEVEL up asks the full engine for this many playouts per move per level
 * of depth; below it, the depth is the level for people (docs/protocols.md: N from 1 to 60).
 */
export const PLAYOUTS_PER_DEPTH = 10_000;
/** The evaluation of a certain win, in NBoard's discs: a winning chance p shows as (2p - 1) times this. */
const WIN_DISCS = 64;
/** The longest principal variation a hint shows. */
const HINT_PV = 12;

const answer = (...lines: string[]): Result<NBoardReply> => ok({ lines });
const silent = answer();

/** One word that is a whole number in range, or why not. */
function wholeNumber(rest: string, what: string, min: number, max: number): Result<number> {
  const words = splitWords(rest);
  if (words.length !== 1)
    return err(`expected ${what}, got ${words.length === 0 ? "nothing" : `"${printable(rest)}"`}`);
  const n = parseWholeNumber(words[0]!, min, max);
  return n.ok ? n : err(`${what}: ${n.error}`);
}

/** A whole number with an optional sign, for `ping` and `set contempt`. */
function signedNumber(rest: string, what: string): Result<number> {
  const words = splitWords(rest);
  if (words.length !== 1 || !/^[+-]?\d{1,9}$/.test(words[0]!))
    return err(`expected ${what} as a whole number, got "${printable(rest)}"`);
  return ok(Number(words[0]));
}

function noArguments(rest: string): Result<void> {
  return rest === "" ? ok(undefined) : err(`takes no arguments, got "${printable(rest)}"`);
}

/** NBoard's evaluation, in discs from the mover's side: a winning chance scaled to +-64 for a search, the score for an exact solve. */
function discs(winChance: number): number {
  return WIN_DISCS * (2 * winChance - 1);
}

const squareText = (move: Move): string => formatGgfMove({ move });

/** The most visited child, if any has been visited. */
function mostVisited(children: readonly RootChild[]): RootChild | undefined {
  let best: RootChild | undefined;
  for (const c of children) if (c.visits > 0 && (best === undefined || c.visits > best.visits)) best = c;
  return best;
}

/** A move's line in the search tree: the move, then the most visited reply at each step. */
function lineFrom(session: Session, first: Move): Move[] {
  const line = [first];
  for (
    let next = mostVisited(session.searchChildren(line));
    next !== undefined && line.length < HINT_PV;
    next = mostVisited(session.searchChildren(line))
  ) {
    line.push(next.move);
  }
  return line;
}

/** What a hint line says of one move: its evaluation, its depth field (`100%` exact, `100%W` win/draw/loss) and a note. */
interface Assessment {
  readonly move: Move;
  readonly pv: readonly Move[];
  readonly eval: number;
  readonly depth: string;
  readonly note: string;
}

function assessChild(session: Session, child: RootChild): Assessment {
  const pv = lineFrom(session, child.move);
  if (child.proven !== undefined) {
    const chance = child.proven === "win" ? 1 : child.proven === "draw" ? 0.5 : 0;
    return {
      move: child.move,
      pv,
      eval: discs(chance),
      depth: "100%W",
      note: `proven ${child.proven} in ${child.visits} playouts`,
    };
  }
  return {
    move: child.move,
    pv,
    eval: discs(child.winRate),
    depth: String(pv.length),
    note: `wins ${(100 * child.winRate).toFixed(1)}% of ${child.visits} playouts`,
  };
}

/**
 * The moves a thought assessed, best first: the solver's one proven move, the alpha-beta
 * player's or the book's one move with its value, or the search's choice and then its other visited moves by
 * visits; none for a move chosen without search (the only one, a pass, a random choice).
 */
function assessments(session: Session, thought: Choice): Assessment[] {
  if (thought.by === "alphabeta") {
    return [
      {
        move: thought.move,
        pv: [thought.move],
        eval: thought.score,
        depth: String(thought.depth),
        note: `alpha-beta depth ${thought.depth}`,
      },
    ];
  }
  if (thought.by === "book") {
    return [{ move: thought.move, pv: [thought.move], eval: thought.value, depth: "book", note: "opening book" }];
  }
  if (thought.by === "solver") {
    const exact = thought.mode === "exact";
    const value = exact ? thought.score : discs(thought.score > 0 ? 1 : thought.score < 0 ? 0 : 0.5);
    return [
      {
        move: thought.move,
        pv: [thought.move],
        eval: value,
        depth: exact ? "100%" : "100%W",
        note: `solved ${thought.mode}`,
      },
    ];
  }
  if (thought.by !== "search") return [];
  const children = session.searchChildren([]);
  const chosen = children.find((c) => c.move === thought.move);
  if (chosen === undefined || chosen.visits === 0) return [];
  const others = children.filter((c) => c !== chosen && c.visits > 0).sort((a, b) => b.visits - a.visits);
  return [chosen, ...others].map((c) => assessChild(session, c));
}

/** The session's choice for the side to move, the game left as it is, and its assessed moves ([] when it was not searched). */
function choose(session: Session): {
  readonly move: Move;
  readonly thought: Choice | undefined;
  readonly assessed: readonly Assessment[];
} {
  const move = session.chooseMove();
  const thought = session.lastThought;
  const assessed = thought === undefined ? [] : assessments(session, thought);
  return { move, thought, assessed: assessed[0]?.move === move ? assessed : [] };
}

/** The side to move's evaluation of the game's current position, searched by the session; the position is left as it was. */
function evaluate(session: Session): { readonly eval: number; readonly depth: string; readonly note: string } {
  const position = session.position;
  if (position.isGameOver()) {
    const margin = position.worldScore();
    return { eval: position.blackToMove ? margin : -margin, depth: "100%", note: "the game is over" };
  }
  const { move, assessed } = choose(session);
  if (assessed.length > 0) return assessed[0]!;
  // Not searched (a pass, the only move, a random choice): the position after it, from the other side.
  const played = session.play(move);
  if (!played.ok) throw new Error(`the move chooser's ${squareText(move)} is illegal: ${played.error}`);
  try {
    const after = evaluate(session);
    return { ...after, eval: -after.eval, note: `after ${squareText(move)}: ${after.note}` };
  } finally {
    session.undo(1);
  }
}

function hintLine(a: {
  readonly pv: readonly Move[];
  readonly eval: number;
  readonly depth: string;
  readonly note: string;
}): string {
  return `search ${a.pv.map(squareText).join("")} ${a.eval.toFixed(2)} 0 ${a.depth} ${a.note}`;
}

/** The limits of the coming search, for the status line. */
function thinkingStatus(session: Session, what: string): string {
  const limits = session.limits(session.position);
  const budget = [
    ...(limits.visits === undefined ? [] : [`${limits.visits} playouts`]),
    ...(limits.timeMs === undefined ? [] : [`${(limits.timeMs / 1000).toFixed(1)} s`]),
  ].join(", at most ");
  return `status ${what}${budget === "" ? "" : ` (${budget})`}`;
}

/** `nodestats PLAYOUTS SECONDS` of a search, for NBoard's speed display; nothing for a solve. */
function nodeStats(thought: Choice | undefined): string[] {
  if (thought?.by !== "search") return [];
  return [`nodestats ${thought.report.visits} ${(thought.elapsedMs / 1000).toFixed(3)}`];
}

function checkPlayable(position: Position): Result<void> {
  return position.isGameOver() ? err("the game is over") : ok(undefined);
}

export const NBOARD_COMMANDS: Readonly<Record<string, NBoardCommand>> = {
  nboard: {
    usage: "nboard 2",
    run: (session, rest) => {
      const version = wholeNumber(rest, "the protocol version", 1, 2);
      return version.ok ? answer(`set myname ${session.options.name}`) : version;
    },
  },
  "set depth": {
    usage: "set depth N (1 to 60)",
    run: (session, rest) => {
      const depth = wholeNumber(rest, "the depth", 1, 60);
      if (!depth.ok) return depth;
      if (depth.value < TOP_LEVEL) session.setLevel(depth.value);
      else {
        session.setLevel(TOP_LEVEL);
        session.setVisits(depth.value * PLAYOUTS_PER_DEPTH);
      }
      return silent;
    },
  },
  "set contempt": {
    usage: "set contempt CENTIDISCS",
    // Checked, then ignored: the search scores a draw as half a win, whatever the contempt.
    run: (_session, rest) => {
      const contempt = signedNumber(rest, "the contempt");
      return contempt.ok ? silent : contempt;
    },
  },
  "set game": {
    usage: "set game GGF",
    run: (session, rest) => {
      const parsed = parseGgf(rest);
      if (!parsed.ok) return err(`the game: ${parsed.error}`);
      const game = ggfToGame(parsed.value);
      session.setPosition({ position: game.start, passes: 0 });
      for (const move of game.moves) {
        const played = session.play(move);
        if (!played.ok) throw new Error(`a move of a checked game is illegal: ${played.error}`);
      }
      return silent;
    },
  },
  move: {
    usage: "move MOVE[/EVAL[/SECONDS]]",
    run: (session, rest) => {
      const words = splitWords(rest);
      if (words.length !== 1) return err(`expected one move like F5 or F5/1.50/2.1, got "${printable(rest)}"`);
      const move = parseGgfMove(words[0]!);
      if (!move.ok) return move;
      const played = session.play(move.value.move);
      return played.ok ? silent : err(`${squareText(move.value.move)} is illegal: ${played.error}`);
    },
  },
  ping: {
    usage: "ping N",
    run: (_session, rest) => {
      const n = signedNumber(rest, "the ping");
      return n.ok ? answer(`pong ${n.value}`) : n;
    },
  },
  go: {
    usage: "go",
    run: (session, rest) => {
      const checked = noArguments(rest);
      if (!checked.ok) return checked;
      const playable = checkPlayable(session.position);
      if (!playable.ok) return playable;
      return ok({
        lines: [thinkingStatus(session, "thinking")],
        then: () => {
          const { move, thought, assessed } = choose(session);
          const seconds = thought === undefined ? 0 : thought.elapsedMs / 1000;
          // A move played without search (the only one, a pass) has no evaluation, as NBoard allows.
          const item = assessed.length > 0 ? { move, eval: assessed[0]!.eval, seconds } : { move, seconds };
          return { lines: [...nodeStats(thought), `=== ${formatGgfMove(item)}`] };
        },
      });
    },
  },
  hint: {
    usage: "hint N",
    run: (session, rest) => {
      const count = wholeNumber(rest, "the number of hints", 1, 64);
      if (!count.ok) return count;
      const playable = checkPlayable(session.position);
      if (!playable.ok) return playable;
      return ok({
        lines: [thinkingStatus(session, "searching")],
        then: () => {
          const { move, thought, assessed } = choose(session);
          const lines =
            assessed.length > 0
              ? assessed.slice(0, count.value).map(hintLine)
              : [hintLine({ ...evaluate(session), pv: [move] })];
          return { lines: [...lines, ...nodeStats(thought), "status"] };
        },
      });
    },
  },
  learn: {
    usage: "learn",
    run: (session, rest) => {
      const checked = noArguments(rest);
      if (!checked.ok) return checked;
      session.log("learn: the opening book is fixed, nothing learned");
      return answer("learned");
    },
  },
  analyze: {
    usage: "analyze",
    run: (session, rest) => {
      const checked = noArguments(rest);
      if (!checked.ok) return checked;
      const moves = [...session.game.moves];
      // From the last position back to the start, each line written as it is found, as NBoard
      // fills its graph; the game is replayed after the start position's line.
      const position = (k: number) => (): NBoardReply => {
        const line = `analysis ${k} ${evaluate(session).eval.toFixed(2)}`;
        if (k > 0) {
          if (!session.undo(1)) throw new Error(`analyze could not take back move ${k}`);
          return { lines: [line], then: position(k - 1) };
        }
        for (const move of moves) {
          const played = session.play(move);
          if (!played.ok) throw new Error(`analyze could not replay the game: ${played.error}`);
        }
        return { lines: [line, "status"] };
      };
      return ok({ lines: [`status analysing ${moves.length + 1} positions`], then: position(moves.length) });
    },
  },
  quit: {
    usage: "quit",
    run: (_session, rest) => {
      const checked = noArguments(rest);
      return checked.ok ? ok({ lines: [], end: true }) : checked;
    },
  },
};

/** The command a line names (`set` takes its second word along), and the rest of the line. */
function lookUp(line: string): {
  readonly name: string;
  readonly command: NBoardCommand | undefined;
  readonly rest: string;
} {
  const m = /^[ \t]*(\S+)(?:[ \t]+(\S+))?/.exec(line);
  const first = (m?.[1] ?? "").toLowerCase();
  const name = first === "set" ? `set ${(m?.[2] ?? "").toLowerCase()}`.trimEnd() : first;
  const used = first === "set" ? (m?.[0] ?? "") : (/^[ \t]*\S+/.exec(line)?.[0] ?? "");
  const command = Object.hasOwn(NBOARD_COMMANDS, name) ? NBOARD_COMMANDS[name] : undefined;
  return { name, command, rest: line.slice(used.length).trim() };
}

function linesText(lines: readonly string[]): string {
  return lines.map((l) => `${l}\n`).join("");
}

/** One command line's answer: "" for a blank line, and for a command that cannot be carried out (the reason goes to the log). */
export function answerNBoard(session: Session, line: string): Answer {
  const text = line.replace(/\r/g, "");
  if (text.trim() === "") return { reply: "", end: false };
  const { name, command, rest } = lookUp(text);
  if (command === undefined) {
    session.log(`nboard: unknown command "${printable(name)}"`);
    return { reply: "", end: false };
  }
  const before = session.position;
  const result =
    text.length > NBOARD_MAX_LINE
      ? err(`the line is longer than ${NBOARD_MAX_LINE} bytes`)
      : command.run(session, rest);
  if (!result.ok) {
    session.log(`${name}: ${result.error} (${command.usage})`);
    return { reply: "", end: false };
  }
  if (session.options.verbose && session.position !== before) session.log(drawGtpBoard(session.position));
  return transportAnswer(result.value);
}

function transportAnswer({ lines, then, end }: NBoardReply): Answer {
  return {
    reply: linesText(lines),
    end: end === true,
    ...(then === undefined ? {} : { then: () => transportAnswer(then()) }),
  };
}

/**
 * NBoard for the transport; with --ponder it ponders between commands: after `go` in the
 * position searched, and once the GUI sends our move back, in the opponent's.
 */
export function nboardProtocol(session: Session): LineProtocol {
  // No idle work: NBoard's engine never plays its own move (the GUI sends it back with `move`).
  return {
    maxLineLength: NBOARD_MAX_LINE,
    answer: (line: string): Answer => answerNBoard(session, line),
    ...(session.options.ponder ? { background: () => session.ponder() } : {}),
  };
}
