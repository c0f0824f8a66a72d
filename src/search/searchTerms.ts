import type { Position } from "../position.js";
import type { Random } from "../random.js";
import type { LeafEvaluation, LeafSolver, Playout } from "./leafValues.js";
import type { SearchReport } from "./report.js";
import type { Tree } from "./tree.js";

// What a tree search is given and asked: the terms of the search (search.ts), of the choosers that
// call it and of the threads that share its tree, in a file of their own.

/** What a search is given besides its parameters: its clock, its random numbers, and what values its leaves. */
export interface SearchDependencies {
  /** The clock, in milliseconds. */
  readonly now: () => number;
  readonly random: Random;
  /** How a leaf is played out: randomPlayout by default (tests inject their own). */
  readonly playout?: Playout;
  /** Solves the leaves with few empty squares (SearchParams.solveEmpties); none by default. */
  readonly solver?: LeafSolver;
  /** Values leaves and gives priors; needed when the parameters read it (searchUsesEvaluation). */
  readonly evaluation?: LeafEvaluation;
  /** The tree, made by the caller: shared with other threads' searches (Tree.shared), or for a test to look into; its own by default. */
  readonly tree?: Tree;
}

export interface SearchLimits {
  /** Stop after this many visits (with a fixed seed the search then repeats exactly). */
  readonly visits?: number;
  /** Stop after this many milliseconds. */
  readonly timeMs?: number;
  /** A timed search stops as soon as its move can no longer change (default false: it runs its whole time). */
  readonly stopEarly?: boolean;
  /** Told how the search stands every `everyMs` while it runs (for a page or GUI that shows it live). */
  readonly progress?: { readonly everyMs: number; readonly report: (report: SearchReport) => void };
  /** Called once the root is ready and the visits begin: other threads sharing the tree start theirs then. */
  readonly started?: (tree: Tree, root: Position) => void;
  /** Asked at every reading of the clock: true stops the search (another thread has ended the move). */
  readonly stop?: () => boolean;
}
