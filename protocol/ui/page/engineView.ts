/// <reference lib="dom" />
import { element } from "./element.js";
import { type Evaluation, discBars, discScale, graphPoints } from "./pageGame.js";

/**
 * What the page shows of the engine's thinking: its last search report in words, and the graph
 * of its view of the game, a point for each move it chose and, while it thinks, one for the
 * view it holds so far.
 */
export class EngineView {
  /** The engine's evaluation after each of the game's moves it chose (by index in the move list). */
  private evaluations: (Evaluation | undefined)[] = [];
  /** The engine's view while it thinks, from its progress reports: the graph's provisional last point. */
  live: Evaluation | undefined;

  /** The game has `moves` moves now: the evaluations of moves taken back go. */
  resize(moves: number): void {
    this.evaluations.length = moves;
  }

  /** Another game: no evaluation of the last one holds. */
  clear(): void {
    this.evaluations = [];
  }

  /** The engine's evaluation after the game's move of index `ply`, which it chose. */
  record(ply: number, evaluation: Evaluation | undefined): void {
    this.evaluations[ply] = evaluation;
  }

  /** The search report's words. */
  report(text: string): void {
    element("report").textContent = text;
  }

  render(): void {
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
}
