import { type Colour, Game, type Move, PASS, type Result, err, formatVertex, ok } from "../../src/index.js";
import type { EngineClient } from "../controller/engineClient.js";
import { type EngineReport, type RootMoves, finalReport, lastMoves, lastReport } from "./engineReport.js";

/** One working connection to an engine, however it is reached (a child process, a TCP peer). */
export interface EngineLink {
  readonly client: EngineClient;
  /** What the engine calls itself. */
  readonly name: string;
  /** The engine has exited or disconnected: the next move needs a new link. */
  readonly broken: boolean;
  /** The diagnostic lines it wrote since the last call (none for a TCP peer). */
  takeDiagnostics(): string[];
  /** Its last words on standard error, for an error report (none for a TCP peer). */
  lastWords(): string[];
  /** Ends it (kills a process, closes a connection). */
  close(): void;
}

/** Makes a link, or says why there is none (an engine that will not start, none connected yet). */
export type LinkSource = () => Promise<Result<EngineLink>>;

export interface OpponentLimits {
  /** Any reply but a move's must come within this. */
  readonly replyMs: number;
  /** Beyond its time per move (rounded up to whole seconds), an engine may take this long before it counts as hung. */
  readonly graceMs: number;
}

export interface EngineMove {
  readonly move: Move;
  /** Our engine's account of its search; undefined for other engines and forced passes. */
  readonly report: EngineReport | undefined;
  /** Every root move's standing at the end of our engine's search (its `search moves:` line); undefined without one. */
  readonly moves: RootMoves | undefined;
  readonly engine: string;
}

/** How our engine's search stands while it thinks: its last progress report and root moves. */
export interface Standing {
  /** The number of moves of the game it searches a move for. */
  readonly ply: number;
  readonly report: EngineReport | undefined;
  readonly moves: RootMoves | undefined;
}

/** Other engines write no report, ours writes it just before its reply: this long is left for it to arrive. */
const REPORT_WAIT_MS = 50;

const colourToMove = (game: Game): Colour => (game.position.blackToMove ? "black" : "white");

/**
 * The engine behind one game in the browser (or behind every game, for an engine that connected
 * over TCP). Each request brings the whole game: the engine is brought in step with it (only the
 * new moves when its board holds the start of the game, else a new game and every move), so
 * undo, a pasted game or another tab's game never confuse it. Requests run one at a time. An
 * engine that fails, hangs or answers an illegal move is reported, and the next request starts
 * a new link (or resets its board).
 */
export class Opponent {
  private link: EngineLink | undefined;
  /** The moves on the engine's board; undefined when not known. */
  private known: readonly Move[] | undefined;
  private seconds: number | undefined;
  /** The level our engine was last told; undefined when not known. */
  private level: number | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  /** What the engine has written on its diagnostic stream since the move now asked for began. */
  private heard: string[] = [];
  /** The length of the game whose move is being thought about; undefined when none is. */
  private asking: number | undefined;

  constructor(
    private readonly source: LinkSource,
    private readonly limits: OpponentLimits,
  ) {}

  /**
   * The engine's move after `moves` (a legal game from the start), thinking `seconds`, at
   * `level` (our engine's level for people; undefined for an engine that has none).
   */
  move(moves: readonly Move[], seconds: number, level?: number): Promise<Result<EngineMove>> {
    const run = this.queue.then(() => this.moveNow(moves, seconds, level));
    this.queue = run.catch(() => {});
    return run;
  }

  /**
   * How our engine's search stands while it thinks (its `thinking:` and `thinking moves:`
   * lines, written with `--progress`); undefined when no move is being thought about or
   * nothing was said yet.
   */
  thinking(): Standing | undefined {
    if (this.asking === undefined || this.link === undefined) return undefined;
    this.heard.push(...this.link.takeDiagnostics());
    const report = lastReport(this.heard);
    return report === undefined ? undefined : { ply: this.asking, report, moves: lastMoves(this.heard, "thinking") };
  }

  /** Ends the engine (the server is closing, or this game's table was given up). */
  close(): void {
    this.link?.close();
    this.forget();
  }

  private forget(): void {
    this.link = undefined;
    this.known = undefined;
    this.seconds = undefined;
    this.level = undefined;
  }

