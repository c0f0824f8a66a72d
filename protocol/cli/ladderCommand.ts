import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { type Result, err, ok } from "../../src/index.js";
import { type LadderRow, formatLadderMarkdown, formatLadderTable, readLadderRow } from "../match/ladderTable.js";
import { defaultGenmoveLimitSeconds } from "../match/matchRunner.js";
import { formatCommandLine, parseCommandLine } from "../text/commandLine.js";
import { parsePositiveSeconds, parseWholeNumber, printable } from "../text/numbers.js";
import { field, flag, nonEmpty, valued } from "../text/optionTable.js";
import { matchProgram, playMatch } from "./matchCommand.js";
import { type Output, type Program, programArguments, usageError } from "./program.js";

/** One rung of the ladder: its name (its files are DIR/ladder-NAME.json and .log), the time a move and the opponent. */
interface Rung {
  readonly name: string;
  readonly moveTimeSeconds: number;
  readonly opponent: readonly string[];
}

interface LadderArguments {
  readonly engine: readonly string[];
  readonly rungs: readonly Rung[];
  readonly games: number;
  readonly openings: string;
  readonly concurrency: number;
  readonly dir: string;
  readonly fresh: boolean;
  readonly table: boolean;
}

/** A rung as "NAME SECONDS OPPONENT-COMMAND", one command line: "rhino-1 1 /usr/games/gtp-rhino -l 1". */
function parseRung(text: string): Result<Rung> {
  const words = parseCommandLine(text);
  if (!words.ok) return words;
  const [name, seconds, ...opponent] = words.value;
  if (seconds === undefined || opponent.length === 0)
    return err(`expected "NAME SECONDS OPPONENT-COMMAND", got "${printable(text)}"`);
  if (!/^[\w.-]+$/.test(name!))
    return err(`a rung's name is letters, digits, "_", "." and "-", got "${printable(name!)}"`);
  const time = parsePositiveSeconds(seconds);
  if (!time.ok) return err(`rung ${name}: the time a move ${time.error}`);
  return ok({ name: name!, moveTimeSeconds: time.value, opponent });
}

export const ladderProgram: Program<LadderArguments> = {
  name: "othello ladder",
  synopsis: ['othello ladder --rung "NAME SECONDS OPPONENT" [--rung ...] [OPTIONS]'],
  about: [
    "The strength ladder (docs/strength.md): our engine plays a match (othello match) against the opponent of each",
    "rung in turn, both over GTP at the rung's SECONDS a move, and the results are printed as one table, aligned and",
    "in Markdown. Each rung writes DIR/ladder-NAME.json and .log when it finishes; a rerun skips the rungs finished",
    "with the same settings and no forfeit, so an interrupted ladder resumes. Exit status 1 when a game was forfeited.",
  ],
  options: {
    "--rung": valued(
      "RUNG",
      '"NAME SECONDS OPPONENT-COMMAND" (one word to the shell), repeated for each rung, played in order',
      parseRung,
      (s: LadderArguments, rung: Rung): LadderArguments => ({ ...s, rungs: [...s.rungs, rung] }),
    ),
    "--engine": valued(
      "CMD",
      'our engine, speaking GTP (default "./othello --gtp")',
      parseCommandLine,
      (s: LadderArguments, argv: string[]): LadderArguments => ({ ...s, engine: argv }),
    ),
    "--games": field("games", "N", "games a rung (default 20): the first N/2 openings, each with both colours", (t) =>
      parseWholeNumber(t, 1, 1_000_000),
    ),
    "--openings": field(
      "openings",
      "FILE",
      "the openings, one a line (default protocol/match/xot-large.txt)",
      nonEmpty,
    ),
    "--concurrency": field(
      "concurrency",
      "N",
      `games at once (default 1, at most ${availableParallelism()}, the cores)`,
      (t) => parseWholeNumber(t, 1, availableParallelism()),
    ),
    "--dir": field("dir", "DIR", "where the rungs' files go (default matches)", nonEmpty),
    "--fresh": flag("remove the rungs' earlier results first and play every rung again", (s) => ({
      ...s,
      fresh: true,
    })),
    "--table": flag("play nothing: the table of the rungs finished so far", (s) => ({ ...s, table: true })),
  },
  defaults: () => ({
    engine: ["./othello", "--gtp"],
    rungs: [],
    games: 20,
    openings: "protocol/match/xot-large.txt",
    concurrency: 1,
    dir: "matches",
    fresh: false,
    table: false,
  }),
};

/** What a rung's match is played with, by name: a rerun keeps an earlier match only when all are the same. */
function settingsOf(
  s: Pick<LadderRow, "engine" | "opponent" | "games" | "moveTimeSeconds" | "openings">,
): Record<string, string> {
  return {
    engine: formatCommandLine(s.engine),
    opponent: formatCommandLine(s.opponent),
    games: String(s.games),
    "time a move": `${s.moveTimeSeconds} s`,
    openings: s.openings,
  };
}

function readRow(rung: string, file: string): Result<LadderRow> {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (e) {
    return err(`cannot read ${file}: ${(e as Error).message}`);
  }
  const row = readLadderRow(rung, text);
  return row.ok ? row : err(`${file}: ${row.error}`);
}

/** The rows of the rungs finished, and the exit status: 1 when a game was forfeited, 2 on an error. */
interface Outcome {
  readonly rows: readonly LadderRow[];
  readonly status: number;
}

const jsonOf = (a: LadderArguments, rung: Rung): string => join(a.dir, `ladder-${rung.name}.json`);
const AGAIN = "--fresh (make ladder LADDER_FRESH=1) plays every rung again";

