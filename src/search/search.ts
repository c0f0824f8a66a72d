import { popcount } from "../bitboard.js";
import type { Game } from "../game.js";
import { randomPlayout } from "../playout.js";
import type { Move, Position } from "../position.js";
import type { Random } from "../random.js";
import { cannotChange } from "./earlyStop.js";
import { type RootLine, moveRoot } from "./keptTree.js";
import type { LeafSolver, Playout } from "./leafValues.js";
import { NodeFlag } from "./nodeFlags.js";
import { type SearchParams, searchUsesEvaluation, searchUsesPuct } from "./params.js";
import { Priors } from "./priors.js";
import { Proof } from "./proof.js";
import { prove } from "./proofFromChildren.js";
import { updatePruning } from "./pruning.js";
import { type ChildStats, type SearchReport, childStats, makeSearchReport } from "./report.js";
import { childToDraw, selectChild } from "./selection.js";
import { MAX_VISITS, Tree } from "./tree.js";
import type { SearchDependencies, SearchLimits } from "./searchTerms.js";
import { countInSubtree } from "./treeCompaction.js";

/** Pruning is reconsidered at a node each time its visits reach a multiple of this. */
const PRUNING_PERIOD = 16;
/** The clock is read once per this many visits (a random playout takes about 10 microseconds). */
const CLOCK_PERIOD = 32;

/** What one run of the search's loop stops at and reports to. */
interface RunBounds {
  /** The most visits to make. */
  readonly maxVisits: number;
  /** When the search began, and its deadline (Infinity for none), on its clock. */
  readonly started: number;
  readonly deadline: number;
  /** Stop once the move can no longer change (a timed search). */
  readonly stopEarly: boolean;
  /** Asked at every reading of the clock: true stops the run. */
  readonly stop: (() => boolean) | undefined;
  /** Told the visits so far every `everyMs`, at the clock's readings. */
  readonly tell: ((visits: number) => void) | undefined;
  readonly everyMs: number;
}

/**
 * Monte-Carlo tree search: PUCT selection by default (UCB1 with `selection: "ucb1"` or without
 * the evaluation), leaves valued by the pattern evaluation or a random playout, implicit minimax
 * backups, leaves solved near the end and proofs carried up the tree, progressive pruning when
 * ppR is above 0 (off by default), and a tree kept from move to move. The clock and the random
 * generator are injected so that tests repeat exactly.
 */
export class Search {
  private tree: Tree;
  /** The game line the tree's root stands for; null for none. */
  private rootLine: RootLine | null = null;
  /** The root's position, the one the search visits from. */
  private rootPosition: Position | null = null;
  private pruned = 0;
  /** Leaves solved in the current search. */
  private solved = 0;
  // Stryker disable next-line BooleanLiteral: choose sets it before anything reports it.
  private stoppedEarly = false;
  /** When the last search began, and the visits it found under its root. */
  private lastStarted = 0;
  private lastReused = 0;
  /** How long the last search took from its call to its first visit: the tree's reuse and the root's expansion. */
  private lastStartMs = 0;
  private readonly path = new Int32Array(256);

  private readonly now: () => number;
  private readonly random: Random;
  private readonly playout: Playout;
  private readonly solver: LeafSolver | undefined;
  private readonly priors: Priors | undefined;

  constructor(
    readonly params: SearchParams,
    dependencies: SearchDependencies,
  ) {
    const { now, random, playout = randomPlayout, solver, evaluation, tree } = dependencies;
    if (searchUsesEvaluation(params) && evaluation === undefined) {
      throw new Error("a search with evaluated leaves or priors needs an evaluation");
    }
    this.now = now;
    this.random = random;
    this.playout = playout;
    this.solver = solver;
    // A search that reads no evaluation is given none to read, even when one is at hand.
    const used = searchUsesEvaluation(params) ? evaluation : undefined;
    this.priors =
      used === undefined ? undefined : new Priors(used, params.evalScale, used.childValues?.(), params.policyTemp);
    this.tree = tree ?? new Tree(params.maxNodes);
    this.configureTree(this.tree);
  }

  /** Sets a tree, the search's own or one shared with it, to this search's parameters. */
  private configureTree(tree: Tree): void {
    tree.priorVisits = this.params.priorVisits;
    tree.spreads = this.params.ppR > 0;
    tree.minimaxWeight = this.params.minimaxWeight;
    tree.puct = searchUsesPuct(this.params);
    tree.puctGrowth = this.params.puctGrowth;
  }

  /** Expands the node (Tree.expand), its children given priors when the search evaluates; false when the tree has no room. */
  private expandNode(node: number, pl: number, ph: number, ol: number, oh: number): boolean {
    const priors = this.priors;
    return priors === undefined
      ? this.tree.expand(node, pl, ph, ol, oh)
      : priors.expand(this.tree, node, pl, ph, ol, oh);
  }

