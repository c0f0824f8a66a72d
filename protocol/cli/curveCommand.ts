import {
  type CurveFit,
  EVEN_LOG_LOSS,
  Random,
  SELF_PLAY_DEFAULTS,
  SampleBuffer,
  type SelfPlaySettings,
  curveSamples,
  fitWinCurve,
  gameSeed,
  playSelfPlayGame,
  selfPlayers,
} from "../../src/index.js";
import { loadEvaluation } from "../engine/evaluationWeights.js";
import { parseWholeNumber, printable } from "../text/numbers.js";
import { field, nonEmpty } from "../text/optionTable.js";
import { type Output, type Program, programArguments, usageError } from "./program.js";
import { ProgressBar, formatDuration } from "./progressBar.js";
import { selfPlayOptions } from "./selfPlayOptions.js";

interface CurveOptions extends SelfPlaySettings {
  readonly games: number;
  readonly seed: number;
  /** A weights file; undefined: the built-in weights. */
  readonly weights: string | undefined;
}

export const curveProgram: Program<CurveOptions> = {
  name: "othello curve",
  synopsis: ["othello curve [--games N] [--depth D] [--seed S] [--weights FILE] [OPTIONS]"],
  about: [
    "Fits the win curve p = 1 / (1 + exp(-e / s)): the evaluation e of a position (discs for the side to move)",
    "read as the mover's chance to win, a draw counting half. Plays self-play games of the alpha-beta player",
    "with the weights (those of `othello train`: random plies, noise, the solver from E empties), gives every",
    "recorded position its game's outcome for its mover (exact where the solver labelled it), and fits the",
    "scale s by maximum likelihood, over all positions and in bands of 10 empties. Prints a table (empties,",
    "positions, s in discs, log-loss, log-loss of predicting 0.5) and last `scale: S`, the fit over all.",
    "The same options give the same figures; progress on stderr.",
  ],
  options: {
    "--games": field("games", "N", "self-play games (default 2000)", (t) => parseWholeNumber(t, 1, 1_000_000)),
    ...selfPlayOptions<CurveOptions>(),
    "--seed": field("seed", "S", "seed of the games (default 1)", (t) => parseWholeNumber(t, 0, 0xffffffff)),
    "--weights": field(
      "weights",
      "FILE",
      "the weights that play and are fitted (default: the built-in weights)",
      nonEmpty,
    ),
  },
  defaults: () => ({ games: 2000, ...SELF_PLAY_DEFAULTS, seed: 1, weights: undefined }),
};

function formatRow(label: string, fit: CurveFit): string {
  const figure = (value: number, digits: number): string => (Number.isNaN(value) ? "-" : value.toFixed(digits));
  return `${label.padStart(7)}  ${String(fit.samples).padStart(9)}  ${figure(fit.scale, 2).padStart(8)}  ${figure(fit.logLoss, 4).padStart(8)}  ${EVEN_LOG_LOSS.toFixed(4).padStart(6)}`;
}

/** `othello curve`: the scale of the win curve, fitted to self-play outcomes. */
export function curveCommand(args: readonly string[], out: Output): number {
  const parsed = programArguments(curveProgram, args, out);
  if (typeof parsed === "number") return parsed;
  if (parsed.positional.length > 0)
    return usageError(curveProgram, `unexpected argument "${printable(parsed.positional[0]!)}"`, out);
  const options = parsed.settings;
  const loaded = loadEvaluation(options.weights);
  if (!loaded.ok) {
    out.log(`othello curve: ${loaded.error}`);
    return 2;
  }
  const evaluation = loaded.value;
  const started = performance.now();
  const { player, solver } = selfPlayers(evaluation);
  const buffer = new SampleBuffer();
  const bar = new ProgressBar("self-play", options.games, 0, out);
  for (let game = 0; game < options.games; game++) {
    playSelfPlayGame(player, solver, new Random(gameSeed(options.seed, 0, game)), options, buffer);
    bar.update(game + 1);
  }
  const { overall, bands } = fitWinCurve(curveSamples(buffer.toSamples(), evaluation));
  out.log(
    `othello curve: ${options.games} games, ${overall.samples} positions, ${formatDuration((performance.now() - started) / 1000)}`,
  );
  out.print(`empties  positions     scale  log-loss  at 0.5`);
  for (const band of bands) out.print(formatRow(`${band.fewest}-${band.most}`, band));
  out.print(formatRow("all", overall));
  out.print(`scale: ${overall.scale.toFixed(2)}`);
  return 0;
}
