import { describe, expect, it } from "vitest";
import {
  type LadderRow,
  formatLadderMarkdown,
  formatLadderTable,
  readLadderRow,
} from "../../../protocol/match/ladderTable.js";

/** A match's JSON as `othello match --json` writes it, the games left out (the ladder reads none). */
function matchJson(
  changes: {
    date?: string;
    opponent?: string[];
    wins?: number;
    draws?: number;
    losses?: number;
    forfeits?: number[];
  } = {},
) {
  return {
    date: changes.date ?? "2025-03-04T10:11:12.000Z",
    engines: [
      { label: "A", command: ["./othello", "--gtp"], protocol: "gtp", name: "othello-uct" },
      {
        label: "B",
        command: changes.opponent ?? ["/usr/games/gtp-rhino", "-l", "1"],
        protocol: "gtp",
        name: "GTP GRhino",
      },
    ],
    settings: {
      games: 20,
      concurrency: 2,
      moveTimeSeconds: 1,
      genmoveLimitMs: 10000,
      replyLimitMs: 5000,
      openings: "protocol/match/xot-large.txt",
    },
    summary: {
      wins: changes.wins ?? 19,
      draws: changes.draws ?? 0,
      losses: changes.losses ?? 1,
      games: 20,
      score: 0.95,
      elo: 511.5,
      eloLow: 300,
      eloHigh: null,
      forfeits: changes.forfeits ?? [0, 0],
      moveTimes: [
        {
          moves: 600,
          averageSeconds: 0.8123,
          maxSeconds: 1.0456,
          phases: { opening: 0.941, middleGame: 0.9459, ending: null as number | null },
        },
        { moves: 600, averageSeconds: 0.01, maxSeconds: 0.02 },
      ],
    },
    games: [],
  };
}

function row(rung: string, json: object): LadderRow {
  const read = readLadderRow(rung, JSON.stringify(json));
  if (!read.ok) throw new Error(read.error);
  return read.value;
}

describe("a rung's match JSON", () => {
  it("is read into a row: our engine is A, the opponent B, the times are ours", () => {
    expect(row("rhino-1", matchJson())).toEqual({
      rung: "rhino-1",
      date: "2025-03-04T10:11:12.000Z",
      engine: ["./othello", "--gtp"],
      opponent: ["/usr/games/gtp-rhino", "-l", "1"],
      moveTimeSeconds: 1,
      games: 20,
      played: 20,
      openings: "protocol/match/xot-large.txt",
      concurrency: 2,
      tally: { wins: 19, draws: 0, losses: 1 },
      forfeits: [0, 0],
      meanSeconds: 0.8123,
      maxSeconds: 1.0456,
      phaseSeconds: { opening: 0.941, middleGame: 0.9459, ending: null },
    });
  });

  it("reads a match written before the times by phase were recorded, without them", () => {
    const json = matchJson();
    delete (json.summary.moveTimes[0] as { phases?: unknown }).phases;
    expect(row("old", json).phaseSeconds).toBeUndefined();
  });

  const without = (drop: (json: ReturnType<typeof matchJson>) => void): string => {
    const json = matchJson();
    drop(json);
    return JSON.stringify(json);
  };

  it.each([
    ["an empty file", "", /^not JSON: /],
    ["a cut-off file", '{"engines": [', /^not JSON: /],
    ["a list", "[]", /^"date" is missing: is it the JSON of a finished othello match --json with --move-time\?$/],
    ["null", "null", /^"date" is missing/],
    [
      "a match without a move time",
      without((j) => delete (j.settings as { moveTimeSeconds?: number }).moveTimeSeconds),
      /^"settings.moveTimeSeconds" is missing: /,
    ],
    [
      "wins as text",
      without((j) => ((j.summary as { wins: unknown }).wins = "19")),
      /^"summary.wins" is not a whole number: /,
    ],
    [
      "a fraction of a draw",
      without((j) => ((j.summary as { draws: unknown }).draws = 1.5)),
      /^"summary.draws" is not a whole number: /,
    ],
    [
      "a command as one text",
      without((j) => ((j.engines[1] as { command: unknown }).command = "gtp-rhino -l 1")),
      /^"engines.1.command" is not a command line \(a list of words\): /,
    ],
    ["one forfeit count", without((j) => (j.summary.forfeits = [0])), /^"summary.forfeits.1" is missing: /],
    ["no move times", without((j) => (j.summary.moveTimes = [])), /^"summary.moveTimes.0.averageSeconds" is missing: /],
    [
      "a phase's time as text",
      without((j) => ((j.summary.moveTimes[0]!.phases as { opening: unknown }).opening = "0.9")),
      /^"summary.moveTimes.0.phases.opening" is not a number of seconds: /,
    ],
  ])("refuses %s, saying which field is wrong", (_, text, message) => {
    const read = readLadderRow("x", text);
    expect(read.ok).toBe(false);
    expect(!read.ok && read.error).toMatch(message);
  });
});

