import { SELF_PLAY_DEFAULTS, type SelfPlaySettings } from "../../src/index.js";
import { parseDecimal, parseWholeNumber } from "../text/numbers.js";
import { type OptionTable, valued } from "../text/optionTable.js";

/** The options of the self-play games (`othello train`, `othello curve`), for a program whose settings include them; `d`: its defaults. */
export function selfPlayOptions<T extends SelfPlaySettings>(d: SelfPlaySettings = SELF_PLAY_DEFAULTS): OptionTable<T> {
  return {
    "--depth": valued(
      "D",
      `the self-play player's alpha-beta depth (default ${d.depth})`,
      (t) => parseWholeNumber(t, 1, 10),
      (o: T, depth) => ({ ...o, depth }),
    ),
    "--random-plies": valued(
      "N",
      `random moves at the start of each game (default ${d.randomPlies})`,
      (t) => parseWholeNumber(t, 0, 60),
      (o: T, randomPlies) => ({ ...o, randomPlies }),
    ),
    "--noise": valued(
      "DISCS",
      `random noise on the root moves' values after them (default ${d.noise})`,
      (t) => parseDecimal(t, 0, 64),
      (o: T, noise) => ({ ...o, noise }),
    ),
    "--solve-empties": valued(
      "E",
      `the solver plays and labels from E empties (default ${d.solveEmpties})`,
      (t) => parseWholeNumber(t, 0, 20),
      (o: T, solveEmpties) => ({ ...o, solveEmpties }),
    ),
  };
}
