import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import puppeteer, { type Browser, type Page } from "puppeteer-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Game, type Move, PASS, Position, formatGameRecord, formatVertex, parseGameRecord } from "../../src/index.js";
import { gameUpTo, undoLength } from "../../protocol/ui/page/pageGame.js";

/**
 * `othello ui` in Debian's chromium, driven by puppeteer-core: a whole game clicked against our
 * engine at a tiny time, the board checked against the rules after every move, an illegal
 * click, undo and new game, the hints, the graph's two lines, the review of a game with a known
 * blunder, the phone-sized layout, and the README's screenshot.
 */

const ROOT = join(import.meta.dirname, "..", "..");
const CHROMIUM = process.env.CHROMIUM ?? "/usr/bin/chromium";
const SCREENSHOT = join(ROOT, "docs", "ui.png");

let server: ChildProcess;
let url: string;
let browser: Browser;
let page: Page;
const serverLog: string[] = [];
const pageErrors: string[] = [];

/** `othello ui` on a free port with `args`; resolves with its address once it prints it. */
async function startUi(args: string[]): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn("node", [join(ROOT, "dist/othello.js"), "ui", "--port", "0", ...args], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stderr!.setEncoding("utf8").on("data", (d: string) => serverLog.push(d));
  const address = await new Promise<string>((resolve, reject) => {
    let out = "";
    child.stdout!.setEncoding("utf8").on("data", (d: string) => {
      out += d;
      const m = /open (http:\/\/\S+)/.exec(out);
      if (m !== null) resolve(m[1]!);
    });
    child.once("exit", (code) => reject(new Error(`othello ui exited with ${code}: ${serverLog.join("")}`)));
  });
  return { child, url: address };
}

beforeAll(async () => {
  if (!existsSync(CHROMIUM))
    throw new Error(`no browser at ${CHROMIUM}: install Debian's chromium (apt-get install chromium) or set CHROMIUM`);
  ({ child: server, url } = await startUi(["--time", "0.05", "--seed", "7", "--no-book"]));
  browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ["--no-sandbox", "--disable-gpu"],
  });
  page = await browser.newPage();
  page.on("pageerror", (e) => pageErrors.push(String(e)));
  await page.setViewport({ width: 1000, height: 760 });
  // No fading discs: the screenshot shows the board as it is.
  await page.emulateMediaFeatures([{ name: "prefers-reduced-motion", value: "reduce" }]);
  await page.goto(url, { waitUntil: "load" });
});

afterAll(async () => {
  await browser?.close();
  server?.kill("SIGINT");
});

interface Snapshot {
  readonly record: string;
  readonly discs: string[];
  readonly legal: string[];
  readonly state: string;
  readonly status: string;
  readonly counts: readonly string[];
}

/** What the page shows now: the move list, every square's disc, the squares marked legal, the status. */
function snapshot(p: Page): Promise<Snapshot> {
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
        document.querySelector("#black-count .n")!.textContent ?? "",
        document.querySelector("#white-count .n")!.textContent ?? "",
      ],
    };
  });
}

/** The position the rules give for a move list; the test fails when the list holds an illegal move. */
function replay(record: string): Game {
  const moves = parseGameRecord(record);
  if (!moves.ok) throw new Error(`the page shows an illegal game "${record}": ${moves.error}`);
  const game = new Game();
  for (const move of moves.value) game.play(move);
  return game;
}

function expectBoardOf(shown: Snapshot, position: Position): void {
  const expected = Array.from({ length: 64 }, (_, s) => ["empty", "black", "white"][position.discAt(s)]);
  expect(shown.discs, `the board after "${shown.record}"`).toEqual(expected);
  expect(shown.counts).toEqual([String(position.blackDiscs()), String(position.whiteDiscs())]);
}

/** Waits until the page waits for the person or the game is over (or an error shows), then returns what it shows. */
async function settled(p: Page): Promise<Snapshot> {
  await p.waitForFunction(
    () => ["person", "over", "error"].includes(document.getElementById("status")!.dataset.state ?? ""),
    { timeout: 60_000 },
  );
  return snapshot(p);
}

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

