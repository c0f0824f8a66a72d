// make web-bench: the static page's engine (dist/web/) in headless chromium against the same
// engine in Node (dist/othello.js), side by side in the same minutes:
// - the search's visits a second on the same positions, the browser's worker and Node taking
//   turns position by position, so that both see the same load, and their ratio;
// - the tab's peak memory during a 5 s move at the top level;
// - how long from the page's opening to the engine's first move at the top level, 1 s a move.
// The page is served by a plain static server under a sub-path, as any host would serve it.
// Figures only: nothing here passes or fails.
import { spawn } from "node:child_process";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { serveCopy } from "./staticSite.mjs";
import { join } from "node:path";
import { createInterface } from "node:readline";
import puppeteer from "puppeteer-core";

const ROOT = join(import.meta.dirname, "..");
const WEB = join(ROOT, "dist", "web");
const CHROMIUM = process.env.CHROMIUM ?? "/usr/bin/chromium";
const SITE = "/games/othello/";
const SECONDS = Number(process.env.WEB_BENCH_SECONDS ?? 2);
const SEED = 1;
/** The page's tree pool on a computer (protocol/web/workerEngine.ts), given to Node as well. */
const MAX_NODES = 4_000_000;
/** The page's top level: the full engine (protocol/engine/levels.ts). */
const TOP_LEVEL = 10;
/** A game (the engine tests' own); its prefixes past the opening are the positions searched. */
const GAME = "f5d6c4g5f6f4f3e3d3f7g4h3e6g3h6g6f8e7e8c5c7c6b5c8d7b6h7d8g7a4a6d2c2b3c3b4d1f2e2a5a3h8g8e1h4h5";
/** Longest first: none is the start of the next, so that each search starts from an empty tree on both sides. */
const PLIES = [34, 30, 26, 22, 18, 14];
/** 20 moves: black to move, a position the top level searches for its whole time. */
const MIDGAME = GAME.slice(0, 40);

/** The record's moves as the engine's squares (src/notation.ts: row * 8 + column). */
function squares(record) {
  return (record.match(/../g) ?? []).map((v) => (Number(v[1]) - 1) * 8 + (v.charCodeAt(0) - 97));
}

/** `othello --gtp` in Node, no book, the page's pool: `search(record)` answers its move there and its search line's visits and seconds. */
function nodeEngine() {
  const child = spawn(
    process.execPath,
    [
      join(ROOT, "dist/othello.js"),
      "--gtp",
      "--no-book",
      "--time",
      String(SECONDS),
      "--seed",
      String(SEED),
      "--max-nodes",
      String(MAX_NODES),
    ],
    { stdio: ["pipe", "pipe", "pipe"] },
  );
  const searches = [];
  const replies = [];
  let waiting;
  const settle = () => {
    if (waiting !== undefined && replies.length > 0 && searches.length > 0) {
      const done = waiting;
      waiting = undefined;
      done({ reply: replies.shift(), search: searches.shift() });
    }
  };
  createInterface({ input: child.stderr }).on("line", (line) => {
    // "search: white: 6624 visits in 0.80 s (8271/s; ..."
    const m = /^search: (?:black|white): (\d+) visits in ([\d.]+) s/.exec(line);
    if (m !== null) searches.push({ visits: Number(m[1]), seconds: Number(m[2]) });
    settle();
  });
  createInterface({ input: child.stdout }).on("line", (line) => {
    if (/^= [A-Ha-h][1-8]|^= pass/.test(line)) replies.push(line.slice(2).toLowerCase());
    settle();
  });
  return {
    search(record) {
      const moves = record.match(/../g) ?? [];
      const colour = (ply) => (ply % 2 === 0 ? "b" : "w");
      const commands = [
        "clear_board",
        ...moves.map((m, i) => `play ${colour(i)} ${m}`),
        `genmove ${colour(moves.length)}`,
      ];
      const answer = new Promise((resolve) => (waiting = resolve));
      child.stdin.write(`${commands.join("\n")}\n`);
      return answer;
    },
    end() {
      child.stdin.end("quit\n");
    },
  };
}

/**
 * A worker of the page's own in `page`, started as the page starts one but with no book; the
 * page's `benchSearch(moves, seconds, level)` then answers its move after `moves` and the search's report.
 */
async function startBenchWorker(page) {
  await page.evaluate(
    async (seed, maxNodes) => {
      const weights = await (await fetch("eval.weights")).arrayBuffer();
      // The book's header line alone: an empty book, every move the search's, as with Node's --no-book.
      const book = `${(await (await fetch("opening.book")).text()).split("\n")[0]}\n`;
      const worker = new Worker("engine.js");
      const next = () =>
        new Promise((resolve) => {
          worker.onmessage = (event) => {
            if (event.data.kind !== "thinking") resolve(event.data);
          };
        });
      const ready = next();
      worker.postMessage({ kind: "start", weights, book, seed, maxNodes }, [weights]);
      const started = await ready;
      if (started.kind !== "ready") throw new Error(`the worker did not start: ${JSON.stringify(started)}`);
      let id = 0;
      window.benchSearch = async (moves, seconds, level) => {
        const answer = next();
        worker.postMessage({ kind: "move", id: ++id, moves, seconds, level, hint: false });
        return answer;
      };
    },
    SEED,
    MAX_NODES,
  );
}