describe("the ladder's table", () => {
  const rows = [
    row("rhino-1", matchJson()),
    row(
      "classic",
      matchJson({
        date: "2025-03-05T01:00:00.000Z",
        opponent: ["./othello", "--gtp", "--x=a|b"],
        wins: 20,
        losses: 0,
        forfeits: [0, 2],
      }),
    ),
    // A rung played before the times by phase were recorded.
    { ...row("rhino-4", matchJson({ wins: 10, draws: 2, losses: 8 })), phaseSeconds: undefined },
  ];

  it("is aligned in columns, with the score, Elo and its interval from W/D/L", () => {
    expect(formatLadderTable(rows)).toEqual([
      "rung     opponent                   time a move  W/D/L   score  Elo (95% CI)              our time a move: mean, max  our mean a move: opening, middle game, ending  forfeits: us, them",
      "rhino-1  /usr/games/gtp-rhino -l 1  1 s          19/0/1  0.950  +511.5 (+307.5 to +inf)   0.81 s, 1.05 s              0.94 s, 0.95 s, -                              0, 0",
      "classic  ./othello --gtp '--x=a|b'  1 s          20/0/0  1.000  +inf (+inf to +inf)       0.81 s, 1.05 s              0.94 s, 0.95 s, -                              0, 2",
      "rhino-4  /usr/games/gtp-rhino -l 1  1 s          10/2/8  0.550  +34.9 (-112.7 to +197.1)  0.81 s, 1.05 s              -                                              0, 0",
    ]);
  });

  it("is in Markdown with the dates and the commands, the pipes in a command escaped", () => {
    const markdown = formatLadderMarkdown(rows);
    expect(markdown[0]).toBe(
      "Played 2025-03-04, 2025-03-05 by `othello ladder` (`make ladder`): `./othello --gtp` against each opponent, both over GTP with " +
        "`time_settings 0 S 1` (S the time a move), the openings from `protocol/match/xot-large.txt`, each played with both colours, 2 game(s) at once; " +
        "the phases by empty squares: opening (41-60 empties), middle game (21-40), ending (0-20).",
    );
    expect(markdown.slice(1)).toEqual([
      "",
      "| rung | opponent | time a move | W/D/L | score | Elo (95% CI) | our time a move: mean, max | our mean a move: opening, middle game, ending | forfeits: us, them |",
      "|---|---|---|---|---|---|---|---|---|",
      "| rhino-1 | `/usr/games/gtp-rhino -l 1` | 1 s | 19/0/1 | 0.950 | +511.5 (+307.5 to +inf) | 0.81 s, 1.05 s | 0.94 s, 0.95 s, - | 0, 0 |",
      "| classic | `./othello --gtp '--x=a\\|b'` | 1 s | 20/0/0 | 1.000 | +inf (+inf to +inf) | 0.81 s, 1.05 s | 0.94 s, 0.95 s, - | 0, 2 |",
      "| rhino-4 | `/usr/games/gtp-rhino -l 1` | 1 s | 10/2/8 | 0.550 | +34.9 (-112.7 to +197.1) | 0.81 s, 1.05 s | - | 0, 0 |",
    ]);
  });
});
