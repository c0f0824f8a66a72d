import { readFileSync } from "node:fs";
import { Evaluation, type Result, type Weights, err, ok, parseWeights } from "../../src/index.js";
import { printable } from "../text/numbers.js";
// The shipped weights, inside the bundle (esbuild's binary loader; vitest.config.ts does the same for the tests).
import shippedBytes from "../../weights/eval.weights";

/** Where the shipped weights come from, for messages. */
export const SHIPPED_WEIGHTS = "weights/eval.weights";

/** The weights in a file, or what is wrong with it (unreadable, corrupt, for another pattern set). */
export function readWeights(file: string): Result<Weights> {
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(file);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return err(`cannot read ${printable(file)}: ${code === "ENOENT" ? "no such file" : (e as Error).message}`);
  }
  const parsed = parseWeights(bytes);
  return parsed.ok ? parsed : err(`${printable(file)}: ${parsed.error}`);
}

/** The built-in weights; a broken build's bytes are refused like any file's. */
export function shippedWeights(): Result<Weights> {
  const parsed = parseWeights(shippedBytes);
  return parsed.ok ? parsed : err(`the built-in ${SHIPPED_WEIGHTS}: ${parsed.error}`);
}

/** The evaluation over a weights file, or over the shipped weights when `file` is undefined. */
export function loadEvaluation(file: string | undefined): Result<Evaluation> {
  const weights = file === undefined ? shippedWeights() : readWeights(file);
  return weights.ok ? ok(new Evaluation(weights.value)) : weights;
}
