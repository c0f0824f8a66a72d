import { type CodedPosition, Game, type Move, PASS, type Position, Random, type Result, Search, type SearchLimits, TimeControl, ok } from "../../src/index.js";
import type { EngineOptions } from "./options.js";
import { formatSearchReport } from "./searchReport.js";

/**
 * One engine's state behind every protocol (OTP and GTP): the game, the options, the
 * clock, and the move chooser. Protocols parse and format; the session never sees text.
 */
export class Session {
  private current = new Game();
  /** What the controller says of the clock (`time_settings`, `time_left`), and the time per move without it. */
  readonly clock: TimeControl;
  /** Made at the first genmove: its tree is the engine's one large allocation. */
  private search: Search | undefined;

  /**
   * `log` takes diagnostics, one line or drawing at a time (stderr in the program); `now` is
   * the clock the search reads, in milliseconds.
   */
  constructor(
    readonly options: EngineOptions,
    readonly log: (text: string) => void,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.clock = new TimeControl(options.time * 1000);
  }

  get game(): Game {
    return this.current;
  }

  get position(): Position {
    return this.current.position;
  }

  newGame(): void {
    this.current = new Game();
    this.search?.reset();
    this.clock.restart();
  }

  setPosition(coded: CodedPosition): void {
    this.current = new Game(coded.position, coded.passes);
    this.search?.reset();
    this.clock.restart();
  }

  /** Plays a move for the side to move; an illegal one changes nothing and says why. */
  play(move: Move): Result<Position> {
    // The judge sends the pass that ends a game to a player who cannot move either: the
    // game is already over, so the pass is accepted and changes nothing.
    if (move === PASS && this.current.isOver()) return ok(this.current.position);
    return this.current.play(move);
  }

  /** Takes back `count` moves, all or none; false when the history is shorter. */
  undo(count: number): boolean {
    if (this.current.moves.length < count) return false;
    for (let i = 0; i < count; i++) this.current.undo();
    this.search?.reset();
    return true;
  }

  /** Chooses a move for the side to move and plays it; PASS when it has no legal move (also when the game is over). */
  genmove(): Move {
    const move = this.chooseMove();
    const played = this.play(move);
    if (!played.ok) throw new Error(`the move chooser picked an illegal move (${move}): ${played.error}`);
    return move;
  }

  /**
   * The move chooser: a legal move for the side to move, PASS when there is none. The search
   * thinks for the time the clock allows (or a fixed number of playouts), and its report goes
   * to the diagnostic stream.
   */
  chooseMove(): Move {
    const position = this.position;
    const report = this.searcher().choose(this.current, this.limits(position));
    this.clock.spend(position.blackToMove, report.elapsedMs);
    this.log(formatSearchReport(report, position));
    return report.move;
  }

  /**
   * What the move chooser would play after `move` (GTP's implied pass), the game left as it
   * was. The search's root follows the game line, so a later move after the same pass reuses
   * this search's tree.
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

  /** With --playouts, a fixed amount of work, still cut short by a clock from the controller if there is one. */
  private limits(position: Position): SearchLimits {
    const timeMs = this.clock.budgetMs(position.blackToMove, position.empties());
    const { playouts } = this.options;
    if (playouts === undefined) return { timeMs };
    return this.clock.clock === null ? { playouts } : { playouts, timeMs };
  }

  private searcher(): Search {
    this.search ??= new Search(this.options.search, this.now, new Random(this.options.seed));
    return this.search;
  }
}
