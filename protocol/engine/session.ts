import {
  AlphaBetaChooser,
  type Book,
  BookFirst,
  type Choice,
  type Chooser,
  type CodedPosition,
  type Evaluation,
  Game,
  type Move,
  MoveChooser,
  PASS,
  type Position,
  Random,
  RandomChooser,
  type Result,
  type RootChild,
  type SearchLimits,
  type Searcher,
  SolverFirst,
  TimeControl,
  TreeSearchChooser,
  ok,
} from "../../src/index.js";
import { maxMoveSeconds, needsEvaluation, usesBook } from "./engineOptions.js";
import { type EngineSolver, type EngineThreads, ONE_THREAD } from "./engineThreads.js";
import type { EngineOptions } from "./engineOptions.js";
import { TOP_LEVEL, applyLevel } from "./levels.js";
import { formatChoice, formatRootMoves, formatSearchReport, formatSolveReport } from "./searchReport.js";

/**
 * One step of pondering, in milliseconds: a command that arrives during it waits at most this
 * long (and the search's next reading of its clock) to be read.
 */
const PONDER_STEP_MS = 5;

/**
 * One engine's state behind every protocol (OTP, GTP and NBoard): the game, the options, the
 * clock, and the move chooser. Protocols parse and format; the session never sees text.
 */
export class Session {
  private current = new Game();
  /** What the controller says of the clock (`time_settings`, `time_left`), and the time per move without it. */
  readonly clock: TimeControl;
  /**
   * The top's search and the current level's, each made at its level's first search: their trees
   * (one a thread) are the engine's large allocations. Each keeps its tree while the other plays
   * (hints at the top between a lower level's moves) and finds the game again by replaying the
   * moves since (keptTree.ts), rather than start afresh and leave its pool behind. A level left
   * for another below the top is dropped, so that at most two pools are held.
   */
  private readonly searches = new Map<number, Searcher>();
  /** Whether the tree is still to follow our last move (`tidy`). */
  private followPending = false;
  /** Made at the first solve: its transposition table is kept from move to move; with --threads N, N threads solve. */
  private solver: EngineSolver | undefined;
  /** The move chooser of --search, the solver before it (except for random moves). */
  private chooser: MoveChooser;
  /** The level set by the controller (setLevel), or the options' own. */
  private level: number;
  /** What the moves are chosen with: the options, or a level's over them. */
  private playing: EngineOptions;
  private thought: Choice | undefined;
  /** Visits per move set by the controller (NBoard's `set depth`), in place of --visits. */
  private visitsSetting: number | undefined;
  /** Pondered since the last search's report: visits and milliseconds, for the next one's log. */
  private pondered = { visits: 0, ms: 0 };

  /**
   * `log` takes diagnostics, one line or drawing at a time (stderr in the program); `now` is
   * the clock the search reads, in milliseconds.
   */
  constructor(
    readonly options: EngineOptions,
    readonly log: (text: string) => void,
    private readonly now: () => number = () => performance.now(),
    /** The pattern evaluation: the alpha-beta player's, and the tree search's leaf values and priors (needed unless --classic). */
    private readonly evaluation?: Evaluation,
    /** The opening book, played from when the options say so (usesBook). */
    private readonly book?: Book,
    /** What it searches and solves on: its own thread by default, Node's threads for --threads (protocol/threads/nodeThreads.ts). */
    private readonly threads: EngineThreads = ONE_THREAD,
  ) {
    if (needsEvaluation(options) && evaluation === undefined)
      throw new Error("these engine options need the session made with an evaluation");
    this.clock = new TimeControl(options.time * 1000, options.timeAllocation);
    this.level = options.level ?? TOP_LEVEL;
    this.playing = applyLevel(options, this.level);
    this.chooser = new MoveChooser(this.algorithmChooser());
  }

  /** The chooser of the algorithm the options name, the one place where it is decided; the book before it, if any. */
  private algorithmChooser(): Chooser {
    const { playing: options, book } = this;
    if (options.chooser === "random") return new RandomChooser(new Random(options.seed));
    const searching = this.searchingChooser();
    return book !== undefined && usesBook(options)
      ? new BookFirst({ book, random: new Random(options.seed), next: searching })
      : searching;
  }

  /** The solver, then --search's algorithm. */
  private searchingChooser(): Chooser {
    const { playing: options } = this;
    return new SolverFirst({
      solver: () => this.sharedSolver(),
      next:
        options.chooser === "alphabeta"
          ? new AlphaBetaChooser(this.evaluation!, options.alphaBetaDepth, this.now)
          : new TreeSearchChooser(() => this.searcher()),
      now: this.now,
      tried: (attempt) =>
        this.log(
          formatSolveReport(
            attempt.result,
            attempt.mode,
            attempt.elapsedMs,
            attempt.position,
            this.solver?.threads() ?? 1,
          ),
        ),
      solveHorizon: options.solveHorizon,
    });
  }

