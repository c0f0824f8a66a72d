/**
 * What our engine says of a move on its diagnostic stream (protocol/engine/searchReport.ts
 * writes these lines), read back into the fields the page shows. Other engines' lines are
 * not understood, and their moves come without a report.
 */
export type EngineReport =
  | {
      readonly kind: "search";
      /** The side that searched. */
      readonly side: "black" | "white";
      readonly playouts: number;
      readonly seconds: number;
      readonly nodes: number;
      /** Visits and win rate (0..1, the searching side's view) of the chosen move. */
      readonly visits: number;
      readonly winRate: number;
      readonly proven: "win" | "draw" | "loss" | undefined;
      /** The principal variation, lowercase vertices. */
      readonly pv: readonly string[];
    }
  | {
      readonly kind: "solve";
      readonly side: "black" | "white";
      /** "exact": `score` is the final disc difference for the side; otherwise only the outcome is proven. */
      readonly outcome: "exact" | "win" | "draw" | "loss";
      readonly score: number | undefined;
      readonly nodes: number;
      readonly seconds: number;
    }
  | {
      readonly kind: "alphabeta";
      readonly side: "black" | "white";
      readonly depth: number;
      readonly nodes: number;
      readonly seconds: number;
      /** The evaluation's predicted final disc difference for the side. */
      readonly score: number;
    }
  | { readonly kind: "note"; readonly side: "black" | "white"; readonly text: string };

const SEARCH =
  /^(?:search|thinking): (black|white): (\d+) (?:playouts|visits) in ([\d.]+) s .*?, (\d+) nodes, \d+ pruned; \S+ \(\d \d\) (?:wins ([\d.]+)% of (\d+)|unvisited[^;]*); (?:proven (win|draw|loss); )?pv ?(.*)$/;
const SOLVED =
  /^solve: (black|white): (solved exact|proven loss|solved win|solved draw|solved at least) ?([+-]?\d+)?(?:; the search decides)?, (\d+) nodes in ([\d.]+) s/;
const ALPHABETA =
  /^alphabeta: (black|white): depth (\d+), (\d+) nodes in ([\d.]+) s .*?; \S+ \(\d \d\) ([+-]?[\d.]+) discs$/;
const NOTE = /^search: (black|white)(?::| has) (.*)$/;

/**
 * The report in one of our engine's `search:`, `thinking:` (how a search stands while it runs),
 * `solve:` or `alphabeta:` lines; undefined for any other line (an unsolved solve included).
 */
export function parseEngineReport(line: string): EngineReport | undefined {
  const search = SEARCH.exec(line);
  if (search !== null) {
    const [, side, playouts, seconds, nodes, percent, visits, proven, pv] = search;
    return {
      kind: "search",
      side: side as "black" | "white",
      playouts: Number(playouts),
      seconds: Number(seconds),
      nodes: Number(nodes),
      visits: visits === undefined ? 0 : Number(visits),
      winRate: percent === undefined ? 0.5 : Number(percent) / 100,
      proven: proven as "win" | "draw" | "loss" | undefined,
      pv: pv!.trim() === "" ? [] : pv!.trim().toLowerCase().split(/\s+/),
    };
  }
  const solved = SOLVED.exec(line);
  if (solved !== null) {
    const [, side, what, score, nodes, seconds] = solved;
    const exact = what === "solved exact" || (what === "proven loss" && score !== undefined);
    // A bound (a win or a loss narrowed until the time ran out) proves the outcome its sign says.
    const win = what === "solved win" || (what === "solved at least" && Number(score) > 0);
    const outcome = exact ? "exact" : win ? "win" : what === "solved draw" ? "draw" : "loss";
    return {
      kind: "solve",
      side: side as "black" | "white",
      outcome,
      score: exact ? Number(score) : undefined,
      nodes: Number(nodes),
      seconds: Number(seconds),
    };
  }
  const alphaBeta = ALPHABETA.exec(line);
  if (alphaBeta !== null) {
    const [, side, depth, nodes, seconds, score] = alphaBeta;
    return {
      kind: "alphabeta",
      side: side as "black" | "white",
      depth: Number(depth),
      nodes: Number(nodes),
      seconds: Number(seconds),
      score: Number(score),
    };
  }
  const note = NOTE.exec(line);
  // "black: C4 (3 2) is the only move, played at once": the vertex as the page writes it, the OTP move left out.
  if (note !== null)
    return {
      kind: "note",
      side: note[1] as "black" | "white",
      text: note[2]!.replace(/\b([A-H][1-8]) \(\d \d\)/, (_, v: string) => v.toLowerCase()),
    };
  return undefined;
}

/** One of the root's moves in our engine's `moves:` line: how much it was searched and its value for the side to move. */
export interface RootMove {
  /** Lowercase vertex. */
  readonly move: string;
  readonly visits: number;
  /** The mean result (0..1) for the side to move; null before the move's first visit. */
  readonly winRate: number | null;
  readonly proven: "win" | "draw" | "loss" | null;
  /** Set aside by progressive pruning. */
  readonly pruned: boolean;
}

/** The root's moves after a report: `thinking` while the search runs, `search` after it. */
export interface RootMoves {
  readonly word: "search" | "thinking";
  readonly side: "black" | "white";
  readonly moves: readonly RootMove[];
}

const ROOT_MOVES = /^(search|thinking) moves: (black|white): (.*)$/;
const ROOT_MOVE = /^([A-H][1-8]) (\d+) (?:([\d.]+)%|-)( proven (?:win|draw|loss))?( pruned)?$/;

/**
 * The root's moves in one of our engine's `search moves:` or `thinking moves:` lines (written
 * with `--progress`, protocol/engine/searchReport.ts); undefined for any other line.
 */
export function parseRootMoves(line: string): RootMoves | undefined {
  const root = ROOT_MOVES.exec(line);
  if (root === null) return undefined;
  const moves: RootMove[] = [];
  for (const item of root[3]!.split(", ")) {
    const m = ROOT_MOVE.exec(item);
    if (m === null) return undefined;
    const [, move, visits, percent, proven, pruned] = m;
    moves.push({
      move: move!.toLowerCase(),
      visits: Number(visits),
      winRate: percent === undefined ? null : Number(percent) / 100,
      proven: proven === undefined ? null : (proven.slice(" proven ".length) as RootMove["proven"]),
      pruned: pruned !== undefined,
    });
  }
  return { word: root[1] as RootMoves["word"], side: root[2] as RootMoves["side"], moves };
}

/** The last report among `lines`, progress reports included. */
export function lastReport(lines: readonly string[]): EngineReport | undefined {
  let report: EngineReport | undefined;
  for (const line of lines) report = parseEngineReport(line) ?? report;
  return report;
}

/** The last moves line of a search that runs (`thinking`) or has ended (`search`). */
export function lastMoves(lines: readonly string[], word: RootMoves["word"]): RootMoves | undefined {
  let moves: RootMoves | undefined;
  for (const line of lines) {
    const parsed = parseRootMoves(line);
    if (parsed?.word === word) moves = parsed;
  }
  return moves;
}

/** The last report that is not a progress report. */
export function finalReport(lines: readonly string[]): EngineReport | undefined {
  return lastReport(lines.filter((line) => !line.startsWith("thinking:")));
}
