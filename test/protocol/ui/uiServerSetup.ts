import { join } from "node:path";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll } from "vitest";
import { ProcessRegistry } from "../../../protocol/controller/engineProcess.js";
import { shippedWeights } from "../../../protocol/engine/evaluationWeights.js";
import { Analyst } from "../../../protocol/ui/analyst.js";
import { processLinks } from "../../../protocol/ui/engineLinks.js";
import { Opponent } from "../../../protocol/ui/opponent.js";
import {
  OpponentTables,
  type PageFiles,
  type UiInfo,
  createUiServer,
  loadPage,
} from "../../../protocol/ui/uiServer.js";
import { Game, parseGameRecord, parseVertex } from "../../../src/index.js";

/**
 * What the end-to-end tests of `othello ui`'s server share: the built page, servers on free
 * loopback ports whose games the engine processes given play, and the requests to them.
 */

export const ROOT = join(import.meta.dirname, "..", "..", "..");
export const OTHELLO = join(ROOT, "dist/othello.js");
export const MISBEHAVING = join(ROOT, "test/protocol/match/misbehavingEngine.mjs");
export const INFO: UiInfo = {
  engine: "test engine",
  seconds: 0.05,
  minSeconds: 0.01,
  maxSeconds: 60,
  hints: true,
  exactEmpties: 18,
  levels: [],
  level: 0,
};
export const LIMITS = { replyMs: 3000, graceMs: 700 };

export interface Served {
  readonly base: string;
  readonly tables: OpponentTables;
  readonly server: Server;
}

/** A test file's servers, set up by setupUiServer once its beforeAll has run. */
export interface UiServers {
  /** The page's files, built by `make all`. */
  readonly page: PageFiles;
  readonly analyst: Analyst;
  /** Run by the afterAll: each closes what a test started. */
  readonly closers: (() => void)[];
  /** A server on a free loopback port whose games are played by `argv` (one process per game id). */
  serve(argv: string[], protocol?: "otp" | "gtp"): Promise<Served>;
  /** `server` on a free loopback port, closed with its `tables` after all. */
  listen(server: Server, tables: OpponentTables): Promise<Served>;
}

/** Registers the test file's beforeAll, which loads the page, and afterAll, which closes its servers and engines. */
export function setupUiServer(): UiServers {
  const registry = new ProcessRegistry();
  const closers: (() => void)[] = [];
  let page: PageFiles | undefined;
  const analyst = new Analyst(shippedWeights, join(ROOT, "dist/analysisWorker.js"));

  beforeAll(() => {
    const loaded = loadPage(join(ROOT, "dist/ui"));
    if (!loaded.ok) throw new Error(loaded.error);
    page = loaded.value;
  }, 60_000);

  afterAll(() => {
    for (const close of closers) close();
    registry.killAll();
    analyst.close();
  });

  async function listen(server: Server, tables: OpponentTables): Promise<Served> {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    closers.push(() => {
      tables.close();
      server.closeAllConnections();
      server.close();
    });
    return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, tables, server };
  }

  return {
    get page() {
      return page!;
    },
    analyst,
    closers,
    listen,
    serve(argv, protocol = "otp") {
      const tables = new OpponentTables(
        () => new Opponent(processLinks(argv, protocol, registry, LIMITS.replyMs), LIMITS),
        3,
        60_000,
      );
      return listen(createUiServer(page!, INFO, tables, analyst), tables);
    },
  };
}

/** Asks /api/move with `body` (a string sent as it is); the status and the answer's JSON. */
export async function askMove(base: string, body: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(`${base}/api/move`, {
    method: "POST",
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

/** The game of a move list; an illegal one throws. */
export function replay(record: string): Game {
  const moves = parseGameRecord(record);
  if (!moves.ok) throw new Error(moves.error);
  const game = new Game();
  for (const m of moves.value) game.play(m);
  return game;
}

/** Whether `move` is legal after `record`. */
export const legalAfter = (record: string, move: string): boolean => {
  const square = parseVertex(move);
  return square.ok && replay(record).position.isLegal(square.value);
};