  get game(): Game {
    return this.current;
  }

  get position(): Position {
    return this.current.position;
  }

  newGame(): void {
    this.current = new Game();
    this.forgetTrees();
    this.clock.restart();
  }

  /**
   * A position set by the controller (`code`). The clock runs on: only a new game restarts it,
   * or a controller that sends `code` before every genmove would have a fresh clock each move.
   */
  setPosition(coded: CodedPosition): void {
    this.current = new Game(coded.position, coded.passes);
    this.forgetTrees();
  }

  /**
   * Plays a move for the side to move, the controller's (the opponent's, usually); an illegal
   * one changes nothing and says why. With `followNow` the search's tree follows the game at
   * once: its root moves to the move's node now (the pool compacted, and trimmed, if crowded:
   * up to 1.4 s at 5 s a move) rather than in the time of our next move. Without it (OTP,
   * whose judge allows `play` one second) the next search does that in its own time.
   */
  play(move: Move, followNow = true): Result<Position> {
    const played = this.playMove(move);
    if (played.ok) {
      this.followPending = false;
      if (followNow) this.search?.follow(this.current);
    }
    return played;
  }

  /**
   * Work for the time between commands, which no move's clock counts (`LineProtocol.idle`):
   * after our own move, the search's tree follows it, so that the next search, after the
   * opponent's move or another of ours, starts at once.
   */
  tidy(): void {
    if (!this.followPending) return;
    this.followPending = false;
    this.search?.follow(this.current);
  }

  /**
   * One step of pondering (--ponder; `LineProtocol.background`, between commands): the tree
   * search goes on in the game's position, whoever is to move, in the tree it keeps, so that
   * the next move, the opponent's or ours, finds the tree grown. The tree's pool is bounded: once
   * it is full, or the root is proven, there is nothing more to gain and this returns false,
   * as it does when there is no tree yet (before the first search) or the game is over.
   */
  ponder(): boolean {
    const search = this.search;
    if (!this.options.ponder || search === undefined || this.current.isOver()) return false;
    this.tidy();
    const report = search.choose(this.current, { timeMs: PONDER_STEP_MS });
    this.pondered = { visits: this.pondered.visits + report.visits, ms: this.pondered.ms + report.elapsedMs };
    // A step without a visit is the end when the search had time for one (a root proven won or
    // drawn); one whose time ran out before its first visit (a loaded machine) is not.
    if (report.visits === 0 && report.elapsedMs < PONDER_STEP_MS) return false;
    // Root parallelisation has a pool a thread, tree parallelisation one for all. A pool is
    // full once it has less room than a node's children may need (fewer moves than squares).
    const pools = report.sharedTree === true ? 1 : (report.threads ?? 1);
    return report.nodes + pools * 64 < pools * this.playing.search.maxNodes;
  }

  private playMove(move: Move): Result<Position> {
    // The judge sends the pass that ends a game to a player who cannot move either: the
    // game is already over, so the pass is accepted and changes nothing.
    if (move === PASS && this.current.isOver()) return ok(this.current.position);
    return this.current.play(move);
  }

  /** Takes back `count` moves, all or none; false when the history is shorter. */
  undo(count: number): boolean {
    if (this.current.moves.length < count) return false;
    for (let i = 0; i < count; i++) this.current.undo();
    this.forgetTrees();
    return true;
  }

  /** Chooses a move for the side to move, charges its thinking to the clock, and plays it; PASS when it has no legal move (also when the game is over). */
  genmove(): Move {
    const position = this.position;
    const choice = this.think();
    this.clock.spend(position.blackToMove, choice.elapsedMs);
    // The tree follows our move once the reply is out (tidy), or with the opponent's (play), or
    // under OTP in the next search's time.
    const played = this.playMove(choice.move);
    if (!played.ok) throw new Error(`the move chooser picked an illegal move (${choice.move}): ${played.error}`);
    this.followPending = true;
    return choice.move;
  }

  /**
   * What the move chooser would play now, the game left as it is and the clock not charged
   * (GTP's `reg_genmove`: no move is played, so no time is used up and no byo-yomi stone).
   */
  chooseMove(): Move {
    return this.think().move;
  }

  /** How the last move was chosen; undefined before the first. */
  get lastThought(): Choice | undefined {
    return this.thought;
  }

  /** The search tree below the last searched position, as `Searcher.children` reads it; [] before any search. */
  searchChildren(line: readonly Move[]): RootChild[] {
    return this.search?.children(line) ?? [];
  }

  /** A fixed number of visits per move from now on, in place of what --visits, --time or the level said. */
  setVisits(visits: number): void {
    this.visitsSetting = visits;
  }

