/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
import { Game, type Move, PASS, formatGameRecord, parseVertex } from "../../../src/index.js";
import type { MoveAnswer, ThinkingAnswer, UiInfo } from "../uiServer.js";
import {
  type Evaluation,
  type Mode,
  MODES,
  boardView,
  capitalized,
  colourToMove,
  describeReport,
  discsPlaced,
  evaluationOf,
  gameUpTo,
  graphPoints,
  gameGgf,
  loadRecord,
  personPlays,
  refusal,
  resultText,
  undoLength,
  vertex,
} from "./pageGame.js";

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

class Page {
  private game = new Game();
  private mode: Mode = "black";
  private seconds = 1;
  private info: UiInfo | undefined;
  /** The engine's evaluation after each of the game's moves it chose (by index in the move list). */
  private evaluations: (Evaluation | undefined)[] = [];
  /** Bumped by every change of game or mode, so that an answer to an older question is dropped. */
  private generation = 0;
  private thinking:
    | { readonly started: number; readonly timer: number; readonly poll: number; readonly hint: boolean }
    | undefined;
  /** The engine's view while it thinks, from its progress reports: the graph's provisional last point. */
  private live: Evaluation | undefined;
  private error: string | undefined;
  private hint: Move | undefined;
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
        button.append(disc);
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
    element("new").addEventListener("click", () => this.newGame());
    element("undo").addEventListener("click", () => this.undo());
    element("hint").addEventListener("click", () => this.askHint());
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
    this.render();
  }

  private play(move: Move): void {
    const played = this.game.play(move);
    if (!played.ok) throw new Error(`the page played an illegal move ${vertex(move)}: ${played.error}`);
    this.evaluations.length = this.game.moves.length;
    this.hint = undefined;
  }

  private clicked(square: Move): void {
    this.focused = square;
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

  /** Asks the server for the engine's move: played when it is the engine's turn, only shown when `hint`. */
  private async askEngine(hint: boolean): Promise<void> {
    this.stopThinking();
    const generation = ++this.generation;
    const moves = [...this.game.moves];
    const timer = window.setInterval(() => this.renderStatus(), 100);
    const ply = discsPlaced(moves, moves.length) + 1;
    const poll = window.setInterval(() => void this.pollThinking(generation, ply), THINKING_POLL_MS);
    this.thinking = { started: performance.now(), timer, poll, hint };
    this.render();
    let answer: MoveAnswer | undefined;
    let failure: string | undefined;
    try {
      const response = await fetch("/api/move", {
        method: "POST",
        headers: { "content-type": "application/json" },
        // Passes written out: a record leaves a forced pass at its end unplayed, but this one was played.
        body: JSON.stringify({ game: this.gameId, moves: moves.map(vertex).join(" "), seconds: this.seconds }),
      });
      const body = (await response.json()) as MoveAnswer | { error: string };
      if ("error" in body) failure = body.error;
      else answer = body;
    } catch (e) {
      failure = `the server does not answer (${(e as Error).message}): is othello ui still running?`;
    }
    if (generation !== this.generation) return; // the game or the mode changed meanwhile
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
      this.hint = legal;
      this.notice(`The engine would play ${answer.move}.`);
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
    if (this.engineToMove || this.thinking !== undefined) return this.notice("The engine is on the move already.");
    this.error = undefined;
    void this.askEngine(true);
  }

  /** Shows how the engine's search stands while it thinks (our engine says so every quarter second). */
  private async pollThinking(generation: number, ply: number): Promise<void> {
    let answer: ThinkingAnswer;
    try {
      answer = (await (await fetch(`/api/thinking?game=${this.gameId}`)).json()) as ThinkingAnswer;
    } catch {
      return; // the move's own request reports a server that is gone
    }
    if (generation !== this.generation || this.thinking === undefined || answer.report === null) return;
    element("report").textContent = `Thinking: ${describeReport(answer.report)}`;
    this.live = this.thinking.hint ? undefined : evaluationOf(answer.report, ply);
    this.renderGraph();
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
  }

  private newGame(): void {
    this.restart(new Game());
    this.evaluations = [];
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

  private load(text: string): void {
    const loaded = loadRecord(text);
    if (!loaded.ok) return this.notice(loaded.error);
    this.restart(loaded.value);
    this.evaluations = [];
    this.notice(`Loaded ${loaded.value.moves.length} moves; play on.`);
    this.advance();
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
    const typing = event.target instanceof HTMLInputElement && event.target.type !== "radio";
    if (event.ctrlKey || event.metaKey || event.altKey || typing) return;
    const actions: Record<string, () => void> = {
      n: () => this.newGame(),
      u: () => this.undo(),
      h: () => this.askHint(),
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
    const personMoves = !this.game.isOver() && !this.engineToMove;
    const view = boardView(this.game, personMoves);
    view.squares.forEach((square, s) => {
      const button = this.squares[s]!;
      button.querySelector(".disc")!.className = square.disc === "empty" ? "disc" : `disc ${square.disc}`;
      button.dataset.disc = square.disc;
      button.classList.toggle("legal", square.legal);
      button.classList.toggle("last", square.last);
      button.classList.toggle("flipped", square.flipped);
      button.classList.toggle("hint", s === this.hint);
      const marks = [
        square.disc === "empty" ? "empty" : `${square.disc} disc`,
        square.legal ? "legal move" : "",
        square.last ? "last move" : "",
        square.flipped ? "just flipped" : "",
      ];
      button.setAttribute("aria-label", `${vertex(s)}, ${marks.filter((m) => m !== "").join(", ")}`);
    });
    element("board").classList.toggle("engine-turn", !personMoves);
    element("black-count").querySelector(".n")!.textContent = String(view.black);
    element("white-count").querySelector(".n")!.textContent = String(view.white);
    element("to-move").textContent = view.toMove === undefined ? "" : `${capitalized(view.toMove)} to move`;
    element("record").textContent = formatGameRecord(this.game.moves) || "(no moves yet)";
    element("retry").hidden = this.error === undefined;
    this.renderGraph();
    this.renderFocus();
    this.renderStatus();
  }

  private renderGraph(): void {
    const points = this.evaluations.filter((e): e is Evaluation => e !== undefined);
    if (this.live !== undefined) points.push(this.live);
    element("graph-line").setAttribute("points", graphPoints(points, 300, 100));
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