  /** Forgets the tree: the next search starts afresh. */
  reset(): void {
    this.rootLine = null;
    this.rootPosition = null;
    this.pruned = 0;
  }

  /**
   * Searches the position of `game` for the side to move, and chooses its move. A position
   * without a choice is searched too (the engine plays those at once: src/choose/); a finished
   * game has no move to search.
   */
  choose(game: Game, limits: SearchLimits): SearchReport {
    const started = this.now();
    if (game.isOver()) throw new Error("a finished game has no move to search");
    const reused = this.moveRootTo(game);
    const root = game.position;
    const node = this.tree.root;
    if (
      (this.tree.flags[node]! & NodeFlag.Expanded) === 0 &&
      !this.expandNode(node, root.playerLo, root.playerHi, root.opponentLo, root.opponentHi)
    ) {
      throw new Error(`a tree of ${this.params.maxNodes} nodes cannot hold the root's moves`);
    }
    const deadline = started + (limits.timeMs ?? Infinity);
    this.lastStartMs = this.now() - started;
    const { progress } = limits;
    const tell =
      progress === undefined
        ? undefined
        : (visits: number) => progress.report(this.makeReport(visits, started, reused));
    this.solved = 0;
    this.stoppedEarly = false;
    this.lastStarted = started;
    this.lastReused = reused;
    limits.started?.(this.tree, root);
    const visits = this.run({
      maxVisits: limits.visits ?? Infinity,
      started,
      deadline,
      stopEarly: limits.stopEarly ?? false,
      stop: limits.stop,
      tell,
      everyMs: progress?.everyMs ?? Infinity,
    });
    return this.makeReport(visits, started, reused, true);
  }

  /**
   * Visits `tree`, a shared tree another thread's search has made ready (`SearchLimits.started`),
   * from `root`, its root position, until the limits or `limits.stop` end it: this thread's
   * part of a tree-parallel search. Returns its visits and the leaves it solved; the tree is
   * the other search's to report on and to move on.
   */
  searchShared(tree: Tree, root: Position, limits: SearchLimits): { readonly visits: number; readonly solved: number } {
    if (!tree.shared) throw new Error("searchShared is for a shared tree");
    const started = this.now();
    this.tree = tree;
    this.configureTree(tree);
    this.rootPosition = root;
    // This search's own game line is not the tree's: its next choose starts afresh.
    this.rootLine = null;
    this.solved = 0;
    const deadline = started + (limits.timeMs ?? Infinity);
    const visits = this.run({
      maxVisits: limits.visits ?? Infinity,
      started,
      deadline,
      stopEarly: false,
      stop: limits.stop,
      tell: undefined,
      everyMs: Infinity,
    });
    return { visits, solved: this.solved };
  }

  /**
   * The report of the last search again, from its tree as it is now, for a search whose tree
   * other threads shared (searchShared): its own `visits` and the visits and leaves solved of
   * the threads that `helped` added.
   */
  reportWithHelpers(helped: { readonly visits: number; readonly solved: number }, visits: number): SearchReport {
    this.solved += helped.solved;
    return this.makeReport(visits + helped.visits, this.lastStarted, this.lastReused, true);
  }

  /**
   * How the search stands: the move it would play now, with its statistics. The `final` report,
   * the search's answer, draws its move when the parameters say so (moveTemperature above 0);
   * the reports while it runs show the best.
   */
  private makeReport(visits: number, started: number, reused: number, final = false): SearchReport {
    const { tree } = this;
    const temperature = this.params.moveTemperature;
    const counts = {
      visits,
      solved: this.solved,
      stoppedEarly: this.stoppedEarly,
      elapsedMs: this.now() - started,
      startMs: this.lastStartMs,
      reused,
      pruned: this.pruned,
    };
    return final && temperature > 0
      ? makeSearchReport(tree, this.params, counts, childToDraw(tree, tree.root, temperature, this.random))
      : makeSearchReport(tree, this.params, counts);
  }

  /**
   * Moves the tree's root to the position of `game` as the next `choose` would, keeping the
   * statistics below it, and returns the visits kept. Called as a move is played (the
   * opponent's), it does then what the move needs of the tree, outside the time of the next
   * move, whose search starts at once.
   */
  follow(game: Game): number {
    return this.moveRootTo(game);
  }

