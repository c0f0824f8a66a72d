import type { Move } from "../position.js";
import type { SearchParams } from "./params.js";
import { NodeFlag } from "./nodeFlags.js";
import { Proof, type Proven, provenWord } from "./proof.js";
import { childToPlay } from "./selection.js";
import type { Tree } from "./tree.js";

/** Plies of the principal variation in a report. */
const PV_LENGTH = 8;

export interface SearchReport {
  readonly move: Move;
  /** Visits of the root in this search: each a random playout, an evaluated leaf, a leaf solved or a proven result. */
  readonly visits: number;
  /** What the leaves were worth: random playouts or the evaluation; whether children had the evaluation as prior. */
  readonly leaf: SearchParams["leaf"];
  readonly priors: boolean;
  /** Leaves solved by the solver in this search (their results proven). */
  readonly solved: number;
  /** The search stopped before its time because the move could no longer change. */
  readonly stoppedEarly: boolean;
  readonly elapsedMs: number;
  /** Of those, the time before the first visit: the tree's reuse and the root's expansion. */
  readonly startMs: number;
  /** Visits already under the root when the search began (tree reuse). */
  readonly reused: number;
  readonly nodes: number;
  /** Children currently set aside by progressive pruning, in the whole tree. */
  readonly pruned: number;
  /** Visits and mean result of the chosen move, from the mover's point of view. */
  readonly moveVisits: number;
  readonly moveWinRate: number;
  /** The most visited line from the root, starting with the chosen move. */
  readonly pv: readonly Move[];
  /** What the MCTS-solver proved of the chosen move for the mover: "win", "draw", "loss", or undefined. */
  readonly proven?: Proven;
}

/** One child's statistics, for reports and tests. */
export interface ChildStats {
  readonly move: Move;
  readonly visits: number;
  /** Sum of the results (1 a win, 0.5 a draw, or a win probability) for the player who moved into the child. */
  readonly total: number;
  /** Mean result for the player who moved into the child; NaN before any visit. */
  readonly winRate: number;
  /** The evaluation's win probability for the player who moved into the child, when the search uses priors. */
  readonly prior: number | undefined;
  readonly pruned: boolean;
  /** What is proven for the player who moved into the child. */
  readonly proven: Proven | undefined;
}

/** What a merge of several searches' roots, and a report of the root's moves, read of a child: no more. */
export type RootChild = Pick<ChildStats, "move" | "visits" | "winRate" | "pruned" | "proven">;

/** A search's own counts, which its report adds to what the tree says. */
export interface SearchCounts {
  /** Visits of the root in this search. */
  readonly visits: number;
  readonly solved: number;
  readonly stoppedEarly: boolean;
  readonly elapsedMs: number;
  readonly startMs: number;
  readonly reused: number;
  /** Children set aside by progressive pruning in the whole tree. */
  readonly pruned: number;
}

/**
 * How a search with these parameters stands on its tree: the move it would play now (`best`, the
 * root's child by the move rule unless the search drew another), with its statistics.
 */
export function makeSearchReport(
  tree: Tree,
  params: SearchParams,
  counts: SearchCounts,
  best = childToPlay(tree, tree.root),
): SearchReport {
  return {
    move: tree.move[best]!,
    visits: counts.visits,
    leaf: params.leaf,
    priors: params.priorVisits > 0,
    solved: counts.solved,
    stoppedEarly: counts.stoppedEarly,
    elapsedMs: counts.elapsedMs,
    startMs: counts.startMs,
    reused: counts.reused,
    nodes: tree.size,
    pruned: counts.pruned,
    moveVisits: tree.visits[best]!,
    // NaN before any visit: 0 / 0.
    moveWinRate: tree.mean(best),
    pv: principalVariation(tree, best),
    ...(tree.proof[best] === Proof.Unproven ? {} : { proven: provenWord(tree.proof[best]!) }),
  };
}

/** The line from the root's child `first`, then the moves the search would play, as far as they have been visited. */
function principalVariation(tree: Tree, first: number): Move[] {
  const pv: Move[] = [];
  let node = first;
  while (pv.length < PV_LENGTH && tree.visits[node] !== 0) {
    pv.push(tree.move[node]!);
    if (tree.childCount[node] === 0) break;
    node = childToPlay(tree, node);
  }
  return pv;
}

/**
 * The children of the node the `line` of moves leads to from the root: move, visits, wins and
 * draws, mean result for the player who moved, pruned or not. [] when the tree does not hold
 * that node or it has no children.
 */
export function childStats(tree: Tree, line: readonly Move[]): ChildStats[] {
  let node = tree.root;
  // A leaf has no child for any move, nor children to list. Node -1's columns read as
  // undefined, which finds no child and lists no children either; the tests say what is meant.
  // Stryker disable next-line ConditionalExpression: as said.
  for (const move of line) if (node !== -1) node = tree.child(node, move);
  // Stryker disable next-line ConditionalExpression: as said.
  if (node === -1) return [];
  const first = tree.firstChild[node]!;
  const children: ChildStats[] = [];
  for (let c = first; c < first + tree.childCount[node]!; c++) {
    children.push({
      move: tree.move[c]!,
      visits: tree.visits[c]!,
      total: tree.total[c]!,
      winRate: tree.mean(c),
      prior: tree.priorVisits > 0 ? tree.prior[c]! : undefined,
      pruned: (tree.flags[c]! & NodeFlag.Pruned) !== 0,
      proven: provenWord(tree.proof[c]!),
    });
  }
  return children;
}
