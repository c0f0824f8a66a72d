import { readFileSync } from "node:fs";
import {
  Game,
  type Move,
  type Result,
  Solver,
  err,
  formatVertex,
  ok,
  parseVertex,
  reviewEndgame,
} from "../../src/index.js";
import { parseWholeNumber, printable } from "../text/numbers.js";
import { field } from "../text/optionTable.js";
import { type Output, type Program, programArguments, usageError } from "./program.js";

interface ReviewOptions {
  /** The engine whose moves are checked: A (the first of the match) or B. */
  readonly engine: 0 | 1;
  readonly exact: number;
  readonly wld: number;
}

export const reviewProgram: Program<ReviewOptions> = {
  name: "othello review",
  synopsis: ["othello review MATCH.json [--engine A|B] [--exact E] [--wld W]"],
  about: [
    "Checks one engine's endgame play in the games of a match (the JSON that `othello match --json` writes)",
    "with the exact solver: each of its moves with at most W empties that made its result worse than best",
    "play would have kept (the exact score up to E empties, win/draw/loss beyond) is listed, with the game.",
    "The last line is the total: games, moves checked, errors that changed the result, discs given away.",
  ],
  options: {
    "--engine": field("engine", "A|B", "the engine reviewed (default A)", parseEngine),
    "--exact": field(
      "exact",
      "E",
      "moves with at most E empties are checked against the exact score (default 14, at most 20)",
      (t) => parseWholeNumber(t, 0, 20),
    ),
    "--wld": field("wld", "W", "moves with up to W empties are checked (default 20, at most 24)", (t) =>
      parseWholeNumber(t, 0, 24),
    ),
  },
  defaults: () => ({ engine: 0, exact: 14, wld: 20 }),
};

function parseEngine(text: string): Result<0 | 1> {
  return text === "A" || text === "a"
    ? ok(0)
    : text === "B" || text === "b"
      ? ok(1)
      : err(`expected A or B, got "${printable(text)}"`);
}

interface ReviewedGame {
  readonly number: number;
  /** Which engine played black. */
  readonly black: 0 | 1;
  readonly moves: readonly Move[];
}

/** The games of a match's JSON, each a legal game from the start. */
export function parseMatchGames(text: string): Result<ReviewedGame[]> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    return err(`not JSON: ${(e as Error).message}`);
  }
  const games = (json as { games?: unknown } | null)?.games;
  if (!Array.isArray(games)) return err('no "games" list: is it the file of othello match --json?');
  const parsed: ReviewedGame[] = [];
  for (const [i, game] of games.entries()) {
    const { black, moves } = (game ?? {}) as { black?: unknown; moves?: unknown };
    if (black !== 0 && black !== 1) return err(`game ${i + 1}: "black" must be 0 or 1`);
    if (!Array.isArray(moves)) return err(`game ${i + 1}: "moves" must be a list of vertices`);
    const played = new Game();
    for (const [k, text] of moves.entries()) {
      const move = typeof text === "string" ? parseVertex(text) : err("not a string");
      const legal = move.ok ? played.play(move.value) : move;
      if (!legal.ok)
        return err(
          `game ${i + 1}, move ${k + 1}${typeof text === "string" ? ` (${printable(text)})` : ""}: ${legal.error}`,
        );
    }
    parsed.push({ number: i + 1, black, moves: played.moves });
  }
  return ok(parsed);
}

const signed = (n: number): string => (n > 0 ? `+${n}` : String(n));
const OUTCOME = ["loss", "draw", "win"];

/** `othello review MATCH.json [--engine A|B] [--exact E] [--wld W]`. */
export function reviewCommand(args: readonly string[], out: Output): number {
  const parsed = programArguments(reviewProgram, args, out);
  if (typeof parsed === "number") return parsed;
  if (parsed.positional.length !== 1) return usageError(reviewProgram, "expected one MATCH.json", out);
  const { engine, exact, wld } = parsed.settings;
  if (exact > wld) return usageError(reviewProgram, `--exact ${exact} is more than --wld ${wld}`, out);
  const file = parsed.positional[0]!;
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (e) {
    out.log(
      `othello review: cannot read ${printable(file)}: ${(e as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : (e as Error).message}`,
    );
    return 2;
  }
  const games = parseMatchGames(text);
  if (!games.ok) {
    out.log(`othello review: ${printable(file)}: ${games.error}`);
    return 2;
  }
  const solver = new Solver();
  let checked = 0,
    changed = 0,
    discs = 0;
  for (const game of games.value) {
    const colour = game.black === engine ? "black" : "white";
    const review = reviewEndgame(game.moves, colour, { exact, wld }, solver);
    checked += review.checked;
    for (const e of review.errors) {
      const what =
        e.mode === "exact"
          ? `${signed(e.best)} -> ${signed(e.played)}`
          : `${OUTCOME[e.best + 1]} -> ${OUTCOME[e.played + 1]}`;
      const resultChanged = Math.sign(e.played) < Math.sign(e.best);
      if (resultChanged) changed++;
      if (e.mode === "exact") discs += e.best - e.played;
      out.print(
        `game ${game.number} (${colour}): move ${e.ply + 1}, ${e.empties} empties, ${formatVertex(e.move).toLowerCase()}: ${what}${resultChanged ? " (the result changed)" : ""}`,
      );
    }
  }
  out.print(
    `reviewed ${games.value.length} games of engine ${"AB"[engine]}: ${checked} moves with at most ${wld} empties; ` +
      `${changed} changed the result; ${discs} discs given away with at most ${exact} empties`,
  );
  return 0;
}
