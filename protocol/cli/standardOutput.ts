import type { Output } from "./program.js";

/** The system's words for the errors a write to standard output meets most. */
const REASONS: Readonly<Record<string, string>> = {
  ENOSPC: "no space left on device",
  EDQUOT: "disk quota exceeded",
  EIO: "input/output error",
  EBADF: "it is closed",
};

/**
 * A program's standard output and error, guarded: a reader that goes away (`| head`, EPIPE)
 * ends the program quietly, and a write that fails otherwise (a full disk) ends it with one
 * line on stderr and status 1, instead of a stack trace. Node reports a failed write to
 * stdout as an event, after the write has returned, so `print` also checks before each line:
 * a long loop that prints then stops at its next line rather than running on unread.
 */
export function standardOutput(program: string): Output {
  const fail = (error: NodeJS.ErrnoException): never => {
    if (error.code === "EPIPE") process.exit(0);
    const reason = (error.code !== undefined && REASONS[error.code]) || error.message;
    process.stderr.write(`${program}: cannot write standard output: ${reason}\n`);
    process.exit(1);
  };
  process.stdout.on("error", fail);
  return {
    log: (line) => void process.stderr.write(`${line}\n`),
    print: (line) => {
      const failed = process.stdout.errored;
      if (failed !== null) fail(failed);
      process.stdout.write(`${line}\n`);
    },
  };
}
