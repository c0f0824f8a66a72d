import { readFileSync } from "node:fs";
import { type IncomingMessage, type Server, type ServerResponse, createServer } from "node:http";
import { join } from "node:path";
import { Game, type Move, type Result, err, ok, parseGameRecord } from "../../src/index.js";
import type { Analysis } from "./analyst.js";
import type { EngineReport, RootMoves } from "./engineReport.js";
import { type ReviewLine, hundredths, reviewLine, vertex } from "./moveAnalysis.js";
import type { Opponent } from "./opponent.js";

/** The page's files by their path on the server: these, and nothing else, are ever served. */
const PAGE_FILES = {
  "/": { file: "index.html", type: "text/html; charset=utf-8" },
  "/page.js": { file: "page.js", type: "text/javascript; charset=utf-8" },
  "/page.css": { file: "page.css", type: "text/css; charset=utf-8" },
} as const;

export type PageFiles = ReadonlyMap<string, { readonly type: string; readonly body: Buffer }>;

/** The built page (build.mjs writes it to dist/ui/), read once at the start. */
export function loadPage(directory: string): Result<PageFiles> {
  const files = new Map<string, { type: string; body: Buffer }>();
  for (const [path, { file, type }] of Object.entries(PAGE_FILES)) {
    try {
      files.set(path, { type, body: readFileSync(join(directory, file)) });
    } catch (e) {
      return err(`the page is not built (${(e as Error).message}): run "make all"`);
    }
  }
  return ok(files);
}

/** What the page learns at the start. */
export interface UiInfo {
  /** Who the opponent is, as the page shows it ("our engine", the command, the TCP port). */
  readonly engine: string;
  /** The time per move the page starts with, and the range it accepts. */
  readonly seconds: number;
  readonly minSeconds: number;
  readonly maxSeconds: number;
  /** The opponent is our engine, which says every move's value as it thinks: the page can show hints. */
  readonly hints: boolean;
  /** Positions with at most this many empty squares have exact scores (`POST /api/solve`), and their moves are reviewed exactly. */
  readonly exactEmpties: number;
  /** The levels the engine offers, weakest first (none: an engine other than ours, which plays at the time per move alone), and the one to start at. */
  readonly levels: readonly PageLevel[];
  readonly level: number;
}

/** A level as the page offers it. */
export interface PageLevel {
  readonly level: number;
  /** Its name in the picker, and what it means for a person. */
  readonly name: string;
  readonly about: string;
  /** It thinks for the time per move (the top level); the others think a fixed amount. */
  readonly timed: boolean;
}

/**
 * A move request: the game's id (one per tab), its moves in standard notation, the time per
 * move, and the level (undefined when the engine offers none). The page writes passes out
 * (`f5 d6 pass c3`): a forced pass at the end of a record is otherwise left to be played, and
 * the engine would be asked for it.
 */
export interface MoveRequest {
  readonly game: string;
  readonly moves: readonly Move[];
  readonly seconds: number;
  readonly level: number | undefined;
}

/** The engine's answer as the page receives it. */
export interface MoveAnswer {
  readonly move: string;
  readonly engine: string;
  readonly report: EngineReport | undefined;
  /** Our engine's root moves at the end of its search; undefined for other engines, a solve and forced moves. */
  readonly moves: RootMoves | undefined;
}

/** `POST /api/solve`'s answer: the exact final disc difference for the mover after each legal move, or null (see `UiInfo.exactEmpties`). */
export interface SolveAnswer {
  readonly scores: readonly { readonly move: string; readonly score: number }[] | null;
}

/** Larger bodies are refused: a game is a few hundred bytes. */
const MAX_BODY_BYTES = 16 * 1024;

/** A game id as the page makes it: letters, digits and dashes. */
const GAME_ID = /^[\w-]{1,64}$/;

function parseObject(body: string): Result<Record<string, unknown>> {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return err("the request is not JSON");
  }
  return typeof json === "object" && json !== null && !Array.isArray(json)
    ? ok(json as Record<string, unknown>)
    : err("the request is not a JSON object");
}

/** The `moves` field: a legal game from the start, its passes written out. */
function parseMovesField(moves: unknown): Result<Game> {
  if (typeof moves !== "string") return err('"moves" must be a game in standard notation, like "f5d6c3"');
  const parsed = parseGameRecord(moves);
  if (!parsed.ok) return err(`"moves": ${parsed.error}`);
  const played = new Game();
  for (const move of parsed.value) played.play(move);
  return ok(played);
}

