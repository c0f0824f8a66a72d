/// <reference lib="dom" />
import { type Move, type Result, err, ok } from "../../../src/index.js";
import type { ReviewLine } from "../moveAnalysis.js";
import type { MoveAnswer, SolveAnswer, ThinkingAnswer, UiInfo } from "../uiServer.js";
import type { PageEngine } from "./pageEngine.js";
import { vertex } from "./pageGame.js";

/** This tab's game id: the server gives each its own engine. */
function newGameId(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
}

const postJson = (path: string, body: unknown, signal?: AbortSignal): Promise<Response> =>
  fetch(path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
    ...(signal === undefined ? {} : { signal }),
  });

/** A game as the server takes it: passes written out, since a record leaves a forced pass at its end unplayed. */
const movesText = (moves: readonly Move[]): string => moves.map(vertex).join(" ");

/**
 * The engine behind the page's server, `othello ui` (uiServer.ts): each question the page asks
 * is one request of the server's API, and comes back as its typed answer. Our engine has the
 * levels, another engine none; a search under way runs to its end (its answer is dropped).
 */
export class ServerEngine implements PageEngine {
  private readonly gameId = newGameId();
  /** The server's engine has levels: each move request names one. */
  private levelled = false;

  async info(): Promise<Result<UiInfo>> {
    try {
      const response = await fetch("api/info");
      const info = (await response.json()) as UiInfo;
      this.levelled = info.levels.length > 0;
      return ok(info);
    } catch {
      return err("The server does not answer: is othello ui still running?");
    }
  }

  async move(moves: readonly Move[], seconds: number, level: number): Promise<Result<MoveAnswer>> {
    try {
      const request = { game: this.gameId, moves: movesText(moves), seconds, ...(this.levelled ? { level } : {}) };
      const response = await postJson("api/move", request);
      const body = (await response.json()) as MoveAnswer | { error: string };
      return "error" in body ? err(body.error) : ok(body);
    } catch (e) {
      return err(`the server does not answer (${(e as Error).message}): is othello ui still running?`);
    }
  }

  stop(): void {}

  async solve(moves: readonly Move[], signal: AbortSignal): Promise<SolveAnswer["scores"]> {
    try {
      const response = await postJson("api/solve", { moves: movesText(moves) }, signal);
      const body = (await response.json()) as SolveAnswer | { error: string };
      return "scores" in body ? body.scores : null;
    } catch {
      return null;
    }
  }

  async thinking(): Promise<ThinkingAnswer | undefined> {
    try {
      return (await (await fetch(`api/thinking?game=${this.gameId}`)).json()) as ThinkingAnswer;
    } catch {
      return undefined;
    }
  }

  /** The review by the server's analysis thread: a piece of the answer may end inside a line (then it completes none). */
  async *review(moves: readonly Move[], signal: AbortSignal): AsyncGenerator<ReviewLine[]> {
    const response = await postJson("api/review", { moves: movesText(moves) }, signal);
    if (!response.ok || response.body === null) {
      const body = (await response.json()) as { error?: string };
      throw new Error(body.error ?? `status ${response.status}`);
    }
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let pending = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      pending += value;
      const lines: ReviewLine[] = [];
      for (let end = pending.indexOf("\n"); end >= 0; end = pending.indexOf("\n")) {
        lines.push(JSON.parse(pending.slice(0, end)) as ReviewLine);
        pending = pending.slice(end + 1);
      }
      yield lines;
    }
  }
}
