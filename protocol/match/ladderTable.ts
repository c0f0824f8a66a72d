import { type Result, err, ok } from "../../src/index.js";
import { formatCommandLine } from "../text/commandLine.js";
import { type Tally, eloEstimate, formatElo, score } from "./matchStats.js";
import { PHASES, PHASES_HEADING, type Phase, formatPhaseSeconds } from "./movePhases.js";

/**
 * The strength ladder's table (docs/strength.md): one row a rung, a match of our engine against
 * one opponent as `othello match --json` wrote it, laid out as aligned text or as Markdown.
 */

/** One rung's match, read back from its JSON. */
export interface LadderRow {
  readonly rung: string;
  /** The match's start, ISO 8601. */
  readonly date: string;
  /** Our engine's command line (engine A) and the opponent's (engine B). */
  readonly engine: readonly string[];
  readonly opponent: readonly string[];
  readonly moveTimeSeconds: number;
  readonly games: number;
  /** The games played: fewer than `games` when the match was interrupted. */
  readonly played: number;
  readonly openings: string;
  readonly concurrency: number;
  /** From our side. */
  readonly tally: Tally;
  /** Games forfeited by our engine, and by the opponent. */
  readonly forfeits: readonly [number, number];
  /** Our engine's time per move. */
  readonly meanSeconds: number;
  readonly maxSeconds: number;
  /** Our engine's mean time a move by phase of the game; undefined in a match written before it was recorded. */
  readonly phaseSeconds: Record<Phase, number | null> | undefined;
}

/** The value at a dotted path ("summary.moveTimes.0.maxSeconds"), or undefined. */
function at(json: unknown, path: string): unknown {
  return path
    .split(".")
    .reduce<unknown>(
      (value, key) =>
        typeof value === "object" && value !== null ? (value as Record<string, unknown>)[key] : undefined,
      json,
    );
}

/** Reads fields of a JSON value; the first field that is missing or of the wrong kind is kept as the error. */
class Fields {
  error: string | undefined;

  constructor(private readonly json: unknown) {}

  private check<T>(path: string, value: unknown, valid: boolean, kind: string, fallback: T): T {
    if (valid) return value as T;
    this.error ??= `"${path}" ${value === undefined ? "is missing" : `is not ${kind}`}`;
    return fallback;
  }

  count(path: string): number {
    const value = at(this.json, path);
    return this.check(path, value, Number.isInteger(value) && (value as number) >= 0, "a whole number", 0);
  }

  seconds(path: string): number {
    const value = at(this.json, path);
    return this.check(
      path,
      value,
      typeof value === "number" && Number.isFinite(value) && value >= 0,
      "a number of seconds",
      0,
    );
  }

  /** Seconds by phase, or null for a phase without moves; undefined when the whole record is missing. */
  phases(path: string): Record<Phase, number | null> | undefined {
    if (at(this.json, path) === undefined) return undefined;
    const phases = { opening: null, middleGame: null, ending: null } as Record<Phase, number | null>;
    for (const phase of PHASES)
      phases[phase] = at(this.json, `${path}.${phase}`) === null ? null : this.seconds(`${path}.${phase}`);
    return phases;
  }

  text(path: string): string {
    const value = at(this.json, path);
    return this.check(path, value, typeof value === "string" && value !== "", "a text", "");
  }

  words(path: string): string[] {
    const value = at(this.json, path);
    return this.check(
      path,
      value,
      Array.isArray(value) && value.length > 0 && value.every((w) => typeof w === "string"),
      "a command line (a list of words)",
      [],
    );
  }
}

/** The row of rung `rung` from the text of its match's JSON. */
export function readLadderRow(rung: string, text: string): Result<LadderRow> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    return err(`not JSON: ${(e as Error).message}`);
  }
  const f = new Fields(json);
  const row: LadderRow = {
    rung,
    date: f.text("date"),
    engine: f.words("engines.0.command"),
    opponent: f.words("engines.1.command"),
    moveTimeSeconds: f.seconds("settings.moveTimeSeconds"),
    games: f.count("settings.games"),
    played: f.count("summary.games"),
    openings: f.text("settings.openings"),
    concurrency: f.count("settings.concurrency"),
    tally: { wins: f.count("summary.wins"), draws: f.count("summary.draws"), losses: f.count("summary.losses") },
    forfeits: [f.count("summary.forfeits.0"), f.count("summary.forfeits.1")],
    meanSeconds: f.seconds("summary.moveTimes.0.averageSeconds"),
    maxSeconds: f.seconds("summary.moveTimes.0.maxSeconds"),
    phaseSeconds: f.phases("summary.moveTimes.0.phases"),
  };
  return f.error === undefined
    ? ok(row)
    : err(`${f.error}: is it the JSON of a finished othello match --json with --move-time?`);
}

const HEADINGS = [
  "rung",
  "opponent",
  "time a move",
  "W/D/L",
  "score",
  "Elo (95% CI)",
  "our time a move: mean, max",
  "our mean a move: opening, middle game, ending",
  "forfeits: us, them",
];

function cells(row: LadderRow): string[] {
  const { wins, draws, losses } = row.tally;
  const elo = eloEstimate(row.tally);
  return [
    row.rung,
    formatCommandLine(row.opponent),
    `${row.moveTimeSeconds} s`,
    `${wins}/${draws}/${losses}`,
    score(row.tally).toFixed(3),
    `${formatElo(elo.elo)} (${formatElo(elo.low)} to ${formatElo(elo.high)})`,
    `${row.meanSeconds.toFixed(2)} s, ${row.maxSeconds.toFixed(2)} s`,
    row.phaseSeconds === undefined ? "-" : formatPhaseSeconds(row.phaseSeconds, 2),
    `${row.forfeits[0]}, ${row.forfeits[1]}`,
  ];
}

/** The table as aligned columns, a heading line first. */
export function formatLadderTable(rows: readonly LadderRow[]): string[] {
  const table = [HEADINGS, ...rows.map(cells)];
  const widths = HEADINGS.map((_, i) => Math.max(...table.map((r) => r[i]!.length)));
  return table.map((r) =>
    r
      .map((cell, i) => cell.padEnd(widths[i]!))
      .join("  ")
      .trimEnd(),
  );
}

/** The distinct values, in their first order, as one text. */
const distinct = (values: readonly string[]): string => [...new Set(values)].join(", ");

/** The table in Markdown, for docs/strength.md: a line with the dates and the commands, then the table. */
export function formatLadderMarkdown(rows: readonly LadderRow[]): string[] {
  const code = (text: string): string => `\`${text.replace(/\|/g, "\\|")}\``;
  const dates = distinct(rows.map((r) => r.date.slice(0, 10)).sort());
  const engines = distinct(rows.map((r) => code(formatCommandLine(r.engine))));
  const openings = distinct(rows.map((r) => code(r.openings)));
  const concurrency = distinct(rows.map((r) => String(r.concurrency)));
  return [
    `Played ${dates} by \`othello ladder\` (\`make ladder\`): ${engines} against each opponent, both over GTP with ` +
      `\`time_settings 0 S 1\` (S the time a move), the openings from ${openings}, each played with both colours, ${concurrency} game(s) at once; the phases by empty squares: ${PHASES_HEADING}.`,
    "",
    `| ${HEADINGS.join(" | ")} |`,
    `|${HEADINGS.map(() => "---|").join("")}`,
    ...rows.map((row) => {
      const c = cells(row);
      c[1] = code(c[1]!);
      return `| ${c.join(" | ")} |`;
    }),
  ];
}