/** The body of a move request checked field by field; the error names what is wrong. */
export function parseMoveRequest(body: string, info: UiInfo): Result<MoveRequest> {
  const json = parseObject(body);
  if (!json.ok) return json;
  const { game, moves, seconds, level } = json.value;
  if (typeof game !== "string" || !GAME_ID.test(game))
    return err('"game" must be an id of 1 to 64 letters, digits, "_" or "-"');
  const played = parseMovesField(moves);
  if (!played.ok) return played;
  if (played.value.isOver()) return err('"moves": the game is over, there is no move to make');
  if (typeof seconds !== "number" || !(seconds >= info.minSeconds && seconds <= info.maxSeconds)) {
    return err(`"seconds" must be a number from ${info.minSeconds} to ${info.maxSeconds}`);
  }
  const levels = info.levels.map((l) => l.level);
  if (level !== undefined && levels.length === 0) return err(`"level": ${info.engine} has no levels`);
  if (level !== undefined && !(typeof level === "number" && levels.includes(level)))
    return err(`"level" must be one of ${levels.join(", ")}`);
  // Left out, the level the page starts at.
  return ok({
    game,
    moves: played.value.moves,
    seconds,
    level: levels.length === 0 ? undefined : (level ?? info.level),
  });
}

/**
 * The time the engine is given for the move asked: the request's, except at a level below the
 * top, which searches its fixed visits: the engine's clock would cut them short at a short time
 * (the time box is then the hints' alone), so it gets the longest time, which it does not need.
 */
export function thinkingSeconds(request: MoveRequest, info: UiInfo): number {
  const level = info.levels.find((l) => l.level === request.level);
  return level !== undefined && !level.timed ? info.maxSeconds : request.seconds;
}

/** The body of a review or solve request, `{"moves": "f5d6c3"}`: the game it names. */
export function parseGameRequest(body: string): Result<Game> {
  const json = parseObject(body);
  return json.ok ? parseMovesField(json.value.moves) : json;
}

function headers(type: string): Record<string, string> {
  return {
    "content-type": type,
    "cache-control": "no-store",
    "x-content-type-options": "nosniff",
    "content-security-policy": "default-src 'self'; style-src 'self'; img-src 'self' data:",
  };
}

function send(response: ServerResponse, status: number, type: string, body: string | Buffer): void {
  // The tab may have gone while the engine thought: then there is no one to answer.
  if (response.destroyed) return;
  response.writeHead(status, headers(type));
  response.end(body);
}

function sendJson(response: ServerResponse, status: number, value: unknown): void {
  send(response, status, "application/json; charset=utf-8", JSON.stringify(value));
}

function readBody(request: IncomingMessage): Promise<Result<string>> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on("data", (chunk: Buffer) => {
      size += chunk.length;
      // The rest is read and dropped, so that the answer reaches the client.
      if (size > MAX_BODY_BYTES) resolve(err(`the request is larger than ${MAX_BODY_BYTES} bytes`));
      else chunks.push(chunk);
    });
    request.on("end", () => resolve(ok(Buffer.concat(chunks).toString("utf8"))));
    request.on("error", (e) => resolve(err(e.message)));
  });
}

/** The opponents of the games: `get` makes one for a new game, `find` only looks. */
export interface Opponents {
  get(game: string): Opponent;
  find(game: string): Opponent | undefined;
}

/** What `GET /api/thinking?game=ID` answers: how our engine's search stands, while it thinks. */
export interface ThinkingAnswer {
  /** The number of moves of the game whose move is searched (another request's search may still be running). */
  readonly ply: number | null;
  readonly report: EngineReport | null;
  /** Every root move's standing (our engine with --progress). */
  readonly moves: RootMoves | null;
}

/**
 * The page's server: the page's own files; `GET /api/info`; `POST /api/move`, which asks the
 * game's opponent for its move, and `GET /api/thinking?game=ID`, how that move's search stands
 * meanwhile; `POST /api/review`, every move of a game against the best move there, one line of
 * JSON per move as it is found; `POST /api/solve`, the exact score of each move of a position
 * near the end. Bad requests get 400 and the reason, an engine's failure 502 and what went
 * wrong; the server itself carries on whatever a tab or an engine does, and the analysis runs
 * on its own thread.
 */
