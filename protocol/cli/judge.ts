import { closeSync, openSync, writeFileSync, writeSync } from "node:fs";
import { type Result, err, ok } from "../../src/index.js";
import { COURSE_LIMITS, formatSummary } from "../judge/courseJudge.js";
import { type JudgeSettings, runJudge } from "../judge/judgeServer.js";

/**
 * `judge PORT [ROUNDS]`: the course judge. Standard output is the original's; the options
 * below are additions, and the exit status is 1 when the match could not be played.
 */
const USAGE = `usage: judge PORT [ROUNDS] [options]
  PORT                 TCP port to listen on (0: any free port, see --port-file)
  ROUNDS               games to play, colours swapping every round (default 2)
  --genmove-limit S    seconds allowed for a genmove reply (default 10)
  --reply-limit S      seconds allowed for any other reply (default 1)
  --connect-limit S    seconds for both engines to connect (default 10)
  --log FILE           write a transcript of every game (moves, times, results) to FILE
  --host ADDRESS       listen on this address only (default: every interface)
  --port-file FILE     write the port number to FILE once listening`;

interface JudgeOptions extends JudgeSettings {
  readonly logFile: string | undefined;
  readonly portFile: string | undefined;
}

function parseSeconds(name: string, text: string | undefined): Result<number> {
  const value = Number(text);
  if (text === undefined || text.trim() === "" || !Number.isFinite(value) || value <= 0) return err(`${name} takes a positive number of seconds, got ${JSON.stringify(text ?? "")}`);
  return ok(value * 1000);
}

function parseJudgeArguments(args: readonly string[]): Result<JudgeOptions> {
  const positional: string[] = [];
  let genmoveMs = COURSE_LIMITS.genmoveMs;
  let replyMs = COURSE_LIMITS.replyMs;
  let connectMs = 10_000;
  let logFile: string | undefined;
  let host: string | undefined;
  let portFile: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === "--genmove-limit" || a === "--reply-limit" || a === "--connect-limit") {
      const ms = parseSeconds(a, args[++i]);
      if (!ms.ok) return ms;
      if (a === "--genmove-limit") genmoveMs = ms.value;
      else if (a === "--reply-limit") replyMs = ms.value;
      else connectMs = ms.value;
    } else if (a === "--log" || a === "--host" || a === "--port-file") {
      const value = args[++i];
      if (value === undefined || value === "") return err(`${a} takes a value`);
      if (a === "--log") logFile = value;
      else if (a === "--host") host = value;
      else portFile = value;
    } else if (a.startsWith("-") && !/^-?\d+$/.test(a)) {
      return err(`unknown option "${a}"`);
    } else {
      positional.push(a);
    }
  }
  if (positional.length < 1 || positional.length > 2) return err("expected PORT and optionally ROUNDS");
  const [portText, roundsText = "2"] = positional as [string, string?];
  if (!/^\d+$/.test(portText) || Number(portText) > 65535) return err(`PORT must be 0..65535, got "${portText}"`);
  if (!/^\d+$/.test(roundsText) || Number(roundsText) > 1_000_000) return err(`ROUNDS must be a whole number, got "${roundsText}"`);
  return ok({
    port: Number(portText),
    host,
    rounds: Number(roundsText),
    limits: { genmoveMs, replyMs },
    connectMs,
    logFile,
    portFile,
  });
}

const parsed = parseJudgeArguments(process.argv.slice(2));
if (!parsed.ok) {
  process.stderr.write(`judge: ${parsed.error}\n${USAGE}\n`);
  process.exitCode = 1;
} else {
  const options = parsed.value;
  const log = options.logFile === undefined ? undefined : openSync(options.logFile, "w");
  const transcript = (line: string): void => {
    if (log !== undefined) writeSync(log, `${line}\n`);
  };
  const print = (line: string): void => void process.stdout.write(`${line}\n`);
  const run = runJudge(options, print, transcript);
  const port = await run.listening;
  if (!port.ok) {
    process.stderr.write(`judge: ${port.error}\n`);
    process.exitCode = 1;
  } else {
    process.stderr.write(`judge: listening on port ${port.value}\n`);
    if (options.portFile !== undefined) writeFileSync(options.portFile, `${port.value}\n`);
    const result = await run.finished;
    if (result !== undefined) {
      for (const line of formatSummary(result.summary, new Date())) print(line);
      if (result.connected < 2) {
        process.stderr.write(`judge: only ${result.connected} engine(s) connected within the limit\n`);
        process.exitCode = 1;
      }
    }
  }
  if (log !== undefined) closeSync(log);
}
