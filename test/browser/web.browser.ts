import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page, Target } from "puppeteer-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LEVELS, TOP_LEVEL } from "../../protocol/engine/levels.js";
import type { WorkerAnswer, WorkerRequest } from "../../protocol/web/workerMessages.js";
import type { Move } from "../../src/index.js";
import { serveCopy } from "../../tools/staticSite.mjs";
import { recordMoves } from "../gameRecords.js";
import {
  ROOT,
  expectDiscsOf,
  gameOverText,
  launchBrowser,
  notice,
  replay,
  replayToPerson,
  reportedVisits,
  searching,
  setSeconds,
  settled,
  snapshot,
  square,
} from "./pageDriver.js";

/**
 * The static page of `make web` (dist/web/) in Debian's chromium, driven by puppeteer-core and
 * served by a plain static server under sub-paths, as any host would serve it: a whole game
 * clicked against level 1, the hints, a stop and a level change during a search, the same moves
 * as `othello --gtp` from the browser's own worker, a pasted record that is not a game, a corrupt
 * weights file, a closed or reloaded tab, and no request outside the page's folder.
 */

const WEB = join(ROOT, "dist", "web");

/** The folder served under each of these paths; "broken" serves its weights with one byte flipped. */
const SITE = "/games/othello/";
const BROKEN_SITE = "/broken/othello/";
const TAB_SITE = "/tab/othello/";
const SITES = [SITE, BROKEN_SITE, TAB_SITE];

/** A game played to its end (the engine host's test's): its prefixes are the positions compared with GTP. */
const GAME_RECORD = "f5d6c4g5f6f4f3e3d3f7g4h3e6g3h6g6f8e7e8c5c7c6b5c8d7b6h7d8g7a4a6d2c2b3c3b4d1f2e2a5a3h8g8e1h4h5";
const GAME = recordMoves(GAME_RECORD);
/** Its first 20 moves: black to move, out of the book, a position the top level searches for its whole time. */
const MIDGAME = GAME_RECORD.slice(0, 40);

/** dist/web/ served under SITES (a copy: another build of the checkout meanwhile does not change the page under the test). */
let site: { origin: string; close: () => void };
let origin: string;
let browser: Browser;
let page: Page;
/** Every request of every tab (the workers' included), with the folder its page was opened from. */
const requests: { site: string; url: string }[] = [];
const pageErrors: string[] = [];

/** A new tab on the page under `site`, its requests and script errors recorded. */
async function openPage(site: string): Promise<Page> {
  const tab = await browser.newPage();
  tab.on("request", (r) => void requests.push({ site, url: r.url() }));
  tab.on("pageerror", (e) => void pageErrors.push(String(e)));
  await tab.setViewport({ width: 1000, height: 760 });
  await tab.goto(`${origin}${site}`, { waitUntil: "load" });
  return tab;
}

/** Waits until the engine's worker has read its weights and book (or the page says it cannot start); what #opponent says. */
async function engineLoaded(p: Page): Promise<string> {
  await p.waitForFunction(
    () => /^(against|The engine cannot start)/.test(document.getElementById("opponent")!.textContent ?? ""),
    {
      timeout: 30_000,
    },
  );
  return p.$eval("#opponent", (e) => e.textContent ?? "");
}

/** The engine's workers the browser runs for the page under `site`. */
function workersOf(site: string): Target[] {
  return browser.targets().filter((t) => t.url() === `${origin}${site}engine.js`);
}

/**
 * Waits until the browser runs `count` workers for `site`, none of them one of `ended` (a worker
 * ended leaves the browser's list shortly after); those it runs then.
 */
async function expectWorkers(site: string, count: number, ended: readonly Target[] = []): Promise<Target[]> {
  const settledWorkers = () => {
    const workers = workersOf(site);
    return workers.length === count && !workers.some((w) => ended.includes(w));
  };
  for (let tries = 0; !settledWorkers() && tries < 100; tries++)
    await new Promise((resolve) => setTimeout(resolve, 100));
  const workers = workersOf(site);
  expect(workers.length, `the engine's workers for ${site}`).toBe(count);
  expect(
    workers.filter((w) => ended.includes(w)),
    `workers for ${site} that should have ended`,
  ).toEqual([]);
  return workers;
}

/**
 * A record pasted and loaded. The form is submitted as its button would, without a click at a
 * point: the engine's report above it may change length, and the button move, between the two.
 */
async function paste(p: Page, record: string): Promise<void> {
  await p.$eval("#paste", (e, value) => ((e as HTMLInputElement).value = value), record);
  await p.$eval("#load", (form) => (form as HTMLFormElement).requestSubmit());
}

