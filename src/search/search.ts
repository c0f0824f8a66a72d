import { popcount } from "../bitboard.js";
import type { Game } from "../game.js";
import { MAX_VISITS, Tree } from "./tree.js";
import { randomPlayout } from "../playout.js";
import { type Move, PASS, type Position } from "../position.js";
import { NodeFlag } from "./nodeFlags.js";
import { Proof, type Proven, provenWord } from "./proof.js";
import { updatePruning } from "./pruning.js";
import type { Random } from "../random.js";

/**
 * Plays a position out and returns the final disc difference for the side to move (pl, ph)
 * against (ol, oh). The search's default is `randomPlayout`; tests inject their own.
 */
export type Playout = (pl: number, ph: number, ol: number, oh: number, random: Random) => number;

/** Solves small positions exactly: 1, 0 or -1 for the side to move (pl, ph) with best play. */
export interface LeafSolver {
  outcome(pl: number, ph: number, ol: number, oh: number): number;
}

/** A static evaluation: the final disc difference the side to move (pl, ph) can expect (src/eval/evaluation.ts). */
export interface LeafEvaluation {
  evaluate(pl: number, ph: number, ol: number, oh: number): number;
}

/** The search's tunables, with their defaults in DEFAULT_SEARCH_PARAMS. */
export interface SearchParams {
  /**
   * "uct": a tree grown one node per playout; "ucb": flat UCB1 over the root moves only;
   * "random": a uniformly random legal move, no search (the baseline of strength matches);
   * "alphabeta": not this search but the alpha-beta player over the pattern evaluation
   * (src/eval/alphaBeta.ts), which the engine's session runs instead.
   */
  readonly algorithm: "uct" | "ucb" | "random" | "alphabeta";
  /** Exploration constant c of UCB1: mean + c * sqrt(ln N / n). */
  readonly ucbC: number;
  /**
   * What a new leaf of the tree is worth: "playout", the result of one random game from it
   * (the classic search); "eval", the injected evaluation's win probability
   * 1 / (1 + exp(-discs / scale)), each child of an expanded node given it as a prior. Either
   * way a leaf is expanded the second time it is reached.
   */
  readonly leaf: "playout" | "eval";
  /**
   * The virtual visits a child's prior, the evaluation's win probability, counts as in its
   * mean, with either kind of leaf (0: no priors, and with "playout" leaves no evaluation).
   */
  readonly priorVisits: number;
  /**
   * Discs of evaluation per unit of log-odds of winning (fitted by `othello curve`): a child's
   * prior is 1 / (1 + exp(-discs / evalScale)).
   */
  readonly evalScale: number;
  /** Progressive pruning width r (in standard deviations of a mean); 0 turns pruning off. */
  readonly ppR: number;
  /** Playouts each child of a node needs before pruning may set any of them aside. */
  readonly ppMinVisits: number;
  /** Node budget of the tree; when it is full the search goes on playing out without expanding. */
  readonly maxNodes: number;
  /**
   * A leaf with at most this many empty squares is solved (win, draw or loss) by the injected
   * solver instead of played out at random, and its result is proven (MCTS-solver); 0: never.
   */
  readonly solveEmpties: number;
  /** The alpha-beta player's deepest iteration, in plies (with "alphabeta"). */
  readonly depth: number;
}

/** Whether the tree search with these parameters reads the evaluation (for its leaves or its priors). */
export function searchUsesEvaluation(params: SearchParams): boolean {
  return (
    (params.algorithm === "uct" || params.algorithm === "ucb") && (params.leaf === "eval" || params.priorVisits > 0)
  );
}

export const DEFAULT_SEARCH_PARAMS: SearchParams = {
  algorithm: "uct",
  ucbC: 0.3,
  leaf: "eval",
  priorVisits: 2,
  // Fitted by `othello curve --games 20000` on the shipped weights: 7.01 and 7.09 discs over two seeds (docs/evaluation.md).
  evalScale: 7,
  // Off: over 200 games at 0.1 s a move, width 1 scored 0.465 against no pruning (docs/tuning.md).
  ppR: 0,
  ppMinVisits: 64,
  // Two pools of this many nodes (60 bytes each) are kept: about 480 MB in all.
  maxNodes: 4_000_000,
  solveEmpties: 8,
  // Depth 6 finishes in well under a second a move in the midgame (docs/evaluation.md).
  depth: 6,
};

