// @ts-check
// A plain static server for the page of `make web`, as any host would serve it: the browser test
// (test/browser/web.browser.ts) and `make web-bench` (tools/webBench.mjs) load the page through it.
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { extname, join } from "node:path";

/** @type {Record<string, string>} */
const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".weights": "application/octet-stream",
  ".book": "text/plain; charset=utf-8",
};

/**
 * Serves a copy of the folder `web` (so that another build of the checkout meanwhile does not
 * change the page) on a free loopback port, under each of `sites` (paths ending in "/"), files
 * read at each request; anything else is a 404. `alter` may change a file's bytes as served
 * under one site (a corrupt download). `close` stops the server and removes the copy.
 *
 * @param {string} web
 * @param {readonly string[]} sites
 * @param {(site: string, name: string, bytes: Buffer) => void} [alter]
 * @returns {Promise<{ origin: string, close: () => void }>}
 */
export async function serveCopy(web, sites, alter) {
  const folder = mkdtempSync(join(tmpdir(), "othello-web-"));
  cpSync(web, folder, { recursive: true });
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://localhost").pathname;
    const site = sites.find((s) => path.startsWith(s));
    const name = site === undefined ? "" : path.slice(site.length) || "index.html";
    const file = join(folder, name);
    if (site === undefined || name.includes("/") || !existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    const bytes = readFileSync(file);
    alter?.(site, name, bytes);
    response
      .writeHead(200, {
        "content-type": TYPES[extname(name)] ?? "application/octet-stream",
        "content-length": bytes.length,
      })
      .end(bytes);
  });
  const port = await new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      resolve(typeof address === "object" && address !== null ? address.port : 0);
    }),
  );
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => {
      server.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
