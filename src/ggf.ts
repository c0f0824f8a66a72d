import { Game } from "./game.js";
import { BLACK, type Disc, EMPTY, type Move, PASS, Position, WHITE } from "./position.js";
import { type Result, err, ok } from "./result.js";

/**
 * GGF, the game format of the Generic Game Server and of NBoard, for Othello on 8x8:
 * `(;GM[Othello]PC[..]DT[..]PB[..]PW[..]RE[..]TI[..]TY[8]BO[8 <64 squares> <side>]B[F5]W[F6/-1.50/2.3]..;)`.
 * Squares are `*` (also x, X) black, `O` (also o, 0) white, `-` (also `.`, `_`) empty, row by
 * row from a1; the side to move is `*` or `O`. A move is a square (column letter, row number)
 * or `PA` for a pass, then optionally `/eval` (discs, the mover's view) and `/seconds`.
 */

/** One move of a game with what its player said of it. */
export interface GgfMove {
  readonly move: Move;
  /** The mover's evaluation in discs. */
  readonly eval?: number;
  /** Seconds the move took. */
  readonly seconds?: number;
}

/** How a finished game ended: played out, or by one side's resignation or time-out. */
export type GgfEnding = "normal" | "resigned" | "timeout";

export interface GgfResult {
  /** Black's discs minus white's, as the server counted them. */
  readonly blackMargin: number;
  readonly ending: GgfEnding;
}

/** A game as GGF holds it; text fields are kept as written. */
export interface GgfGame {
  readonly place?: string;
  readonly date?: string;
  readonly black?: string;
  readonly white?: string;
  readonly blackRating?: string;
  readonly whiteRating?: string;
  /** Undefined: unfinished (`RE[?]`) or not given. */
  readonly result?: GgfResult;
  /** The clock of both players (`TI`), or of each (`TB`, `TW`), as the server writes it ("05:00//02:00"). */
  readonly time?: string;
  readonly blackTime?: string;
  readonly whiteTime?: string;
  /** The match type (`TY`): "8", or with the colour or random-start letters GGS adds ("s8", "8r16"). */
  readonly type: string;
  readonly start: Position;
  readonly moves: readonly GgfMove[];
}

/** The properties that hold free text, in the order formatGgf writes them (RE and the clocks sit between). */
const TEXT_FIELDS = {
  PC: "place",
  DT: "date",
  PB: "black",
  PW: "white",
  RB: "blackRating",
  RW: "whiteRating",
  TI: "time",
  TB: "blackTime",
  TW: "whiteTime",
} as const;
type TextTag = keyof typeof TEXT_FIELDS;

const SQUARE_CHARS: Readonly<Record<string, Disc>> = {
  "*": BLACK,
  x: BLACK,
  X: BLACK,
  O: WHITE,
  o: WHITE,
  "0": WHITE,
  "-": EMPTY,
  ".": EMPTY,
  _: EMPTY,
};
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/** A move with its optional evaluation and time: `F5`, `f5`, `PA`, `pass`, `F5/1.50`, `F5//0.2`, `F5/-3.00/12.5`. */
export function parseGgfMove(text: string): Result<GgfMove> {
  const [square = "", evalText, secondsText, ...rest] = text.trim().split("/");
  if (rest.length > 0) return err(`"${text}" has more than three parts: expected MOVE, MOVE/EVAL or MOVE/EVAL/SECONDS`);
  let move: Move;
  if (/^pa(ss)?$/i.test(square)) move = PASS;
  else {
    const m = /^([a-h])([1-8])$/i.exec(square);
    if (m === null) return err(`"${square}" is not a move: expected a square from A1 to H8, or PA for a pass`);
    move = (Number(m[2]) - 1) * 8 + (m[1]!.toUpperCase().charCodeAt(0) - 65);
  }
  const item: { move: Move; eval?: number; seconds?: number } = { move };
  if (evalText !== undefined && evalText !== "") {
    if (!DECIMAL.test(evalText)) return err(`the evaluation "${evalText}" of ${square} is not a number`);
    item.eval = Number(evalText);
  }
  if (secondsText !== undefined && secondsText !== "") {
    if (!DECIMAL.test(secondsText) || Number(secondsText) < 0)
      return err(`the time "${secondsText}" of ${square} is not a number of seconds`);
    item.seconds = Number(secondsText);
  }
  return ok(item);
}

/** The move as GGF writes it: the evaluation with two decimals, the time as short as it goes. */
export function formatGgfMove(item: GgfMove): string {
  const move = item.move === PASS ? "PA" : String.fromCharCode(65 + (item.move & 7)) + String((item.move >> 3) + 1);
  if (item.eval === undefined && item.seconds === undefined) return move;
  const evalText = item.eval === undefined ? "" : item.eval.toFixed(2);
  return item.seconds === undefined ? `${move}/${evalText}` : `${move}/${evalText}/${Number(item.seconds.toFixed(3))}`;
}

