/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
import { Game, type Move, PASS, formatGameRecord, parseVertex } from "../../../src/index.js";
import type { RootMoves } from "../engineReport.js";
import type { MoveAnswer, ReviewLine, SolveAnswer, ThinkingAnswer, UiInfo } from "../uiServer.js";
import { squareValues } from "./hints.js";
import {
  type Evaluation,
  type Mode,
  MODES,
  boardView,
  capitalized,
  colourToMove,
  describeReport,
  discBars,
  discScale,
  discsPlaced,
  evaluationOf,
  gameGgf,
  gameUpTo,
  graphPoints,
  loadRecord,
  personPlays,
  refusal,
  resultText,
  undoLength,
  vertex,
} from "./pageGame.js";
import {
  type MoveItem,
  type PlyLine,
  bestSquare,
  describeMove,
  lossText,
  lostDiscs,
  moveItems,
  reviewSummary,
} from "./review.js";

/** How often the page asks how the engine's search stands while it thinks. */
const THINKING_POLL_MS = 300;

/** The page in the browser: the game is kept here, and the server is asked for the engine's moves. */

const element = <T extends HTMLElement>(id: string): T => {
  const found = document.getElementById(id);
  if (found === null) throw new Error(`the page has no #${id}`);
  return found as T;
};

/** This tab's game id: the server gives each its own engine. */
function newGameId(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
}

const postJson = (path: string, body: unknown, signal?: AbortSignal): Promise<Response> =>
  fetch(path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
    ...(signal === undefined ? {} : { signal }),
  });

/** A game as the server takes it: passes written out, since a record leaves a forced pass at its end unplayed. */
const movesText = (moves: readonly Move[]): string => moves.map(vertex).join(" ");

/**
 * What is known of the moves of the position on the board, for the hints: the engine's root
 * moves, and the exact scores near the end (undefined: not known yet; null: not solved in time).
 */
interface MoveValues {
  root: RootMoves | undefined;
  exact: SolveAnswer["scores"] | undefined;
  /** The exact scores' request, while it runs. */
  solving: AbortController | undefined;
}

const noValues = (): MoveValues => ({ root: undefined, exact: undefined, solving: undefined });

/** The review of the game as far as it has come. */
interface ReviewState {
  readonly moves: readonly Move[];
  readonly lines: PlyLine[];
  done: boolean;
  error: string | undefined;
  readonly request: AbortController;
}

class Page {
  private game = new Game();
  private mode: Mode = "black";
  private seconds = 1;
  private info: UiInfo | undefined;
  /** The engine's evaluation after each of the game's moves it chose (by index in the move list). */
  private evaluations: (Evaluation | undefined)[] = [];
  /** Bumped by every change of game or mode, so that an answer to an older question is dropped. */
  private generation = 0;
  /** A search under way: the engine's move, or a hint (`quiet`: asked by the hints, no notice when done). */
  private thinking:
    | {
        readonly started: number;
        readonly timer: number;
        readonly poll: number;
        readonly hint: boolean;
        quiet: boolean;
      }
    | undefined;
  /** The engine's view while it thinks, from its progress reports: the graph's provisional last point. */
  private live: Evaluation | undefined;
  private error: string | undefined;
  private hint: Move | undefined;
  private hintsOn = false;
  private values: MoveValues = noValues();
  private review: ReviewState | undefined;
  /** The number of moves shown when stepping through the game; undefined: the game as it stands. */
  private viewAt: number | undefined;
  private focused = 19; // d3, a legal first move
  private readonly gameId = newGameId();
  private readonly squares: HTMLButtonElement[] = [];

