import type { Page } from "puppeteer-core";
import { beforeAll, describe, expect, it } from "vitest";
import { gameUpTo } from "../../protocol/ui/page/pageGame.js";
import { Position } from "../../src/index.js";
import { expectBoardOf, replay, setSeconds, settled, snapshot } from "./pageDriver.js";
import { BEFORE_BLUNDER, hints, paste, reviewed, setupUi } from "./uiSetup.js";

/**
 * `othello ui` in Debian's chromium, its hints and its review: every legal move's value while the
 * engine thinks and the exact scores near the end, a search for a position played past, and the
 * review of a game with a known blunder, on the move list and on the board. Its own server and
 * browser: the rest is ui.browser.ts's. The page's script must raise no error (checked after all).
 */

const ui = setupUi({ expectNoPageErrors: true });
let page: Page;
beforeAll(() => {
  ({ page } = ui);
});

describe("othello ui in a browser", () => {
  it("shows the engine's value of every legal move while it thinks, and exact scores near the end", async () => {
    await page.click('input[name="mode"][value="both"]');
    await page.keyboard.press("n");
    await settled(page);
    await setSeconds(page, 2);
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
    await setSeconds(page, 0.05);
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
    await setSeconds(page, 1.5);
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
    await setSeconds(page, 0.05);
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
});