/**
 * The classic UCT of the course: random playouts, no evaluation, the settings tuned for it
 * (docs/tuning.md). The baseline of the strength ladder, selected by --classic.
 */
export const CLASSIC_SEARCH_PARAMS: SearchParams = {
  ...DEFAULT_SEARCH_PARAMS,
  ucbC: 0.3,
  leaf: "playout",
  priorVisits: 0,
  ppR: 0,
};

/** Pruning is reconsidered at a node each time its visits reach a multiple of this. */
const PRUNING_PERIOD = 16;
/** The clock is read once per this many playouts (a playout takes about 10 microseconds). */
const CLOCK_PERIOD = 32;
/** Plies of the principal variation in a report. */
const PV_LENGTH = 8;
/**
 * A timed search stops before its time is up once the move it would play cannot change: when
 * the most visited move leads every other by more visits than the rest of the time can give
 * at the rate so far. Not before this share of the time, nor before this many visits, so the
 * rate is known and a move that only looks obvious after a handful of visits is looked at.
 */
const EARLY_STOP_SHARE = 0.1;
const EARLY_STOP_VISITS = 256;

export interface SearchLimits {
  /** Stop after this many playouts (with a fixed seed the search then repeats exactly). */
  readonly playouts?: number;
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

export interface SearchReport {
  readonly move: Move;
  /** "search", "only move" (played at once), "pass" (forced), "game over", or "random" (the random baseline). */
  readonly reason: "search" | "only move" | "pass" | "game over" | "random";
  /** Visits of the root in this search: each a random playout, an evaluated leaf, a leaf solved or a proven result. */
  readonly playouts: number;
  /** What the leaves were worth: random playouts or the evaluation; whether children had the evaluation as prior. */
  readonly leaf: SearchParams["leaf"];
  readonly priors: boolean;
  /** Leaves solved by the solver in this search (their results proven). */
  readonly solved: number;
  /** The search stopped before its time because the move could no longer change. */
  readonly stoppedEarly: boolean;
  readonly elapsedMs: number;
  /** Playouts already under the root when the search began (tree reuse). */
  readonly reused: number;
  readonly nodes: number;
  /** Children currently set aside by progressive pruning, in the whole tree. */
  readonly pruned: number;
  /** Visits and mean result of the chosen move, from the mover's point of view. */
  readonly visits: number;
  readonly winRate: number;
  /** The most visited line from the root, starting with the chosen move. */
  readonly pv: readonly Move[];
  /** What the MCTS-solver proved of the chosen move for the mover: "win", "draw", "loss", or undefined. */
  readonly proven?: Proven;
}

/** UCB1 of a child with `points` (wins, draws counting half) over `visits`, under a parent with `parentVisits`. */
export function ucb1(points: number, visits: number, parentVisits: number, c: number): number {
  return points / visits + c * Math.sqrt(Math.log(parentVisits) / visits);
}

/**
 * The child to descend into among those neither proven nor pruned: without priors the first
 * unvisited one, otherwise the highest UCB1, mean + c * sqrt(ln N / n), where with priors the
 * mean and n include the prior's virtual visits. When pruning has set aside every unproven
 * child, those count again; -1 when every child is proven (the node then is too). With
 * `ignoreProofs`, proven children count like the others.
 */
export function selectChild(tree: Tree, node: number, c: number, ignoreProofs = false): number {
  const { flags, ucb, firstChild, childCount } = tree;
  const first = firstChild[node]!;
  const end = first + childCount[node]!;
  // c * sqrt(ln N) once per node; each child's mean and 1/sqrt(n) are kept by Tree.record.
  const explore = tree.exploration(node, c);
  let best = -1;
  let bestValue = -Infinity;
  let prunedOnly = -1;
  for (let child = first; child < end; child++) {
    const f = flags[child]!;
    // One test for the common child, neither proven nor pruned, against the literal
    // NodeFlag.Proven | NodeFlag.Pruned: the bundle reads a module constant from memory at each use (a test
    // checks the literal).
    if ((f & 10) !== 0) {
      if ((f & NodeFlag.Proven) !== 0 && !ignoreProofs) continue;
      if ((f & NodeFlag.Pruned) !== 0) {
        prunedOnly = child;
        continue;
      }
    }
    // Without priors an unvisited child's spread is 1/sqrt(0): it is tried first. A shift,
    // unlike 2 * child, needs no overflow check.
    const at = child << 1;
    const s = ucb[at | 1]!;
    if (s === Infinity) return child;
    const value = ucb[at]! + explore * s;
    if (value > bestValue || best < 0) {
      bestValue = value;
      best = child;
    }
  }
  return best >= 0 ? best : prunedOnly;
}

/**
 * The move to play from a node. A child proven won for its mover, if there is one (the most
 * visited of them). Otherwise the most visited unproven child that progressive pruning has not
 * set aside (ties: the higher mean), unless its mean is below a draw and a proven draw is there;
 * a proven loss only when nothing else is left.
 */
export function mostVisitedChild(tree: Tree, node: number): number {
  const first = tree.firstChild[node]!;
  const end = first + tree.childCount[node]!;
  const win = mostVisited(tree, first, end, Proof.Win, true);
  if (win >= 0) return win;
  const open = mostVisited(tree, first, end, Proof.Unproven, false);
  const draw = mostVisited(tree, first, end, Proof.Draw, true);
  if (open >= 0 && !(draw >= 0 && tree.visits[open]! > 0 && tree.mean(open) < 0.5)) return open;
  if (draw >= 0) return draw;
  const anyOpen = mostVisited(tree, first, end, Proof.Unproven, true);
  if (anyOpen >= 0) return anyOpen;
  const loss = mostVisited(tree, first, end, Proof.Loss, true);
  return loss >= 0 ? loss : first;
}

/** The most visited child with this proof (ties: the higher mean), pruned ones only if `withPruned`; -1 for none. */
function mostVisited(tree: Tree, first: number, end: number, proof: number, withPruned: boolean): number {
  let best = -1;
  for (let c = first; c < end; c++) {
    if (tree.proof[c] !== proof || (!withPruned && (tree.flags[c]! & NodeFlag.Pruned) !== 0)) continue;
    if (best < 0) {
      best = c;
      continue;
    }
    const v = tree.visits[c]!;
    const bv = tree.visits[best]!;
    if (v > bv || (v === bv && v > 0 && tree.mean(c) > tree.mean(best))) best = c;
  }
  return best;
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

/**
 * Monte-Carlo tree search with UCB1 selection (UCT), progressive pruning, and a tree kept from
 * move to move. The clock and the random generator are injected so that tests repeat exactly.
 */
export class Search {
  private tree: Tree;
  private spare: Tree;
  /** The game line the tree's root stands for: its start, the moves to the root, the root position. */
  private rootStart: Position | null = null;
  private rootMoves: Move[] = [];
  private rootPosition: Position | null = null;
  private pruned = 0;
  /** Leaves solved in the current search. */
  private solved = 0;
  private stoppedEarly = false;
  /** When the last search began, and the visits it found under its root. */
  private lastStarted = 0;
  private lastReused = 0;
  private readonly path = new Int32Array(256);

  constructor(
    readonly params: SearchParams,
    private readonly now: () => number,
    private readonly random: Random,
    private readonly playout: Playout = randomPlayout,
    private readonly solver: LeafSolver | undefined = undefined,
    /** The evaluation that values leaves and gives priors; needed with `leaf: "eval"`. */
    private readonly evaluation: LeafEvaluation | undefined = undefined,
    /** The tree and its spare for tree reuse, when they are shared with other threads' searches (Tree.shared); by default its own. */
    trees: readonly [Tree, Tree] | undefined = undefined,
  ) {
    if (searchUsesEvaluation(params) && evaluation === undefined) {
      throw new Error("a search with evaluated leaves or priors needs an evaluation");
    }
    this.tree = trees?.[0] ?? new Tree(params.maxNodes);
    this.spare = trees?.[1] ?? new Tree(params.maxNodes);
    this.fit(this.tree);
    this.fit(this.spare);
  }

  /** Sets a tree, the search's own or one shared with it, to this search's parameters. */
  private fit(tree: Tree): void {
    tree.priorVisits = this.priorVisits;
    tree.spreads = this.params.ppR > 0;
  }

  /** With evaluated leaves, the virtual visits of each child's prior; 0 for the classic search. */
  private get priorVisits(): number {
    return this.params.priorVisits;
  }

  /**
   * Expands the node (Tree.expand) and, with evaluated leaves, gives each child the
   * evaluation's win probability for the side to move here: its prior, and its value when it
   * is first reached. False when the tree has no room.
   */
  private expandNode(node: number, pl: number, ph: number, ol: number, oh: number): boolean {
    const tree = this.tree;
    const evaluation = this.evaluation;
    if (!searchUsesEvaluation(this.params) || evaluation === undefined) return tree.expand(node, pl, ph, ol, oh);
    // The children get their priors before other threads may read them.
    if (!tree.expand(node, pl, ph, ol, oh, false)) return false;
    if ((tree.flags[node]! & NodeFlag.Terminal) !== 0) return true;
    const first = tree.firstChild[node]!;
    const end = first + tree.childCount[node]!;
    const scale = this.params.evalScale;
    const { gained } = tree;
    for (let c = first; c < end; c++) {
      // The child's position from the discs its move gains (none for a pass). Its side to move
      // is the opponent: its evaluation, negated, is ours.
      const gl = gained[2 * c]!;
      const gh = gained[2 * c + 1]!;
      const discs = evaluation.evaluate(ol & ~gl, oh & ~gh, pl | gl, ph | gh);
      tree.setPrior(c, 1 / (1 + Math.exp(discs / scale)));
    }
    tree.publish(node);
    return true;
  }

  /** Forgets the tree: the next search starts afresh. */
  reset(): void {
    this.rootStart = null;
    this.rootMoves = [];
    this.rootPosition = null;
    this.pruned = 0;
  }

  /** Chooses a move for the side to move in `game`. */
  choose(game: Game, limits: SearchLimits): SearchReport {
    const started = this.now();
    const moves = game.position.legalMoves();
    if (moves.length <= 1) {
      const move = moves[0] ?? PASS;
      const reason = moves.length === 0 ? "game over" : move === PASS ? "pass" : "only move";
      return this.unsearched(move, reason, started);
    }
    if (this.params.algorithm === "random")
      return this.unsearched(moves[this.random.below(moves.length)]!, "random", started);
    const reused = this.moveRootTo(game);
    const root = game.position;
    if (
      (this.tree.flags[0]! & NodeFlag.Expanded) === 0 &&
      !this.expandNode(0, root.playerLo, root.playerHi, root.opponentLo, root.opponentHi)
    ) {
      throw new Error(`a tree of ${this.params.maxNodes} nodes cannot hold the root's moves`);
    }
    const deadline = limits.timeMs === undefined ? Infinity : started + limits.timeMs;
    const { progress } = limits;
    const tell =
      progress === undefined
        ? undefined
        : (playouts: number) => progress.report(this.standing(playouts, started, reused));
    this.solved = 0;
    this.stoppedEarly = false;
    this.lastStarted = started;
    this.lastReused = reused;
    limits.started?.(this.tree, root);
    const playouts = this.run(
      limits.playouts ?? Infinity,
      started,
      deadline,
      limits.stopEarly ?? false,
      tell,
      progress?.everyMs ?? Infinity,
      limits.stop,
    );
    return this.standing(playouts, started, reused);
  }

  /**
   * Visits `tree`, a shared tree another thread's search has made ready (`SearchLimits.started`),
   * from `root`, its root position, until the limits or `limits.stop` end it: this thread's
   * part of a tree-parallel search. Returns its visits and the leaves it solved; the tree is
   * the other search's to report on and to move on.
   */
  searchShared(
    tree: Tree,
    root: Position,
    limits: SearchLimits,
  ): { readonly playouts: number; readonly solved: number } {
    if (!tree.shared) throw new Error("searchShared is for a shared tree");
    const started = this.now();
    this.tree = tree;
    this.fit(tree);
    this.rootPosition = root;
    // This search's own game line is not the tree's: its next choose starts afresh.
    this.rootStart = null;
    this.solved = 0;
    const deadline = limits.timeMs === undefined ? Infinity : started + limits.timeMs;
    const playouts = this.run(limits.playouts ?? Infinity, started, deadline, false, undefined, Infinity, limits.stop);
    return { playouts, solved: this.solved };
  }

  /**
   * The report of the last search again, from its tree as it is now, with `more` visits and
   * leaves solved by other threads added: for a search whose tree other threads shared.
   */
  restate(more: { readonly playouts: number; readonly solved: number }, playouts: number): SearchReport {
    this.solved += more.solved;
    return this.standing(playouts + more.playouts, this.lastStarted, this.lastReused);
  }

  /** How the search stands: the move it would play now, with its statistics. */
  private standing(playouts: number, started: number, reused: number): SearchReport {
    const best = this.bestChild(0);
    const tree = this.tree;
    return {
      move: tree.move[best]!,
      reason: "search",
      playouts,
      leaf: this.params.leaf,
      priors: this.priorVisits > 0,
      solved: this.solved,
      stoppedEarly: this.stoppedEarly,
      elapsedMs: this.now() - started,
      reused,
      nodes: tree.size,
      pruned: this.pruned,
      visits: tree.visits[best]!,
      winRate: tree.visits[best]! > 0 ? tree.mean(best) : NaN,
      pv: this.principalVariation(),
      ...(tree.proof[best] === Proof.Unproven ? {} : { proven: provenWord(tree.proof[best]!) }),
    };
  }

  private unsearched(move: Move, reason: SearchReport["reason"], started: number): SearchReport {
    return {
      move,
      reason,
      playouts: 0,
      leaf: this.params.leaf,
      priors: this.priorVisits > 0,
      solved: 0,
      stoppedEarly: false,
      elapsedMs: this.now() - started,
      reused: 0,
      nodes: this.tree.size,
      pruned: this.pruned,
      visits: 0,
      winRate: NaN,
      pv: [move],
    };
  }

  /**
   * Replays the game since the tree's root down the tree, creating missing nodes, and makes
   * the node reached the new root, keeping its statistics. Any other game starts a fresh
   * tree. Returns the playouts kept.
   */
  private moveRootTo(game: Game): number {
    const moves = game.moves;
    const continues =
      this.rootStart?.equals(game.start) &&
      moves.length >= this.rootMoves.length &&
      this.rootMoves.every((m, i) => moves[i] === m);
    let node = 0;
    let position = this.rootPosition;
    if (continues && position !== null) {
      for (let i = this.rootMoves.length; i < moves.length && node >= 0; i++) {
        const move = moves[i]!;
        if (
          (this.tree.flags[node]! & NodeFlag.Expanded) === 0 &&
          !this.expandNode(node, position.playerLo, position.playerHi, position.opponentLo, position.opponentHi)
        )
          node = -1;
        else node = this.tree.child(node, move);
        position = position.play(move);
      }
    }
    this.rootStart = game.start;
    this.rootMoves = [...moves];
    this.rootPosition = game.position;
    if (!continues || node < 0) {
      this.tree.reset();
      this.pruned = 0;
      return 0;
    }
    if (node > 0) {
      this.spare.copySubtree(this.tree, node);
      [this.tree, this.spare] = [this.spare, this.tree];
      // The new root may have been pruned as a child; as the root it is no candidate.
      this.tree.setFlags(0, 0, NodeFlag.Pruned);
      this.pruned = this.countPruned();
    }
    return this.tree.visits[0]!;
  }

  /** The tree as the last search left it, for inspection: its root is the last searched position. */
  get currentTree(): Tree {
    return this.tree;
  }

  /** The root's children as the last search left them (see `children`). */
  rootChildren(): ChildStats[] {
    return this.children([]);
  }

  /**
   * The children of the node the `line` of moves leads to from the root, as the last search
   * left them: move, visits, wins and draws, mean result for the player who moved, pruned or
   * not. [] when the tree does not hold that node or it has no children.
   */
  children(line: readonly Move[]): ChildStats[] {
    const tree = this.tree;
    let node = 0;
    for (const move of line) {
      if (node < 0 || (tree.flags[node]! & NodeFlag.Expanded) === 0) return [];
      node = tree.child(node, move);
    }
    if (node < 0 || (tree.flags[node]! & NodeFlag.Expanded) === 0) return [];
    const first = tree.firstChild[node]!;
    const children: ChildStats[] = [];
    for (let c = first; c < first + tree.childCount[node]!; c++) {
      children.push({
        move: tree.move[c]!,
        visits: tree.visits[c]!,
        total: tree.total[c]!,
        winRate: tree.visits[c]! > 0 ? tree.mean(c) : NaN,
        prior: tree.priorVisits > 0 ? tree.prior[c]! : undefined,
        pruned: (tree.flags[c]! & NodeFlag.Pruned) !== 0,
        proven: provenWord(tree.proof[c]!),
      });
    }
    return children;
  }

  private countPruned(): number {
    let n = 0;
    for (let i = 0; i < this.tree.size; i++) if ((this.tree.flags[i]! & NodeFlag.Pruned) !== 0) n++;
    return n;
  }

  /**
   * Visits the tree until `maxPlayouts` or the deadline, or until the move can no longer change
   * (a timed search); returns the number of visits. `tell` is called with the visits so far
   * every `everyMs`, at the clock's readings.
   */
  private run(
    maxPlayouts: number,
    started: number,
    deadline: number,
    stopEarly: boolean,
    tell: ((playouts: number) => void) | undefined,
    everyMs: number,
    stop: (() => boolean) | undefined,
  ): number {
    const tree = this.tree;
    // A shared tree: each visit is counted on the way down (a virtual loss) and its result added on the way up.
    const shared = tree.shared;
    const firstVisit = shared ? 1 : 0;
    const rootVisits = tree.visits[0]!;
    const { flags, visits, proof, prior, gained } = tree;
    const path = this.path;
    const solver = this.solver;
    const { solveEmpties } = this.params;
    const root = this.rootPosition!;
    const flat = this.params.algorithm === "ucb";
    const evaluated = this.params.leaf === "eval";
    const { ppR, ppMinVisits, ucbC } = this.params;
    let playouts = 0;
    // A leaf solve can cost a hundred playouts' time: the clock is read after each.
    let solvedNow = false;
    // A root proven lost (won by the player who moved into it) still deserves the move with
    // the best chances against a fallible opponent: the search goes on as plain UCT, proofs
    // and leaf solves set aside, and its visits choose among the lost moves.
    let lost = false;
    let nextTell = tell === undefined ? Infinity : this.now() + everyMs;
    while (playouts < maxPlayouts) {
      if (solvedNow || playouts % CLOCK_PERIOD === 0) {
        const now = this.now();
        if (now >= deadline || stop?.()) break;
        if (now >= nextTell) {
          tell!(playouts);
          nextTell = now + everyMs;
        }
        if (
          stopEarly &&
          deadline !== Infinity &&
          this.settled(playouts, visits[0]! - rootVisits, now - started, deadline - now)
        ) {
          this.stoppedEarly = true;
          break;
        }
      }
      solvedNow = false;
      if (visits[0]! >= MAX_VISITS) {
        // Threads sharing a tree stop there rather than halve the counts under each other.
        if (shared) break;
        tree.halve();
      }
      // A root proven won or drawn needs no more search: its best move is known. A root proven
      // lost is searched on, with proofs set aside from then on.
      if (proof[0] !== Proof.Unproven && !lost) {
        if (proof[0] !== Proof.Win) break;
        lost = true;
      }
      // A shared tree's root keeps only its count: no one reads its mean (it is no one's child),
      // and writing it at every visit of every thread sent its lines from core to core.
      if (shared) visits[0]++;
      // 32-bit integers from the start, so V8 keeps them untagged down the tree (see randomPlayout).
      let pl = root.playerLo | 0,
        ph = root.playerHi | 0,
        ol = root.opponentLo | 0,
        oh = root.opponentHi | 0;
      let node = 0;
      let depth = 0;
      path[0] = 0;
      // Selection: down the tree by UCB1, expanding a leaf the second time it is reached (the
      // first visit is valued by its prior or a playout: half the nodes for the same depth).
      for (;;) {
        // One read and one test of the flags per level for the common node, expanded and
        // unfinished: 5 is NodeFlag.Terminal | NodeFlag.Expanded, a literal as in selectChild.
        const f = flags[node]!;
        if ((f & 5) !== 1) {
          if ((f & NodeFlag.Terminal) !== 0) break;
          if (depth > 0 && (flat || visits[node] === firstVisit)) break;
          if (!this.expandNode(node, pl, ph, ol, oh) || (flags[node]! & NodeFlag.Terminal) !== 0) break;
        }
        const next = selectChild(tree, node, ucbC, lost);
        // Every child proven: so is the node, and its result is backed up below.
        if (next < 0) break;
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
      if ((flags[node]! & NodeFlag.Terminal) !== 0 || (!lost && (proof[node] !== Proof.Unproven || tree.prove(node)))) {
        result = proof[node] === Proof.Win ? 1 : proof[node] === Proof.Loss ? 0 : 0.5;
      } else if (!lost && solver !== undefined && 64 - popcount(pl | ol) - popcount(ph | oh) <= solveEmpties) {
        const outcome = solver.outcome(pl, ph, ol, oh);
        solvedNow = true;
        this.solved++;
        tree.setProof(node, outcome > 0 ? Proof.Loss : outcome < 0 ? Proof.Win : Proof.Draw);
        result = outcome > 0 ? 0 : outcome < 0 ? 1 : 0.5;
      } else if (evaluated) {
        result = prior[node]!;
      } else {
        const diff = this.playout(pl, ph, ol, oh, this.random);
        result = diff > 0 ? 0 : diff < 0 ? 1 : 0.5;
      }
      // A proof climbs the path as far as the parents' other children allow.
      let proving = !lost && proof[node] !== Proof.Unproven;
      for (let d = depth; d >= 0; d--) {
        const n = path[d]!;
        if (!shared) tree.record(n, result);
        else if (d > 0) tree.addResult(n, result);
        result = 1 - result;
        if (proving && d < depth) proving = tree.prove(n);
        if (ppR > 0 && d < depth && visits[n]! % PRUNING_PERIOD === 0)
          this.pruned += updatePruning(tree, n, ppR, ppMinVisits);
      }
      playouts++;
    }
    return playouts;
  }

  /**
   * Whether the move the search would play now can no longer change in the time left: the
   * most visited root child leads every other by more visits than the rest of the time gives
   * at the rate so far (which only ever overestimates what a single child can still gain). The
   * rate is the root's, `gained` visits in `elapsedMs`: with a shared tree, every thread's.
   */
  private settled(playouts: number, gained: number, elapsedMs: number, leftMs: number): boolean {
    if (playouts < EARLY_STOP_VISITS || elapsedMs < EARLY_STOP_SHARE * (elapsedMs + leftMs)) return false;
    const tree = this.tree;
    const best = this.bestChild(0);
    const first = tree.firstChild[0]!;
    const end = first + tree.childCount[0]!;
    let other = 0;
    for (let c = first; c < end; c++) if (c !== best && tree.visits[c]! > other) other = tree.visits[c]!;
    return tree.visits[best]! - other > (Math.max(playouts, gained) / elapsedMs) * leftMs;
  }

  private bestChild(node: number): number {
    return mostVisitedChild(this.tree, node);
  }

  private principalVariation(): Move[] {
    const tree = this.tree;
    const pv: Move[] = [];
    let node = 0;
    while (pv.length < PV_LENGTH && tree.childCount[node]! > 0) {
      node = this.bestChild(node);
      if (tree.visits[node] === 0) break;
      pv.push(tree.move[node]!);
    }
    return pv;
  }
}
