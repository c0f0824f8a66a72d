import { createReadStream } from "node:fs";
import { createInterface } from "node:readline";
import { type Position, type Result, type ScoredMove, err, ok, parseCode, parseObf } from "../../src/index.js";
import { printable } from "../text/numbers.js";

/** A position read from a line, with the exact answers the line carries (none for a code line). */
export interface Problem {
  readonly position: Position;
  readonly answers: readonly ScoredMove[];
}

/** An obf line, or a 66-digit code line (which carries no answers). */
export function parseProblem(line: string): Result<Problem> {
  if (/^\d+$/.test(line)) {
    const code = parseCode(line);
    return code.ok ? ok({ position: code.value.position, answers: [] }) : code;
  }
  const obf = parseObf(line);
  return obf.ok ? ok({ position: obf.value.position, answers: obf.value.moves }) : obf;
}

/** A line of positions, numbered from 1 in its file, blank and comment (# or %) lines skipped. */
export interface NumberedLine {
  readonly number: number;
  readonly text: string;
}

/** The lines of FILE, or of stdin for "-"; an error when the file cannot be opened. */
export async function positionLines(file: string): Promise<Result<AsyncIterable<NumberedLine>>> {
  const input = file === "-" ? process.stdin : createReadStream(file);
  const opened = await new Promise<Result<true>>((resolve) => {
    if (file === "-") resolve(ok(true));
    input.once("error", (e: NodeJS.ErrnoException) => resolve(err(`cannot read ${printable(file)}: ${e.code === "ENOENT" ? "no such file" : e.message}`)));
    input.once("readable", () => resolve(ok(true)));
  });
  if (!opened.ok) return opened;
  return ok((async function* () {
    let number = 0;
    for await (const raw of createInterface({ input, crlfDelay: Infinity })) {
      number++;
      const text = raw.trim();
      if (text === "" || text.startsWith("#") || text.startsWith("%")) continue;
      yield { number, text };
    }
  })());
}