  constructor() {
    const board = element("board");
    for (let row = 0; row < 8; row++) {
      const line = document.createElement("div");
      line.setAttribute("role", "row");
      for (let column = 0; column < 8; column++) {
        const square = row * 8 + column;
        const button = document.createElement("button");
        button.type = "button";
        button.setAttribute("role", "gridcell");
        button.dataset.square = vertex(square);
        button.tabIndex = -1;
        const disc = document.createElement("span");
        disc.className = "disc";
        const value = document.createElement("span");
        value.className = "value";
        value.setAttribute("aria-hidden", "true");
        value.append(document.createElement("b"), document.createElement("small"));
        button.append(disc, value);
        if (column === 0 || row === 0) {
          const coord = document.createElement("span");
          coord.className = "coord";
          coord.textContent = row === 0 && column === 0 ? "a1" : row === 0 ? "abcdefgh"[column]! : String(row + 1);
          coord.setAttribute("aria-hidden", "true");
          button.append(coord);
        }
        button.addEventListener("click", () => this.clicked(square));
        button.addEventListener("focus", () => (this.focused = square));
        line.append(button);
        this.squares.push(button);
      }
      board.append(line);
    }
    board.addEventListener("keydown", (event) => this.boardKey(event));
    document.addEventListener("keydown", (event) => this.shortcut(event));
    for (const input of document.querySelectorAll<HTMLInputElement>('input[name="mode"]')) {
      input.addEventListener("change", () => this.setMode(input.value as Mode));
    }
    const seconds = element<HTMLInputElement>("seconds");
    seconds.addEventListener("change", () => this.setSeconds(seconds));
    const hints = element<HTMLInputElement>("hints");
    hints.addEventListener("change", () => this.setHints(hints.checked));
    element("new").addEventListener("click", () => this.newGame());
    element("undo").addEventListener("click", () => this.undo());
    element("hint").addEventListener("click", () => this.askHint());
    element("review").addEventListener("click", () => void this.startReview());
    element("retry").addEventListener("click", () => {
      this.error = undefined;
      this.advance();
    });
    element("copy").addEventListener("click", () => void this.copy(formatGameRecord(this.game.moves), "The moves are"));
    element("copy-ggf").addEventListener("click", () => void this.copy(this.ggf(), "The game in GGF is"));
    element("load").addEventListener("submit", (event) => {
      event.preventDefault();
      this.load(element<HTMLInputElement>("paste").value);
    });
    element("move-list").addEventListener("click", (event) => {
      const ply = (event.target as HTMLElement).closest<HTMLElement>("[data-ply]")?.dataset.ply;
      if (ply !== undefined) this.view(Number(ply) + 1);
    });
  }