/** The processes under `pid`, itself included. */
function processTree(pid) {
  const parents = new Map();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The command's name is in parentheses and may hold spaces: the parent pid follows it.
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
    } catch {
      // The process ended while we read.
    }
  }
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) for (const [child, parent] of parents) if (parent === tree[i]) tree.push(child);
  return tree;
}

/**
 * The memory of the browser's processes, summed, in MB: their resident memory (RSS, which counts
 * the pages they share once for each), and their proportional share of it (PSS, each shared page
 * divided among its processes).
 */
function browserMemory(browser) {
  const kb = { rss: 0, pss: 0 };
  for (const pid of processTree(browser.process().pid)) {
    try {
      const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, "utf8");
      kb.rss += Number(/^Rss:\s+(\d+) kB/m.exec(rollup)?.[1] ?? 0);
      kb.pss += Number(/^Pss:\s+(\d+) kB/m.exec(rollup)?.[1] ?? 0);
    } catch {
      // The process ended while we read.
    }
  }
  return { rss: kb.rss / 1024, pss: kb.pss / 1024 };
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The page in a tab of a new browser context (an empty cache), once its engine is ready. */
async function openPage(browser, url) {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  page.on("pageerror", (e) => console.error(`page error: ${e}`));
  await page.goto(url, { waitUntil: "domcontentloaded" });
  await page.waitForFunction(() => document.getElementById("opponent").textContent.startsWith("against"), {
    timeout: 60_000,
  });
  return { context, page };
}

/** Waits until the page's record holds more than `count` moves. */
const movesPlayed = (page, count) =>
  page.waitForFunction(
    (n) => (document.getElementById("record").textContent.match(/[a-h][1-8]/g) ?? []).length > n,
    { timeout: 60_000 },
    count,
  );

/**
 * From the page's opening to its engine's first move at the top level, 1 s a move, in a new tab
 * with an empty cache, the person playing white: when the engine's files had come, when the engine
 * was ready, and when its move was played, each in seconds since the page's navigation began.
 */
async function firstMove(browser, url, pasted) {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  // What the page says of its engine, and its record, each change timed by the page's own clock.
  await page.evaluateOnNewDocument(() => {
    const changes = [];
    window.benchChanges = changes;
    document.addEventListener("DOMContentLoaded", () => {
      for (const id of ["opponent", "record"]) {
        const shown = document.getElementById(id);
        new MutationObserver(() => changes.push({ id, at: performance.now(), text: shown.textContent })).observe(
          shown,
          {
            childList: true,
            characterData: true,
            subtree: true,
          },
        );
      }
    });
  });
  await page.goto(url, { waitUntil: "domcontentloaded" });
  // The game first, then the side: the engine is asked once, as soon as it has loaded (a game
  // pasted after the mode would end a search already begun, and the worker with it).
  if (pasted !== "") {
    await page.$eval("#paste", (e, record) => (e.value = record), pasted);
    await page.$eval("#load", (form) => form.requestSubmit());
  }
  // The engine (black) moves first.
  await page.click('input[name="mode"][value="white"]');
  await movesPlayed(page, pasted.length / 2);
  const changes = await page.evaluate(() => window.benchChanges);
  const report = await page.$eval("#report", (e) => e.textContent);
  await context.close();
  const when = (id, shown) => (changes.find((c) => c.id === id && shown(c.text))?.at ?? Number.NaN) / 1000;
  return {
    files: when("opponent", (text) => text.startsWith("Starting the engine")),
    ready: when("opponent", (text) => text.startsWith("against")),
    moved: when("record", (text) => (text.match(/[a-h][1-8]/g) ?? []).length > pasted.length / 2),
    report,
  };
}

/** The browser's memory before and at its peak during a 5 s move at the top level, in the page's own flow. */
async function peakMemory(browser, url) {
  const { context, page } = await openPage(browser, url);
  await sleep(1000);
  const before = browserMemory(browser);
  await page.$eval("#seconds", (e) => {
    e.value = "5";
    e.dispatchEvent(new Event("change"));
  });
  await page.click('input[name="mode"][value="white"]');
  await page.$eval("#paste", (e, record) => (e.value = record), MIDGAME);
  await page.click("#load button");
  const peak = { ...before };
  const moved = movesPlayed(page, MIDGAME.length / 2).then(() => true);
  while (!(await Promise.race([moved, sleep(100).then(() => false)]))) {
    const now = browserMemory(browser);
    peak.rss = Math.max(peak.rss, now.rss);
    peak.pss = Math.max(peak.pss, now.pss);
  }
  const report = await page.$eval("#report", (e) => e.textContent);
  await context.close();
  return { before, peak, report };
}

