/// <reference lib="dom" />
import { Game, type Move, PASS, formatGameRecord } from "../../../src/index.js";
import type { UiInfo } from "../uiServer.js";
import { Board } from "./board.js";
import { type PageActions, listenToControls } from "./controls.js";
import { element } from "./element.js";
import { EngineView } from "./engineView.js";
import { type MoveValues, noValues, squareValues } from "./hints.js";
import { copyText } from "./clipboard.js";
import { LevelPicker } from "./levelPicker.js";
import { MoveList } from "./moveList.js";
import { SearchUnderWay } from "./searchUnderWay.js";
import type { PageEngine } from "./pageEngine.js";
import {
  type Mode,
  MODES,
  boardView,
  capitalized,
  colourToMove,
  describeReport,
  discsPlaced,
  evaluationOf,
  gameGgf,
  gameUpTo,
  loadRecord,
  answeredMove,
  parseSeconds,
  personPlays,
  plural,
  refusal,
  statusLine,
  undoLength,
  vertex,
} from "./pageGame.js";
import { bestSquare, lostDiscs } from "./review.js";

/**
 * The page in the browser: the game is kept here, and the engine (pageEngine.ts) asked for its
 * moves; the board, controls, engine's view and move list are each in a file of their own.
 */
class Page implements PageActions {
  private game = new Game();
  private mode: Mode = "black";
  private seconds = 1;
  private readonly levels = new LevelPicker();
  private info: UiInfo | undefined;
  /** Bumped by every change of game or mode, so that an answer to an older question is dropped. */
  private generation = 0;
  private thinking: SearchUnderWay | undefined;
  private error: string | undefined;
  private hint: Move | undefined;
  private hintsOn = false;
  /** What each undo took back, the last last, for redo; emptied by any other move. */
  private undone: Move[][] = [];
  private values: MoveValues = noValues();
  /** The number of moves shown when stepping through the game; undefined: the game as it stands. */
  private viewAt: number | undefined;
  private readonly board = new Board((square) => this.clicked(square));
  private readonly engine = new EngineView();
  private readonly moveList: MoveList;

  constructor(private readonly player: PageEngine) {
    this.moveList = new MoveList(player, () => this.render());
    listenToControls(this);
  }

  async start(): Promise<void> {
    this.render();
    const opponent = element("opponent");
    const info = await this.player.info((text) => (opponent.textContent = text));
    if (!info.ok) {
      opponent.textContent = info.error;
      this.error = info.error;
      this.render();
      return;
    }
    this.info = info.value;
    this.seconds = this.info.seconds;
    const input = element<HTMLInputElement>("seconds");
    input.min = String(this.info.minSeconds);
    input.max = String(this.info.maxSeconds);
    input.value = String(this.seconds);
    opponent.textContent = `against ${this.info.engine}`;
    if (!this.info.hints) {
      element<HTMLInputElement>("hints").disabled = true;
      element("hints-note").textContent = `Hints need our engine: this page plays ${this.info.engine}.`;
    }
    this.levels.show(this.info);
    this.advance();
  }

  private get engineToMove(): boolean {
    return !this.game.isOver() && !personPlays(this.mode, colourToMove(this.game.position));
  }

  /** Plays forced passes, asks the engine when it is its turn, and shows where the game is. */
  private advance(): void {
    while (!this.game.isOver() && this.game.position.legalMoves()[0] === PASS) {
      const side = capitalized(colourToMove(this.game.position));
      this.play(PASS);
      this.notice(`${side} has no legal move and passes.`);
    }
    if (this.engineToMove && this.error === undefined && this.info !== undefined) void this.askEngine(false);
    this.analyse();
    this.render();
  }

