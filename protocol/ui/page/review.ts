import { type Colour, type Move, parseVertex } from "../../../src/index.js";
import type { ReviewLine } from "../moveAnalysis.js";
import { capitalized, colourToMove, gameUpTo, signed, vertex } from "./pageGame.js";

/**
 * The review of a game as the page shows it: the move list with the moves that lost discs
 * marked, each with the best move and the loss, and sentences about them. Pure, for the tests.
 */

/** The server's line about one move of the game. */
export type PlyLine = Extract<ReviewLine, { readonly ply: number }>;

/** A reviewed move's line (not a forced move's). */
export type MoveLine = Extract<PlyLine, { readonly best: string }>;

/** What the server has said of a game so far: one line per move, in order. */
export interface Review {
  /** The game reviewed. */
  readonly moves: readonly Move[];
  readonly lines: readonly PlyLine[];
}

/** A move is marked when it lost at least this many discs: an exact loss is at least 1, a search's below it is noise. */
export const LOSS_MARKED = 1;

export interface MoveItem {
  /** Its index in the game, and its number as people count (from 1). */
  readonly ply: number;
  readonly colour: Colour;
  readonly vertex: string;
  /** What the review said of it: undefined when not reviewed (yet, or the game changed since). */
  readonly line: PlyLine | undefined;
}

/** The lines of `review` that still hold for `moves`: those of the moves both games share from the start. */
function linesFor(moves: readonly Move[], review: Review | undefined): readonly PlyLine[] {
  if (review === undefined) return [];
  let shared = 0;
  while (shared < moves.length && shared < review.moves.length && moves[shared] === review.moves[shared]) shared++;
  return review.lines.filter((line) => line.ply < shared);
}

/** The game's moves, each with its colour and what the review said of it. */
export function moveItems(moves: readonly Move[], review: Review | undefined): MoveItem[] {
  const lines = linesFor(moves, review);
  const game = gameUpTo([], 0);
  return moves.map((move, ply) => {
    const colour = colourToMove(game.position);
    game.play(move);
    return { ply, colour, vertex: vertex(move), line: lines.find((l) => l.ply === ply) };
  });
}

/** The review's line for a move that lost discs; undefined for one that did not, or was not reviewed. */
export function lostDiscs(item: MoveItem): MoveLine | undefined {
  const line = item.line;
  return line !== undefined && "best" in line && line.loss >= LOSS_MARKED ? line : undefined;
}

/** The best move's square of a move that lost discs, for the board. */
export function bestSquare(item: MoveItem): Move | undefined {
  const lost = lostDiscs(item);
  if (lost === undefined) return undefined;
  const square = parseVertex(lost.best);
  return square.ok ? square.value : undefined;
}

/** A loss as the move list shows it: whole discs when exact, one decimal when searched. */
export function lossText(line: MoveLine): string {
  return `−${line.by === "exact" ? line.loss.toFixed(0) : line.loss.toFixed(1)}`;
}

const how = (line: MoveLine): string =>
  line.by === "exact" ? "exactly, by the solver" : `by the alpha-beta search, ${line.depth} plies deep`;

/** A sentence about one move, for the note beside the board when it is shown. */
export function describeMove(item: MoveItem): string {
  const head = `Move ${item.ply + 1}, ${capitalized(item.colour)} ${item.vertex}`;
  const line = item.line;
  if (line === undefined) return `${head}.`;
  if (!("best" in line)) return `${head}: forced.`;
  const value = (n: number) => (line.by === "exact" ? signed(n) : signed(n, 1));
  const lost = lostDiscs(item);
  if (lost === undefined)
    return `${head}: ${line.best === item.vertex ? "the best move" : `as good as ${line.best}`}, ${value(line.playedValue)} discs ${how(line)}.`;
  return (
    `${head} lost ${lost.by === "exact" ? lost.loss : `about ${lost.loss.toFixed(1)}`} discs ${how(lost)}: ` +
    `${item.vertex} leads to ${value(lost.playedValue)}, ${lost.best} to ${value(lost.bestValue)}.`
  );
}

/** How the review stands, or its outcome for each side. */
export function reviewSummary(items: readonly MoveItem[], done: boolean): string {
  const reviewed = items.filter((i) => i.line !== undefined).length;
  if (!done) return `Reviewing… ${reviewed} of ${items.length} moves.`;
  const side = (colour: Colour): string => {
    const lost = items.filter((i) => i.colour === colour).flatMap((i) => lostDiscs(i) ?? []);
    if (lost.length === 0) return `${capitalized(colour)} lost no disc`;
    const discs = lost.reduce((sum, l) => sum + l.loss, 0);
    const exact = lost.every((l) => l.by === "exact");
    const shown = exact ? discs : Math.round(discs);
    return `${capitalized(colour)} lost ${exact ? "" : "about "}${shown} disc${shown === 1 ? "" : "s"} in ${lost.length} move${lost.length === 1 ? "" : "s"}`;
  };
  return `Reviewed ${items.length} moves: ${side("black")}; ${side("white")}.`;
}
