import type { ChildStats } from "../../src/index.js";

/** What the merge reads of a root child: no more, so that the tree's other counters may change. */
export type RootChild = Pick<ChildStats, "move" | "visits" | "winRate" | "pruned" | "proven">;

/**
 * The root children of several searches of the same position, one entry per move in the order
 * of the first list: visits summed, the mean weighted by visits (NaN while unvisited), proven
 * when any search proved it (a proof is a fact of the position, so the searches cannot
 * disagree), and pruned only when every search that has the move pruned it: a move one search
 * still keeps open stays a candidate.
 */
export function mergeRootChildren(searches: readonly (readonly RootChild[])[]): RootChild[] {
  const merged = new Map<number, { visits: number; points: number; pruned: boolean; proven: RootChild["proven"] }>();
  for (const children of searches) {
    for (const c of children) {
      const m = merged.get(c.move) ?? { visits: 0, points: 0, pruned: true, proven: undefined };
      m.visits += c.visits;
      if (c.visits > 0) m.points += c.visits * c.winRate;
      m.pruned &&= c.pruned;
      m.proven ??= c.proven;
      merged.set(c.move, m);
    }
  }
  return [...merged].map(([move, m]) => ({
    move,
    visits: m.visits,
    winRate: m.visits > 0 ? m.points / m.visits : NaN,
    pruned: m.pruned,
    proven: m.proven,
  }));
}

/**
 * The move to play among merged root children, by the rule of `mostVisitedChild` (src/search/search.ts):
 * a child proven won, if any (the most visited of them); otherwise the most visited unproven
 * child not pruned (ties: the higher mean), unless its mean is below a draw and a proven draw
 * is there; a proven loss only when nothing else is left. undefined for no children.
 */
export function chooseRootChild(children: readonly RootChild[]): RootChild | undefined {
  const win = mostVisited(children, "win", true);
  if (win !== undefined) return win;
  const open = mostVisited(children, undefined, false);
  const draw = mostVisited(children, "draw", true);
  if (open !== undefined && !(draw !== undefined && open.visits > 0 && open.winRate < 0.5)) return open;
  return draw ?? mostVisited(children, undefined, true) ?? mostVisited(children, "loss", true) ?? children[0];
}

/** The most visited child with this proof (ties: the higher mean), pruned ones only if `withPruned`. */
function mostVisited(
  children: readonly RootChild[],
  proven: RootChild["proven"],
  withPruned: boolean,
): RootChild | undefined {
  let best: RootChild | undefined;
  for (const c of children) {
    if (c.proven !== proven || (!withPruned && c.pruned)) continue;
    if (
      best === undefined ||
      c.visits > best.visits ||
      (c.visits === best.visits && c.visits > 0 && c.winRate > best.winRate)
    )
      best = c;
  }
  return best;
}