  /**
   * With hints on, what the hints need of the position on the board: its exact scores near the
   * end, and otherwise (or when the solve runs out of time) a search of it by the engine when
   * the engine is not searching it already for its own move.
   */
  private analyse(): void {
    const info = this.info;
    if (!this.hintsOn || info?.hints !== true || this.game.isOver() || this.error !== undefined) return;
    const solvable = this.game.position.empties() <= info.exactEmpties;
    if (solvable && this.values.exact === undefined && this.values.solving === undefined) void this.askScores();
    const searched = this.values.root !== undefined || this.thinking !== undefined;
    if (!this.engineToMove && !searched && !(solvable && this.values.exact !== null)) void this.askEngine(true, true);
  }

  private play(move: Move): void {
    this.undone = [];
    const played = this.game.play(move);
    if (!played.ok) throw new Error(`the page played an illegal move ${vertex(move)}: ${played.error}`);
    this.engine.resize(this.game.moves.length);
    this.hint = undefined;
    this.newPosition();
  }

  /** The position on the board changed: what was known of its moves goes, and the board shows the game as it stands. */
  private newPosition(): void {
    this.values.solving?.abort();
    this.values = noValues();
    this.viewAt = undefined;
  }

  private clicked(square: Move): void {
    if (this.info === undefined) return this.notice(this.error ?? "The engine is starting: wait for it.");
    if (this.viewAt !== undefined)
      return this.notice(`This is the board after move ${this.viewAt}: End (or →) goes back to the game.`);
    if (this.thinking !== undefined && !this.thinking.hint)
      return this.notice("The engine is thinking: wait for its move.");
    if (this.engineToMove)
      return this.notice(`It is the engine's turn${this.error === undefined ? "" : ": ask it again, or undo"}.`);
    const refused = refusal(this.game, square);
    if (refused !== undefined) return this.notice(refused);
    // A hint still being thought about is for the position before this move: it is ended, its answer dropped.
    if (this.thinking !== undefined) this.generation++;
    this.cancelThinking();
    this.notice("");
    this.play(square);
    this.advance();
  }

  /**
   * Asks the server for the engine's move: played when it is the engine's turn, only shown when
   * `hint` (and only its values, without a notice, when `quiet`).
   */
  private async askEngine(hint: boolean, quiet = false): Promise<void> {
    this.stopThinking();
    const generation = ++this.generation;
    const moves = [...this.game.moves];
    const ply = discsPlaced(moves, moves.length) + 1;
    const poll = () => void this.pollThinking(generation, moves.length, ply);
    this.thinking = new SearchUnderWay(hint, quiet, () => this.renderStatus(), poll);
    this.render();
    // A hint is the full engine's advice, whatever the level played against.
    const level = hint ? this.levels.top : this.levels.level;
    const asked = await this.player.move(moves, this.seconds, level, hint);
    if (generation !== this.generation) return; // the game or the mode changed meanwhile
    const announce = this.thinking?.quiet !== true;
    this.stopThinking();
    const answered = answeredMove(asked, this.game.position);
    if (!answered.ok) {
      this.error = answered.error;
      return this.render();
    }
    const { answer, move: legal } = answered.value;
    this.engine.report(describeReport(answer.report));
    if (hint) {
      this.values.root = answer.moves ?? this.values.root;
      if (announce) {
        this.hint = legal;
        this.notice(`The engine would play ${answer.move}.`);
      }
      this.render();
      return;
    }
    this.play(legal);
    this.engine.record(
      this.game.moves.length - 1,
      evaluationOf(answer.report, discsPlaced(this.game.moves, this.game.moves.length)),
    );
    this.advance();
  }

  askHint(): void {
    if (this.game.isOver()) return this.notice("The game is over.");
    // The hints' own search of this position answers it.
    if (this.thinking?.quiet === true) {
      this.thinking.quiet = false;
      return;
    }
    if (this.engineToMove || this.thinking !== undefined) return this.notice("The engine is on the move already.");
    this.error = undefined;
    void this.askEngine(true);
  }

  /** The exact score of each move of the position on the board, for the hints. */
  private async askScores(): Promise<void> {
    const values = this.values;
    const request = new AbortController();
    values.solving = request;
    const scores = await this.player.solve(this.game.moves, request.signal);
    if (values !== this.values) return; // another position by now
    values.solving = undefined;
    values.exact = scores;
    // Not solved in time: the engine's search will do.
    this.analyse();
    this.render();
  }

