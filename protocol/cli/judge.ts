import { closeSync, writeFileSync, writeSync } from "node:fs";
import { type Result, err, ok } from "../../src/index.js";
import { COURSE_LIMITS, formatSummary } from "../judge/courseJudge.js";
import { type JudgeSettings, runJudge } from "../judge/judgeServer.js";
import { parsePositiveSeconds, parseWholeNumber } from "../text/numbers.js";
import { field, nonEmpty } from "../text/optionTable.js";
import { checkOutputFile, openOutputFile } from "./outputFile.js";
import { standardOutput } from "./standardOutput.js";
import { type Output, type Program, programArguments, usageError } from "./program.js";

/** The command line as typed; `judgeSettings` reads PORT and ROUNDS. */
interface JudgeArguments {
  readonly genmoveLimit: number;
  readonly replyLimit: number;
  readonly connectLimit: number;
  readonly log: string | undefined;
  readonly host: string | undefined;
  readonly portFile: string | undefined;
}

/**
 * `judge PORT [ROUNDS]`: the course judge. Standard output is the original's; the options are
 * additions, and the exit status is 1 when the match could not be played or an engine forfeited.
 */
const judgeProgram: Program<JudgeArguments> = {
  name: "judge",
  synopsis: ["judge PORT [ROUNDS] [OPTIONS]"],
  about: [
    "The course judge: listens on PORT (0: any free port, see --port-file) for two engines, plays ROUNDS",
    "games (default 2), colours swapping every round, and prints the summary lines of the original.",
  ],
  options: {
    "--genmove-limit": field(
      "genmoveLimit",
      "S",
      `seconds allowed for a genmove reply (default ${COURSE_LIMITS.genmoveMs / 1000})`,
      parsePositiveSeconds,
    ),
    "--reply-limit": field(
      "replyLimit",
      "S",
      `seconds allowed for any other reply (default ${COURSE_LIMITS.replyMs / 1000})`,
      parsePositiveSeconds,
    ),
    "--connect-limit": field(
      "connectLimit",
      "S",
      "seconds for both engines to connect (default 10)",
      parsePositiveSeconds,
    ),
    "--log": field("log", "FILE", "write a transcript of every game (moves, times, results) to FILE", nonEmpty),
    "--host": field("host", "ADDRESS", "listen on this address only (default: every interface)", nonEmpty),
    "--port-file": field("portFile", "FILE", "write the port number to FILE once listening", nonEmpty),
  },
  defaults: () => ({
    genmoveLimit: COURSE_LIMITS.genmoveMs / 1000,
    replyLimit: COURSE_LIMITS.replyMs / 1000,
    connectLimit: 10,
    log: undefined,
    host: undefined,
    portFile: undefined,
  }),
};

function judgeSettings(a: JudgeArguments, positional: readonly string[]): Result<JudgeSettings> {
  if (positional.length < 1 || positional.length > 2)
    return err(`expected PORT and optionally ROUNDS, got ${positional.length} arguments`);
  const port = parseWholeNumber(positional[0]!, 0, 65535);
  if (!port.ok) return err(`PORT: ${port.error}`);
  const rounds = parseWholeNumber(positional[1] ?? "2", 0, 1_000_000);
  if (!rounds.ok) return err(`ROUNDS: ${rounds.error}`);
  return ok({
    port: port.value,
    host: a.host,
    rounds: rounds.value,
    limits: { genmoveMs: a.genmoveLimit * 1000, replyMs: a.replyLimit * 1000 },
    connectMs: a.connectLimit * 1000,
  });
}

const out: Output = standardOutput("judge");

async function judge(args: readonly string[]): Promise<number> {
  const parsed = programArguments(judgeProgram, args, out);
  if (typeof parsed === "number") return parsed;
  const settings = judgeSettings(parsed.settings, parsed.positional);
  if (!settings.ok) return usageError(judgeProgram, settings.error, out);
  const { log: logFile, portFile } = parsed.settings;
  // The port file is written once listening: its folder is checked before, like the log's.
  const portChecked = portFile === undefined ? undefined : checkOutputFile(portFile);
  if (portChecked !== undefined && !portChecked.ok) {
    out.log(`judge: ${portChecked.error}`);
    return 2;
  }
  const opened = logFile === undefined ? undefined : openOutputFile(logFile);
  if (opened !== undefined && !opened.ok) {
    out.log(`judge: ${opened.error}`);
    return 2;
  }
  const log = opened?.value;
  const transcript = (line: string): void => {
    if (log !== undefined) writeSync(log, `${line}\n`);
  };
  try {
    const run = runJudge(settings.value, out.print, transcript);
    const port = await run.listening;
    if (!port.ok) {
      out.log(`judge: ${port.error}`);
      return 1;
    }
    out.log(`judge: listening on port ${port.value}`);
    if (portFile !== undefined) writeFileSync(portFile, `${port.value}\n`);
    const result = await run.finished;
    if (result === undefined) return 0;
    for (const line of formatSummary(result.summary, new Date())) out.print(line);
    if (result.connected < 2) {
      out.log(`judge: only ${result.connected} engine(s) connected within the limit`);
      return 1;
    }
    // A match with a forfeit was not played out: a script (make test) must see it failed.
    const forfeits = result.summary.flatMap((p, i) =>
      p.forfeit === undefined ? [] : [`player ${i} (${p.name}) forfeited: ${p.forfeit}`],
    );
    if (forfeits.length > 0) {
      out.log(`judge: ${forfeits.join("; ")}`);
      return 1;
    }
    return 0;
  } finally {
    if (log !== undefined) closeSync(log);
  }
}

process.exitCode = await judge(process.argv.slice(2));