beforeAll(async () => {
  if (!existsSync(join(WEB, "index.html"))) throw new Error(`no page in ${WEB}: build it with make web`);
  // A weights file that fails its checksum under BROKEN_SITE: the page must say so.
  site = await serveCopy(WEB, SITES, (at, name, bytes) => {
    if (at === BROKEN_SITE && name === "eval.weights") bytes[1000]! ^= 1;
  });
  origin = site.origin;
  browser = await launchBrowser();
  page = await browser.newPage();
  page.on("request", (r) => void requests.push({ site: SITE, url: r.url() }));
  page.on("pageerror", (e) => void pageErrors.push(String(e)));
  await page.setViewport({ width: 1000, height: 760 });
});

afterAll(async () => {
  await browser?.close();
  site?.close();
});

describe("the static page (make web) in a browser, served under a sub-path", () => {
  it("shows the weights' progress while they load, then its engine", async () => {
    // Every text #opponent shows, from the page's first script on.
    await page.evaluateOnNewDocument(() => {
      const seen: string[] = [];
      (window as unknown as { opponentTexts: string[] }).opponentTexts = seen;
      document.addEventListener("DOMContentLoaded", () => {
        const opponent = document.getElementById("opponent")!;
        new MutationObserver(() => seen.push(opponent.textContent ?? "")).observe(opponent, {
          childList: true,
          characterData: true,
          subtree: true,
        });
      });
    });
    await page.goto(`${origin}${SITE}`, { waitUntil: "load" });
    expect(await engineLoaded(page)).toBe("against othello-uct, in this page");
    const texts = await page.evaluate(() => (window as unknown as { opponentTexts: string[] }).opponentTexts);
    expect(
      texts.some((t) => /^Loading the engine's weights: \d+\.\d of \d+\.\d MB…$/.test(t)),
      texts.join(" | "),
    ).toBe(true);
    // The level picker offers every level, the top one chosen.
    const levels = await page.$$eval("#level option", (options) => options.map((o) => (o as HTMLOptionElement).value));
    expect(levels).toEqual(LEVELS.map((l) => String(l.level)));
    expect(await page.$eval("#level", (e) => (e as HTMLSelectElement).value)).toBe(String(TOP_LEVEL));
    await expectWorkers(SITE, 1);
  });

  it("plays a whole game clicked against level 1, every board by the rules, and shows the result", async () => {
    await page.select("#level", "1");
    expect(await page.$eval("#level-note", (e) => e.textContent)).toBe(LEVELS[0]!.description);
    await page.click("#new");
    let shown = await settled(page);
    const engineVisits: number[] = [];
    let clicks = 0;
    while (shown.state === "person") {
      const game = replayToPerson(shown.record);
      expectDiscsOf(shown, game.position);
      const legal = game.position.legalSquares();
      expect(shown.legal.sort()).toEqual(legal.map(square).sort());
      await page.click(`[data-square="${square(legal[0]!)}"]`);
      clicks++;
      shown = await settled(page);
      const playouts = /([\d,]+) playouts/.exec(shown.report)?.[1];
      if (playouts !== undefined) engineVisits.push(Number(playouts.replaceAll(",", "")));
    }
    expect(shown.state, shown.status).toBe("over");
    const final = replay(shown.record);
    expect(final.isOver()).toBe(true);
    expectDiscsOf(shown, final.position);
    expect(shown.status).toBe(gameOverText(final.position));
    // The page seeds each engine anew, so the game differs from run to run and may end early in a
    // wipeout (18 clicks were seen): the shortest game of all, 9 moves, has 5 of black's.
    expect(clicks).toBeGreaterThanOrEqual(5);
    // The engine played at level 1: each search made the level's few visits, fewer once it
    // proved the root near the end (the chosen move's count may be more, with the visits of the
    // tree it kept from its last move).
    const levelVisits = LEVELS[0]!.settings!.visits;
    expect(engineVisits.filter((v) => v === levelVisits).length).toBeGreaterThan(10);
    expect(Math.max(...engineVisits), engineVisits.join(" ")).toBe(levelVisits);
  });

  it("shows the hints at the top level: every legal move's value on its square", async () => {
    await page.select("#level", String(TOP_LEVEL));
    await setSeconds(page, 0.3);
    await page.click('input[name="mode"][value="both"]');
    // Past the book, whose moves come without the search's values.
    await paste(page, MIDGAME);
    await settled(page);
    await page.click("#hints");
    try {
      expect(await notice(page)).toMatch(/^Hints on/);
      const legal = replay(MIDGAME).position.legalSquares().map(square).sort();
      // Shown as the search goes, then its final values once it is over.
      await page.waitForFunction(
        (count) => document.querySelectorAll("#board .valued").length === count,
        { timeout: 10_000 },
        legal.length,
      );
      await settled(page);
      const values = await page.$$eval("#board .valued", (squares) =>
        squares.map((s) => ({
          square: (s as HTMLElement).dataset.square!,
          main: s.querySelector(".value b")!.textContent ?? "",
          detail: s.querySelector(".value small")!.textContent ?? "",
          top: s.classList.contains("top"),
        })),
      );
      expect(values.map((v) => v.square).sort()).toEqual(legal);
      // A win rate over its visits; a move the search has not reached yet shows a dash.
      for (const value of values) {
        expect(value.main).toMatch(/^(\d+%|–|win|loss|draw)$/);
        expect(value.detail).toMatch(/^\d+(\.\d)?[kM]?$/);
      }
      expect(values.filter((v) => /^\d+%$/.test(v.main)).length).toBeGreaterThan(1);
      expect(values.filter((v) => v.top)).toHaveLength(1);
    } finally {
      await page.click("#hints");
    }
    await settled(page);
    expect(await page.$$eval("#board .valued", (squares) => squares.length)).toBe(0);
  });

  it("stops a search at once, plays nothing, and moves when asked again", async () => {
    await page.click('input[name="mode"][value="white"]');
    await setSeconds(page, 5);
    await paste(page, MIDGAME);
    await searching(page);
    const searcher = await expectWorkers(SITE, 1);
    expect(await page.$eval("#stop", (e) => (e as HTMLButtonElement).hidden)).toBe(false);
    await page.click("#stop");
    const stopped = await snapshot(page);
    expect([stopped.state, stopped.status]).toEqual([
      "error",
      "Stopped: the engine's move waits for you to ask it again.",
    ]);
    expect(await notice(page)).toBe("Stopped.");
    expect(await page.$eval("#stop", (e) => (e as HTMLButtonElement).hidden)).toBe(true);
    // The stopped search's worker is ended, not left to search on: one worker, a fresh one.
    await expectWorkers(SITE, 1, searcher);
    // Nothing is played, even once the stopped search's time has gone by.
    await new Promise((resolve) => setTimeout(resolve, 5500));
    expect((await snapshot(page)).record).toBe(MIDGAME);
    await setSeconds(page, 0.3);
    await page.click("#retry");
    const moved = await settled(page);
    expect(moved.state, moved.status).toBe("person");
    expect(moved.record).toMatch(new RegExp(`^${MIDGAME}[a-h][1-8]$`));
    expectDiscsOf(moved, replay(moved.record).position);
  });

  it("cancels the search under way when the level changes: the move comes from the new level", async () => {
    await setSeconds(page, 30);
    await paste(page, MIDGAME);
    await searching(page);
    const searcher = await expectWorkers(SITE, 1);
    await page.select("#level", "1");
    // Well before the top level's 30 s: level 1 answers at once with its few visits.
    await page.waitForFunction(
      (record) => document.getElementById("record")!.textContent !== record,
      { timeout: 15_000 },
      MIDGAME,
    );
    const moved = await settled(page);
    expect(moved.state, moved.status).toBe("person");
    expect(moved.record).toMatch(new RegExp(`^${MIDGAME}[a-h][1-8]$`));
    expect(reportedVisits(moved.report), moved.report).toBeLessThanOrEqual(LEVELS[0]!.settings!.visits);
    await expectWorkers(SITE, 1, searcher);
    await page.select("#level", String(TOP_LEVEL));
    await setSeconds(page, 1);
    await page.click("#new");
    await page.click('input[name="mode"][value="black"]');
  });

  it("refuses a pasted record that is not a game, saying why, and keeps the game", async () => {
    await page.click("#new");
    const before = await settled(page);
    for (const [record, message] of [
      ["hello", /^That game cannot be played: move 1: /],
      ["f5f5", /^That game cannot be played: .*f5.*occupied/],
      ["(;GM[Othello]PC[x];B[zz];)", /^That GGF game cannot be read: /],
      ["", /^Paste a game first/],
    ] as const) {
      await paste(page, record);
      expect(await notice(page), record).toMatch(message);
      expect((await snapshot(page)).record).toBe(before.record);
    }
  });

  it("plays the moves of othello --gtp in the browser's own worker, at the same visits and seed", async () => {
    const plies = [0, 2, 9, 17, 26, 35, 42, 46];
    const seed = 11;
    const visits = 1500;
    const positions = plies.map((ply) => GAME.slice(0, ply));
    // The worker as the page starts it, from the page's own files, with a fixed seed and visits.
    const answers = await page.evaluate(
      async (positions: Move[][], seed: number, visits: number, level: number) => {
        const weights = await (await fetch("eval.weights")).arrayBuffer();
        const book = await (await fetch("opening.book")).text();
        const worker = new Worker("engine.js");
        const next = (): Promise<WorkerAnswer> =>
          new Promise((resolve, reject) => {
            worker.onmessage = (event: MessageEvent<WorkerAnswer>) => {
              if (event.data.kind !== "thinking") resolve(event.data);
            };
            worker.onerror = (event) => reject(new Error(event.message));
          });
        const post = (request: WorkerRequest): void => worker.postMessage(request);
        const ready = next();
        post({ kind: "start", weights, book, seed, maxNodes: 200_000, visits });
        const started = await ready;
        if (started.kind !== "ready") return [started];
        const moves: WorkerAnswer[] = [];
        for (const [id, position] of positions.entries()) {
          const answer = next();
          post({ kind: "move", id, moves: position, seconds: 1, level, hint: false });
          moves.push(await answer);
        }
        worker.terminate();
        return moves;
      },
      positions,
      seed,
      visits,
      TOP_LEVEL,
    );
    const moves = answers.map((a) => (a.kind === "move" ? a.move : JSON.stringify(a)));
    // The same positions to the command-line engine: a new game for each, its moves, its genmove.
    const colour = (ply: number): string => (ply % 2 === 0 ? "b" : "w");
    const commands = positions.flatMap((position) => [
      "clear_board",
      ...position.map((m, i) => `play ${colour(i)} ${square(m)}`),
      `genmove ${colour(position.length)}`,
    ]);
    const gtp = spawnSync(
      process.execPath,
      [join(ROOT, "dist/othello.js"), "--gtp", "--visits", String(visits), "--seed", String(seed)],
      { input: `${commands.join("\n")}\nquit\n`, encoding: "utf8" },
    );
    const replies = gtp.stdout
      .split("\n")
      .filter((line) => /^= ([a-h][1-8]|pass)$/i.test(line.trim()))
      .map((line) => line.trim().slice(2).toLowerCase());
    expect(moves).toEqual(replies);
    expect(moves).toHaveLength(plies.length);
    // The positions reach the book, the search and the solver.
    const by = answers.map((a) => (a.kind === "move" ? a.report?.kind : a.kind));
    expect(by).toContain("note");
    expect(by).toContain("search");
    expect(by.at(-1)).toBe("solve");
  });

  it("says on the page that a weights file failing its checksum cannot start the engine", async () => {
    const broken = await openPage(BROKEN_SITE);
    try {
      const said = await engineLoaded(broken);
      expect(said).toMatch(/^The engine cannot start: the weights file \(eval\.weights\): .*checksum/);
    } finally {
      await broken.close();
    }
  });

  it("leaves no worker running when a tab searching is reloaded or closed", async () => {
    const tab = await openPage(TAB_SITE);
    expect(await engineLoaded(tab)).toBe("against othello-uct, in this page");
    await tab.click('input[name="mode"][value="white"]');
    await setSeconds(tab, 30);
    await paste(tab, MIDGAME);
    await searching(tab);
    const searcher = await expectWorkers(TAB_SITE, 1);
    await tab.reload({ waitUntil: "load" });
    expect(await engineLoaded(tab)).toBe("against othello-uct, in this page");
    // The searching worker went with the page it served: the new page's alone is left.
    await expectWorkers(TAB_SITE, 1, searcher);
    await tab.click('input[name="mode"][value="white"]');
    await setSeconds(tab, 30);
    await paste(tab, MIDGAME);
    await searching(tab);
    await tab.close();
    await expectWorkers(TAB_SITE, 0);
  });

  it("requested nothing outside its folder, the workers' requests included", () => {
    for (const { site, url } of requests) expect(url.startsWith(`${origin}${site}`), url).toBe(true);
    const files = new Set(requests.map(({ site, url }) => url.slice(`${origin}${site}`.length)));
    for (const file of ["", "page.js", "page.css", "engine.js", "eval.weights", "opening.book"])
      expect(files.has(file), `the page's request of "${file}"`).toBe(true);
  });

  it("raised no error in the page's script", () => {
    expect(pageErrors).toEqual([]);
  });
});
