import {
  type Colour,
  DEFAULT_SEARCH_PARAMS,
  Game,
  type Move,
  PASS,
  Position,
  type Result,
  err,
  formatGgf,
  formatVertex,
  ok,
  parseGameRecord,
  parseGgf,
  parseVertex,
  winProbability,
} from "../../../src/index.js";
import type { EngineReport } from "../engineReport.js";

/**
 * The page's game logic, without the page: who plays which colour, what the board shows, undo,
 * the engine's reports as words and as points of the graph. Everything here is pure, so the
 * tests run it without a browser.
 */

/** The colours the person plays: one of them, both (analysis: the engine moves only when asked), or neither (the engine plays itself). */
export type Mode = "black" | "white" | "both" | "neither";

export const MODES: readonly Mode[] = ["black", "white", "both", "neither"];

export function personPlays(mode: Mode, colour: Colour): boolean {
  return mode === "both" || mode === colour;
}

export const colourToMove = (position: Position): Colour => (position.blackToMove ? "black" : "white");

/** A move as the page writes it: `f5`, or `pass`. */
export const vertex = (move: Move): string => formatVertex(move).toLowerCase();

export const capitalized = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** "1 move", "3 moves". */
export const plural = (count: number, word: string): string => `${count} ${word}${count === 1 ? "" : "s"}`;

export interface SquareView {
  readonly disc: "black" | "white" | "empty";
  /** A legal move of the side to move, marked when the person is to move. */
  readonly legal: boolean;
  /** The last move's square, and the discs it turned. */
  readonly last: boolean;
  readonly flipped: boolean;
}

export interface BoardView {
  readonly squares: readonly SquareView[];
  readonly black: number;
  readonly white: number;
  /** Undefined once the game is over. */
  readonly toMove: Colour | undefined;
  /** The last move that put a disc down (a pass turns none), undefined before the first. */
  readonly lastMove: Move | undefined;
}

const DISCS = ["empty", "black", "white"] as const;

/** The game after the first `count` of its moves. */
export function gameUpTo(moves: readonly Move[], count: number): Game {
  const game = new Game();
  for (const move of moves.slice(0, count)) {
    const played = game.play(move);
    if (!played.ok) throw new Error(`an illegal move in a game: ${vertex(move)}: ${played.error}`);
  }
  return game;
}

/** What the board shows: the discs, the legal moves when `markLegal`, the last move and what it flipped. */
export function boardView(game: Game, markLegal: boolean): BoardView {
  const position = game.position;
  const moves = game.moves;
  let lastIndex = moves.length - 1;
  while (lastIndex >= 0 && moves[lastIndex] === PASS) lastIndex--;
  const before = lastIndex < 0 ? undefined : gameUpTo(moves, lastIndex).position;
  const lastMove = lastIndex < 0 ? undefined : moves[lastIndex];
  const legal = new Set(markLegal ? position.legalSquares() : []);
  const squares: SquareView[] = [];
  for (let s = 0; s < 64; s++) {
    const disc = position.discAt(s);
    squares.push({
      disc: DISCS[disc],
      legal: legal.has(s),
      last: s === lastMove,
      flipped: before !== undefined && s !== lastMove && before.discAt(s) !== 0 && before.discAt(s) !== disc,
    });
  }
  return {
    squares,
    black: position.blackDiscs(),
    white: position.whiteDiscs(),
    toMove: game.isOver() ? undefined : colourToMove(position),
    lastMove,
  };
}

/** The result of a finished game, from the discs on the board. */
export function resultText(position: Position): string {
  const black = position.blackDiscs();
  const white = position.whiteDiscs();
  if (black === white) return `Game over: a draw, ${black}–${white}`;
  return `Game over: ${black > white ? "Black" : "White"} wins ${Math.max(black, white)}–${Math.min(black, white)}`;
}

/** Why a click on `square` plays nothing, or undefined when it is a legal move. */
export function refusal(game: Game, square: Move): string | undefined {
  if (game.isOver()) return "The game is over: start a new one, or undo.";
  if (game.position.isLegal(square)) return undefined;
  const why = game.position.discAt(square) !== 0 ? "the square is taken" : "it flips no disc";
  const legal = game.position.legalSquares().map(vertex);
  return `${vertex(square)} is not a legal move: ${why}. Legal: ${legal.join(" ")}.`;
}

/**
 * How many moves stay after an undo: back to before the person's previous move, so that it is
 * the person's turn again where they last chose (forced passes and the engine's replies go with
 * it). When the person plays no colour, one move goes. Never below 0.
 */
export function undoLength(moves: readonly Move[], mode: Mode): number {
  const game = gameUpTo(moves, moves.length);
  const movers: Colour[] = [];
  for (let i = moves.length - 1; i >= 0; i--) {
    game.undo();
    movers[i] = colourToMove(game.position);
  }
  for (let i = moves.length - 1; i >= 0; i--) {
    if (moves[i] === PASS) continue;
    if (mode === "neither" || personPlays(mode, movers[i]!)) return i;
  }
  return 0;
}