  async start(): Promise<void> {
    this.render();
    try {
      const response = await fetch("/api/info");
      this.info = (await response.json()) as UiInfo;
      this.seconds = this.info.seconds;
      const input = element<HTMLInputElement>("seconds");
      input.min = String(this.info.minSeconds);
      input.max = String(this.info.maxSeconds);
      input.value = String(this.seconds);
      element("opponent").textContent = `against ${this.info.engine}`;
      if (!this.info.hints) {
        element<HTMLInputElement>("hints").disabled = true;
        element("hints-note").textContent = `Hints need our engine: this page plays ${this.info.engine}.`;
      }
    } catch {
      element("opponent").textContent = "The server does not answer: is othello ui still running?";
    }
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
    const played = this.game.play(move);
    if (!played.ok) throw new Error(`the page played an illegal move ${vertex(move)}: ${played.error}`);
    this.evaluations.length = this.game.moves.length;
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
    this.focused = square;
    if (this.viewAt !== undefined)
      return this.notice(`This is the board after move ${this.viewAt}: End (or →) goes back to the game.`);
    if (this.thinking !== undefined && !this.thinking.hint)
      return this.notice("The engine is thinking: wait for its move.");
    if (this.engineToMove)
      return this.notice(`It is the engine's turn${this.error === undefined ? "" : ": ask it again, or undo"}.`);
    const refused = refusal(this.game, square);
    if (refused !== undefined) return this.notice(refused);
    // A hint still being thought about is for the position before this move: its answer is dropped.
    if (this.thinking !== undefined) this.generation++;
    this.stopThinking();
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
    const timer = window.setInterval(() => this.renderStatus(), 100);
    const ply = discsPlaced(moves, moves.length) + 1;
    const poll = window.setInterval(() => void this.pollThinking(generation, moves.length, ply), THINKING_POLL_MS);
    this.thinking = { started: performance.now(), timer, poll, hint, quiet };
    this.render();
    let answer: MoveAnswer | undefined;
    let failure: string | undefined;
    try {
      const response = await postJson("/api/move", {
        game: this.gameId,
        moves: movesText(moves),
        seconds: this.seconds,
      });
      const body = (await response.json()) as MoveAnswer | { error: string };
      if ("error" in body) failure = body.error;
      else answer = body;
    } catch (e) {
      failure = `the server does not answer (${(e as Error).message}): is othello ui still running?`;
    }
    if (generation !== this.generation) return; // the game or the mode changed meanwhile
    const announce = this.thinking?.quiet !== true;
    this.stopThinking();
    if (answer === undefined) {
      this.error = `The engine failed: ${failure}. The game so far is kept.`;
      this.render();
      return;
    }
    const move = answer.move === "pass" ? PASS : parseVertex(answer.move);
    const legal = typeof move === "number" ? move : move.ok ? move.value : undefined;
    if (legal === undefined || !this.game.position.isLegal(legal)) {
      this.error = `The engine answered ${answer.move}, which is not a legal move here. The game so far is kept.`;
      this.render();
      return;
    }
    element("report").textContent = describeReport(answer.report);
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
    this.evaluations[this.game.moves.length - 1] = evaluationOf(
      answer.report,
      discsPlaced(this.game.moves, this.game.moves.length),
    );
    this.advance();
  }

  private askHint(): void {
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
    let scores: SolveAnswer["scores"];
    try {
      const response = await postJson("/api/solve", { moves: movesText(this.game.moves) }, request.signal);
      const body = (await response.json()) as SolveAnswer | { error: string };
      scores = "scores" in body ? body.scores : null;
    } catch {
      if (request.signal.aborted) return;
      scores = null;
    }
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
    let answer: ThinkingAnswer;
    try {
      answer = (await (await fetch(`/api/thinking?game=${this.gameId}`)).json()) as ThinkingAnswer;
    } catch {
      return; // the move's own request reports a server that is gone
    }
    // The engine may still be searching for an earlier question (a hint the person played past).
    if (generation !== this.generation || this.thinking === undefined || answer.report === null) return;
    if (answer.ply !== asked) return;
    if (!this.thinking.quiet) element("report").textContent = `Thinking: ${describeReport(answer.report)}`;
    this.live = this.thinking.hint ? undefined : evaluationOf(answer.report, ply);
    this.values.root = answer.moves ?? this.values.root;
    this.render();
  }

  private stopThinking(): void {
    if (this.thinking !== undefined) {
      window.clearInterval(this.thinking.timer);
      window.clearInterval(this.thinking.poll);
    }
    this.thinking = undefined;
    this.live = undefined;
  }

  /** Any change of game or mode: what was being asked is dropped. */
  private restart(game: Game): void {
    this.stopThinking();
    this.generation++;
    this.error = undefined;
    this.hint = undefined;
    this.game = game;
    this.evaluations.length = game.moves.length;
    this.newPosition();
  }

  /** A game other than the one reviewed: the review goes. */
  private dropReview(): void {
    this.review?.request.abort();
    this.review = undefined;
  }

  private newGame(): void {
    this.restart(new Game());
    this.evaluations = [];
    this.dropReview();
    element("report").textContent = "No search yet.";
    this.notice("New game.");
    this.advance();
  }

  private undo(): void {
    const moves = this.game.moves;
    if (moves.length === 0) return this.notice("Nothing to undo.");
    const keep = undoLength(moves, this.mode);
    this.restart(gameUpTo(moves, keep));
    this.notice(`Took back ${moves.length - keep} move${moves.length - keep === 1 ? "" : "s"}.`);
    this.advance();
  }

