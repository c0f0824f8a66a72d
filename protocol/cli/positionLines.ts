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
function parseProblem(line: string): Result<Problem> {
  if (/^\d+$/.test(line)) {
    const code = parseCode(line);
    return code.ok ? ok({ position: code.value.position, answers: [] }) : code;
  }
  const obf = parseObf(line);
  return obf.ok ? ok({ position: obf.value.position, answers: obf.value.moves }) : obf;
}

/** The positions of a file, read as they are needed, and how many of its lines were not positions. */
export interface Problems {
  readonly problems: AsyncIterable<Problem>;
  badLines(): number;
}

/**
 * The positions of FILE, or of stdin for "-", blank and comment (# or %) lines skipped; an error
 * when the file cannot be opened. A line that is not a position is told to `log` (naming the
 * program, the file and the line), counted and skipped.
 */
export async function readProblems(
  file: string,
  program: string,
  log: (line: string) => void,
): Promise<Result<Problems>> {
  const input = file === "-" ? process.stdin : createReadStream(file);
  const opened = await new Promise<Result<true>>((resolve) => {
    if (file === "-") resolve(ok(true));
    input.once("error", (e: NodeJS.ErrnoException) =>
      resolve(err(`cannot read ${printable(file)}: ${e.code === "ENOENT" ? "no such file" : e.message}`)),
    );
    input.once("readable", () => resolve(ok(true)));
  });
  if (!opened.ok) return opened;
  const where = file === "-" ? "stdin" : printable(file);
  let bad = 0;
  return ok({
    badLines: () => bad,
    problems: (async function* () {
      let number = 0;
      for await (const raw of createInterface({ input, crlfDelay: Infinity })) {
        number++;
        const text = raw.trim();
        if (text === "" || text.startsWith("#") || text.startsWith("%")) continue;
        const problem = parseProblem(text);
        if (problem.ok) yield problem.value;
        else {
          bad++;
          log(`${program}: ${where} line ${number}: ${problem.error}: "${printable(text)}"`);
        }
      }
    })(),
  });
}