/** A pasted game, as moves (`f5d6c3`) or as GGF (`(;GM[Othello]…;)`): its moves, or what is wrong with it. */
export function loadRecord(text: string): Result<Game> {
  if (text.trim() === "") return err("Paste a game first, like f5d6c3d3c4, or a GGF game.");
  if (text.trim().startsWith("(;")) {
    const ggf = parseGgf(text.trim());
    if (!ggf.ok) return err(`That GGF game cannot be read: ${ggf.error}.`);
    // The page and its engines play from the usual start; GGS's random set-ups are not that.
    if (!ggf.value.start.equals(Position.initial()))
      return err("That GGF game starts from a set-up position; the page plays from the usual start only.");
    const played = ggf.value.moves.map((m) => m.move);
    return ok(gameUpTo(played, played.length));
  }
  const moves = parseGameRecord(text);
  if (!moves.ok) return err(`That game cannot be played: ${moves.error}.`);
  return ok(gameUpTo(moves.value, moves.value.length));
}

/** The engine's view of the game after one of its moves: how likely black is to win (0..1), by how many discs, and in words. */
export interface Evaluation {
  /** Discs placed when it was made (passes do not count): the graph's x. */
  readonly ply: number;
  readonly black: number;
  /** Black's final margin in discs as the engine sees it; undefined for a result proven without its margin. */
  readonly discs: number | undefined;
  readonly label: string;
}

const OUTCOME_VALUE = { win: 1, draw: 0.5, loss: 0 } as const;
/** The widest margin there is. */
const ALL_DISCS = 64;

/**
 * The evaluation's win curve, which our search uses for its leaves: a margin of `discs` is a
 * chance of 1 / (1 + exp(-discs / scale)) with the search's default scale.
 */
export function winChance(discs: number): number {
  return winProbability(discs, DEFAULT_SEARCH_PARAMS.evalScale);
}

/** The curve read backwards: the margin a win rate stands for, within the board's 64 discs. */
export function discsOf(winRate: number): number {
  const discs = DEFAULT_SEARCH_PARAMS.evalScale * Math.log(winRate / (1 - winRate));
  return Math.max(-ALL_DISCS, Math.min(ALL_DISCS, discs));
}

/** A value with its sign, as people write margins: +4, -2.5, and 0 (never -0.0). */
export function signed(n: number, digits = 0): string {
  const text = Math.abs(n).toFixed(digits);
  return Number(text) === 0 ? text : `${n > 0 ? "+" : "-"}${text}`;
}

/**
 * The evaluation in a report made after `ply` discs were placed (the search began with one
 * more empty square); undefined for a report that evaluates nothing.
 */
export function evaluationOf(report: EngineReport | undefined, ply: number): Evaluation | undefined {
  if (report === undefined || report.kind === "note") return undefined;
  let forSide: number;
  let discs: number | undefined;
  let label: string;
  if (report.kind === "search") {
    forSide = report.proven === undefined ? report.winRate : OUTCOME_VALUE[report.proven];
    discs = report.proven === undefined ? discsOf(report.winRate) : report.proven === "draw" ? 0 : undefined;
    label =
      report.proven === undefined
        ? `${(100 * report.winRate).toFixed(1)}%, about ${signed(discs!, 1)} discs`
        : `proven ${report.proven}`;
  } else if (report.kind === "alphabeta") {
    // A predicted margin, drawn on the chances' line through the win curve.
    discs = report.score;
    forSide = winChance(discs);
    label = `${signed(discs, 1)} discs`;
  } else if (report.outcome === "exact") {
    discs = report.score!;
    forSide = discs > 0 ? 1 : discs < 0 ? 0 : 0.5;
    label = `${signed(discs)} discs, exact`;
  } else {
    forSide = OUTCOME_VALUE[report.outcome];
    discs = report.outcome === "draw" ? 0 : undefined;
    label = `proven ${report.outcome}`;
  }
  const black = report.side === "black";
  return {
    ply,
    black: black ? forSide : 1 - forSide,
    // 0 - discs rather than -discs: a draw is 0, not -0.
    discs: discs === undefined ? undefined : black ? discs : 0 - discs,
    label: `${capitalized(report.side)} ${label}`,
  };
}

const thousands = (n: number): string => n.toLocaleString("en-US");

/** A report in a sentence or two, for the engine panel. */
export function describeReport(report: EngineReport | undefined): string {
  if (report === undefined) return "The engine gave no report (only our engine reports its search).";
  const side = capitalized(report.side);
  switch (report.kind) {
    case "note":
      return `${side}: ${report.text}.`;
    case "search": {
      const result =
        report.proven === undefined
          ? `win rate ${(100 * report.winRate).toFixed(1)}% over ${thousands(report.visits)} visits`
          : `proven ${report.proven}`;
      const line = report.pv.length > 0 ? `; expected line ${report.pv.join(" ")}` : "";
      return `${side}: ${result}${line}. ${thousands(report.playouts)} playouts, ${thousands(report.nodes)} nodes in ${report.seconds.toFixed(2)} s.`;
    }
    case "alphabeta":
      return `${side}: ${report.score > 0 ? "+" : ""}${report.score.toFixed(1)} discs by the evaluation, searched ${report.depth} plies deep. ${thousands(report.nodes)} positions in ${report.seconds.toFixed(2)} s.`;
    case "solve": {
      const result =
        report.outcome === "exact"
          ? `solved exactly: ${report.score! > 0 ? "wins by " : report.score! < 0 ? "loses by " : "a draw, "}${Math.abs(report.score!)} discs`
          : `solved: a proven ${report.outcome}`;
      return `${side}: ${result}. ${thousands(report.nodes)} positions in ${report.seconds.toFixed(2)} s.`;
    }
  }
}

