/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
import { element } from "./element.js";
import type { Mode } from "./pageGame.js";

/** What the page's controls and keys ask of it. */
export interface PageActions {
  setMode(mode: Mode): void;
  /** The time per move typed into `input`. */
  setSeconds(input: HTMLInputElement): void;
  setHints(on: boolean): void;
  /** Hints on when they are off, off when they are on. */
  toggleHints(): void;
  newGame(): void;
  undo(): void;
  /** Plays again what the last undo took back. */
  redo(): void;
  askHint(): void;
  /** The engine failed, or was stopped: ask it again. */
  retry(): void;
  /** Ends the engine's search under way. */
  stop(): void;
  /** The level chosen in `picker`. */
  setLevel(picker: HTMLSelectElement): void;
  startReview(): void;
  copyMoves(): void;
  copyGgf(): void;
  /** A game pasted: its moves, or GGF. */
  load(text: string): void;
  /** Shows the board after the first `count` moves (all of them, the game as it stands, for a count past its end). */
  view(count: number): void;
  /** The number of moves the board shows. */
  shownMoves(): number;
}

/** The page's controls and its keyboard shortcuts, each calling its action of `page`. */
export function listenToControls(page: PageActions): void {
  for (const input of document.querySelectorAll<HTMLInputElement>('input[name="mode"]')) {
    input.addEventListener("change", () => page.setMode(input.value as Mode));
  }
  const seconds = element<HTMLInputElement>("seconds");
  seconds.addEventListener("change", () => page.setSeconds(seconds));
  const hints = element<HTMLInputElement>("hints");
  hints.addEventListener("change", () => page.setHints(hints.checked));
  element("new").addEventListener("click", () => page.newGame());
  element("undo").addEventListener("click", () => page.undo());
  element("redo").addEventListener("click", () => page.redo());
  element("hint").addEventListener("click", () => page.askHint());
  element("review").addEventListener("click", () => page.startReview());
  element("retry").addEventListener("click", () => page.retry());
  element("stop").addEventListener("click", () => page.stop());
  const level = element<HTMLSelectElement>("level");
  level.addEventListener("change", () => page.setLevel(level));
  element("copy").addEventListener("click", () => page.copyMoves());
  element("copy-ggf").addEventListener("click", () => page.copyGgf());
  element("load").addEventListener("submit", (event) => {
    event.preventDefault();
    page.load(element<HTMLInputElement>("paste").value);
  });
  // A move of the list (moveList.ts) shows the board after it.
  element("move-list").addEventListener("click", (event) => {
    const ply = (event.target as HTMLElement).closest<HTMLElement>("[data-ply]")?.dataset.ply;
    if (ply !== undefined) page.view(Number(ply) + 1);
  });
  document.addEventListener("keydown", (event) => shortcut(page, event));
}

function shortcut(page: PageActions, event: KeyboardEvent): void {
  // Letters typed into a text or number box are the box's; on a radio button or anywhere else they are shortcuts.
  const input = event.target instanceof HTMLInputElement;
  const typing = input && (event.target as HTMLInputElement).type !== "radio";
  if (event.ctrlKey || event.metaKey || event.altKey || typing) return;
  const shown = page.shownMoves();
  // The arrows step through the game, except on the board (where they move) and in a form's control.
  const onBoard = event.target instanceof HTMLElement && event.target.closest("#board") !== null;
  const steps: Record<string, () => void> =
    onBoard || input
      ? {}
      : {
          arrowleft: () => page.view(shown - 1),
          arrowright: () => page.view(shown + 1),
          home: () => page.view(0),
          end: () => page.view(Number.POSITIVE_INFINITY),
        };
  const actions: Record<string, () => void> = {
    ...steps,
    n: () => page.newGame(),
    u: () => page.undo(),
    y: () => page.redo(),
    h: () => page.askHint(),
    v: () => page.toggleHints(),
    r: () => page.startReview(),
    s: () => page.stop(),
  };
  const action = actions[event.key.toLowerCase()];
  if (action === undefined) return;
  event.preventDefault();
  action();
}
