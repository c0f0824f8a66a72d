import {
  AlphaBeta,
  type Book,
  Evaluation,
  Game,
  type Move,
  PASS,
  type Result,
  Solver,
  err,
  ok,
  parseBook,
  parseWeights,
} from "../../src/index.js";
import { type EngineOptions, defaultEngineOptions } from "../engine/engineOptions.js";
import { TOP_LEVEL } from "../engine/levels.js";
import { Session } from "../engine/session.js";
import { type EngineReport, finalReport, lastMoves, parseEngineReport, parseRootMoves } from "../ui/engineReport.js";
import { ANALYSIS_LIMITS, type AnalysisTools, exactScores, reviewMove, vertex } from "../ui/moveAnalysis.js";
import type { WorkerAnswer, WorkerRequest, WorkerStart } from "./workerMessages.js";

/** How often a search says how it stands, for the page's hints and graph (as `othello ui` asks its engine). */
const PROGRESS_SECONDS = 0.25;
/** A level below the top searches a few thousand visits a move: its tree needs no more than this pool. */
const LEVEL_POOL_NODES = 1_000_000;

/** What the worker plays with once its start message is read. */
interface Loaded {
  readonly evaluation: Evaluation;
  readonly book: Book;
}

/** The weights and the book of the start message, or what is wrong with them. */
export function loadStart(start: WorkerStart): Result<Loaded> {
  const weights = parseWeights(new Uint8Array(start.weights));
  if (!weights.ok) return err(`the weights file (eval.weights): ${weights.error}`);
  const book = parseBook(start.book);
  if (!book.ok) return err(`the opening book (opening.book): ${book.error}`);
  return ok({ evaluation: new Evaluation(weights.value), book: book.value });
}

/**
 * The engine as the page's worker runs it: the same Session as `othello --gtp`, on one thread,
 * kept from request to request so that its tree follows the game: one that plays, at the level
 * asked, and one for hints, which searches every position without the book (a book move has no
 * value for each move to show). Each move request brings the whole game: the session is brought
 * in step with it (only the new moves when it holds the start of the game). The session's report
 * lines, the ones the command-line engine writes on stderr, are read back into the answers, so
 * the page shows the same report whichever engine it plays. Every request is answered, a failure
 * as an error that names it.
 */
export class EngineHost {
  /** The session that plays and the hints' session, each with the level and time per move it was made for. */
  private readonly sessions = new Map<
    "play" | "hint",
    { readonly level: number; readonly seconds: number; readonly session: Session }
  >();
  private lines: string[] = [];
  private asked = 0;
  private analysis: AnalysisTools | undefined;

  constructor(
    private readonly start: WorkerStart,
    private readonly loaded: Loaded,
    private readonly post: (answer: WorkerAnswer) => void,
  ) {}

  handle(request: WorkerRequest): void {
    if (request.kind === "start") return this.post({ kind: "failed", error: "the worker was started twice" });
    try {
      if (request.kind === "move") this.move(request.id, request.moves, request.seconds, request.level, request.hint);
      else if (request.kind === "scores") this.scores(request.id, request.moves);
      else this.review(request.id, request.moves, request.move);
    } catch (e) {
      this.post({ kind: "error", id: request.id, error: (e as Error).message });
    }
  }

  private move(id: number, moves: readonly Move[], seconds: number, level: number, hint: boolean): void {
    const game = replay(moves);
    if (!game.ok) return this.post({ kind: "error", id, error: game.error });
    if (game.value.isOver()) return this.post({ kind: "error", id, error: "the game is over" });
    if (!(level >= 1 && level <= TOP_LEVEL && Number.isInteger(level)))
      return this.post({ kind: "error", id, error: `there is no level ${level}: 1 to ${TOP_LEVEL}` });
    const session = this.sessionFor(hint ? "hint" : "play", level, seconds);
    this.follow(session, moves);
    const name = `othello-uct, level ${level}`;
    // A forced pass needs no search; the session hears of it with the next move.
    if (game.value.position.legalMoves()[0] === PASS)
      return this.post({ kind: "move", id, move: "pass", engine: name, report: undefined, moves: undefined });
    this.lines = [];
    this.asked = id;
    const move = hint ? session.chooseMove() : session.genmove();
    const { lines } = this;
    this.post({
      kind: "move",
      id,
      move: vertex(move),
      engine: name,
      report: finalReport(lines),
      moves: lastMoves(lines, "search"),
    });
  }