  private setMode(mode: Mode): void {
    if (!MODES.includes(mode)) return;
    this.mode = mode;
    this.restart(this.game);
    this.advance();
  }

  private setSeconds(input: HTMLInputElement): void {
    const value = Number(input.value);
    const info = this.info;
    if (info === undefined || !(value >= info.minSeconds && value <= info.maxSeconds)) {
      this.notice(
        `The time per move is a number of seconds from ${info?.minSeconds ?? 0} to ${info?.maxSeconds ?? 60}.`,
      );
      input.value = String(this.seconds);
      return;
    }
    this.seconds = value;
    this.notice(`The engine now thinks ${value} s a move.`);
  }

  private setHints(on: boolean): void {
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

  private load(text: string): void {
    const loaded = loadRecord(text);
    if (!loaded.ok) return this.notice(loaded.error);
    this.restart(loaded.value);
    this.evaluations = [];
    this.dropReview();
    this.notice(`Loaded ${loaded.value.moves.length} moves; play on, or review them (R).`);
    this.advance();
  }

  /** Reviews the game as it stands on the server's analysis thread, each move shown as its line comes. */
  private async startReview(): Promise<void> {
    const moves = [...this.game.moves];
    if (moves.length === 0) return this.notice("There is no move to review yet.");
    this.dropReview();
    const review: ReviewState = { moves, lines: [], done: false, error: undefined, request: new AbortController() };
    this.review = review;
    this.notice("");
    this.render();
    try {
      const response = await postJson("/api/review", { moves: movesText(moves) }, review.request.signal);
      if (!response.ok || response.body === null) {
        const body = (await response.json()) as { error?: string };
        throw new Error(body.error ?? `status ${response.status}`);
      }
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let pending = "";
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        pending += value;
        for (let end = pending.indexOf("\n"); end >= 0; end = pending.indexOf("\n")) {
          this.reviewLine(review, JSON.parse(pending.slice(0, end)) as ReviewLine);
          pending = pending.slice(end + 1);
        }
        if (review === this.review) this.render();
      }
      if (!review.done && review.error === undefined) review.error = "the answer ended early";
    } catch (e) {
      if (review.request.signal.aborted) return;
      review.error = (e as Error).message;
    }
    if (review === this.review) this.render();
  }

  private reviewLine(review: ReviewState, line: ReviewLine): void {
    if ("ply" in line) review.lines.push(line);
    else if ("done" in line) review.done = true;
    else review.error = line.error;
  }

  /** Shows the board after the first `count` moves (the game as it stands when `count` is all of them). */
  private view(count: number): void {
    const all = this.game.moves.length;
    const shown = Math.max(0, Math.min(all, count));
    this.viewAt = shown === all ? undefined : shown;
    this.notice("");
    this.render();
  }

  private async copy(text: string, what: string): Promise<void> {
    try {
      await navigator.clipboard.writeText(text);
      this.notice(`${what} copied.`);
    } catch {
      element<HTMLInputElement>("paste").value = text;
      this.notice(
        `The browser refused the clipboard: ${what.charAt(0).toLowerCase()}${what.slice(1)} in the box below, to copy from there.`,
      );
    }
  }

  /** The game as GGF, the players named by the mode: the person, or the engine. */
  private ggf(): string {
    const engine = this.info?.engine ?? "engine";
    const name = (colour: "black" | "white") => (personPlays(this.mode, colour) ? "you" : engine);
    return gameGgf(this.game, name("black"), name("white"));
  }

  private boardKey(event: KeyboardEvent): void {
    const steps: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -8, ArrowDown: 8 };
    const step = steps[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const next = this.focused + step;
    // Left and right stay within the row.
    if (next < 0 || next > 63 || (Math.abs(step) === 1 && next >> 3 !== this.focused >> 3)) return;
    this.focused = next;
    this.renderFocus();
    this.squares[next]!.focus();
  }