  /**
   * Plays at `level` from now on (1 to TOP_LEVEL, levels.ts), its settings over the options the
   * session was made with, in place of a number of visits set before (setVisits). The top is
   * those options as they are. The top and the level below it last played each search a tree of
   * their own (`searches`), which waits for its level's return.
   */
  setLevel(level: number): void {
    this.visitsSetting = undefined;
    if (level === this.level) return;
    if (this.level !== TOP_LEVEL && level !== TOP_LEVEL) this.searches.delete(this.level);
    // The level left follows our last move, if it is still to, at its next search.
    this.followPending = false;
    this.level = level;
    this.playing = applyLevel(this.options, level);
    this.chooser = new MoveChooser(this.algorithmChooser());
  }

  /**
   * What the move chooser would play after `move` (GTP's implied pass), the game left as it
   * was and the clock not charged. The search's root follows the game line, so a later move
   * after the same pass reuses this search's tree.
   */
  chooseMoveAfter(move: Move): Move {
    const played = this.current.play(move);
    if (!played.ok) throw new Error(`chooseMoveAfter(${move}) with an illegal move: ${played.error}`);
    try {
      return this.chooseMove();
    } finally {
      this.current.undo();
    }
  }

  /**
   * The move chooser's move for the side to move (a position without a choice answered at
   * once, else the solver when a solve fits and then --search's algorithm), for the time left
   * or a fixed number of visits, never longer than the ceiling on one move. Each step's
   * report goes to the diagnostic stream.
   */
  private think(): Choice {
    const position = this.position;
    // What the move spends before its search counts as the move's time too: the first search's
    // trees, hundreds of megabytes, made before its clock starts; and with --ponder, the step of
    // pondering the command may have waited for (when it arrived is not known: the whole step).
    let beforeMs = 0;
    if (this.options.chooser === "search" && this.search === undefined) {
      const begun = this.now();
      this.searcher();
      beforeMs = this.now() - begun;
    }
    if (this.pondered.visits > 0) {
      const { visits, ms } = this.pondered;
      this.log(`ponder: ${visits} visits in ${(ms / 1000).toFixed(2)} s since the last search`);
      this.pondered = { visits: 0, ms: 0 };
      beforeMs += PONDER_STEP_MS;
    }
    const limits = this.limits(position, beforeMs);
    const { progress } = this.options;
    const choice = this.chooser.choose(
      this.current,
      progress === undefined
        ? limits
        : {
            ...limits,
            progress: {
              everyMs: progress * 1000,
              report: (soFar) => {
                this.log(formatSearchReport(soFar, position, "thinking"));
                this.log(formatRootMoves(this.searchChildren([]), position, "thinking"));
              },
            },
          },
    );
    const line = formatChoice(choice, position);
    if (line !== undefined) this.log(line);
    // With --progress, for a page that shows every move's value: each move's standing at the end too.
    if (progress !== undefined && choice.by === "search") this.log(formatRootMoves(this.searchChildren([]), position));
    this.thought = beforeMs === 0 ? choice : { ...choice, elapsedMs: beforeMs + choice.elapsedMs };
    return this.thought;
  }

  /**
   * The search's limits: the clock's budget less the `spentMs` the move has taken already, or
   * with --visits a fixed amount of work, cut short by a controller's clock if there is one;
   * always within the ceiling on one move.
   */
  limits(position: Position, spentMs = 0): SearchLimits {
    const budgetMs = this.clock.budgetMs(position.blackToMove, position.empties());
    const ceiling = maxMoveSeconds(this.options);
    const ceilingMs = ceiling === undefined ? Infinity : ceiling * 1000;
    const visits = this.visitsSetting ?? this.playing.visits;
    const allowedMs = Math.min(visits === undefined || this.clock.timeLimit !== null ? budgetMs : Infinity, ceilingMs);
    const timeMs = Math.max(0, allowedMs - spentMs);
    return {
      ...(visits === undefined ? {} : { visits }),
      ...(timeMs === Infinity ? {} : { timeMs }),
      // A search whose move is settled stops only when the time it saves is not lost.
      stopEarly: this.options.earlyStop && this.clock.savingsCarryOver(position.blackToMove),
    };
  }

  /** The search of the level playing, if it has searched. */
  private get search(): Searcher | undefined {
    return this.searches.get(this.level);
  }

  private searcher(): Searcher {
    let search = this.search;
    if (search === undefined) {
      search = this.threads.searcher(this.playing, {
        log: this.log,
        evaluation: this.evaluation,
        now: this.now,
        solver: this.sharedSolver().solver,
      });
      this.searches.set(this.level, search);
    }
    return search;
  }

  /** A game that does not go on from the last (a new one, a position set, moves taken back): every level's tree starts afresh. */
  private forgetTrees(): void {
    this.followPending = false;
    for (const search of this.searches.values()) search.reset();
  }

  /**
   * One solver for the root solves (on --threads threads) and the search's leaves (on the
   * engine's thread, its `solver`): one transposition table.
   */
  private sharedSolver(): EngineSolver {
    this.solver ??= this.threads.solver(this.options, this.evaluation, this.log);
    return this.solver;
  }
}
