import { flips, popcount, resultHi } from "./bitboard.js";
import type { Game } from "./game.js";
import { EXPANDED, MAX_VISITS, PROVEN_DRAW, PROVEN_LOSS, PROVEN_WIN, PRUNED, TERMINAL, Tree, UNPROVEN } from "./node.js";
import { randomPlayout } from "./playout.js";
import { type Move, PASS, type Position } from "./position.js";
import { updatePruning } from "./pruning.js";
import type { Random } from "./random.js";

/**
 * Plays a position out and returns the final disc difference for the side to move (pl, ph)
 * against (ol, oh). The search's default is `randomPlayout`; tests inject their own.
 */
export type Playout = (pl: number, ph: number, ol: number, oh: number, random: Random) => number;

/** Solves small positions exactly: 1, 0 or -1 for the side to move (pl, ph) with best play. */
export interface LeafSolver {
  outcome(pl: number, ph: number, ol: number, oh: number): number;
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

export const DEFAULT_SEARCH_PARAMS: SearchParams = {
  algorithm: "uct",
  ucbC: 0.3,
  // Off: over 200 games at 0.1 s a move, width 1 scored 0.465 against no pruning (docs/tuning.md).
  ppR: 0,
  ppMinVisits: 64,
  // Two pools of this many nodes (24 bytes each) are kept: about 192 MB in all.
  maxNodes: 4_000_000,
  solveEmpties: 8,
  // Depth 6 finishes in well under a second a move in the midgame (docs/evaluation.md).
  depth: 6,
};

/** Pruning is reconsidered at a node each time its visits reach a multiple of this. */
const PRUNING_PERIOD = 16;
/** The clock is read once per this many playouts (a playout takes about 10 microseconds). */
const CLOCK_PERIOD = 32;
/** Plies of the principal variation in a report. */
const PV_LENGTH = 8;

export interface SearchLimits {
  /** Stop after this many playouts (with a fixed seed the search then repeats exactly). */
  readonly playouts?: number;
  /** Stop after this many milliseconds. */
  readonly timeMs?: number;
  /** Told how the search stands every `everyMs` while it runs (for a page or GUI that shows it live). */
  readonly progress?: { readonly everyMs: number; readonly report: (report: SearchReport) => void };
}

export interface SearchReport {
  readonly move: Move;
  /** "search", "only move" (played at once), "pass" (forced), "game over", or "random" (the random baseline). */
  readonly reason: "search" | "only move" | "pass" | "game over" | "random";
  readonly playouts: number;
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

/** A proven result, for the player it belongs to. */
export type Proven = "win" | "draw" | "loss";

/** The proof of a node as a word, for the player who moved into it; undefined while unproven. */
export function provenResult(tree: Tree, node: number): Proven | undefined {
  const p = tree.proof[node];
  return p === PROVEN_WIN ? "win" : p === PROVEN_DRAW ? "draw" : p === PROVEN_LOSS ? "loss" : undefined;
}

/** UCB1 of a child with `points` (wins, draws counting half) over `visits`, under a parent with `parentVisits`. */
export function ucb1(points: number, visits: number, parentVisits: number, c: number): number {
  return points / visits + c * Math.sqrt(Math.log(parentVisits) / visits);
}

/**
 * The child to descend into among those neither proven nor pruned: the first unvisited one,
 * otherwise the highest UCB1. When pruning has set aside every unproven child, those count
 * again; -1 when every child is proven (the node then is too). With `ignoreProofs`, proven
 * children count like the others.
 */
export function selectChild(tree: Tree, node: number, c: number, ignoreProofs = false): number {
  const { flags, visits, wins, draws, proof, firstChild, childCount } = tree;
  const first = firstChild[node]!;
  const end = first + childCount[node]!;
  // UCB1 as mean + sqrt(c^2 ln N / n): one logarithm per node, not one per child.
  const explore = c * c * Math.log(visits[node]!);
  let best = -1;
  let bestValue = -Infinity;
  let prunedOnly = -1;
  for (let child = first; child < end; child++) {
    if (proof[child] !== UNPROVEN && !ignoreProofs) continue;
    if ((flags[child]! & PRUNED) !== 0) {
      prunedOnly = child;
      continue;
    }
    const n = visits[child]!;
    if (n === 0) return child;
    const value = (wins[child]! + 0.5 * draws[child]!) / n + Math.sqrt(explore / n);
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
  const win = mostVisited(tree, first, end, PROVEN_WIN, true);
  if (win >= 0) return win;
  const open = mostVisited(tree, first, end, UNPROVEN, false);
  const draw = mostVisited(tree, first, end, PROVEN_DRAW, true);
  if (open >= 0 && !(draw >= 0 && tree.visits[open]! > 0 && tree.mean(open) < 0.5)) return open;
  if (draw >= 0) return draw;
  const anyOpen = mostVisited(tree, first, end, UNPROVEN, true);
  if (anyOpen >= 0) return anyOpen;
  const loss = mostVisited(tree, first, end, PROVEN_LOSS, true);
  return loss >= 0 ? loss : first;
}

/** The most visited child with this proof (ties: the higher mean), pruned ones only if `withPruned`; -1 for none. */
function mostVisited(tree: Tree, first: number, end: number, proof: number, withPruned: boolean): number {
  let best = -1;
  for (let c = first; c < end; c++) {
    if (tree.proof[c] !== proof || (!withPruned && (tree.flags[c]! & PRUNED) !== 0)) continue;
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
  readonly wins: number;
  readonly draws: number;
  /** Mean result for the player who moved into the child (draws count half); NaN before any visit. */
  readonly winRate: number;
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
  private readonly path = new Int32Array(256);

  constructor(
    readonly params: SearchParams,
    private readonly now: () => number,
    private readonly random: Random,
    private readonly playout: Playout = randomPlayout,
    private readonly solver: LeafSolver | undefined = undefined,
  ) {
    this.tree = new Tree(params.maxNodes);
    this.spare = new Tree(params.maxNodes);
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
    if (this.params.algorithm === "random") return this.unsearched(moves[this.random.below(moves.length)]!, "random", started);
    const reused = this.moveRootTo(game);
    const root = game.position;
    if ((this.tree.flags[0]! & EXPANDED) === 0 && !this.tree.expand(0, root.playerLo, root.playerHi, root.opponentLo, root.opponentHi)) {
      throw new Error(`a tree of ${this.params.maxNodes} nodes cannot hold the root's moves`);
    }
    const deadline = limits.timeMs === undefined ? Infinity : started + limits.timeMs;
    const { progress } = limits;
    const tell = progress === undefined ? undefined : (playouts: number) => progress.report(this.standing(playouts, started, reused));
    const playouts = this.run(limits.playouts ?? Infinity, deadline, tell, progress?.everyMs ?? Infinity);
    return this.standing(playouts, started, reused);
  }

  /** How the search stands: the move it would play now, with its statistics. */
  private standing(playouts: number, started: number, reused: number): SearchReport {
    const best = this.bestChild(0);
    const tree = this.tree;
    return {
      move: tree.move[best]!,
      reason: "search",
      playouts,
      elapsedMs: this.now() - started,
      reused,
      nodes: tree.size,
      pruned: this.pruned,
      visits: tree.visits[best]!,
      winRate: tree.visits[best]! > 0 ? tree.mean(best) : NaN,
      pv: this.principalVariation(),
      ...(tree.proof[best] === UNPROVEN ? {} : { proven: provenResult(tree, best) }),
    };
  }

  private unsearched(move: Move, reason: SearchReport["reason"], started: number): SearchReport {
    return { move, reason, playouts: 0, elapsedMs: this.now() - started, reused: 0, nodes: this.tree.size, pruned: this.pruned, visits: 0, winRate: NaN, pv: [move] };
  }

  /**
   * Replays the game since the tree's root down the tree, creating missing nodes, and makes
   * the node reached the new root, keeping its statistics. Any other game starts a fresh
   * tree. Returns the playouts kept.
   */
  private moveRootTo(game: Game): number {
    const moves = game.moves;
    const continues = this.rootStart !== null && this.rootStart.equals(game.start)
      && moves.length >= this.rootMoves.length && this.rootMoves.every((m, i) => moves[i] === m);
    let node = 0;
    let position = this.rootPosition;
    if (continues && position !== null) {
      for (let i = this.rootMoves.length; i < moves.length && node >= 0; i++) {
        const move = moves[i]!;
        if ((this.tree.flags[node]! & EXPANDED) === 0
          && !this.tree.expand(node, position.playerLo, position.playerHi, position.opponentLo, position.opponentHi)) node = -1;
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
      this.tree.flags[0]! &= ~PRUNED;
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
      if (node < 0 || (tree.flags[node]! & EXPANDED) === 0) return [];
      node = tree.child(node, move);
    }
    if (node < 0 || (tree.flags[node]! & EXPANDED) === 0) return [];
    const first = tree.firstChild[node]!;
    const children: ChildStats[] = [];
    for (let c = first; c < first + tree.childCount[node]!; c++) {
      children.push({
        move: tree.move[c]!,
        visits: tree.visits[c]!,
        wins: tree.wins[c]!,
        draws: tree.draws[c]!,
        winRate: tree.visits[c]! > 0 ? tree.mean(c) : NaN,
        pruned: (tree.flags[c]! & PRUNED) !== 0,
        proven: provenResult(tree, c),
      });
    }
    return children;
  }

  private countPruned(): number {
    let n = 0;
    for (let i = 0; i < this.tree.size; i++) if ((this.tree.flags[i]! & PRUNED) !== 0) n++;
    return n;
  }

  /**
   * Plays out until `maxPlayouts` or the deadline; returns the number of playouts. `tell` is
   * called with the playouts so far every `everyMs`, at the clock's readings.
   */
  private run(maxPlayouts: number, deadline: number, tell: ((playouts: number) => void) | undefined, everyMs: number): number {
    const tree = this.tree;
    const { flags, visits, move, proof } = tree;
    const path = this.path;
    const solver = this.solver;
    const { solveEmpties } = this.params;
    const root = this.rootPosition!;
    const flat = this.params.algorithm === "ucb";
    const { ppR, ppMinVisits } = this.params;
    let playouts = 0;
    // A leaf solve can cost a hundred playouts' time: the clock is read after each.
    let solved = false;
    // A root proven lost (won by the player who moved into it) still deserves the move with
    // the best chances against a fallible opponent: the search goes on as plain UCT, proofs
    // and leaf solves set aside, and its visits choose among the lost moves.
    let lost = false;
    let nextTell = tell === undefined ? Infinity : this.now() + everyMs;
    while (playouts < maxPlayouts) {
      if (solved || playouts % CLOCK_PERIOD === 0) {
        const now = this.now();
        if (now >= deadline) break;
        if (now >= nextTell) {
          tell!(playouts);
          nextTell = now + everyMs;
        }
      }
      solved = false;
      if (visits[0]! >= MAX_VISITS) tree.halve();
      // A root proven won or drawn needs no more search: its best move is known.
      if (proof[0] !== UNPROVEN && !(lost ||= proof[0] === PROVEN_WIN)) break;
      let pl = root.playerLo, ph = root.playerHi, ol = root.opponentLo, oh = root.opponentHi;
      let node = 0;
      let depth = 0;
      path[0] = 0;
      // Selection: down the tree by UCB1, expanding a leaf the second time it is reached.
      for (;;) {
        if ((flags[node]! & TERMINAL) !== 0) break;
        if ((flags[node]! & EXPANDED) === 0) {
          if (depth > 0 && (flat || visits[node] === 0)) break;
          if (!tree.expand(node, pl, ph, ol, oh) || (flags[node]! & TERMINAL) !== 0) break;
        }
        const next = selectChild(tree, node, this.params.ucbC, lost);
        // Every child proven: so is the node, and its result is backed up below.
        if (next < 0) break;
        node = next;
        const m = move[node]!;
        if (m !== PASS) {
          const fl = flips(m, pl, ph, ol, oh);
          const fh = resultHi;
          if (m < 32) pl |= fl | (1 << m), ph |= fh;
          else pl |= fl, ph |= fh | (1 << (m - 32));
          ol &= ~fl;
          oh &= ~fh;
        }
        const tl = pl; pl = ol; ol = tl;
        const th = ph; ph = oh; oh = th;
        path[++depth] = node;
      }
      // The playout's disc difference is the side to move's; the node's result belongs to the
      // player who moved into it, the other side. Up the path the point of view alternates
      // (a pass is a move too).
      // A proven node's result is known; a small enough leaf is solved, and then proven too.
      let half: number;
      if (!lost && (proof[node] !== UNPROVEN || tree.prove(node))) {
        half = proof[node] === PROVEN_WIN ? 2 : proof[node] === PROVEN_LOSS ? 0 : 1;
      } else if (!lost && solver !== undefined && 64 - popcount(pl | ol) - popcount(ph | oh) <= solveEmpties) {
        const outcome = solver.outcome(pl, ph, ol, oh);
        solved = true;
        proof[node] = outcome > 0 ? PROVEN_LOSS : outcome < 0 ? PROVEN_WIN : PROVEN_DRAW;
        half = outcome > 0 ? 0 : outcome < 0 ? 2 : 1;
      } else {
        const diff = this.playout(pl, ph, ol, oh, this.random);
        half = diff > 0 ? 0 : diff < 0 ? 2 : 1;
      }
      // A proof climbs the path as far as the parents' other children allow.
      let proving = !lost && proof[node] !== UNPROVEN;
      for (let d = depth; d >= 0; d--) {
        const n = path[d]!;
        tree.record(n, half);
        half = 2 - half;
        if (proving && d < depth) proving = tree.prove(n);
        if (ppR > 0 && d < depth && visits[n]! % PRUNING_PERIOD === 0) this.pruned += updatePruning(tree, n, ppR, ppMinVisits);
      }
      playouts++;
    }
    return playouts;
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
