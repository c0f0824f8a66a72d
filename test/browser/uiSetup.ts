import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";
import type { Browser, Page } from "puppeteer-core";
import { afterAll, beforeAll, expect } from "vitest";
import { ROOT, launchBrowser } from "./pageDriver.js";

/**
 * What the browser tests of `othello ui` share: the server and the browser each test file starts,
 * and the page's hints, review and paste box as a person uses them.
 */

/** Black, at 14 empties, plays b8: 20 discs worse than f1, the one best move (-2 against -22). */
export const BEFORE_BLUNDER =
  "f5d6c4g5f6f4f3e3d3f7g4h3e6g3h6g6f8e7e8c5c7c6b5c8d7b6h7d8g7a4a6d2c2b3c3b4d1f2e2a5a3h8g8e1h4h5";

/** A test file's `othello ui` and browser, set up by setupUi once its beforeAll has run. */
export interface UiSession {
  readonly url: string;
  readonly browser: Browser;
  readonly page: Page;
  /** What `othello ui` wrote on its standard error, the servers of startUi included. */
  readonly serverLog: string[];
  /** The errors the script of the page, or of any tab opened on the session's behalf, raised. */
  readonly pageErrors: string[];
  /** `othello ui` on a free port with `args`; resolves with its address once it prints it. */
  startUi(args: string[]): Promise<{ child: ChildProcess; url: string }>;
}

/**
 * Registers the test file's beforeAll and afterAll: `othello ui` at a tiny time, no book and a fixed
 * seed, and a tab on it in Debian's chromium, desktop-sized, without animations. When
 * `expectNoPageErrors`, the afterAll fails the file on an error the page's script raised (for a
 * file with no test of its own that says so).
 */
export function setupUi(options: { expectNoPageErrors?: boolean } = {}): UiSession {
  const serverLog: string[] = [];
  const pageErrors: string[] = [];
  let server: ChildProcess | undefined;
  let url = "";
  let browser: Browser | undefined;
  let page: Page | undefined;

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
    browser = await launchBrowser();
    ({ child: server, url } = await startUi(["--time", "0.05", "--seed", "7", "--no-book"]));
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
    if (options.expectNoPageErrors === true) expect(pageErrors, "errors in the page's script").toEqual([]);
  });

  return {
    get url() {
      return url;
    },
    get browser() {
      return browser!;
    },
    get page() {
      return page!;
    },
    serverLog,
    pageErrors,
    startUi,
  };
}

/** Pastes a game and loads it, typed into the box and the button clicked. */
export async function paste(p: Page, record: string): Promise<void> {
  await p.$eval("#paste", (e) => ((e as HTMLInputElement).value = ""));
  await p.type("#paste", record);
  await p.click("#load button");
}

/** The hints on the board: each valued square's value and what is under it, by square. */
export function hints(p: Page): Promise<Record<string, { main: string; detail: string; top: boolean }>> {
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
export async function reviewed(p: Page): Promise<string> {
  await p.keyboard.press("r");
  await p.waitForFunction(() => /^Reviewed /.test(document.getElementById("review-status")!.textContent ?? ""), {
    timeout: 60_000,
  });
  return p.$eval("#review-status", (e) => e.textContent ?? "");
}
