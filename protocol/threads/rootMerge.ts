import { type Candidates, type Proof, type RootChild, moveToPlay, proofOf } from "../../src/index.js";

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

/** Root children as candidates of the search's move rule. */
class RootCandidates implements Candidates {
  constructor(private readonly children: readonly RootChild[]) {}

  get count(): number {
    return this.children.length;
  }

  visits(i: number): number {
    return this.children[i]!.visits;
  }

  mean(i: number): number {
    return this.children[i]!.winRate;
  }

  proof(i: number): Proof {
    return proofOf(this.children[i]!.proven);
  }

  pruned(i: number): boolean {
    return this.children[i]!.pruned;
  }
}

/** The move to play among merged root children, by the search's own rule (`moveToPlay`); undefined for no children. */
export function chooseRootChild(children: readonly RootChild[]): RootChild | undefined {
  return children[moveToPlay(new RootCandidates(children))];
}
