import { type Weights, averageWeights, formatWeights } from "../../src/index.js";
import { readWeights } from "../engine/evaluationWeights.js";
import { printable } from "../text/numbers.js";
import { field, nonEmpty } from "../text/optionTable.js";
import { checkOutputFile, writeAtomically } from "./outputFile.js";
import { type Output, type Program, programArguments, usageError } from "./program.js";

interface WeightsOptions {
  /** The file written; required. */
  readonly out: string | undefined;
}

export const weightsProgram: Program<WeightsOptions> = {
  name: "othello weights",
  synopsis: ["othello weights average FILE FILE... --out FILE"],
  about: [
    "Writes to --out the mean of two or more weights files of the same stage count, entry by entry. The evaluation",
    "is a sum of weights, so the mean evaluates a position as the mean of the files' evaluations: an ensemble of",
    "evaluations trained apart, as fast as one (the shipped weights are such a mean: docs/evaluation.md).",
  ],
  options: {
    "--out": field("out", "FILE", "the weights file to write (required)", nonEmpty),
  },
  defaults: () => ({ out: undefined }),
};

/** `othello weights average FILE FILE... --out FILE`: the mean of weights files. */
export function weightsCommand(args: readonly string[], out: Output): number {
  const parsed = programArguments(weightsProgram, args, out);
  if (typeof parsed === "number") return parsed;
  const [action, ...files] = parsed.positional;
  if (action !== "average")
    return usageError(
      weightsProgram,
      `expected average, got ${action === undefined ? "nothing" : `"${printable(action)}"`}`,
      out,
    );
  if (files.length < 2)
    return usageError(weightsProgram, `expected two or more weights files to average, got ${files.length}`, out);
  const target = parsed.settings.out;
  if (target === undefined) return usageError(weightsProgram, "expected --out FILE, the file to write", out);
  const writable = checkOutputFile(target);
  if (!writable.ok) {
    out.log(`othello weights: ${writable.error}`);
    return 2;
  }
  const all: Weights[] = [];
  for (const file of files) {
    const read = readWeights(file);
    if (!read.ok) {
      out.log(`othello weights: ${read.error}`);
      return 2;
    }
    all.push(read.value);
  }
  const mean = averageWeights(all);
  if (!mean.ok) {
    out.log(`othello weights: ${mean.error}`);
    return 2;
  }
  writeAtomically(target, formatWeights(mean.value));
  out.print(`${target}: the mean of ${all.length} weights files, ${mean.value.stages} stages`);
  return 0;
}