/** A board as `BO` holds it: size 8, the 64 squares (blanks between them allowed), the side to move. */
export function parseGgfBoard(text: string): Result<Position> {
  const m = /^\s*(\d+)\s+([\s\S]*)$/.exec(text);
  if (m === null) return err(`the board "${text.trim()}" does not start with its size`);
  if (m[1] !== "8") return err(`the board size is ${m[1]}: only 8 is supported`);
  const chars = m[2]!.replace(/\s+/g, "");
  if (chars.length !== 65)
    return err(`the board has ${chars.length} characters after its size: expected 64 squares and the side to move`);
  const discs: Disc[] = [];
  for (let s = 0; s < 64; s++) {
    const disc = Object.hasOwn(SQUARE_CHARS, chars[s]!) ? SQUARE_CHARS[chars[s]!] : undefined;
    if (disc === undefined)
      return err(`square ${squareName(s)} of the board is "${chars[s]}": expected * (black), O (white) or - (empty)`);
    discs.push(disc);
  }
  const side = Object.hasOwn(SQUARE_CHARS, chars[64]!) ? SQUARE_CHARS[chars[64]!] : undefined;
  if (side !== BLACK && side !== WHITE)
    return err(`the side to move is "${chars[64]}": expected * (black) or O (white)`);
  return ok(Position.fromDiscs(discs, side === BLACK));
}

export function formatGgfBoard(position: Position): string {
  let squares = "";
  for (let s = 0; s < 64; s++) squares += "-*O"[position.discAt(s)];
  return `8 ${squares} ${position.blackToMove ? "*" : "O"}`;
}

/** `?` for an unfinished game, else black's margin, with `:r` for a resignation and `:t` for a time-out. */
export function parseGgfResult(text: string): Result<GgfResult | undefined> {
  const t = text.trim();
  if (t === "?") return ok(undefined);
  const m = /^([+-]?\d+(?:\.\d+)?)(?::([rt]))?$/.exec(t);
  if (m === null) return err(`the result "${t}" is not ? or a margin like +12, -4:r or 0:t`);
  const margin = Number(m[1]);
  if (Math.abs(margin) > 64) return err(`the result ${t} is more than 64 discs`);
  return ok({ blackMargin: margin, ending: m[2] === "r" ? "resigned" : m[2] === "t" ? "timeout" : "normal" });
}

export function formatGgfResult(result: GgfResult | undefined): string {
  if (result === undefined) return "?";
  const margin = result.blackMargin > 0 ? `+${result.blackMargin}` : String(result.blackMargin);
  return margin + (result.ending === "resigned" ? ":r" : result.ending === "timeout" ? ":t" : "");
}

/** The match type: board size 8, with GGS's colour (s, k, b, w) or random-start (rN) letters; not anti-Othello or komi games. */
function checkType(type: string): Result<string> {
  const m = /^([a-z]*)(\d+)([a-z]\d*)*$/i.exec(type.trim());
  if (m === null) return err(`the match type "${type}" is not a board size with letters, like 8 or s8r20`);
  if (m[2] !== "8") return err(`the match type ${type} is for a board of ${m[2]}: only 8 is supported`);
  if (/a/i.test(type)) return err(`the match type ${type} is anti-Othello: only Othello is supported`);
  if (/k/i.test(type)) return err(`the match type ${type} is a komi game: komi is not supported`);
  return ok(type.trim());
}

function squareName(s: number): string {
  return String.fromCharCode(65 + (s & 7)) + String((s >> 3) + 1);
}

/** GGF escapes `]` and `\` in a value with a backslash, as SGF does. */
function escapeValue(text: string): string {
  return text.replace(/[\\\]]/g, (c) => `\\${c}`);
}

/** The properties of one game, as tag and value, each with the character offset of its tag. */
function readProperties(text: string): Result<{ tag: string; value: string; at: number }[]> {
  let i = 0;
  const skipBlanks = (): void => {
    while (i < text.length && /\s/.test(text[i]!)) i++;
  };
  const here = (): string => (i < text.length ? `"${text.slice(i, i + 10)}"` : "the end");
  skipBlanks();
  if (!text.startsWith("(;", i)) return err(`a GGF game starts with "(;", found ${here()} at character ${i + 1}`);
  i += 2;
  const properties: { tag: string; value: string; at: number }[] = [];
  for (;;) {
    skipBlanks();
    if (text.startsWith(";)", i)) break;
    const at = i;
    const tag = /^[A-Z]+/.exec(text.slice(i, i + 8))?.[0];
    if (tag === undefined)
      return err(`expected a property like PB[name] or the end ";)" at character ${i + 1}, found ${here()}`);
    i += tag.length;
    if (text[i] !== "[") return err(`the property ${tag} at character ${at + 1} has no value in [ ]`);
    i++;
    let value = "";
    while (i < text.length && text[i] !== "]") {
      if (text[i] === "\\" && i + 1 < text.length) i++;
      value += text[i++];
    }
    if (i >= text.length) return err(`the value of ${tag} at character ${at + 1} has no closing ]`);
    i++;
    properties.push({ tag, value, at });
  }
  i += 2;
  skipBlanks();
  if (i < text.length) return err(`text after the end of the game at character ${i + 1}: ${here()}`);
  return ok(properties);
}