  /** Keeps the tree for the position of `game` (`moveRoot`), the pruned nodes counted anew; returns the visits kept. */
  private moveRootTo(game: Game): number {
    const moved = moveRoot(this.tree, this.rootLine, game);
    this.rootLine = { start: game.start, moves: [...game.moves] };
    this.rootPosition = game.position;
    if (moved === "fresh") {
      this.pruned = 0;
      return 0;
    }
    if (moved === "moved") {
      // Without pruning no node is ever pruned: the count's pass over the tree is spared.
      // Stryker disable next-line ConditionalExpression,EqualityOperator: as said.
      this.pruned = this.params.ppR > 0 ? countInSubtree(this.tree, NodeFlag.Pruned) : 0;
    }
    return this.tree.visits[this.tree.root]!;
  }

  /** The root's children as the last search left them (see `children`). */
  rootChildren(): ChildStats[] {
    return this.children([]);
  }

  /**
   * The children of the node the `line` of moves leads to from the root, as the last search
   * left them (`childStats`).
   */
  children(line: readonly Move[]): ChildStats[] {
    return childStats(this.tree, line);
  }

  /**
   * Visits the tree until the bounds say stop: the most visits, the deadline, the move that
   * can no longer change (a timed search), or `stop`; returns the number of visits.
   */
  private run(bounds: RunBounds): number {
    // Locals, as the loop's parameters were: V8 keeps them in registers.
    const { maxVisits, started, deadline, stopEarly, stop, tell, everyMs } = bounds;
    const tree = this.tree;
    // A shared tree: each visit is counted on the way down (a virtual loss) and its result added on the way up.
    const shared = tree.shared;
    const firstVisit = shared ? 1 : 0;
    const rootNode = tree.root;
    const rootVisits = tree.visits[rootNode]!;
    const { flags, visits, proof, prior, gained } = tree;
    const path = this.path;
    const solver = this.solver;
    const { solveEmpties } = this.params;
    const root = this.rootPosition!;
    const flat = this.params.algorithm === "ucb";
    const evaluated = this.params.leaf === "eval";
    const { ppR, ppMinVisits } = this.params;
    const c = searchUsesPuct(this.params) ? this.params.puctC : this.params.ucbC;
    const minimax = this.params.minimaxWeight > 0;
    const lookahead = this.params.leafLookahead;
    let runVisits = 0;
    // A leaf solve can cost a hundred playouts' time: the clock is read after each.
    // Stryker disable next-line BooleanLiteral: the first visit reads the clock anyway (0 % CLOCK_PERIOD).
    let solvedNow = false;
    // A root proven lost (won by the player who moved into it) still deserves the move with
    // the best chances against a fallible opponent: the search goes on as plain UCT, proofs
    // and leaf solves set aside, and its visits choose among the lost moves.
    let lost = false;
    let nextTell = tell === undefined ? Infinity : this.now() + everyMs;
    while (runVisits < maxVisits) {
      if (solvedNow || runVisits % CLOCK_PERIOD === 0) {
        const now = this.now();
        if (now >= deadline || stop?.()) break;
        if (now >= nextTell) {
          tell!(runVisits);
          nextTell = now + everyMs;
        }
        // Without a deadline the time left is endless: cannotChange says no.
        if (stopEarly && cannotChange(tree, runVisits, visits[rootNode]! - rootVisits, now - started, deadline - now)) {
          this.stoppedEarly = true;
          break;
        }
      }
      solvedNow = false;
      if (visits[rootNode]! >= MAX_VISITS) {
        // Threads sharing a tree stop there rather than halve the counts under each other.
        if (shared) break;
        tree.halve();
      }
      // A root proven won or drawn needs no more search: its best move is known. A root proven
      // lost is searched on, with proofs set aside from then on.
      if (proof[rootNode] !== Proof.Unproven && !lost) {
        if (proof[rootNode] !== Proof.Win) break;
        lost = true;
      }
      // A shared tree's root keeps only its count: no one reads its mean (it is no one's child),
      // and writing it at every visit of every thread sent its lines from core to core.
      if (shared) visits[rootNode]++;
      // 32-bit integers from the start, so V8 keeps them untagged down the tree (see randomPlayout).
      let pl = root.playerLo | 0,
        ph = root.playerHi | 0,
        ol = root.opponentLo | 0,
        oh = root.opponentHi | 0;
      let node = rootNode;
      let depth = 0;
      // Whether this visit changed the leaf's value beside its proof: the node it expanded (the
      // leaf's parent, valued by its new children from now on), or the lookahead's value.
      let leafMoved = false;
      path[0] = rootNode;
      // Selection: down the tree by UCB1, expanding a leaf the second time it is reached (the
      // first visit is valued by its prior or a playout: half the nodes for the same depth).
      for (;;) {
        // One read and one test of the flags per level for the common node, expanded and
        // unfinished: 5 is NodeFlag.Terminal | NodeFlag.Expanded, a literal as in selectChild.
        const f = flags[node]!;
        // (The root is expanded before the visits begin.) A node with no children, a finished
        // game's or one the tree has no room to expand, ends the descent: selection finds no
        // child. The tests below spare the calls; with threads, the one of the expansion also
        // keeps out of a node another thread is still expanding.
        if ((f & 5) !== 1) {
          // Stryker disable next-line ConditionalExpression: as said.
          if ((f & NodeFlag.Terminal) !== 0) break;
          if (flat || visits[node] === firstVisit) break;
          // Stryker disable next-line ConditionalExpression,BooleanLiteral: as said.
          if (!this.expandNode(node, pl, ph, ol, oh)) break;
          leafMoved = true;
        }
        const next = selectChild(tree, node, c, lost);
        // No child, or every child proven: then so is the node, and its result is backed up below.
        if (next === -1) break;
        node = next;
        if (shared) tree.addVisit(node);
        // The move's square and flips, kept by the tree (a pass gains nothing); the square
        // was empty, so clearing the gain from the opponent clears just the flips.
        const gl = gained[2 * node]!;
        const gh = gained[2 * node + 1]!;
        pl |= gl;
        ph |= gh;
        ol &= ~gl;
        oh &= ~gh;
        const tl = pl;
        pl = ol;
        ol = tl;
        const th = ph;
        ph = oh;
        oh = th;
        path[++depth] = node;
      }
      // The result belongs to the player who moved into the node, the other side from the
      // one to move there (pl, ph); up the path the point of view alternates (a pass is a
      // move too). A finished game's or a proven node's result is known; a small enough leaf
      // is solved, and then proven too; any other is evaluated or played out.
      let result: number;
      // In one thread selection never enters a proven node, and a node whose children are all
      // proven was proven with the last of them; a finished game's node is proven, and played
      // out its result is its proof's. Only another thread's proof tells these tests apart.
      // Stryker disable ConditionalExpression,LogicalOperator,BooleanLiteral,EqualityOperator: as said.
      if (
        (flags[node]! & NodeFlag.Terminal) !== 0 ||
        (!lost && (proof[node] !== Proof.Unproven || prove(tree, node)))
      ) {
        // Stryker restore ConditionalExpression,LogicalOperator,BooleanLiteral,EqualityOperator
        result = proof[node] === Proof.Win ? 1 : proof[node] === Proof.Loss ? 0 : 0.5;
      } else if (!lost && solver !== undefined && 64 - popcount(pl | ol) - popcount(ph | oh) <= solveEmpties) {
        const outcome = solver.outcome(pl, ph, ol, oh);
        solvedNow = true;
        this.solved++;
        tree.setProof(node, outcome > 0 ? Proof.Loss : outcome < 0 ? Proof.Win : Proof.Draw);
        result = outcome > 0 ? 0 : outcome < 0 ? 1 : 0.5;
      } else if (evaluated) {
        result = prior[node]!;
        // A first visit may look one move further (SearchParams.leafLookahead); the value found
        // becomes the leaf's prior, which its mean and minimax value read from then on.
        if (lookahead > 0 && visits[node] === firstVisit) {
          result = (1 - lookahead) * result + lookahead * this.priors!.lookahead(pl, ph, ol, oh, result);
          tree.setPrior(node, result);
          leafMoved = true;
        }
      } else {
        const diff = this.playout(pl, ph, ol, oh, this.random);
        result = diff > 0 ? 0 : diff < 0 ? 1 : 0.5;
      }
      // A proof climbs the path as far as the parents' other children allow.
      let proving = !lost && proof[node] !== Proof.Unproven;
      // Minimax values change up the path only as long as they keep changing: a node whose value
      // stayed leaves its parent's best child as it was. The leaf's own update does not see a
      // change made before this loop (leafMoved); with threads, other threads change children too.
      let minimaxMoves = minimax;
      for (let d = depth; d >= 0; d--) {
        const n = path[d]!;
        // The minimax value first, so that the selection terms `record` sets include it; a shared
        // tree's root is no one's child, and writing it would send its line from core to core.
        // Stryker disable next-line ConditionalExpression,EqualityOperator: no one reads the root's minimax value.
        if (minimaxMoves && (d > 0 || !shared))
          minimaxMoves = tree.updateMinimax(n) || (d === depth && leafMoved) || shared;
        if (!shared) tree.record(n, result);
        else if (d > 0) tree.addResult(n, result);
        result = 1 - result;
        if (proving) proving = prove(tree, n);
        // Without pruning, and at the leaf (no children), updatePruning changes nothing: the
        // first two tests spare the call.
        // Stryker disable next-line ConditionalExpression,LogicalOperator,EqualityOperator: as said.
        if (ppR > 0 && d < depth) {
          if (visits[n]! % PRUNING_PERIOD === 0) this.pruned += updatePruning(tree, n, ppR, ppMinVisits);
        }
      }
      runVisits++;
    }
    return runVisits;
  }
}
