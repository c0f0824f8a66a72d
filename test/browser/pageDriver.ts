import { existsSync } from "node:fs";
import { join } from "node:path";
import puppeteer, { type Browser, type Page } from "puppeteer-core";
import { expect } from "vitest";
import { Game, type Move, PASS, type Position, formatVertex, parseGameRecord } from "../../src/index.js";

/**
 * What the browser tests share to drive the page (`othello ui`'s and the static one of `make web`)
 * in Debian's chromium with puppeteer-core: the browser, what the page shows, and the rules' view
 * of it.
 */

export const ROOT = join(import.meta.dirname, "..", "..");
export const CHROMIUM = process.env.CHROMIUM ?? "/usr/bin/chromium";

/** Debian's chromium, headless; the test fails at once, saying how to install it, when there is none. */
export function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM))
    throw new Error(`no browser at ${CHROMIUM}: install Debian's chromium (apt-get install chromium) or set CHROMIUM`);
  return puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ["--no-sandbox", "--disable-gpu"],
  });
}

export interface Snapshot {
  readonly record: string;
  readonly discs: string[];
  readonly legal: string[];
  readonly state: string;
  readonly status: string;
  /** The discs each side has, as #black-count and #white-count show them. */
  readonly counts: readonly string[];
  readonly report: string;
}

/** What the page shows now: the move list, every square's disc, the squares marked legal, the status, the counts, the engine's report. */
export function snapshot(p: Page): Promise<Snapshot> {
  return p.evaluate(() => {
    const squares = [...document.querySelectorAll<HTMLElement>("#board [data-square]")];
    const record = document.getElementById("record")!.textContent ?? "";
    return {
      record: record.startsWith("(") ? "" : record,
      discs: squares.map((s) => s.dataset.disc ?? "?"),
      legal: squares.filter((s) => s.classList.contains("legal")).map((s) => s.dataset.square!),
      state: document.getElementById("status")!.dataset.state ?? "",
      status: document.getElementById("status")!.textContent ?? "",
      counts: [
        document.querySelector("#black-count .n")?.textContent ?? "",
        document.querySelector("#white-count .n")?.textContent ?? "",
      ],
      report: document.getElementById("report")?.textContent ?? "",
    };
  });
}

/** Waits until the page waits for the person, the game is over or an error shows; what it shows then. */
export async function settled(p: Page): Promise<Snapshot> {
  await p.waitForFunction(
    () => ["person", "over", "error"].includes(document.getElementById("status")!.dataset.state ?? ""),
    { timeout: 60_000 },
  );
  return snapshot(p);
}

/** The game of a move list the page shows; the test fails when it holds an illegal move. */
export function replay(record: string): Game {
  const moves = parseGameRecord(record);
  if (!moves.ok) throw new Error(`the page shows an illegal game "${record}": ${moves.error}`);
  const game = new Game();
  for (const move of moves.value) {
    const played = game.play(move);
    if (!played.ok) throw new Error(`the page shows an illegal game "${record}": ${played.error}`);
  }
  return game;
}

/**
 * The game of a move list the page shows at the person's turn: a record leaves out a forced pass
 * at its end (src/gameRecord.ts), so the engine's pass before the person's move is played here.
 */
export function replayToPerson(record: string): Game {
  const game = replay(record);
  if (!game.isOver() && game.position.legalMoves()[0] === PASS) game.play(PASS);
  return game;
}

/** A move as the page names its square: "f5", or "pass". */
export const square = (move: Move): string => (move === PASS ? "pass" : formatVertex(move).toLowerCase());

/** Every square's disc on the page is the position's. */
export function expectDiscsOf(shown: Snapshot, position: Position): void {
  const expected = Array.from({ length: 64 }, (_, s) => ["empty", "black", "white"][position.discAt(s)]);
  expect(shown.discs, `the board after "${shown.record}"`).toEqual(expected);
}

/** Every square's disc, and the two sides' counts, on the page are the position's. */
export function expectBoardOf(shown: Snapshot, position: Position): void {
  expectDiscsOf(shown, position);
  expect(shown.counts).toEqual([String(position.blackDiscs()), String(position.whiteDiscs())]);
}

/** The result the page shows at the end of the game in `position`. */
export function gameOverText(position: Position): string {
  const [black, white] = [position.blackDiscs(), position.whiteDiscs()];
  return black === white
    ? `Game over: a draw, ${black}–${white}`
    : `Game over: ${black > white ? "Black" : "White"} wins ${Math.max(black, white)}–${Math.min(black, white)}`;
}

/** The engine's time per move set as a person would, in the #seconds box. */
export async function setSeconds(p: Page, seconds: number): Promise<void> {
  await p.$eval("#seconds", (e, value) => ((e as HTMLInputElement).value = value), String(seconds));
  await p.$eval("#seconds", (e) => e.dispatchEvent(new Event("change")));
}

export const notice = (p: Page): Promise<string> => p.$eval("#notice", (e) => e.textContent ?? "");

/** Waits until the engine's search is under way (it has reported how it stands); a timeout says what the page shows. */
export async function searching(p: Page): Promise<void> {
  try {
    await p.waitForFunction(() => (document.getElementById("report")!.textContent ?? "").startsWith("Thinking:"), {
      timeout: 30_000,
    });
  } catch (e) {
    const shown = await snapshot(p);
    throw new Error(
      `no search under way (${(e as Error).message}): the page shows "${shown.status}", the record "${shown.record}", ` +
        `the report "${shown.report}", the notice "${await notice(p)}"`,
    );
  }
}

/** The visits of a search report ("... over 1,234 visits ..."); undefined for the book's or the solver's. */
export function reportedVisits(report: string): number | undefined {
  const visits = /over ([\d,]+) visits/.exec(report)?.[1];
  return visits === undefined ? undefined : Number(visits.replaceAll(",", ""));
}
