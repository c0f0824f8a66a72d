import {
  CLASSIC_SEARCH_PARAMS,
  PASS,
  Position,
  Random,
  Search,
  type SearchParams,
  type Tree,
  parseOtpMove,
} from "../../src/index.js";

// What the search's tests share: their parameters, a search with a frozen clock, and small helpers.

export function value<T>(r: { ok: true; value: T } | { ok: false; error: string }): T {
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

/** The classic search (random playouts) unless a test says otherwise: these tests are about the tree's mechanics. */
export const params = (over: Partial<SearchParams> = {}): SearchParams => ({
  ...CLASSIC_SEARCH_PARAMS,
  maxNodes: 200_000,
  ...over,
});
export const frozenClock = () => 0;

export function search(over: Partial<SearchParams> = {}, seed = 1): Search {
  return new Search(params(over), { now: frozenClock, random: new Random(seed) });
}

/** UCB1 of a child with `points` (wins, draws counting half) over `visits`, under a parent with `parentVisits`: the formula selection follows. */
export function ucb1(points: number, visits: number, parentVisits: number, c: number): number {
  return points / visits + c * Math.sqrt(Math.log(parentVisits) / visits);
}

/** Records `visits` results into a fresh node: `wins` of 1, `draws` of 0.5, and the rest 0. */
export function recordResults(tree: Tree, node: number, visits: number, wins: number, draws = 0): void {
  for (let i = 0; i < visits; i++) tree.record(node, i < wins ? 1 : i < wins + draws ? 0.5 : 0);
}

export function otp(moves: string[]): number[] {
  return moves.map((m) => value(parseOtpMove(m)));
}

/** Mirror across the main diagonal: (x, y) -> (y, x). */
export function transpose(s: number): number {
  return s === PASS ? PASS : (s & 7) * 8 + (s >> 3);
}

export function transposed(p: Position): Position {
  const discs = Array.from({ length: 64 }, (_, s) => p.discAt(transpose(s)));
  return Position.fromDiscs(discs, p.blackToMove);
}

/** Exact value for the side to move (world count), by full search: for positions with few empty squares. */
export function exact(p: Position): number {
  const moves = p.legalMoves();
  if (moves.length === 0) return p.blackToMove ? p.worldScore() : -p.worldScore();
  return Math.max(...moves.map((m) => -exact(p.play(m))));
}