/** Discs placed by the first `count` moves (passes place none): the x of a graph point. */
export function discsPlaced(moves: readonly Move[], count: number): number {
  return moves.slice(0, count).filter((m) => m !== PASS).length;
}

/** The graph's x of an evaluation: its place among the 60 discs of a game. */
const graphX = (e: Evaluation, width: number): string => ((e.ply / 60) * width).toFixed(1);

/** The chances' line over the game, as SVG polyline points: black's chances, 1 at the top and 0 at the bottom. */
export function graphPoints(evaluations: readonly Evaluation[], width: number, height: number): string {
  return [...evaluations]
    .sort((a, b) => a.ply - b.ply)
    .map((e) => `${graphX(e, width)},${((1 - e.black) * height).toFixed(1)}`)
    .join(" ");
}

/** The discs' scale: the margin at the graph's top and bottom edges, the smallest of 16, 32 and 64 that holds every margin. */
export function discScale(evaluations: readonly Evaluation[]): number {
  const widest = Math.max(0, ...evaluations.map((e) => Math.abs(e.discs ?? 0)));
  return widest <= 16 ? 16 : widest <= 32 ? 32 : ALL_DISCS;
}

/**
 * The margins as bars from the middle, up for black and down for white, `scale` discs to the
 * edge, as an SVG path: bars, so that they stay apart from the chances' line where the two
 * agree. A margin not known (a result proven without it) has no bar.
 */
export function discBars(evaluations: readonly Evaluation[], width: number, height: number, scale: number): string {
  return evaluations
    .filter((e) => e.discs !== undefined)
    .sort((a, b) => a.ply - b.ply)
    .map(
      (e) => `M${graphX(e, width)},${(height / 2).toFixed(1)}V${((0.5 - e.discs! / (2 * scale)) * height).toFixed(1)}`,
    )
    .join("");
}

/** The game as one line of GGF, from the usual start, with the result once it is over (empty squares to the winner). */
export function gameGgf(game: Game, black: string, white: string): string {
  return formatGgf({
    place: "othello ui",
    black,
    white,
    ...(game.isOver() ? { result: { blackMargin: game.position.worldScore(), ending: "normal" as const } } : {}),
    type: "8",
    start: Position.initial(),
    moves: game.moves.map((move) => ({ move })),
  });
}

/** The status line: an error, the engine thinking (for `seconds` so far), the result, or whose move it is. */
export function statusLine(
  game: Game,
  now: {
    readonly error: string | undefined;
    readonly thinking: { readonly seconds: number; readonly hint: boolean } | undefined;
    readonly engineToMove: boolean;
  },
): { readonly state: "error" | "engine" | "over" | "person"; readonly text: string } {
  const { error, thinking, engineToMove } = now;
  if (error !== undefined) return { state: "error", text: error };
  if (thinking !== undefined)
    return {
      state: "engine",
      text: `The engine is thinking${thinking.hint ? " about your move" : ""}… ${thinking.seconds.toFixed(1)} s`,
    };
  if (game.isOver()) return { state: "over", text: resultText(game.position) };
  const side = capitalized(colourToMove(game.position));
  return engineToMove
    ? { state: "engine", text: `${side}: the engine's move.` }
    : { state: "person", text: `${side} to play: your move.` };
}

/** The engine's answer and its move, legal in `position`; or what the page says of it (the game is kept either way). */
export function answeredMove<A extends { readonly move: string }>(
  asked: Result<A>,
  position: Position,
): Result<{ readonly answer: A; readonly move: Move }> {
  if (!asked.ok) return err(`The engine failed: ${asked.error}. The game so far is kept.`);
  const answer = asked.value;
  const parsed: Result<Move> = answer.move === "pass" ? ok(PASS) : parseVertex(answer.move);
  return parsed.ok && position.isLegal(parsed.value)
    ? ok({ answer, move: parsed.value })
    : err(`The engine answered ${answer.move}, which is not a legal move here. The game so far is kept.`);
}

/** The time per move typed in the page, within the engine's range (none known yet: 0 to 60 s said). */
export function parseSeconds(
  text: string,
  range: { readonly minSeconds: number; readonly maxSeconds: number } | undefined,
): Result<number> {
  const value = Number(text);
  return range !== undefined && value >= range.minSeconds && value <= range.maxSeconds
    ? ok(value)
    : err(`The time per move is a number of seconds from ${range?.minSeconds ?? 0} to ${range?.maxSeconds ?? 60}.`);
}