export function createUiServer(page: PageFiles, info: UiInfo, opponents: Opponents, analysis: Analysis): Server {
  const server = createServer((request, response) => {
    response.on("error", () => {}); // a tab closed mid-answer
    void answer(request, response).catch((e: unknown) =>
      sendJson(response, 500, { error: `internal error: ${(e as Error).message}` }),
    );
  });

  const posts: Record<string, (body: string, response: ServerResponse) => Promise<void>> = {
    "/api/move": async (body, response) => {
      const move = parseMoveRequest(body, info);
      if (!move.ok) return sendJson(response, 400, { error: move.error });
      const { game, moves: played, level } = move.value;
      const answered = await opponents.get(game).move(played, thinkingSeconds(move.value, info), level);
      if (!answered.ok) return sendJson(response, 502, { error: answered.error });
      const { engine, report, moves } = answered.value;
      sendJson(response, 200, {
        move: vertex(answered.value.move),
        engine,
        report,
        moves,
      } satisfies MoveAnswer);
    },
    "/api/review": async (body, response) => {
      const game = parseGameRequest(body);
      if (!game.ok) return sendJson(response, 400, { error: game.error });
      const started = performance.now();
      const moves = game.value.moves;
      const gone = closed(response);
      response.writeHead(200, headers("application/x-ndjson; charset=utf-8"));
      const line = (value: ReviewLine): void => void response.write(`${JSON.stringify(value)}\n`);
      for (let ply = 0; ply < moves.length && !gone(); ply++) {
        const review = await analysis.review(moves.slice(0, ply), moves[ply]!, gone);
        if (gone()) return;
        if (!review.ok) {
          line({ error: review.error });
          response.end();
          return;
        }
        line(reviewLine(ply, moves[ply]!, review.value));
      }
      line({ done: true, moves: moves.length, seconds: hundredths((performance.now() - started) / 1000) });
      response.end();
    },
    "/api/solve": async (body, response) => {
      const game = parseGameRequest(body);
      if (!game.ok) return sendJson(response, 400, { error: game.error });
      const scores = await analysis.scores(game.value.moves, closed(response));
      if (!scores.ok) return sendJson(response, 503, { error: scores.error });
      sendJson(response, 200, {
        scores: scores.value?.map(({ move, score }) => ({ move: vertex(move), score })) ?? null,
      } satisfies SolveAnswer);
    },
  };

  async function answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? "/", "http://page");
    const path = url.pathname;
    const file = page.get(path === "/index.html" ? "/" : path);
    if (file !== undefined || path === "/api/info" || path === "/api/thinking") {
      if (request.method !== "GET" && request.method !== "HEAD")
        return sendJson(response, 405, { error: `${path} takes GET` });
      if (path === "/api/thinking") {
        const game = url.searchParams.get("game") ?? "";
        if (!GAME_ID.test(game))
          return sendJson(response, 400, { error: '"game" must be an id of 1 to 64 letters, digits, "_" or "-"' });
        const standing = opponents.find(game)?.thinking();
        return sendJson(response, 200, {
          ply: standing?.ply ?? null,
          report: standing?.report ?? null,
          moves: standing?.moves ?? null,
        } satisfies ThinkingAnswer);
      }
      return file === undefined ? sendJson(response, 200, info) : send(response, 200, file.type, file.body);
    }
    const post = Object.hasOwn(posts, path) ? posts[path] : undefined;
    if (post === undefined) return sendJson(response, 404, { error: `${path} is not here` });
    if (request.method !== "POST") return sendJson(response, 405, { error: `${path} takes POST` });
    // Another site's page in the same browser could post here too: a browser names the page's origin, which must be ours.
    const origin = request.headers.origin;
    if (origin !== undefined && origin !== `http://${request.headers.host}`)
      return sendJson(response, 403, { error: `requests from ${origin} are refused` });
    const body = await readBody(request);
    if (!body.ok) return sendJson(response, 413, { error: body.error });
    return post(body.value, response);
  }
  return server;
}

/** Whether the client has gone (a tab closed, a request aborted) before the answer ended. */
function closed(response: ServerResponse): () => boolean {
  let gone = response.destroyed;
  response.once("close", () => (gone = !response.writableFinished));
  return () => gone;
}

/**
 * The opponents of the games in play, one per game id (each tab its own engine), the least
 * recently used given up beyond `max` and any left idle for `idleMs`.
 */
export class OpponentTables {
  private readonly tables = new Map<string, { opponent: Opponent; used: number }>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly make: () => Opponent,
    private readonly max: number,
    private readonly idleMs: number,
  ) {
    this.sweeper = setInterval(() => this.sweep(), Math.max(10, idleMs / 4)).unref();
  }

  get(game: string): Opponent {
    const table = this.tables.get(game) ?? { opponent: this.make(), used: 0 };
    table.used = performance.now();
    this.tables.delete(game);
    this.tables.set(game, table); // the Map's order is the order of use
    for (const [id, oldest] of this.tables) {
      if (this.tables.size <= this.max) break;
      oldest.opponent.close();
      this.tables.delete(id);
    }
    return table.opponent;
  }

  /** The game's opponent if it has one, without making one or counting it as used. */
  find(game: string): Opponent | undefined {
    return this.tables.get(game)?.opponent;
  }

  get size(): number {
    return this.tables.size;
  }

  private sweep(): void {
    const now = performance.now();
    for (const [id, table] of this.tables) {
      if (now - table.used < this.idleMs) continue;
      table.opponent.close();
      this.tables.delete(id);
    }
  }

  close(): void {
    clearInterval(this.sweeper);
    for (const table of this.tables.values()) table.opponent.close();
    this.tables.clear();
  }
}