  private shortcut(event: KeyboardEvent): void {
    // Letters typed into a text or number box are the box's; on a radio button or anywhere else they are shortcuts.
    const input = event.target instanceof HTMLInputElement;
    const typing = input && (event.target as HTMLInputElement).type !== "radio";
    if (event.ctrlKey || event.metaKey || event.altKey || typing) return;
    const shown = this.viewAt ?? this.game.moves.length;
    // The arrows step through the game, except on the board (where they move) and in a form's control.
    const onBoard = event.target instanceof HTMLElement && event.target.closest("#board") !== null;
    const steps: Record<string, () => void> =
      onBoard || input
        ? {}
        : {
            arrowleft: () => this.view(shown - 1),
            arrowright: () => this.view(shown + 1),
            home: () => this.view(0),
            end: () => this.view(this.game.moves.length),
          };
    const actions: Record<string, () => void> = {
      ...steps,
      n: () => this.newGame(),
      u: () => this.undo(),
      h: () => this.askHint(),
      v: () => this.setHints(!this.hintsOn),
      r: () => void this.startReview(),
    };
    const action = actions[event.key.toLowerCase()];
    if (action === undefined) return;
    event.preventDefault();
    action();
  }

  private notice(text: string): void {
    element("notice").textContent = text;
  }

  private render(): void {
    const viewing = this.viewAt !== undefined;
    const shown = viewing ? gameUpTo(this.game.moves, this.viewAt!) : this.game;
    const personMoves = !viewing && !this.game.isOver() && !this.engineToMove;
    const view = boardView(shown, personMoves);
    const items = moveItems(this.game.moves, this.review);
    // The last move shown, when the review found it lost discs: the best move is marked beside it.
    const lastShown = items[shown.moves.length - 1];
    const lost = lastShown === undefined ? undefined : lostDiscs(lastShown);
    const best = lastShown === undefined ? undefined : bestSquare(lastShown);
    const values = this.hintsOn && !viewing ? squareValues(this.values.root, this.values.exact) : new Map();
    view.squares.forEach((square, s) => {
      const button = this.squares[s]!;
      button.querySelector(".disc")!.className = square.disc === "empty" ? "disc" : `disc ${square.disc}`;
      button.dataset.disc = square.disc;
      button.classList.toggle("legal", square.legal);
      button.classList.toggle("last", square.last);
      button.classList.toggle("flipped", square.flipped);
      button.classList.toggle("hint", !viewing && s === this.hint);
      button.classList.toggle("lost", lost !== undefined && square.last);
      button.classList.toggle("best", s === best);
      const value = square.disc === "empty" ? values.get(vertex(s)) : undefined;
      button.classList.toggle("valued", value !== undefined);
      button.classList.toggle("top", value?.best === true);
      const [main, detail] = button.querySelectorAll(".value > *");
      main!.textContent = value?.main ?? "";
      detail!.textContent = value?.detail ?? "";
      const marks = [
        square.disc === "empty" ? "empty" : `${square.disc} disc`,
        square.legal ? "legal move" : "",
        square.last ? `last move${lost === undefined ? "" : `, lost ${lossText(lost).slice(1)} discs`}` : "",
        square.flipped ? "just flipped" : "",
        s === best ? "the best move there" : "",
        value === undefined ? "" : `the engine: ${value.words}${value.best ? ", its best" : ""}`,
      ];
      button.setAttribute("aria-label", `${vertex(s)}, ${marks.filter((m) => m !== "").join(", ")}`);
    });
    element("board").classList.toggle("engine-turn", !personMoves);
    element("board").classList.toggle("viewing", viewing);
    element("black-count").querySelector(".n")!.textContent = String(view.black);
    element("white-count").querySelector(".n")!.textContent = String(view.white);
    element("to-move").textContent = viewing
      ? `After move ${this.viewAt} of ${this.game.moves.length}`
      : view.toMove === undefined
        ? ""
        : `${capitalized(view.toMove)} to move`;
    element("record").textContent = formatGameRecord(this.game.moves) || "(no moves yet)";
    element("retry").hidden = this.error === undefined;
    element("review-note").textContent = lastShown?.line === undefined ? "" : describeMove(lastShown);
    this.renderMoves(items, shown.moves.length);
    this.renderGraph();
    this.renderFocus();
    this.renderStatus();
  }