  private async moveNow(
    moves: readonly Move[],
    seconds: number,
    level: number | undefined,
  ): Promise<Result<EngineMove>> {
    const game = new Game();
    for (const move of moves) {
      const played = game.play(move);
      if (!played.ok) return err(`the game holds an illegal move ${formatVertex(move)}: ${played.error}`);
    }
    if (game.isOver()) return err("the game is over");
    if (this.link === undefined || this.link.broken) {
      this.forget();
      const opened = await this.source();
      if (!opened.ok) return opened;
      this.link = opened.value;
    }
    const link = this.link;
    // A forced pass needs no engine, but the engine is told it with the next move.
    if (game.position.legalMoves()[0] === PASS)
      return ok({ move: PASS, report: undefined, moves: undefined, engine: link.name });
    const synced = await this.sync(link, moves, seconds, level);
    if (!synced.ok) return this.fail(link, synced.error);
    link.takeDiagnostics();
    this.heard = [];
    const colour = colourToMove(game);
    // GTP's times are whole seconds, so a fraction may have been sent rounded up.
    const limitMs = Math.ceil(seconds) * 1000 + this.limits.graceMs;
    this.asking = moves.length;
    const reply = await link.client.genmove(colour, limitMs).finally(() => (this.asking = undefined));
    if (!reply.ok) return this.fail(link, reply.error);
    this.known = [...moves, reply.value];
    if (!game.position.isLegal(reply.value)) {
      this.known = undefined;
      return err(
        `${link.name} answered an illegal move, ${formatVertex(reply.value).toLowerCase()}${game.position.legalMoves()[0] === PASS ? " (it has to pass)" : ""}`,
      );
    }
    // The move's own report (and a search's moves line) come last; the progress lines before do not stand for the move.
    const lines = [...this.heard, ...link.takeDiagnostics()];
    const complete = (): boolean => {
      const report = finalReport(lines);
      return report !== undefined && (report.kind !== "search" || lastMoves(lines, "search") !== undefined);
    };
    if (!complete()) {
      await new Promise((resolve) => setTimeout(resolve, REPORT_WAIT_MS));
      lines.push(...link.takeDiagnostics());
    }
    return ok({ move: reply.value, report: finalReport(lines), moves: lastMoves(lines, "search"), engine: link.name });
  }

  /** The engine's board made equal to `moves`, its time per move to `seconds` and its level to `level`. */
  private async sync(
    link: EngineLink,
    moves: readonly Move[],
    seconds: number,
    level: number | undefined,
  ): Promise<Result<void>> {
    const { replyMs } = this.limits;
    const known = this.known;
    let from =
      known !== undefined && known.length <= moves.length && known.every((m, i) => m === moves[i]) ? known.length : -1;
    if (from < 0) {
      const cleared = await link.client.newGame(replyMs);
      if (!cleared.ok) return cleared;
      this.known = [];
      this.seconds = undefined;
      from = 0;
    }
    if (this.seconds !== seconds) {
      const timed = await link.client.setMoveTime(seconds, replyMs);
      if (!timed.ok) return timed;
      this.seconds = seconds;
    }
    if (level !== undefined && this.level !== level) {
      const levelled = await link.client.setLevel(level, replyMs);
      if (!levelled.ok) return levelled;
      this.level = level;
    }
    const game = new Game();
    for (let i = 0; i < moves.length; i++) {
      const colour = colourToMove(game);
      game.play(moves[i]!);
      if (i < from) continue;
      const heard = await link.client.play(colour, moves[i]!, replyMs);
      if (!heard.ok) return heard;
      this.known = moves.slice(0, i + 1);
    }
    return ok(undefined);
  }

  /** A failed exchange: the engine is ended (a hung or dead one is of no more use), the reason kept. */
  private fail(link: EngineLink, reason: string): Result<never> {
    const words = link
      .lastWords()
      .filter((line) => line.trim() !== "")
      .slice(-3);
    link.close();
    this.forget();
    return err(`${link.name}: ${reason}${words.length > 0 ? ` (its last words: ${words.join(" / ")})` : ""}`);
  }
}
