import { type Server, type Socket, createServer } from "node:net";
import { type Result, err, ok } from "../../src/index.js";
import type { EngineClient, Protocol } from "../controller/engineClient.js";
import { EngineProcess, type ProcessRegistry } from "../controller/engineProcess.js";
import { GtpClient } from "../controller/gtpClient.js";
import { OtpClient } from "../controller/otpClient.js";
import { UnframedConnection } from "../judge/unframedConnection.js";
import type { EngineLink, LinkSource } from "./opponent.js";

/** Diagnostic lines kept between two moves: a report is among the last few. */
const KEPT_LINES = 50;

/** The engine's name, or the fallback when its reply names none; a failed reply is the link's failure. */
async function askName(client: EngineClient, fallback: string, limitMs: number): Promise<Result<string>> {
  const name = await client.name(limitMs);
  return name.ok ? ok(name.value?.trim() || fallback) : name;
}

/** A new child process for each link, speaking `protocol` on its stdin and stdout. */
export function processLinks(
  argv: readonly string[],
  protocol: Protocol,
  registry: ProcessRegistry,
  replyMs: number,
): LinkSource {
  return async () => {
    let lines: string[] = [];
    const engine = new EngineProcess(argv, registry, (line) => {
      lines.push(line);
      if (lines.length > KEPT_LINES) lines.shift();
    });
    const client = protocol === "otp" ? new OtpClient(engine) : new GtpClient(engine);
    const name = await askName(client, argv[0]!, replyMs);
    if (!name.ok) {
      engine.kill();
      const words = engine.lastWords.filter((line) => line.trim() !== "").slice(-3);
      return err(
        `the engine "${argv.join(" ")}" did not start: ${name.error}${words.length > 0 ? ` (its last words: ${words.join(" / ")})` : ""}`,
      );
    }
    return ok({
      client,
      name: name.value,
      get broken() {
        return engine.exited;
      },
      takeDiagnostics: () => {
        const taken = lines;
        lines = [];
        return taken;
      },
      lastWords: () => engine.lastWords,
      close: () => engine.kill(),
    });
  };
}

/**
 * A TCP port where an OTP engine connects, as the course's engines do (`ENGINE IP PORT`). The
 * latest engine to connect is the one played; an earlier one is disconnected.
 */
export class EngineListener {
  private readonly server: Server = createServer();
  private current: { socket: Socket; connection: UnframedConnection; link: Promise<Result<EngineLink>> } | undefined;

  constructor(
    private readonly replyMs: number,
    private readonly onConnect: (line: string) => void = () => {},
  ) {
    this.server.on("connection", (socket) => {
      this.current?.connection.close();
      const connection = new UnframedConnection(socket);
      let closed = false;
      socket.once("close", () => (closed = true));
      const client = new OtpClient(connection);
      const from = `${socket.remoteAddress}:${socket.remotePort}`;
      this.onConnect(`othello ui: an engine connected from ${from}`);
      const link = askName(client, from, this.replyMs).then((name): Result<EngineLink> => {
        if (!name.ok) {
          connection.close();
          return err(`the engine that connected from ${from} did not answer "name": ${name.error}`);
        }
        return ok({
          client,
          name: name.value,
          get broken() {
            return closed;
          },
          takeDiagnostics: () => [],
          lastWords: () => [],
          close: () => connection.close(),
        });
      });
      this.current = { socket, connection, link };
    });
  }

  /** Listens on `port` (0: any free one) of `host`; the port, or why not. */
  listen(port: number, host: string): Promise<Result<number>> {
    return new Promise((resolve) => {
      this.server.once("error", (e: NodeJS.ErrnoException) =>
        resolve(err(`cannot listen for an engine on port ${port}: ${e.code ?? e.message}`)),
      );
      this.server.listen({ port, host }, () => {
        const address = this.server.address();
        resolve(ok(typeof address === "object" && address !== null ? address.port : port));
      });
    });
  }

  /** The connected engine's link; an error says how to connect one. */
  source(port: number): LinkSource {
    return async () => {
      const current = this.current;
      if (current === undefined || current.socket.destroyed) {
        return err(
          `no engine is connected: start one as "ENGINE 127.0.0.1 ${port}" (an OTP engine that connects over TCP)`,
        );
      }
      return current.link;
    };
  }

  close(): void {
    this.current?.connection.close();
    this.server.close();
  }
}