  /** The session of `role` for `level` and `seconds`: kept while they stay the same, so that its tree is. */
  private sessionFor(role: "play" | "hint", level: number, seconds: number): Session {
    const kept = this.sessions.get(role);
    if (kept !== undefined && kept.level === level && kept.seconds === seconds) return kept.session;
    const { start, loaded } = this;
    const defaults = defaultEngineOptions();
    // The session plays the level's settings over these.
    const options: EngineOptions = {
      ...defaults,
      seed: start.seed,
      // GTP's terms: no ceiling on a move but its time, and the tree kept as the game goes on.
      protocol: "gtp",
      time: seconds,
      visits: start.visits,
      progress: PROGRESS_SECONDS,
      book: role === "play",
      search: {
        ...defaults.search,
        maxNodes: level === TOP_LEVEL ? start.maxNodes : Math.min(start.maxNodes, LEVEL_POOL_NODES),
      },
      level,
    };
    const session = new Session(options, (line) => this.heard(line), undefined, loaded.evaluation, loaded.book);
    this.sessions.set(role, { level, seconds, session });
    return session;
  }

  /** The session's game made that of `moves`: the moves it lacks played, or a new game when it holds another. */
  private follow(session: Session, moves: readonly Move[]): void {
    const known = session.game.moves;
    const prefix = known.length <= moves.length && known.every((m, i) => m === moves[i]);
    if (!prefix) session.newGame();
    for (const move of moves.slice(prefix ? known.length : 0)) {
      const played = session.play(move);
      if (!played.ok) throw new Error(`the game's move ${vertex(move)}: ${played.error}`);
    }
  }

  /** A report line of the session: a search's progress is passed on at once, with its root moves. */
  private heard(line: string): void {
    this.lines.push(line);
    const moves = parseRootMoves(line);
    if (moves?.word !== "thinking") return;
    const report: EngineReport | undefined = parseEngineReport(this.lines[this.lines.length - 2] ?? "");
    this.post({ kind: "thinking", id: this.asked, report, moves });
  }

  private tools(): AnalysisTools {
    this.analysis ??= {
      solver: new Solver(),
      alphaBeta: new AlphaBeta(this.loaded.evaluation),
      now: () => performance.now(),
    };
    return this.analysis;
  }

  private scores(id: number, moves: readonly Move[]): void {
    const game = replay(moves);
    if (!game.ok) return this.post({ kind: "error", id, error: game.error });
    const scores = exactScores(game.value.position, this.tools(), ANALYSIS_LIMITS);
    this.post({
      kind: "scores",
      id,
      scores: scores?.map(({ move, score }) => ({ move: vertex(move), score })) ?? null,
    });
  }

  private review(id: number, moves: readonly Move[], move: Move): void {
    const game = replay(moves);
    if (!game.ok) return this.post({ kind: "error", id, error: game.error });
    if (!game.value.position.isLegal(move))
      return this.post({ kind: "error", id, error: `${vertex(move)} is not a legal move here` });
    this.post({ kind: "review", id, review: reviewMove(game.value.position, move, this.tools(), ANALYSIS_LIMITS) });
  }
}

/** The game of `moves` from the start, or the first illegal move. */
function replay(moves: readonly Move[]): Result<Game> {
  const game = new Game();
  for (const move of moves) {
    const played = game.play(move);
    if (!played.ok) return err(`the game holds an illegal move ${vertex(move)}: ${played.error}`);
  }
  return ok(game);
}
