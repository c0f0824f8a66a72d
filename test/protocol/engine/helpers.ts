import { answerOtp } from "../../../protocol/engine/otp.js";
import { Session } from "../../../protocol/engine/session.js";
import { DEFAULT_SEARCH_PARAMS } from "../../../src/index.js";
import type { EngineOptions } from "../../../protocol/engine/options.js";

/** Options for quick, reproducible tests: a small fixed search and a small tree. */
export const TEST_OPTIONS: EngineOptions = {
  name: "tester",
  seed: 1,
  verbose: false,
  gtp: false,
  time: 1,
  playouts: 200,
  search: { ...DEFAULT_SEARCH_PARAMS, maxNodes: 20_000 },
};

/** A session whose diagnostics are collected instead of written to stderr. */
export function testSession(options: Partial<EngineOptions> = {}): { session: Session; log: string[] } {
  const log: string[] = [];
  const session = new Session({ ...TEST_OPTIONS, ...options }, (text) => void log.push(text));
  return { session, log };
}

/** Answers each line in turn and returns the replies. */
export function converse(session: Session, lines: readonly string[]): string[] {
  return lines.map((line) => answerOtp(session, line).reply);
}
