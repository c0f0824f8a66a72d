import { answerNBoard } from "../../../protocol/engine/nboard.js";
import { answerOtp } from "../../../protocol/engine/otp.js";
import { Session } from "../../../protocol/engine/session.js";
import { loadEvaluation } from "../../../protocol/engine/evaluationWeights.js";
import { DEFAULT_ALPHA_BETA_DEPTH, DEFAULT_SEARCH_PARAMS, type Evaluation } from "../../../src/index.js";
import type { EngineOptions } from "../../../protocol/engine/engineOptions.js";

/** Options for quick, reproducible tests: a small fixed search and a small tree. */
export const TEST_OPTIONS: EngineOptions = {
  name: "tester",
  seed: 1,
  verbose: false,
  protocol: "otp",
  time: 1,
  timeAllocation: "midgame",
  earlyStop: true,
  visits: 200,
  maxMoveTime: undefined,
  ponder: false,
  connectTimeout: 10,
  chooser: "search",
  search: { ...DEFAULT_SEARCH_PARAMS, maxNodes: 20_000 },
  alphaBetaDepth: DEFAULT_ALPHA_BETA_DEPTH,
  threads: 1,
  parallel: "root",
  book: true,
};

/** The shipped evaluation, read once for every test session. */
let shipped: Evaluation | undefined;
export function shippedEvaluation(): Evaluation {
  if (shipped === undefined) {
    const loaded = loadEvaluation(undefined);
    if (!loaded.ok) throw new Error(loaded.error);
    shipped = loaded.value;
  }
  return shipped;
}

/** A session whose diagnostics are collected instead of written to stderr; `now` is the clock its searches read. */
export function testSession(
  options: Partial<EngineOptions> = {},
  now?: () => number,
): { session: Session; log: string[] } {
  const log: string[] = [];
  const session = new Session({ ...TEST_OPTIONS, ...options }, (text) => void log.push(text), now, shippedEvaluation());
  return { session, log };
}

/**
 * A clock that moves only when it is read, by `stepMs` each time: a search on it takes a
 * known time whatever the machine's load, and `elapsed` tells how long the session thought.
 */
export class SteppingClock {
  private t = 0;
  constructor(private readonly stepMs: number) {}
  readonly now = (): number => (this.t += this.stepMs);
  get elapsed(): number {
    return this.t;
  }
}

/** The parts of an NBoard answer to `line`, each as the GUI reads it (an answer may come in several). */
export function nboardParts(session: Session, line: string): string[] {
  const parts: string[] = [];
  for (
    let part: ReturnType<typeof answerNBoard> | undefined = answerNBoard(session, line);
    part !== undefined;
    part = part.then?.()
  )
    parts.push(part.reply);
  return parts;
}

/** Answers each line in turn and returns the replies. */
export function converse(session: Session, lines: readonly string[]): string[] {
  return lines.map((line) => answerOtp(session, line).reply);
}

/** The visits a search report line says were under the root when the search began, from the tree kept ("reused N"). */
export function reused(line: string | undefined): number {
  const m = /reused (\d+)/.exec(line ?? "");
  if (m === null) throw new Error(`no search report in "${line}"`);
  return Number(m[1]);
}