/** `--table`: the rungs finished so far, read from their files. */
function finishedRungs(a: LadderArguments, out: Output): Outcome {
  const rows: LadderRow[] = [];
  let status = 0;
  for (const rung of a.rungs) {
    const json = jsonOf(a, rung);
    if (!existsSync(json)) {
      out.log(`ladder: ${rung.name}: not played yet (no ${json})`);
      continue;
    }
    const row = readRow(rung.name, json);
    if (row.ok && row.value.played < row.value.games)
      out.log(`ladder: ${rung.name}: interrupted after ${row.value.played} of ${row.value.games} games (${json})`);
    else if (row.ok) rows.push(row.value);
    else {
      out.log(`othello ladder: ${row.error}`);
      status = 2;
    }
  }
  return { rows, status };
}

/**
 * Each rung's match, unless an earlier run finished it with the same settings and no forfeit;
 * an earlier file that cannot be read or was played otherwise stops the ladder.
 */
async function playRungs(a: LadderArguments, out: Output): Promise<Outcome> {
  mkdirSync(a.dir, { recursive: true });
  if (a.fresh) for (const rung of a.rungs) rmSync(jsonOf(a, rung), { force: true });
  const rows: LadderRow[] = [];
  let status = 0;
  for (const rung of a.rungs) {
    const json = jsonOf(a, rung);
    const wanted = settingsOf({
      engine: a.engine,
      opponent: rung.opponent,
      games: a.games,
      moveTimeSeconds: rung.moveTimeSeconds,
      openings: a.openings,
    });
    if (existsSync(json)) {
      const earlier = readRow(rung.name, json);
      if (!earlier.ok) {
        out.log(`othello ladder: ${earlier.error} (remove it, or ${AGAIN})`);
        return { rows, status: 2 };
      }
      const played = settingsOf(earlier.value);
      const changed = Object.keys(wanted)
        .filter((k) => played[k] !== wanted[k])
        .map((k) => `${k} ${played[k]} (now ${wanted[k]})`);
      if (changed.length > 0) {
        out.log(
          `othello ladder: ${json} was played with other settings: ${changed.join(", ")}; remove it, or ${AGAIN}`,
        );
        return { rows, status: 2 };
      }
      const { played: finished, games, forfeits } = earlier.value;
      if (finished < games)
        out.log(`ladder: ${rung.name}: ${json} has ${finished} of ${games} games (interrupted): played again`);
      else if (forfeits[0] + forfeits[1] > 0)
        out.log(`ladder: ${rung.name}: ${json} has forfeited games: played again`);
      else {
        out.log(`ladder: ${rung.name}: finished already (${json}), skipped; ${AGAIN}`);
        rows.push(earlier.value);
        continue;
      }
    }
    out.log(`ladder: ${rung.name}: ${a.games} games against ${wanted.opponent} at ${wanted["time a move"]} a move`);
    const engines = {
      engineA: formatCommandLine(a.engine),
      protocolA: "gtp",
      engineB: formatCommandLine(rung.opponent),
      protocolB: "gtp",
    } as const;
    const files = { log: join(a.dir, `ladder-${rung.name}.log`), json };
    // GRhino keeps its own pace, whatever the time a move (level 4 took 9.2 s once at 1 s a move):
    // the limit only catches an engine that hangs; our own times are in the table.
    const genmoveLimit = Math.max(60, defaultGenmoveLimitSeconds(rung.moveTimeSeconds));
    const settings = {
      games: a.games,
      openings: a.openings,
      concurrency: a.concurrency,
      moveTime: rung.moveTimeSeconds,
      genmoveLimit,
    };
    // The match's report goes to stderr with its progress: stdout is the table's. An earlier file
    // (forfeited or interrupted games) is replaced, and none is left when no game could be played.
    rmSync(json, { force: true });
    const match = await playMatch(
      { ...matchProgram.defaults(), ...engines, ...files, ...settings },
      { print: out.log, log: out.log },
    );
    if (match === 2) return { rows, status: 2 };
    if (!existsSync(json)) {
      out.log(`ladder: ${rung.name}: no game was played: the ladder stops here`);
      return { rows, status: match === 130 ? 130 : 1 };
    }
    if (match === 130) {
      out.log(`ladder: interrupted in ${rung.name}; a rerun plays it again`);
      return { rows, status: 130 };
    }
    if (match === 1) status = 1;
    const row = readRow(rung.name, json);
    if (!row.ok) {
      out.log(`othello ladder: ${row.error}`);
      return { rows, status: 2 };
    }
    rows.push(row.value);
  }
  return { rows, status };
}

/** `othello ladder`: see ladderProgram. */
export async function ladderCommand(args: readonly string[], out: Output): Promise<number> {
  const parsed = programArguments(ladderProgram, args, out);
  if (typeof parsed === "number") return parsed;
  if (parsed.positional.length > 0)
    return usageError(ladderProgram, `unexpected argument "${printable(parsed.positional[0]!)}"`, out);
  const a = parsed.settings;
  if (a.rungs.length === 0) return usageError(ladderProgram, "no --rung", out);
  const names = a.rungs.map((r) => r.name);
  const twice = names.find((n, i) => names.indexOf(n) !== i);
  if (twice !== undefined) return usageError(ladderProgram, `two rungs are named ${twice}`, out);
  const { rows, status } = a.table ? finishedRungs(a, out) : await playRungs(a, out);
  if (rows.length === 0) {
    if (status === 0) out.log(`ladder: no rung finished in ${a.dir}: nothing to show`);
    return status === 0 ? 1 : status;
  }
  for (const line of [...formatLadderTable(rows), "", ...formatLadderMarkdown(rows)]) out.print(line);
  if (status === 1)
    out.log(
      "ladder: games were forfeited (the forfeits column; the rungs' logs say why): a rerun plays those rungs again",
    );
  return status;
}
