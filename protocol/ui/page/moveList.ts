/// <reference lib="dom" />
import type { Move } from "../../../src/index.js";
import type { ReviewLine } from "../moveAnalysis.js";
import type { PageEngine } from "./pageEngine.js";
import { element } from "./element.js";
import { type MoveItem, type PlyLine, describeMove, lossText, lostDiscs, moveItems, reviewSummary } from "./review.js";

/** The review of the game as far as it has come. */
interface ReviewState {
  readonly moves: readonly Move[];
  readonly lines: PlyLine[];
  done: boolean;
  error: string | undefined;
  readonly request: AbortController;
}

function take(review: ReviewState, line: ReviewLine): void {
  if ("ply" in line) review.lines.push(line);
  else if ("done" in line) review.done = true;
  else review.error = line.error;
}

/**
 * The game's moves as the page lists them, each a button that shows the board after it (its
 * `data-ply`, the move's index: controls.ts), and their review by the engine: the moves that
 * lost discs marked as the review's lines come.
 */
export class MoveList {
  private review: ReviewState | undefined;

  /** `changed`: the review has news, for the page to show. */
  constructor(
    private readonly engine: PageEngine,
    private readonly changed: () => void,
  ) {}

  /** The game's `moves`, each with what the review said of it. */
  items(moves: readonly Move[]): MoveItem[] {
    return moveItems(moves, this.review);
  }

  /** Reviews the game of `moves` by the engine's analysis, each move shown as its line comes. */
  async start(moves: readonly Move[]): Promise<void> {
    this.drop();
    const review: ReviewState = { moves, lines: [], done: false, error: undefined, request: new AbortController() };
    this.review = review;
    this.changed();
    try {
      for await (const lines of this.engine.review(moves, review.request.signal)) {
        for (const line of lines) take(review, line);
        if (review === this.review) this.changed();
      }
      if (!review.done && review.error === undefined) review.error = "the answer ended early";
    } catch (e) {
      if (review.request.signal.aborted) return;
      review.error = (e as Error).message;
    }
    if (review === this.review) this.changed();
  }

  /** A game other than the one reviewed: the review goes. */
  drop(): void {
    this.review?.request.abort();
    this.review = undefined;
  }

  /**
   * The list of `items` (the game's moves), the board showing the first `shown`; the review's
   * note on the last of them, and how the review stands (`over`: the game is, and asks for one).
   */
  render(items: readonly MoveItem[], shown: number, over: boolean): void {
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
    const lastShown = items[shown - 1];
    element("review-note").textContent = lastShown?.line === undefined ? "" : describeMove(lastShown);
    const review = this.review;
    element("review-status").textContent =
      review === undefined
        ? over
          ? "See the moves that lost discs: review the game (R)."
          : ""
        : review.error !== undefined
          ? `The review failed: ${review.error}.`
          : reviewSummary(moveItems(review.moves, review), review.done);
  }
}
