import {
  type AlphaBetaResult,
  BOOK_MARGIN,
  type Choice,
  type Move,
  type Position,
  type SearchReport,
  type SolveMode,
  type SolveResult,
  formatOtpMove,
  formatVertex,
  type RootChild,
} from "../../src/index.js";

/**
 * The search's one line on the diagnostic stream; moves as GTP vertices with the OTP `x y` of
 * the choice. `thinking` lines, with `--progress`, say the same of a search still running.
 * With `threads` above 1 the report merges that many searches (--threads), or, with
 * `sharedTree`, that many threads' visits of one tree.
 */
export function formatSearchReport(
  report: SearchReport & { readonly threads?: number; readonly sharedTree?: boolean },
  position: Position,
  word: "search" | "thinking" = "search",
): string {
  const seconds = report.elapsedMs / 1000;
  const rate = seconds > 0 ? Math.round(report.visits / seconds) : 0;
  const threads =
    (report.threads ?? 1) > 1
      ? ` on ${report.threads} threads${report.sharedTree === true ? " sharing one tree" : ""}`
      : "";
  return (
    `${word}: ${sideToMove(position)}: ${report.visits} ${report.leaf === "eval" ? "visits" : "playouts"} in ${seconds.toFixed(2)} s (${rate}/s; ${knowledge(report)}, first visit after ${Math.round(report.startMs)} ms)${threads}, reused ${report.reused}, ` +
    `${report.nodes} nodes, ${report.pruned} pruned; ${moveText(report.move)} ` +
    `${report.moveVisits > 0 ? `wins ${(100 * report.moveWinRate).toFixed(1)}% of ${report.moveVisits}` : "unvisited (no time to search)"}; ` +
    `${report.proven === undefined ? "" : `proven ${report.proven}; `}` +
    `pv ${report.pv.map(formatVertex).join(" ")}`
  );
}

/** A move played without search, said as the search's line: a forced one, or the random baseline's. */
export function formatUnsearchedMove(
  choice: Extract<Choice, { readonly by: "forced" | "random" }>,
  position: Position,
): string {
  const side = sideToMove(position);
  if (choice.by === "random") return `search: ${side}: ${moveText(choice.move)} at random`;
  switch (choice.reason) {
    case "game over":
      return `search: ${side}: the game is over, pass`;
    case "pass":
      return `search: ${side} has no legal move, pass`;
    case "only move":
      return `search: ${side}: ${moveText(choice.move)} is the only move, played at once`;
  }
}

/**
 * The root's moves after a `search:` or `thinking:` line (with `--progress`, for a page that
 * shows every move's value): each as a GTP vertex with its visits and win rate for the side to
 * move, `proven` and `pruned` when so; most visited first. A move not yet visited has `-` for
 * its win rate.
 */
export function formatRootMoves(
  children: readonly RootChild[],
  position: Position,
  word: "search" | "thinking" = "search",
): string {
  const side = position.blackToMove ? "black" : "white";
  const moves = [...children]
    .sort((a, b) => b.visits - a.visits)
    .map(
      (c) =>
        `${formatVertex(c.move)} ${c.visits} ${c.visits > 0 ? `${(100 * c.winRate).toFixed(1)}%` : "-"}` +
        `${c.proven === undefined ? "" : ` proven ${c.proven}`}${c.pruned ? " pruned" : ""}`,
    );
  return `${word} moves: ${side}: ${moves.join(", ")}`;
}

/** The line that says how a move was chosen; undefined for the solver's, said as soon as the solve ended (formatSolveReport). */
export function formatChoice(choice: Choice, position: Position): string | undefined {
  switch (choice.by) {
    case "forced":
    case "random":
      return formatUnsearchedMove(choice, position);
    case "book":
      return formatBookChoice(choice, position);
    case "search":
      return formatSearchReport(choice.report, position);
    case "alphabeta":
      return formatAlphaBetaReport(choice, choice.searchMs, position);
    case "solver":
      return undefined;
  }
}

/**
 * A book move's line, said as the search's line of a move played without search (so the page
 * shows it as a note): its book value, and among how many near-equal book moves it was drawn.
 */
export function formatBookChoice(choice: Extract<Choice, { readonly by: "book" }>, position: Position): string {
  const value = choice.value >= 0 ? `+${choice.value.toFixed(2)}` : choice.value.toFixed(2);
  const among =
    choice.candidates > 1 ? `, drawn among ${choice.candidates} within ${BOOK_MARGIN} disc of the best` : "";
  return `search: ${sideToMove(position)}: ${moveText(choice.move)} from the opening book, ${value} discs${among}`;
}

/** The side to move, as the lines say it. */
function sideToMove(position: Position): string {
  return position.blackToMove ? "black" : "white";
}

/** A move as a GTP vertex with its OTP `x y`. */
function moveText(move: Move): string {
  return `${formatVertex(move)} (${formatOtpMove(move)})`;
}

/** What the search used: evaluated leaves with or without priors, or playouts; leaves solved; an early stop. */
function knowledge(report: SearchReport): string {
  const leaves = `${report.leaf === "eval" ? "eval leaves" : "random playouts"}${report.priors ? ", priors" : ""}`;
  return `${leaves}, ${report.solved} solved${report.stoppedEarly ? ", stopped early" : ""}`;
}

/** The solver's one line: what it proved (or that it could not), its work, and the move it found. */
export function formatSolveReport(
  result: SolveResult,
  mode: SolveMode,
  elapsedMs: number,
  position: Position,
  threads = 1,
): string {
  const side = position.blackToMove ? "black" : "white";
  const seconds = (elapsedMs / 1000).toFixed(2);
  const work = `${result.nodes} nodes in ${seconds} s (${elapsedMs > 0 ? Math.round((result.nodes * 1000) / elapsedMs) : 0}/s)${threads > 1 ? ` on ${threads} threads` : ""}`;
  if (!result.solved)
    return `solve: ${side}: ${position.empties()} empties not solved (${mode}), ${work}; the search decides`;
  const move = result.move === undefined ? "" : `; ${formatVertex(result.move)} (${formatOtpMove(result.move)})`;
  const score = result.score > 0 ? `+${result.score}` : String(result.score);
  if (mode === "exact") {
    // A narrowed win/draw/loss result that ran out of time is a lower bound, not the score.
    const kind = result.bound === "lower" ? "solved at least" : result.score < 0 ? "proven loss" : "solved exact";
    return `solve: ${side}: ${kind} ${score}, ${work}${move}`;
  }
  const outcome =
    result.score > 0 ? "solved win" : result.score === 0 ? "solved draw" : "proven loss; the search decides";
  return `solve: ${side}: ${outcome}, ${work}${result.score < 0 ? "" : move}`;
}

/** The alpha-beta player's one line: depth reached, work, the move and its value. */
export function formatAlphaBetaReport(
  result: Omit<AlphaBetaResult, "move"> & { readonly move: Move },
  elapsedMs: number,
  position: Position,
): string {
  const seconds = elapsedMs / 1000;
  const rate = seconds > 0 ? Math.round(result.nodes / seconds) : 0;
  const score = result.score > 0 ? `+${result.score.toFixed(2)}` : result.score.toFixed(2);
  return `alphabeta: ${sideToMove(position)}: depth ${result.depth}, ${result.nodes} nodes in ${seconds.toFixed(2)} s (${rate}/s); ${moveText(result.move)} ${score} discs`;
}
