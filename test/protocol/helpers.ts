import { answerOtp } from "../../protocol/otp.js";
import { Session } from "../../protocol/session.js";
import type { EngineOptions } from "../../protocol/options.js";

/** A session whose diagnostics are collected instead of written to stderr. */
export function testSession(options: Partial<EngineOptions> = {}): { session: Session; log: string[] } {
  const log: string[] = [];
  const session = new Session({ name: "tester", seed: 1, verbose: false, ...options }, (text) => void log.push(text));
  return { session, log };
}

/** Answers each line in turn and returns the replies. */
export function converse(session: Session, lines: readonly string[]): string[] {
  return lines.map((line) => answerOtp(session, line).reply);
}
