import type { GameRecord } from "./matchRunner.js";
import { parseOpening } from "./openings.js";

/**
 * A match's move times by phase of the game, from the empty squares before the move: the
 * opening above 40, the middle game from 40 down to 21, the ending from 20, where the exact
 * solver takes over. The ladder's table shows where our engine spends its time.
 */
export type Phase = "opening" | "middleGame" | "ending";

export const PHASES: readonly Phase[] = ["opening", "middleGame", "ending"];

export function phaseOf(empties: number): Phase {
  return empties > 40 ? "opening" : empties > 20 ? "middleGame" : "ending";
}

/**
 * The engine's mean seconds a move in each phase over the games (null for a phase in which it
 * played no move). Only the moves of the games count: not the opening's, told to both engines,
 * nor the passes asked for after the end.
 */
export function meanSecondsByPhase(games: readonly GameRecord[], engine: 0 | 1): Record<Phase, number | null> {
  const sums = { opening: 0, middleGame: 0, ending: 0 };
  const counts = { opening: 0, middleGame: 0, ending: 0 };
  for (const game of games) {
    const opening = parseOpening(game.opening);
    if (!opening.ok) throw new Error(`a game record's opening "${game.opening}" does not parse: ${opening.error}`);
    const next = [0, 0];
    let empties = 60;
    game.moves.forEach((move, i) => {
      const mover = (i % 2 === 0) === (game.black === 0) ? 0 : 1;
      if (i >= opening.value.length) {
        const ms = game.moveTimes[mover][next[mover]!++];
        if (mover === engine && ms !== undefined) {
          sums[phaseOf(empties)] += ms / 1000;
          counts[phaseOf(empties)]++;
        }
      }
      if (move !== "pass") empties--;
    });
  }
  const mean = (phase: Phase): number | null => (counts[phase] === 0 ? null : sums[phase] / counts[phase]);
  return { opening: mean("opening"), middleGame: mean("middleGame"), ending: mean("ending") };
}

/** The phases as the means are listed, with their empty squares. */
export const PHASES_HEADING = "opening (41-60 empties), middle game (21-40), ending (0-20)";

/** The means in the order of PHASES_HEADING: "0.94 s, 0.95 s, 0.12 s"; "-" for a phase without moves. */
export function formatPhaseSeconds(phases: Record<Phase, number | null>, digits: number): string {
  return PHASES.map((p) => (phases[p] === null ? "-" : `${phases[p]!.toFixed(digits)} s`)).join(", ");
}
