import { accessSync, constants, openSync, renameSync, statSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { type Result, err, ok } from "../../src/index.js";
import { printable } from "../text/numbers.js";

/**
 * Files a command writes are checked before it does any work: a missing folder or a file that
 * cannot be written is said at once, rather than after a match has been played and would be lost.
 */

/** Opens (creates or empties) a file written as the command goes, such as a log: its descriptor. */
export function openOutputFile(file: string): Result<number> {
  try {
    return ok(openSync(file, "w"));
  } catch (e) {
    return err(cannotWrite(file, e));
  }
}

/**
 * Checks that a file written when the command ends (a match's JSON, read back to see whether it
 * finished) can be: its folder exists and may be written in, and it is no folder itself. The
 * file is not created, so an interrupted command leaves none.
 */
export function checkOutputFile(file: string): Result<string> {
  try {
    accessSync(dirname(file), constants.W_OK);
    if (statSync(file, { throwIfNoEntry: false })?.isDirectory() === true)
      return err(`cannot write ${printable(file)}: it is a folder`);
    return ok(file);
  } catch (e) {
    return err(cannotWrite(file, e));
  }
}

function cannotWrite(file: string, e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  return `cannot write ${printable(file)}: ${code === "ENOENT" ? "no such folder" : code === "EISDIR" ? "it is a folder" : (e as Error).message}`;
}

/**
 * Writes a file whole or not at all: written beside it first, then renamed over it, so an
 * interruption leaves the old file or the new. The temporary file is the process's own, so that
 * processes writing the same file at once (shards of a run starting together) each rename a whole one.
 */
export function writeAtomically(file: string, contents: Uint8Array | string): void {
  const temporary = `${file}.${process.pid}.partial`;
  writeFileSync(temporary, contents);
  renameSync(temporary, file);
}