/**
 * One GGF game of Othello. The moves are checked against the rules from the start position:
 * each `B[..]` or `W[..]` must be legal for the side to move, passes included.
 */
export function parseGgf(text: string): Result<GgfGame> {
  const properties = readProperties(text);
  if (!properties.ok) return properties;
  const fields: Record<string, string> = {};
  let result: GgfResult | undefined;
  let type: string | undefined;
  let start: Position | undefined;
  const moves: { tag: string; value: string; at: number }[] = [];
  const seen = new Set<string>();
  for (const property of properties.value) {
    const { tag, value, at } = property;
    const where = `${tag}[${value.length > 30 ? `${value.slice(0, 30)}...` : value}] at character ${at + 1}`;
    if (tag === "B" || tag === "W") {
      moves.push(property);
      continue;
    }
    if (seen.has(tag)) return err(`${where}: ${tag} is given twice`);
    seen.add(tag);
    if (tag === "GM") {
      if (value.trim().toLowerCase() !== "othello") return err(`${where}: the game is "${value}", not Othello`);
    } else if (tag === "RE") {
      const parsed = parseGgfResult(value);
      if (!parsed.ok) return err(`${where}: ${parsed.error}`);
      result = parsed.value;
    } else if (tag === "TY") {
      const parsed = checkType(value);
      if (!parsed.ok) return err(`${where}: ${parsed.error}`);
      type = parsed.value;
    } else if (tag === "BO") {
      if (moves.length > 0) return err(`${where}: the board comes after the first move`);
      const parsed = parseGgfBoard(value);
      if (!parsed.ok) return err(`${where}: ${parsed.error}`);
      start = parsed.value;
    } else if (Object.hasOwn(TEXT_FIELDS, tag)) {
      fields[TEXT_FIELDS[tag as TextTag]] = value;
    } else if (tag !== "CO") {
      return err(`${where}: unknown property ${tag}`);
    }
  }
  if (start === undefined) return err("the game has no start position (BO[8 ...])");
  const game = new Game(start);
  const played: GgfMove[] = [];
  for (const { tag, value, at } of moves) {
    const where = `move ${played.length + 1}, ${tag}[${value}] at character ${at + 1}`;
    const parsed = parseGgfMove(value);
    if (!parsed.ok) return err(`${where}: ${parsed.error}`);
    if (game.isOver()) return err(`${where}: the game is already over`);
    const toMove = game.position.blackToMove ? "B" : "W";
    if (tag !== toMove) return err(`${where}: ${toMove === "B" ? "black" : "white"} is to move`);
    const legal = game.play(parsed.value.move);
    if (!legal.ok) return err(`${where}: illegal: ${legal.error}`);
    played.push(parsed.value);
  }
  return ok({ ...fields, ...(result === undefined ? {} : { result }), type: type ?? "8", start, moves: played });
}

/**
 * The game as one line of GGF, properties in the order GGS and NBoard write them. `RE[?]` for an
 * unfinished game; fields not given are left out, but for TY (8 by default).
 */
export function formatGgf(game: GgfGame): string {
  const text = (tag: TextTag): string => {
    const value = game[TEXT_FIELDS[tag]];
    return value === undefined ? "" : `${tag}[${escapeValue(value)}]`;
  };
  let colourBlack = game.start.blackToMove;
  const moves = game.moves.map((m) => {
    const tag = colourBlack ? "B" : "W";
    colourBlack = !colourBlack;
    return `${tag}[${formatGgfMove(m)}]`;
  });
  return (
    `(;GM[Othello]${text("PC")}${text("DT")}${text("PB")}${text("PW")}RE[${formatGgfResult(game.result)}]` +
    `${text("RB")}${text("RW")}${text("TI")}${text("TB")}${text("TW")}TY[${game.type}]BO[${formatGgfBoard(game.start)}]${moves.join("")};)`
  );
}

/** The game's moves played from its start position (they were checked when it was parsed). */
export function ggfToGame(game: GgfGame): Game {
  const played = new Game(game.start);
  for (const { move } of game.moves) {
    const r = played.play(move);
    if (!r.ok) throw new Error(`a GGF game holds an illegal move: ${r.error}`);
  }
  return played;
}