  /**
   * Shows how the engine's search of the game's first `asked` moves stands while it thinks (our
   * engine says so every quarter second); `ply` is the graph's x of its view.
   */
  private async pollThinking(generation: number, asked: number, ply: number): Promise<void> {
    const answer = await this.player.thinking();
    if (answer === undefined) return; // the move's own request reports a server that is gone
    // The engine may still be searching for an earlier question (a hint the person played past).
    if (generation !== this.generation || this.thinking === undefined || answer.report === null) return;
    if (answer.ply !== asked) return;
    if (!this.thinking.quiet) this.engine.report(`Thinking: ${describeReport(answer.report)}`);
    this.engine.live = this.thinking.hint ? undefined : evaluationOf(answer.report, ply);
    this.values.root = answer.moves ?? this.values.root;
    this.render();
  }

  /** A search no longer wanted: ended at once (the engine's answer would be dropped anyway). */
  private cancelThinking(): void {
    if (this.thinking !== undefined) this.player.stop();
    this.stopThinking();
  }

  private stopThinking(): void {
    this.thinking?.end();
    this.thinking = undefined;
    this.engine.live = undefined;
  }

  /** Any change of game or mode: what was being asked is dropped. */
  private restart(game: Game): void {
    this.undone = [];
    this.cancelThinking();
    this.generation++;
    this.error = undefined;
    this.hint = undefined;
    this.game = game;
    this.engine.resize(game.moves.length);
    this.newPosition();
  }

  newGame(): void {
    this.restart(new Game());
    this.engine.clear();
    this.moveList.drop();
    this.engine.report("No search yet.");
    this.notice("New game.");
    this.advance();
  }

  undo(): void {
    const moves = this.game.moves;
    if (moves.length === 0) return this.notice("Nothing to undo.");
    const keep = undoLength(moves, this.mode);
    const undone = [...this.undone, moves.slice(keep)];
    this.restart(gameUpTo(moves, keep));
    this.undone = undone;
    this.notice(`Took back ${plural(moves.length - keep, "move")}.`);
    this.advance();
  }

  /** Plays again what the last undo took back, while no other move has been played since. */
  redo(): void {
    const again = this.undone.at(-1);
    if (again === undefined) return this.notice("Nothing to redo.");
    const undone = this.undone.slice(0, -1);
    this.restart(gameUpTo([...this.game.moves, ...again], this.game.moves.length + again.length));
    this.undone = undone;
    this.notice(`Played ${plural(again.length, "move")} again.`);
    this.advance();
  }

  retry(): void {
    this.error = undefined;
    // An engine that could not start is started again.
    if (this.info === undefined) void this.start();
    else this.advance();
  }

  /** Ends the engine's search; its move is then asked for again with "Ask the engine again". */
  stop(): void {
    if (this.thinking === undefined) return this.notice("The engine is not thinking.");
    const hint = this.thinking.hint;
    this.generation++;
    this.cancelThinking();
    if (!hint) this.error = "Stopped: the engine's move waits for you to ask it again.";
    this.notice("Stopped.");
    this.render();
  }

  setLevel(picker: HTMLSelectElement): void {
    const level = this.levels.choose(picker.value);
    if (level === undefined) return;
    // The search under way was for the old level: it is asked again at the new one.
    const thinking = this.thinking !== undefined;
    this.generation++;
    this.cancelThinking();
    this.notice(`${level.name}.`);
    if (thinking) this.advance();
    else this.render();
  }

  setMode(mode: Mode): void {
    if (!MODES.includes(mode)) return;
    this.mode = mode;
    this.restart(this.game);
    this.advance();
  }

  setSeconds(input: HTMLInputElement): void {
    const seconds = parseSeconds(input.value, this.info);
    if (!seconds.ok) {
      input.value = String(this.seconds);
      return this.notice(seconds.error);
    }
    this.seconds = seconds.value;
    this.notice(`The engine now thinks ${seconds.value} s a move.`);
  }