  /** The move list, each move a button that shows the board after it, those that lost discs marked. */
  private renderMoves(items: readonly MoveItem[], shown: number): void {
    const list = element("move-list");
    while (list.children.length > items.length) list.lastElementChild!.remove();
    items.forEach((item, i) => {
      let button = list.children[i]?.firstElementChild as HTMLButtonElement | undefined;
      if (button === undefined) {
        const entry = document.createElement("li");
        button = document.createElement("button");
        button.type = "button";
        button.dataset.ply = String(i);
        entry.append(button);
        list.append(entry);
      }
      const lost = lostDiscs(item);
      const key = `${item.vertex} ${lost === undefined ? "" : lossText(lost)}`;
      if (button.dataset.shows !== key) {
        button.dataset.shows = key;
        const number = document.createElement("span");
        number.className = "n";
        number.textContent = String(item.ply + 1);
        const loss = document.createElement("span");
        loss.className = "loss";
        loss.textContent = lost === undefined ? "" : lossText(lost);
        button.replaceChildren(number, item.vertex, ...(lost === undefined ? [] : [loss]));
      }
      button.className = `move ${item.colour}${lost === undefined ? "" : " lost"}`;
      button.title = describeMove(item);
      button.setAttribute("aria-label", describeMove(item));
      if (i === shown - 1) button.setAttribute("aria-current", "step");
      else button.removeAttribute("aria-current");
    });
    const review = this.review;
    element("review-status").textContent =
      review === undefined
        ? this.game.isOver()
          ? "See the moves that lost discs: review the game (R)."
          : ""
        : review.error !== undefined
          ? `The review failed: ${review.error}.`
          : reviewSummary(moveItems(review.moves, review), review.done);
  }

  private renderGraph(): void {
    const points = this.evaluations.filter((e): e is Evaluation => e !== undefined);
    if (this.live !== undefined) points.push(this.live);
    const scale = discScale(points);
    element("graph-line").setAttribute("points", graphPoints(points, 300, 100));
    element("graph-discs").setAttribute("d", discBars(points, 300, 100, scale));
    element("disc-scale").textContent = `±${scale}`;
    const latest = points[points.length - 1];
    element("evaluation").textContent =
      latest === undefined
        ? ""
        : latest === this.live
          ? `The engine's view as it thinks: ${latest.label}.`
          : `The engine's last view: ${latest.label}, after ${latest.ply} moves.`;
  }

  /** One square of the board is in the tab order: the one last focused. */
  private renderFocus(): void {
    this.squares.forEach((button, s) => {
      button.tabIndex = s === this.focused ? 0 : -1;
    });
  }

  private renderStatus(): void {
    const status = element("status");
    let state: string;
    let text: string;
    if (this.error !== undefined) {
      [state, text] = ["error", this.error];
    } else if (this.thinking !== undefined) {
      const seconds = ((performance.now() - this.thinking.started) / 1000).toFixed(1);
      [state, text] = ["engine", `The engine is thinking${this.thinking.hint ? " about your move" : ""}… ${seconds} s`];
    } else if (this.game.isOver()) {
      [state, text] = ["over", resultText(this.game.position)];
    } else if (this.engineToMove) {
      [state, text] = ["engine", `${capitalized(colourToMove(this.game.position))}: the engine's move.`];
    } else {
      [state, text] = ["person", `${capitalized(colourToMove(this.game.position))} to play: your move.`];
    }
    status.dataset.state = state;
    status.classList.toggle("error", state === "error");
    status.textContent = text;
  }
}

void new Page().start();