const square = (move: Move): string => formatVertex(move).toLowerCase();

/** Black, at 14 empties, plays b8: 20 discs worse than f1, the one best move (-2 against -22). */
const BEFORE_BLUNDER = "f5d6c4g5f6f4f3e3d3f7g4h3e6g3h6g6f8e7e8c5c7c6b5c8d7b6h7d8g7a4a6d2c2b3c3b4d1f2e2a5a3h8g8e1h4h5";

/** Pastes a game and loads it. */
async function paste(p: Page, record: string): Promise<void> {
  await p.$eval("#paste", (e) => ((e as HTMLInputElement).value = ""));
  await p.type("#paste", record);
  await p.click("#load button");
}

/** The hints on the board: each valued square's value and what is under it, by square. */
function hints(p: Page): Promise<Record<string, { main: string; detail: string; top: boolean }>> {
  return p.$$eval("#board .valued", (squares) =>
    Object.fromEntries(
      squares.map((s) => [
        (s as HTMLElement).dataset.square!,
        {
          main: s.querySelector(".value b")!.textContent ?? "",
          detail: s.querySelector(".value small")!.textContent ?? "",
          top: s.classList.contains("top"),
        },
      ]),
    ),
  );
}

/** Presses R and waits for the review to end; its summary. */
async function reviewed(p: Page): Promise<string> {
  await p.keyboard.press("r");
  await p.waitForFunction(() => /^Reviewed /.test(document.getElementById("review-status")!.textContent ?? ""), {
    timeout: 60_000,
  });
  return p.$eval("#review-status", (e) => e.textContent ?? "");
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
      const game = replay(shown.record);
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
    const [black, white] = [final.position.blackDiscs(), final.position.whiteDiscs()];
    expect(shown.status).toBe(
      black === white
        ? `Game over: a draw, ${black}–${white}`
        : `Game over: ${black > white ? "Black" : "White"} wins ${Math.max(black, white)}–${Math.min(black, white)}`,
    );
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

  it("undo goes back to the person's previous move, and new game to the start", async () => {
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

    await page.keyboard.press("n");
    const fresh = await settled(page);
    expect(fresh.record).toBe("");
    expectBoardOf(fresh, Position.initial());
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

  it("continues a pasted game and refuses a broken one", async () => {
    await page.$eval("#paste", (e) => ((e as HTMLInputElement).value = ""));
    await page.type("#paste", "f5d6c3d3c4");
    await page.click("#load button");
    let shown = await settled(page);
    expect(shown.record.startsWith("f5d6c3d3c4")).toBe(true);
    expect(shown.record.length).toBe(12); // black played c4, the engine answered
    expectBoardOf(shown, replay(shown.record).position);
    await page.$eval("#paste", (e) => ((e as HTMLInputElement).value = ""));
    await page.type("#paste", "f5f5");
    await page.click("#load button");
    expect(await page.$eval("#notice", (e) => e.textContent)).toMatch(/cannot be played.*f5.*occupied/);
    shown = await snapshot(page);
    expect(shown.record.startsWith("f5d6c3d3c4")).toBe(true);
  });

  it("shows the engine's search as it runs, then its report with the move", async () => {
    await page.click("#new");
    await settled(page);
    await page.$eval("#seconds", (e) => ((e as HTMLInputElement).value = "1.5"));
    await page.$eval("#seconds", (e) => e.dispatchEvent(new Event("change")));
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
    await page.$eval("#seconds", (e) => ((e as HTMLInputElement).value = "0.05"));
    await page.$eval("#seconds", (e) => e.dispatchEvent(new Event("change")));
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
    await page.$eval("#paste", (e) => ((e as HTMLInputElement).value = ""));
    await page.type("#paste", passing);
    await page.click("#load button");
    let shown = await settled(page);
    expect(await page.$eval("#notice", (e) => e.textContent)).toBe("Black has no legal move and passes.");
    // The engine (white) moved after black's pass: black is to play again.
    expect(shown.state).toBe("person");
    expect(shown.record.startsWith(passing)).toBe(true);
    expect(shown.record.length).toBeGreaterThan(passing.length);
    expectBoardOf(shown, replay(shown.record).position);

    // As white, the same game: the engine's (black's) pass is played for it, and white is to move.
    await page.click('input[name="mode"][value="white"]');
    await page.$eval("#paste", (e) => ((e as HTMLInputElement).value = ""));
    await page.type("#paste", passing);
    await page.click("#load button");
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

  it("shows the engine's value of every legal move while it thinks, and exact scores near the end", async () => {
    await page.click('input[name="mode"][value="both"]');
    await page.keyboard.press("n");
    await settled(page);
    await page.$eval("#seconds", (e) => ((e as HTMLInputElement).value = "2"));
    await page.$eval("#seconds", (e) => e.dispatchEvent(new Event("change")));
    await page.keyboard.press("v");
    expect(await page.$eval("#notice", (e) => e.textContent)).toMatch(/^Hints on/);
    // While the engine searches black's first move, each legal square shows its win rate and visits.
    await page.waitForFunction(() => document.querySelectorAll("#board .valued").length === 4, { timeout: 5000 });
    expect((await snapshot(page)).state).toBe("engine");
    const early = await hints(page);
    expect(Object.keys(early).sort()).toEqual(["c4", "d3", "e6", "f5"]);
    for (const value of Object.values(early)) {
      expect(value.main).toMatch(/^\d+%$/);
      expect(value.detail).toMatch(/^\d+(\.\d)?[kM]?$/);
    }
    // They grow as it thinks.
    const visits = (values: typeof early) =>
      Object.values(values).reduce(
        (sum, v) => sum + Number.parseFloat(v.detail) * (v.detail.endsWith("k") ? 1000 : 1),
        0,
      );
    await page.waitForFunction(
      (before: number) =>
        [...document.querySelectorAll("#board .valued .value small")].reduce(
          (sum, e) => sum + Number.parseFloat(e.textContent ?? "") * ((e.textContent ?? "").endsWith("k") ? 1000 : 1),
          0,
        ) > before,
      { timeout: 5000 },
      visits(early),
    );
    const done = await settled(page);
    expect(done.state).toBe("person");
    const final = await hints(page);
    expect(Object.values(final).filter((v) => v.top)).toHaveLength(1);
    expect(await page.$eval('[data-square="d3"]', (e) => e.getAttribute("aria-label"))).toMatch(
      /^d3, empty, legal move, the engine: wins \d+\.\d% of [\d,]+ visits/,
    );

    // Near the end the squares show the exact final margin of each move, the best marked.
    await page.$eval("#seconds", (e) => ((e as HTMLInputElement).value = "0.05"));
    await page.$eval("#seconds", (e) => e.dispatchEvent(new Event("change")));
    await paste(page, BEFORE_BLUNDER);
    await page.waitForFunction(
      () => document.querySelector('[data-square="b8"] .value small')?.textContent === "exact",
      {
        timeout: 10_000,
      },
    );
    expect(await hints(page)).toEqual({
      f1: { main: "-2", detail: "exact", top: true },
      g1: { main: "-12", detail: "exact", top: false },
      g2: { main: "-10", detail: "exact", top: false },
      h2: { main: "-10", detail: "exact", top: false },
      a7: { main: "-4", detail: "exact", top: false },
      b7: { main: "-16", detail: "exact", top: false },
      b8: { main: "-22", detail: "exact", top: false },
    });
    await page.keyboard.press("v");
    expect(await hints(page)).toEqual({});
  });

  it("drops what a search for a position the person played past says", async () => {
    await page.click('input[name="mode"][value="black"]');
    await page.keyboard.press("n");
    await page.$eval("#seconds", (e) => ((e as HTMLInputElement).value = "1.5"));
    await page.$eval("#seconds", (e) => e.dispatchEvent(new Event("change")));
    await page.keyboard.press("v");
    await page.waitForFunction(() => document.querySelectorAll("#board .valued").length === 4, { timeout: 5000 });
    // Black plays while the hints' search of its position still runs: the engine finishes that
    // search before it answers, and nothing of it is shown for white's position.
    await page.click('[data-square="f5"]');
    const valued = new Set<string>();
    const views = new Set<string>();
    // Until the engine's reply: then a search of black's position begins, for the hints.
    while ((await snapshot(page)).record === "f5") {
      for (const s of Object.keys(await hints(page))) valued.add(s);
      views.add((await page.$eval("#evaluation", (e) => e.textContent ?? "")).split(" ").slice(0, 7).join(" "));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(
      [...valued].every((s) => ["d6", "f4", "f6"].includes(s)),
      [...valued].join(" "),
    ).toBe(true);
    expect(valued.size).toBeGreaterThan(0);
    expect([...views].some((v) => v.includes("as it thinks: Black"))).toBe(false);
    expect([...views]).toContain("The engine's view as it thinks: White");
    await page.keyboard.press("v");
    await page.$eval("#seconds", (e) => ((e as HTMLInputElement).value = "0.05"));
    await page.$eval("#seconds", (e) => e.dispatchEvent(new Event("change")));
  });

  it("reviews a pasted game: the blunder marked with the best move and the loss, on the list and on the board", async () => {
    await page.click('input[name="mode"][value="both"]');
    await paste(page, `${BEFORE_BLUNDER}b8`);
    await settled(page);
    const summary = await reviewed(page);
    expect(summary).toMatch(/^Reviewed 47 moves: Black lost (about )?\d+ discs in \d+ moves?; White /);
    const blunder = await page.$eval('#move-list [data-ply="46"]', (e) => ({
      text: e.textContent,
      lost: e.classList.contains("lost"),
      label: e.getAttribute("aria-label"),
    }));
    expect(blunder).toEqual({
      text: "47b8−20",
      lost: true,
      label: "Move 47, Black b8 lost 20 discs exactly, by the solver: b8 leads to -22, f1 to -2.",
    });
    // On the board, after b8: b8 marked, and f1, the best move there.
    const marked = () =>
      page.$$eval("#board button", (squares) =>
        squares.flatMap((s) =>
          s.classList.contains("lost") || s.classList.contains("best")
            ? [`${(s as HTMLElement).dataset.square} ${s.classList.contains("lost") ? "lost" : "best"}`]
            : [],
        ),
      );
    expect(await marked()).toEqual(["f1 best", "b8 lost"]);
    expect(await page.$eval("#review-note", (e) => e.textContent)).toBe(blunder.label);
    // Stepping through: the move list's buttons and the arrow keys show the board after any move.
    await page.click('#move-list [data-ply="44"]');
    let shown = await snapshot(page);
    expectBoardOf(shown, gameUpTo(replay(`${BEFORE_BLUNDER}b8`).moves, 45).position);
    expect(await page.$eval("#to-move", (e) => e.textContent)).toBe("After move 45 of 47");
    expect(await page.$eval("#board", (e) => e.classList.contains("viewing"))).toBe(true);
    expect(await page.$eval("#review-note", (e) => e.textContent)).toMatch(/^Move 45, Black h4/);
    expect(shown.legal).toEqual([]);
    await page.click('[data-square="a1"]');
    expect(await page.$eval("#notice", (e) => e.textContent)).toMatch(/after move 45: End .* goes back to the game/);
    // On the board the arrows move the focus; elsewhere they step.
    await page.focus('#move-list [data-ply="44"]');
    await page.keyboard.press("ArrowRight");
    expect(await page.$eval("#to-move", (e) => e.textContent)).toBe("After move 46 of 47");
    expect(await marked()).toEqual([]);
    await page.keyboard.press("Home");
    expectBoardOf(await snapshot(page), Position.initial());
    await page.keyboard.press("End");
    shown = await snapshot(page);
    expect(shown.record).toBe(`${BEFORE_BLUNDER}b8`);
    expect(await page.$eval("#to-move", (e) => e.textContent)).toBe("White to move");
    expect(await marked()).toEqual(["f1 best", "b8 lost"]);
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
      // Hints need our engine, and say so.
      expect(await tab.$eval("#hints", (e) => (e as HTMLInputElement).disabled)).toBe(true);
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
