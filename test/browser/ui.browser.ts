import { existsSync, mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "puppeteer-core";
import { beforeAll, describe, expect, it } from "vitest";
import { PASS, Position, formatGameRecord, parseGameRecord } from "../../src/index.js";
import { LEVELS, TOP_LEVEL } from "../../protocol/engine/levels.js";
import { undoLength } from "../../protocol/ui/page/pageGame.js";
import {
  ROOT,
  expectBoardOf,
  gameOverText,
  notice,
  replay,
  replayToPerson,
  setSeconds,
  settled,
  snapshot,
  square,
} from "./pageDriver.js";
import { hints, paste, reviewed, setupUi } from "./uiSetup.js";

/**
 * `othello ui` in Debian's chromium, driven by puppeteer-core: a whole game clicked against our
 * engine at a tiny time, the board checked against the rules after every move, an illegal
 * click, undo and new game, the keyboard, pasted games, the engine's report and the graph's two
 * lines, passes, analysis, the phone-sized layout, an engine that crashes, and the README's
 * screenshot. The hints and the review of a game are uiHints.browser.ts's.
 */

const SCREENSHOT = join(ROOT, "docs", "ui.png");

const ui = setupUi();
let url: string;
let browser: Browser;
let page: Page;
const { pageErrors, startUi } = ui;
beforeAll(() => {
  ({ url, browser, page } = ui);
});

/**
 * Every board the page drew, with the move list beside it: a watcher in the page records both
 * each time the list changes, so a move the engine answered at once is checked too.
 */
async function watchBoards(p: Page): Promise<void> {
  await p.evaluate(() => {
    const seen: { record: string; discs: string[] }[] = [];
    (window as unknown as { seenBoards: typeof seen }).seenBoards = seen;
    const record = document.getElementById("record")!;
    const take = (): void => {
      const text = record.textContent ?? "";
      seen.push({
        record: text.startsWith("(") ? "" : text,
        discs: [...document.querySelectorAll<HTMLElement>("#board [data-square]")].map((s) => s.dataset.disc ?? "?"),
      });
    };
    new MutationObserver(take).observe(record, { childList: true, characterData: true, subtree: true });
    take();
  });
}

function seenBoards(p: Page): Promise<{ record: string; discs: string[] }[]> {
  return p.evaluate(() => (window as unknown as { seenBoards: { record: string; discs: string[] }[] }).seenBoards);
}

describe("othello ui in a browser", () => {
  it("plays a whole game by clicks, every board by the rules, and shows the result", async () => {
    mkdirSync(join(ROOT, "docs"), { recursive: true });
    rmSync(SCREENSHOT, { force: true });
    await watchBoards(page);
    let shown = await settled(page);
    expect(shown.state).toBe("person");
    expect(shown.record).toBe("");
    expectBoardOf(shown, Position.initial());
    expect(shown.legal.sort()).toEqual(["c4", "d3", "e6", "f5"]);
    // The whole game with hints on: each of the person's positions searched for them as well.
    await page.keyboard.press("v");
    shown = await settled(page);

    // A click on an occupied square plays nothing and says so.
    await page.click('[data-square="d4"]');
    expect(await page.$eval("#notice", (e) => e.textContent)).toMatch(/d4 is not a legal move: the square is taken/);
    expect((await snapshot(page)).record).toBe("");

    let clicks = 0;
    // The person plays black: the move the hints show best, or when they show none (a position the
    // engine solved outright), the first legal square in a fixed order that varies with the move number.
    while (shown.state === "person") {
      const game = replayToPerson(shown.record);
      expectBoardOf(shown, game.position);
      const legal = game.position.legalSquares();
      expect(shown.legal.sort()).toEqual(legal.map(square).sort());
      const valued = await hints(page);
      const top = legal.find((s) => valued[square(s)]?.top === true);
      const choice = top ?? legal[clicks % legal.length]!;
      clicks++;
      // The README's picture: a game under way, the legal moves with their values, the engine's
      // report and graph, and the review of the game so far.
      if (clicks === 14) {
        expect(Object.keys(await hints(page)).sort()).toEqual(shown.legal.sort());
        await reviewed(page);
        await page.screenshot({ path: SCREENSHOT as `${string}.png`, fullPage: true });
      }
      await page.click(`[data-square="${square(choice)}"]`);
      shown = await settled(page);
    }
    expect(shown.state, shown.status).toBe("over");
    const final = replay(shown.record);
    expect(final.isOver()).toBe(true);
    expectBoardOf(shown, final.position);
    expect(shown.status).toBe(gameOverText(final.position));
    expect(clicks).toBeGreaterThan(14);
    expect(existsSync(SCREENSHOT)).toBe(true);

    // Every board drawn during the game, one for each move of it, matched the rules.
    const boards = await seenBoards(page);
    const moves = parseGameRecord(shown.record);
    expect(moves.ok).toBe(true);
    const placed = moves.ok ? moves.value.filter((m) => m !== PASS) : [];
    const records = new Set(boards.map((b) => b.record));
    for (let n = 0; n <= placed.length; n++)
      expect(records.has(formatGameRecord(placed.slice(0, n))), `a board after ${n} moves`).toBe(true);
    for (const board of boards)
      expect(board.discs).toEqual(
        Array.from({ length: 64 }, (_, s) => ["empty", "black", "white"][replay(board.record).position.discAt(s)]),
      );

    // The engine's report and the graph of its view of the game: its chances, and its margin in discs.
    expect(await page.$eval("#report", (e) => e.textContent)).toMatch(/^(Black|White): /);
    const points = await page.$eval("#graph-line", (e) => e.getAttribute("points") ?? "");
    expect(points.split(" ").length).toBeGreaterThan(10);
    // Its margins, a bar from the middle for each move it chose, within the graph.
    const bars = await page.$eval("#graph-discs", (e) => e.getAttribute("d") ?? "");
    const tops = [...bars.matchAll(/M[\d.]+,50\.0V([\d.]+)/g)].map((m) => Number(m[1]));
    expect(tops.length).toBeGreaterThan(10);
    expect(bars).toMatch(/^(M[\d.]+,50\.0V[\d.]+)+$/);
    for (const y of tops) {
      expect(y).toBeGreaterThanOrEqual(0);
      expect(y).toBeLessThanOrEqual(100);
    }
    const scale = await page.$eval("#disc-scale", (e) => e.textContent ?? "");
    expect(scale).toMatch(/^±(16|32|64)$/);
    expect(await page.$eval(".graph-key", (e) => e.textContent)).toMatch(
      /Black's chances, 0 to 100%.*Black's margin in discs, ±(16|32|64) at the edges/,
    );
    expect(await page.$eval("#evaluation", (e) => e.textContent)).toMatch(
      /^The engine's last view: (Black|White) (\d+\.\d%, about (0\.0|[+-]\d+\.\d) discs|proven (win|draw|loss)|(0|[+-]\d+) discs, exact), after \d+ moves\.$/,
    );
    await page.keyboard.press("v");
    expect(await hints(page)).toEqual({});
  });

  it("undo goes back to the person's previous move, redo plays it again, and new game goes to the start", async () => {
    const before = await snapshot(page);
    const moves = replay(before.record).moves;
    await page.click("#undo");
    const undone = await settled(page);
    const expected = undoLength(moves, "black");
    expect(undone.state).toBe("person");
    expect(undone.record).toBe(formatGameRecord(moves.slice(0, expected)));
    expect(expected).toBeLessThan(moves.length);
    const game = replay(undone.record);
    expect(game.position.blackToMove).toBe(true);
    expectBoardOf(undone, game.position);
    expect(undone.legal.sort()).toEqual(game.position.legalSquares().map(square).sort());

    await page.click("#redo");
    const redone = await settled(page);
    expect(redone.record).toBe(before.record);
    expectBoardOf(redone, replay(before.record).position);
    await page.keyboard.press("u");
    expect((await settled(page)).record).toBe(undone.record);

    await page.keyboard.press("n");
    const fresh = await settled(page);
    expect(fresh.record).toBe("");
    expectBoardOf(fresh, Position.initial());
    // A new game forgets what undo took back.
    await page.keyboard.press("y");
    expect(await notice(page)).toBe("Nothing to redo.");
  });

  it("is played with the keyboard: arrows move over the board, Enter plays", async () => {
    await page.focus('[data-square="d3"]');
    await page.keyboard.press("ArrowDown"); // d4
    await page.keyboard.press("ArrowDown"); // d5
    await page.keyboard.press("ArrowDown"); // d6
    await page.keyboard.press("ArrowRight"); // e6
    expect(await page.evaluate(() => (document.activeElement as HTMLElement).dataset.square)).toBe("e6");
    await page.keyboard.press("Enter");
    const shown = await settled(page);
    expect(shown.record.startsWith("e6")).toBe(true);
    expectBoardOf(shown, replay(shown.record).position);
  });

  it("offers our engine's levels: the one chosen plays its fixed visits, whatever the time box, then the hints'", async () => {
    const levels = await page.$$eval("#level option", (options) => options.map((o) => (o as HTMLOptionElement).value));
    expect(levels).toEqual(LEVELS.map((l) => String(l.level)));
    expect(await page.$eval("#level", (e) => (e as HTMLSelectElement).value)).toBe(String(TOP_LEVEL));
    expect(await page.$eval("#seconds-text", (e) => e.textContent)).toBe("Engine time per move (s)");
    await page.select("#level", "9");
    expect(await page.$eval("#level-note", (e) => e.textContent)).toBe(LEVELS[8]!.description);
    expect(await page.$eval("#seconds-text", (e) => e.textContent)).toBe("Time for hints (s)");
    await page.click("#new");
    await settled(page);
    // Level 9's visits take a tenth of a second or more: a time box of 0.01 s does not cut them.
    await setSeconds(page, 0.01);
    await page.click('[data-square="f5"]');
    const shown = await settled(page);
    expect(shown.record.length).toBe(4);
    expect(shown.report).toContain(` ${LEVELS[8]!.settings!.visits.toLocaleString("en-US")} playouts`);
    await setSeconds(page, 0.05);
    await page.select("#level", String(TOP_LEVEL));
    expect(await page.$eval("#seconds-text", (e) => e.textContent)).toBe("Engine time per move (s)");
  });

  it("continues a pasted game and refuses a broken one", async () => {
    await paste(page, "f5d6c3d3c4");
    let shown = await settled(page);
    expect(shown.record.startsWith("f5d6c3d3c4")).toBe(true);
    expect(shown.record.length).toBe(12); // black played c4, the engine answered
    expectBoardOf(shown, replay(shown.record).position);
    await paste(page, "f5f5");
    expect(await page.$eval("#notice", (e) => e.textContent)).toMatch(/cannot be played.*f5.*occupied/);
    shown = await snapshot(page);
    expect(shown.record.startsWith("f5d6c3d3c4")).toBe(true);
  });

  it("shows the engine's search as it runs, then its report with the move", async () => {
    await page.click("#new");
    await settled(page);
    await setSeconds(page, 1.5);
    await page.click('[data-square="f5"]');
    await page.waitForFunction(() => (document.getElementById("report")!.textContent ?? "").startsWith("Thinking:"), {
      timeout: 5000,
    });
    expect(await page.$eval("#evaluation", (e) => e.textContent)).toMatch(/^The engine's view as it thinks: White /);
    const shown = await settled(page);
    expect(shown.record.length).toBe(4);
    expect(await page.$eval("#report", (e) => e.textContent)).not.toMatch(/^Thinking:/);
    expect(await page.$eval("#evaluation", (e) => e.textContent)).toMatch(
      /^The engine's last view: White .*, after 2 moves\.$/,
    );
    await setSeconds(page, 0.05);
  });

  it("loads a pasted GGF game, and copies the game as GGF", async () => {
    await page.$eval("#paste", (e) => ((e as HTMLInputElement).value = ""));
    await page.type(
      "#paste",
      "(;GM[Othello]PB[x]PW[y]RE[?]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[F5]W[D6//1.5]B[C3];)",
    );
    await page.click("#load button");
    const shown = await settled(page);
    expect(shown.record.startsWith("f5d6c3")).toBe(true);
    expect(shown.record.length).toBe(8); // the engine answered as white
    await page.$eval("#paste", (e) => ((e as HTMLInputElement).value = ""));
    await browser
      .defaultBrowserContext()
      .overridePermissions(url, ["clipboard-read", "clipboard-write", "clipboard-sanitized-write"]);
    await page.click("#copy-ggf");
    await page.waitForFunction(() => /copied|box below/.test(document.getElementById("notice")!.textContent ?? ""));
    // Were the clipboard refused, the GGF would be in the paste box instead.
    const copied = await page.evaluate(async () => {
      const box = (document.getElementById("paste") as HTMLInputElement).value;
      return box !== "" ? box : await navigator.clipboard.readText();
    });
    expect(copied).toMatch(
      new RegExp(
        `^\\(;GM\\[Othello\\].*B\\[F5\\]W\\[D6\\]B\\[C3\\]W\\[${shown.record.slice(6, 8).toUpperCase()}\\];\\)$`,
      ),
    );
  });

  it("plays a forced pass with a notice, the person's and the engine's", async () => {
    // After these moves black has no move.
    const passing = "d3c3b3b2f5a3a1c1";
    await paste(page, passing);
    let shown = await settled(page);
    expect(await page.$eval("#notice", (e) => e.textContent)).toBe("Black has no legal move and passes.");
    // The engine (white) moved after black's pass: black is to play again.
    expect(shown.state).toBe("person");
    expect(shown.record.startsWith(passing)).toBe(true);
    expect(shown.record.length).toBeGreaterThan(passing.length);
    expectBoardOf(shown, replay(shown.record).position);

    // As white, the same game: the engine's (black's) pass is played for it, and white is to move.
    await page.click('input[name="mode"][value="white"]');
    await paste(page, passing);
    shown = await settled(page);
    expect(await page.$eval("#notice", (e) => e.textContent)).toBe("Black has no legal move and passes.");
    expect(shown.state).toBe("person");
    expect(shown.record).toBe(passing);
    expect(shown.status).toBe("White to play: your move.");
    await page.click('input[name="mode"][value="black"]');
  });

  it("in analysis the person plays both sides, and the engine's choice is shown, not played", async () => {
    await page.click('input[name="mode"][value="both"]');
    await page.keyboard.press("n");
    await page.click('[data-square="f5"]');
    let shown = await settled(page);
    expect([shown.state, shown.record, shown.status]).toEqual(["person", "f5", "White to play: your move."]);
    await page.click("#hint");
    await page.waitForFunction(() =>
      /^The engine would play /.test(document.getElementById("notice")!.textContent ?? ""),
    );
    const hinted = await page.$eval("#notice", (e) => /would play (\w+)\./.exec(e.textContent ?? "")?.[1]);
    expect(["f4", "d6", "f6"]).toContain(hinted);
    expect(await page.$eval(`[data-square="${hinted}"]`, (e) => e.classList.contains("hint"))).toBe(true);
    shown = await settled(page);
    expect(shown.record).toBe("f5");
    await page.click(`[data-square="${hinted}"]`);
    shown = await settled(page);
    expect([shown.state, shown.record]).toEqual(["person", `f5${hinted}`]);
    expectBoardOf(shown, replay(shown.record).position);
    await page.click('input[name="mode"][value="black"]');
  });

  it("fits a phone-sized screen", async () => {
    const phone = await browser.newPage();
    await phone.setViewport({ width: 390, height: 844, isMobile: true, hasTouch: true });
    await phone.goto(url, { waitUntil: "load" });
    await settled(phone);
    const layout = await phone.evaluate(() => {
      const board = document.getElementById("board")!.getBoundingClientRect();
      return {
        scrollWidth: document.documentElement.scrollWidth,
        board: { left: board.left, right: board.right, width: board.width },
      };
    });
    expect(layout.scrollWidth).toBeLessThanOrEqual(390);
    expect(layout.board.left).toBeGreaterThanOrEqual(0);
    expect(layout.board.right).toBeLessThanOrEqual(390);
    expect(layout.board.width).toBeGreaterThan(300);
    await phone.tap('[data-square="f5"]');
    const shown = await settled(phone);
    expect(shown.record.startsWith("f5")).toBe(true);
    await phone.close();
  });

  it("reports an engine that crashes on the page, and keeps the game", async () => {
    const crashing = await startUi([
      "--engine",
      `node ${join(ROOT, "test/protocol/match/misbehavingEngine.mjs")} crash`,
    ]);
    const tab = await browser.newPage();
    tab.on("pageerror", (e) => pageErrors.push(String(e)));
    try {
      await tab.goto(crashing.url, { waitUntil: "load" });
      await settled(tab);
      await tab.click('[data-square="f5"]');
      const shown = await settled(tab);
      expect(shown.state).toBe("error");
      expect(shown.status).toMatch(
        /^The engine failed: crash: exited with status 3 before replying to "genmove" \(its last words: .*about to crash on genmove\)\. The game so far is kept\.$/,
      );
      expect(shown.record).toBe("f5");
      expectBoardOf(shown, replay("f5").position);
      // Hints and levels need our engine: the hints say so, the level picker is hidden.
      expect(await tab.$eval("#hints", (e) => (e as HTMLInputElement).disabled)).toBe(true);
      expect(await tab.$eval("#level-label", (e) => (e as HTMLElement).hidden)).toBe(true);
      expect(await tab.$eval("#hints-note", (e) => e.textContent)).toMatch(/^Hints need our engine: this page plays /);
      expect(await tab.$eval("#retry", (e) => (e as HTMLButtonElement).hidden)).toBe(false);
      // A click meanwhile says whose turn it is; asking again reaches a new engine process, which crashes too.
      await tab.click('[data-square="d6"]');
      expect(await tab.$eval("#notice", (e) => e.textContent)).toBe("It is the engine's turn: ask it again, or undo.");
      await tab.click("#retry");
      await tab.waitForFunction(
        () =>
          document.getElementById("status")!.dataset.state === "error" &&
          document.getElementById("status")!.textContent!.includes("crash"),
      );
      expect((await snapshot(tab)).record).toBe("f5");
      // Undo takes the game back to the person's move.
      await tab.click("#undo");
      const undone = await settled(tab);
      expect([undone.state, undone.record]).toEqual(["person", ""]);
    } finally {
      await tab.close();
      crashing.child.kill("SIGINT");
    }
  });

  it("raised no error in the page's script", () => {
    expect(pageErrors).toEqual([]);
  });
});