  setHints(on: boolean): void {
    if (this.info?.hints !== true) {
      element<HTMLInputElement>("hints").checked = false;
      return this.notice(element("hints-note").textContent ?? "Hints need our engine.");
    }
    this.hintsOn = on;
    element<HTMLInputElement>("hints").checked = on;
    this.notice(on ? "Hints on: the engine's value of each legal move is on its square." : "Hints off.");
    this.analyse();
    this.render();
  }

  toggleHints(): void {
    this.setHints(!this.hintsOn);
  }

  load(text: string): void {
    const loaded = loadRecord(text);
    if (!loaded.ok) return this.notice(loaded.error);
    this.restart(loaded.value);
    this.engine.clear();
    this.moveList.drop();
    this.notice(`Loaded ${loaded.value.moves.length} moves; play on, or review them (R).`);
    this.advance();
  }

  startReview(): void {
    const moves = [...this.game.moves];
    if (moves.length === 0) return this.notice("There is no move to review yet.");
    this.notice("");
    void this.moveList.start(moves);
  }

  /** Shows the board after the first `count` moves (the game as it stands when `count` is all of them). */
  view(count: number): void {
    const all = this.game.moves.length;
    const shown = Math.max(0, Math.min(all, count));
    this.viewAt = shown === all ? undefined : shown;
    this.notice("");
    this.render();
  }

  shownMoves(): number {
    return this.viewAt ?? this.game.moves.length;
  }

  copyMoves(): void {
    void copyText(formatGameRecord(this.game.moves), "The moves are", (text) => this.notice(text));
  }

  /** The game as GGF, the players named by the mode: the person, or the engine. */
  copyGgf(): void {
    const name = (colour: "black" | "white") =>
      personPlays(this.mode, colour) ? "you" : (this.info?.engine ?? "engine");
    void copyText(gameGgf(this.game, name("black"), name("white")), "The game in GGF is", (text) => this.notice(text));
  }

  private notice(text: string): void {
    element("notice").textContent = text;
  }

  private render(): void {
    const viewing = this.viewAt !== undefined;
    const shown = viewing ? gameUpTo(this.game.moves, this.viewAt!) : this.game;
    const personMoves = !viewing && !this.game.isOver() && !this.engineToMove;
    const view = boardView(shown, personMoves);
    const items = this.moveList.items(this.game.moves);
    // The last move shown, when the review found it lost discs: the best move is marked beside it.
    const lastShown = items[shown.moves.length - 1];
    this.board.render(view, {
      viewing,
      personMoves,
      hint: this.hint,
      lost: lastShown === undefined ? undefined : lostDiscs(lastShown),
      best: lastShown === undefined ? undefined : bestSquare(lastShown),
      values: this.hintsOn && !viewing ? squareValues(this.values.root, this.values.exact) : new Map(),
    });
    element("to-move").textContent = viewing
      ? `After move ${this.viewAt} of ${this.game.moves.length}`
      : view.toMove === undefined
        ? ""
        : `${capitalized(view.toMove)} to move`;
    element("record").textContent = formatGameRecord(this.game.moves) || "(no moves yet)";
    element("retry").hidden = this.error === undefined;
    element("stop").hidden = this.thinking === undefined;
    this.moveList.render(items, shown.moves.length, this.game.isOver());
    this.engine.render();
    this.renderStatus();
  }

  private renderStatus(): void {
    const status = element("status");
    const thinking = this.thinking;
    const { state, text } = statusLine(this.game, {
      error: this.error,
      thinking: thinking && { seconds: thinking.seconds(), hint: thinking.hint },
      engineToMove: this.engineToMove,
    });
    status.dataset.state = state;
    status.classList.toggle("error", state === "error");
    status.textContent = text;
  }
}

/** The page, playing `engine`: its script's entry (main.ts for othello ui's server, protocol/web/ for the page's own engine) calls this. */
export function startPage(engine: PageEngine): void {
  void new Page(engine).start();
}
