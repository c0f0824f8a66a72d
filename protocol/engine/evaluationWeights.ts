import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Evaluation, type Result, type Weights, err, ok, parseWeights } from "../../src/index.js";
import { printable } from "../text/numbers.js";

/**
 * The shipped weights: beside the bundle (build.mjs copies weights/eval.weights into dist/), or
 * in the repository when the code runs from source (the tests). Read at the first use, not at
 * start: embedded in the bundle as text they cost every start of the program 0.2 s.
 */
const SHIPPED = [
  new URL("./eval.weights", import.meta.url),
  new URL("../../weights/eval.weights", import.meta.url),
].map((url) => fileURLToPath(url));

/** The weights in a file, or what is wrong with it (unreadable, corrupt, for another pattern set). */
export function readWeights(file: string): Result<Weights> {
  const read = readWeightsFile(file);
  return read.ok ? ok(read.value.weights) : read;
}

/** As readWeights, with the bytes the weights were parsed from (for a digest of the very file read). */
export function readWeightsFile(file: string): Result<{ weights: Weights; bytes: Uint8Array }> {
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(file);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return err(`cannot read ${printable(file)}: ${code === "ENOENT" ? "no such file" : (e as Error).message}`);
  }
  const parsed = parseWeights(bytes);
  return parsed.ok ? ok({ weights: parsed.value, bytes }) : err(`${printable(file)}: ${parsed.error}`);
}

/** The built-in weights; a broken or missing file is refused like any other. */
export function shippedWeights(): Result<Weights> {
  const file = SHIPPED.find((f) => existsSync(f));
  if (file === undefined)
    return err(`the built-in weights are missing: expected ${SHIPPED[0]} beside the program (make builds it)`);
  return readWeights(file);
}

/** The evaluation over a weights file, or over the shipped weights when `file` is undefined. */
export function loadEvaluation(file: string | undefined): Result<Evaluation> {
  const weights = file === undefined ? shippedWeights() : readWeights(file);
  return weights.ok ? ok(new Evaluation(weights.value)) : weights;
}