/** Rows of cells in columns, right-aligned. */
function table(rows) {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => String(r[c]).length)));
  return rows.map((r) => r.map((cell, c) => String(cell).padStart(widths[c])).join("  ")).join("\n");
}

if (!existsSync(join(WEB, "index.html")) || !existsSync(join(ROOT, "dist/othello.js")))
  throw new Error("build the page and the engine first: make othello web");
if (!existsSync(CHROMIUM)) throw new Error(`no browser at ${CHROMIUM}: install Debian's chromium or set CHROMIUM`);

const site = await serveCopy(WEB, [SITE]);
const url = `${site.origin}${SITE}`;
const browser = await puppeteer.launch({
  executablePath: CHROMIUM,
  headless: true,
  args: ["--no-sandbox", "--disable-gpu"],
});
const node = nodeEngine();
try {
  console.log(
    `web-bench: ${url} in ${(await browser.version()).trim()}, Node ${process.version}; ${SECONDS} s a position, no book, a pool of ${MAX_NODES.toLocaleString("en-US")} nodes`,
  );
  const { context: speedContext, page } = await openPage(browser, url);
  await startBenchWorker(page);
  const rows = [["plies", "move (browser, node)", "browser visits/s", "node visits/s", "ratio"]];
  const ratios = [];
  const inBrowser = async (ply) => {
    const answer = await page.evaluate(
      (moves, seconds, level) => window.benchSearch(moves, seconds, level),
      squares(GAME.slice(0, 2 * ply)),
      SECONDS,
      TOP_LEVEL,
    );
    if (answer.kind !== "move" || answer.report?.kind !== "search")
      throw new Error(`the worker did not search after ${ply} plies: ${JSON.stringify(answer).slice(0, 300)}`);
    return { move: answer.move, rate: answer.report.playouts / answer.report.seconds };
  };
  const inNode = async (ply) => {
    const { reply, search } = await node.search(GAME.slice(0, 2 * ply));
    return { move: reply, rate: search.visits / search.seconds };
  };
  // A search on each side first, not counted, so that neither is measured before its compiler has warmed up.
  await inBrowser(PLIES[0]);
  await inNode(PLIES[0]);
  for (const [i, ply] of PLIES.entries()) {
    // Each goes first at every other position.
    let inBrowserResult;
    let inNodeResult;
    if (i % 2 === 0) {
      inBrowserResult = await inBrowser(ply);
      inNodeResult = await inNode(ply);
    } else {
      inNodeResult = await inNode(ply);
      inBrowserResult = await inBrowser(ply);
    }
    const ratio = inBrowserResult.rate / inNodeResult.rate;
    ratios.push(ratio);
    rows.push([
      ply,
      `${inBrowserResult.move}, ${inNodeResult.move}`,
      Math.round(inBrowserResult.rate),
      Math.round(inNodeResult.rate),
      ratio.toFixed(2),
    ]);
  }
  const mean = ratios.reduce((a, b) => a + b, 0) / ratios.length;
  rows.push(["mean", "", "", "", mean.toFixed(2)]);
  console.log(
    `\nThe search's speed, the browser's worker against Node (goal: a ratio of at least 0.80)\n${table(rows)}`,
  );

  await speedContext.close();

  const memory = await peakMemory(browser, url);
  const mb = (what) =>
    `before ${memory.before[what].toFixed(0)} MB, peak ${memory.peak[what].toFixed(0)} MB (+${(memory.peak[what] - memory.before[what]).toFixed(0)} MB)`;
  console.log(
    "\nThe browser's memory, all its processes, the page alone open, during a 5 s move at the top level:\n" +
      `  resident (RSS, summed): ${mb("rss")}\n  proportional (PSS, summed): ${mb("pss")}\n  ${memory.report}`,
  );

  const opening = await firstMove(browser, url, "");
  const searched = await firstMove(browser, url, MIDGAME);
  const seconds = (at) => `${at.toFixed(2)} s`;
  const line = (what, times) =>
    `  ${what}: files in ${seconds(times.files)}, engine ready ${seconds(times.ready)}, move played ${seconds(times.moved)}; ${times.report}`;
  console.log(
    "\nFrom the page's opening (a new tab, an empty cache) to the engine's first move at the top level, 1 s a move," +
      " in seconds since the navigation began (goal: the move within 1.5 s):\n" +
      `${line("the opening (a book move)", opening)}\n${line("a pasted game (a 1 s search)", searched)}`,
  );
} finally {
  node.end();
  await browser.close();
  site.close();
}
