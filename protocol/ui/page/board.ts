/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
import type { Move } from "../../../src/index.js";
import { element } from "./element.js";
import type { SquareValue } from "./hints.js";
import { type BoardView, vertex } from "./pageGame.js";
import { type MoveLine, lossText } from "./review.js";

/** What the board shows beside the discs. */
export interface BoardMarks {
  /** The board shows the game after an earlier move, not as it stands. */
  readonly viewing: boolean;
  /** The person is to move; otherwise the board waits for the engine (or shows the past). */
  readonly personMoves: boolean;
  /** The move the engine would play, when asked. */
  readonly hint: Move | undefined;
  /** The review's line of the last move shown when it lost discs, and the best move there. */
  readonly lost: MoveLine | undefined;
  readonly best: Move | undefined;
  /** The hints: the engine's value of each legal move, by vertex. */
  readonly values: ReadonlyMap<string, SquareValue>;
}

/**
 * The board on the page: 64 buttons in a grid, which the arrow keys move between. One square is
 * in the tab order, the one last focused, so that Tab leaves the board in one step.
 */
export class Board {
  private readonly squares: HTMLButtonElement[] = [];
  private focused = 19; // d3, a legal first move

  /** `clicked`: a square was clicked, or chosen with Enter. */
  constructor(clicked: (square: Move) => void) {
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
        button.addEventListener("click", () => {
          this.focused = square;
          clicked(square);
        });
        button.addEventListener("focus", () => (this.focused = square));
        line.append(button);
        this.squares.push(button);
      }
      board.append(line);
    }
    board.addEventListener("keydown", (event) => this.key(event));
  }

  /** Shows `view`, with `marks`, and the discs' counts. */
  render(view: BoardView, marks: BoardMarks): void {
    const { viewing, lost, best, values } = marks;
    view.squares.forEach((square, s) => {
      const button = this.squares[s]!;
      button.querySelector(".disc")!.className = square.disc === "empty" ? "disc" : `disc ${square.disc}`;
      button.dataset.disc = square.disc;
      button.classList.toggle("legal", square.legal);
      button.classList.toggle("last", square.last);
      button.classList.toggle("flipped", square.flipped);
      button.classList.toggle("hint", !viewing && s === marks.hint);
      button.classList.toggle("lost", lost !== undefined && square.last);
      button.classList.toggle("best", s === best);
      const value = square.disc === "empty" ? values.get(vertex(s)) : undefined;
      button.classList.toggle("valued", value !== undefined);
      button.classList.toggle("top", value?.best === true);
      const [main, detail] = button.querySelectorAll(".value > *");
      main!.textContent = value?.main ?? "";
      detail!.textContent = value?.detail ?? "";
      const words = [
        square.disc === "empty" ? "empty" : `${square.disc} disc`,
        square.legal ? "legal move" : "",
        square.last ? `last move${lost === undefined ? "" : `, lost ${lossText(lost).slice(1)} discs`}` : "",
        square.flipped ? "just flipped" : "",
        s === best ? "the best move there" : "",
        value === undefined ? "" : `the engine: ${value.words}${value.best ? ", its best" : ""}`,
      ];
      button.setAttribute("aria-label", `${vertex(s)}, ${words.filter((m) => m !== "").join(", ")}`);
    });
    element("board").classList.toggle("engine-turn", !marks.personMoves);
    element("board").classList.toggle("viewing", viewing);
    element("black-count").querySelector(".n")!.textContent = String(view.black);
    element("white-count").querySelector(".n")!.textContent = String(view.white);
    this.renderFocus();
  }

  /** The arrow keys move the focus from square to square, left and right within the row. */
  private key(event: KeyboardEvent): void {
    const steps: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -8, ArrowDown: 8 };
    const step = steps[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const next = this.focused + step;
    if (next < 0 || next > 63 || (Math.abs(step) === 1 && next >> 3 !== this.focused >> 3)) return;
    this.focused = next;
    this.renderFocus();
    this.squares[next]!.focus();
  }

  private renderFocus(): void {
    this.squares.forEach((button, s) => {
      button.tabIndex = s === this.focused ? 0 : -1;
    });
  }
}
