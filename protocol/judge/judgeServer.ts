import { type Server, type Socket, createServer } from "node:net";
import { type Result, err, ok } from "../../src/index.js";
import { type JudgeLimits, type PlayerSummary, type Transcript, judgeMatch } from "./courseJudge.js";
import { UnframedConnection } from "./unframedConnection.js";

export interface JudgeSettings {
  readonly port: number;
  /** Undefined: every interface, as the original binds. */
  readonly host: string | undefined;
  readonly rounds: number;
  readonly limits: JudgeLimits;
  /** Both engines must have connected this long after the start. */
  readonly connectMs: number;
}

export interface JudgeRun {
  /** Where it listens (useful with port 0); resolves once listening, or with why it could not. */
  readonly listening: Promise<Result<number>>;
  /** The summary; undefined when it could not listen. `connected` counts the engines that came. */
  readonly finished: Promise<{ summary: [PlayerSummary, PlayerSummary]; connected: number } | undefined>;
}

function listen(server: Server, port: number, host: string | undefined): Promise<Result<number>> {
  return new Promise((resolve) => {
    server.once("error", (e: NodeJS.ErrnoException) =>
      resolve(err(`cannot listen on port ${port}: ${e.code ?? e.message}`)),
    );
    // Node sets SO_REUSEADDR, so the port is free again right after a run, unlike the original.
    server.listen({ port, host }, () => {
      const address = server.address();
      resolve(ok(typeof address === "object" && address !== null ? address.port : port));
    });
  });
}

/** Accepts up to two engines until the deadline; `report` gets the original's "ply%d accepted" lines. */
function acceptTwo(server: Server, connectMs: number, report: (line: string) => void): Promise<Socket[]> {
  const started = performance.now();
  return new Promise((resolve) => {
    const sockets: Socket[] = [];
    const done = (): void => {
      clearTimeout(timer);
      server.off("connection", onConnection);
      server.close();
      resolve(sockets);
    };
    const onConnection = (socket: Socket): void => {
      report(`ply${sockets.length} accepted after ${Math.round((performance.now() - started) * 1000)} us`);
      sockets.push(socket);
      if (sockets.length === 2) done();
    };
    const timer = setTimeout(done, connectMs);
    server.on("connection", onConnection);
  });
}

/** The whole judge run: listen, wait for two engines, play, and return the summary. */
export function runJudge(settings: JudgeSettings, report: (line: string) => void, transcript: Transcript): JudgeRun {
  const server = createServer();
  const listening = listen(server, settings.port, settings.host);
  const finished = listening.then(async (port) => {
    if (!port.ok) return undefined;
    const sockets = await acceptTwo(server, settings.connectMs, report);
    const connections = [0, 1].map((i) => (sockets[i] === undefined ? undefined : new UnframedConnection(sockets[i]!)));
    const summary = await judgeMatch([connections[0], connections[1]], settings.rounds, settings.limits, transcript);
    return { summary, connected: sockets.length };
  });
  return { listening, finished };
}
