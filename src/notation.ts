import { BLACK, type Disc, EMPTY, type Move, PASS, Position, WHITE } from "./position.js";
import { type Result, err, ok } from "./result.js";

/**
 * Text codecs, each a parse/format pair. Squares are (x, y) = (row, column) with index
 * x * 8 + y; GTP writes them as column letter + row number, row 1 at the top.
 */

export type Colour = "black" | "white";

/** OTP moves: `x y` with x the row and y the column, 0..7; `8 0` is a pass. */
export function parseOtpMove(text: string): Result<Move> {
  const parts = text.trim().split(/\s+/);
  if (parts.length !== 2 || parts[0] === "") return err(`expected a move as two numbers "x y", got "${text.trim()}"`);
  const [xs, ys] = parts as [string, string];
  if (!/^\d{1,2}$/.test(xs) || !/^\d{1,2}$/.test(ys))
    return err(`expected a move as two numbers "x y", got "${text.trim()}"`);
  const x = Number(xs);
  const y = Number(ys);
  if (x === 8 && y === 0) return ok(PASS);
  if (x > 7 || y > 7) return err(`(${x}, ${y}) is off the board: x and y run from 0 to 7, and "8 0" is a pass`);
  return ok(x * 8 + y);
}

export function formatOtpMove(move: Move): string {
  return move === PASS ? "8 0" : `${move >> 3} ${move & 7}`;
}

/** GTP vertices: `a1`..`h8` in any case (column letter = y, row number = x + 1), or `pass`. */
export function parseVertex(text: string): Result<Move> {
  const t = text.trim().toLowerCase();
  if (t === "pass") return ok(PASS);
  const m = /^([a-z])(\d{1,2})$/.exec(t);
  if (m === null) return err(`"${text}" is not a vertex: expected a column letter and a row number, like d3, or pass`);
  const y = m[1]!.charCodeAt(0) - 97;
  const x = Number(m[2]) - 1;
  if (y > 7 || x < 0 || x > 7) return err(`${text} is off the board: columns run a-h and rows 1-8`);
  return ok(x * 8 + y);
}

export function formatVertex(move: Move): string {
  return move === PASS ? "pass" : String.fromCharCode(65 + (move & 7)) + String((move >> 3) + 1);
}

export function parseColour(text: string): Result<Colour> {
  const t = text.trim().toLowerCase();
  if (t === "b" || t === "black") return ok("black");
  if (t === "w" || t === "white") return ok("white");
  return err(`"${text}" is not a colour: expected black, b, white or w`);
}

/** A position set by the course's `code`, with the number of passes that led to it. */
export interface CodedPosition {
  readonly position: Position;
  readonly passes: number;
}

/**
 * The course's 66-digit code: 64 digits row by row (0 empty, 1 black, 2 white), the side to
 * move (1 black, 0 or 2 white), and the consecutive-pass counter (0..2).
 */
export function parseCode(text: string): Result<CodedPosition> {
  const t = text.trim();
  if (!/^\d*$/.test(t))
    return err(`code takes 66 digits; found "${firstNonDigit(t)}" at position ${t.search(/\D/) + 1}`);
  if (t.length !== 66) return err(`code takes 66 digits (64 squares, side to move, pass counter), got ${t.length}`);
  const discs: Disc[] = [];
  for (let s = 0; s < 64; s++) {
    const d = t.charCodeAt(s) - 48;
    if (d > 2)
      return err(`square digit ${s + 1} (row ${s >> 3}, column ${s & 7}) is ${d}: use 0 empty, 1 black, 2 white`);
    discs.push(d as Disc);
  }
  const side = t.charCodeAt(64) - 48;
  if (side > 2) return err(`side-to-move digit is ${side}: use 1 for black, 0 or 2 for white`);
  const passes = t.charCodeAt(65) - 48;
  if (passes > 2) return err(`pass counter is ${passes}: it runs from 0 to 2`);
  return ok({ position: Position.fromDiscs(discs, side === 1), passes });
}

export function formatCode(position: Position, passes = 0): string {
  let s = "";
  for (let i = 0; i < 64; i++) s += String(position.discAt(i));
  return s + (position.blackToMove ? "1" : "2") + String(passes);
}

function firstNonDigit(t: string): string {
  return t.charAt(t.search(/\D/));
}

/**
 * Seed 002's boards: 8 lines of `B` (black), `W` (white) and `-` (empty), separated by line
 * breaks or `/`. The side to move is not part of the drawing, so it is given apart.
 */
export function parseBoardLines(text: string, blackToMove: boolean): Result<Position> {
  const rows = text.trim().split(/\s*[\n/]\s*/);
  if (rows.length !== 8) return err(`a board has 8 rows, got ${rows.length}`);
  const discs: Disc[] = [];
  for (let x = 0; x < 8; x++) {
    const row = rows[x]!;
    if (row.length !== 8) return err(`row ${x + 1} has ${row.length} squares, expected 8`);
    for (const c of row) {
      if (c === "B") discs.push(BLACK);
      else if (c === "W") discs.push(WHITE);
      else if (c === "-") discs.push(EMPTY);
      else return err(`row ${x + 1} holds "${c}": use B, W or -`);
    }
  }
  return ok(Position.fromDiscs(discs, blackToMove));
}

export function formatBoardLines(position: Position): string {
  const rows: string[] = [];
  for (let x = 0; x < 8; x++) {
    let row = "";
    for (let y = 0; y < 8; y++) row += "-BW"[position.discAt(x * 8 + y)];
    rows.push(row);
  }
  return rows.join("\n");
}

/** A move with its exact value for the side to move, as an endgame test suite lists it. */
export interface ScoredMove {
  readonly move: Move;
  readonly score: number;
}

export interface ObfProblem {
  readonly position: Position;
  readonly moves: readonly ScoredMove[];
}

/**
 * The one-line board format of `fforum-1-19.obf`: 64 characters a1, b1, .. h8 (`X` black,
 * `O` white, `-` empty), a space, the side to move, then optionally `;`-separated `move:score`.
 */
export function parseObf(line: string): Result<ObfProblem> {
  const m = /^([XO-]{64})\s+([XO])\s*;?(.*)$/.exec(line.trim());
  if (m === null) return err("expected 64 squares of X, O or -, a space, and the side to move (X or O)");
  const discs = [...m[1]!].map((c) => (c === "X" ? BLACK : c === "O" ? WHITE : EMPTY));
  const moves: ScoredMove[] = [];
  for (const item of m[3]!.split(";")) {
    const t = item.trim();
    if (t === "") continue;
    const sm = /^([A-Ha-h][1-8]|pass|PA):\s*([+-]?\d+)$/.exec(t);
    if (sm === null) return err(`"${t}" is not a scored move like G8:+18`);
    const move = parseVertex(sm[1] === "PA" ? "pass" : sm[1]!);
    if (!move.ok) return move;
    moves.push({ move: move.value, score: Number(sm[2]) });
  }
  return ok({ position: Position.fromDiscs(discs, m[2] === "X"), moves });
}

export function formatObf(position: Position): string {
  let s = "";
  for (let i = 0; i < 64; i++) s += "-XO"[position.discAt(i)];
  return `${s} ${position.blackToMove ? "X" : "O"}`;
}
