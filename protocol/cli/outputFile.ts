import { openSync } from "node:fs";
import { type Result, err, ok } from "../../src/index.js";
import { printable } from "../text/numbers.js";

/**
 * Opens (creates or empties) a file a command will write, before the command does any work:
 * a missing folder or a file that cannot be written is said at once, rather than after a
 * match has been played and would be lost. The descriptor, to write to and close.
 */
export function openOutputFile(file: string): Result<number> {
  try {
    return ok(openSync(file, "w"));
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return err(`cannot write ${printable(file)}: ${code === "ENOENT" ? "no such folder" : code === "EISDIR" ? "it is a folder" : (e as Error).message}`);
  }
}
