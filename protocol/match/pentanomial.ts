import type { GameRecord } from "./matchRunner.js";

/**
 * The pentanomial counts: how many pairs of games (one opening, colours swapped) gave A 0,
 * 1/2, 1, 3/2 and 2 points. A pair's two games are correlated through their opening, so the
 * pairs, not the games, are the independent trials of a match.
 */
export type Pentanomial = readonly [number, number, number, number, number];

/** A's points in a game, in half points: 2 a win, 1 a draw, 0 a loss. */
function halfPoints(game: GameRecord): number {
  return game.winner === null ? 1 : game.winner === 0 ? 2 : 0;
}

/** Games 2k and 2k + 1, from the same opening, form pair k; they may finish in either order, among other pairs' games. */
export class PairCounter {
  private readonly lone = new Map<number, GameRecord>();
  private readonly pairs: [number, number, number, number, number] = [0, 0, 0, 0, 0];

  /** Counts the game; true when it completes its pair. */
  add(game: GameRecord): boolean {
    const partner = game.index ^ 1;
    const other = this.lone.get(partner);
    if (other === undefined) {
      this.lone.set(game.index, game);
      return false;
    }
    this.lone.delete(partner);
    this.pairs[halfPoints(game) + halfPoints(other)]!++;
    return true;
  }

  get counts(): Pentanomial {
    return [...this.pairs];
  }
}

/** The counts of the complete pairs among the games; a pair's lone game is left out. */
export function pentanomial(games: readonly GameRecord[]): Pentanomial {
  const counter = new PairCounter();
  for (const game of games) counter.add(game);
  return counter.counts;
}
