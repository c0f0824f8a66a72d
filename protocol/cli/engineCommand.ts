import { createConnection } from "node:net";
import { type Result, err, ok } from "../../src/index.js";
import { type Endpoint, engineUsage, parseEngineCommandLine } from "../engine/options.js";
import { gtpProtocol } from "../engine/gtp.js";
import { otpProtocol } from "../engine/otp.js";
import { type Channel, serve } from "../engine/serve.js";
import { Session } from "../engine/session.js";

/** The course asks engines to connect within 10 s of their start. */
const CONNECT_TIMEOUT_MS = 10_000;

/** `othello [OPTIONS] [[IP] PORT]`: the engine, serving OTP (or GTP) on stdin/stdout or as a TCP client. */
export async function engineCommand(args: readonly string[], log: (text: string) => void, print: (text: string) => void): Promise<number> {
  if (args.includes("--help")) {
    print(engineUsage());
    return 0;
  }
  const parsed = parseEngineCommandLine(args);
  if (!parsed.ok) {
    log(`othello: ${parsed.error}\n${engineUsage()}`);
    return 2;
  }
  const { options, endpoint } = parsed.value;
  const session = new Session(options, log);
  if (options.verbose) log(`othello: ${options.name}, seed ${options.seed}, ${endpoint.kind === "tcp" ? `TCP ${endpoint.host}:${endpoint.port}` : "stdin/stdout"}`);
  const channel = await open(endpoint);
  if (!channel.ok) {
    log(`othello: ${channel.error}`);
    return 1;
  }
  // Every way out of serve closes a socket: quit and failures destroy it, the peer's end ends it.
  // GTP frames its replies itself, and its commands end at newlines over TCP too.
  const served = options.gtp
    ? await serve(gtpProtocol(session), { ...channel.value, unframed: false })
    : await serve(otpProtocol(session, channel.value.unframed ? "" : "\n"), channel.value);
  if (!served.ok) {
    log(`othello: ${endpoint.kind === "tcp" ? `connection to ${endpoint.host}:${endpoint.port}: ` : ""}${served.error}`);
    return 1;
  }
  // On a pipe the end of input is how a user finishes; over TCP only the judge's quit is.
  if (served.value === "end of input" && endpoint.kind === "tcp") {
    log(`othello: ${endpoint.host}:${endpoint.port} closed the connection without quit`);
    return 1;
  }
  return 0;
}

function open(endpoint: Endpoint): Promise<Result<Channel>> {
  if (endpoint.kind === "stdio") return Promise.resolve(ok({ input: process.stdin, output: process.stdout, unframed: false }));
  const { host, port } = endpoint;
  return new Promise((resolve) => {
    const socket = createConnection({ host, port, timeout: CONNECT_TIMEOUT_MS, noDelay: true });
    const fail = (reason: string): void => {
      socket.destroy();
      resolve(err(`cannot connect to ${host}:${port}: ${reason}`));
    };
    socket.once("timeout", () => fail(`no answer within ${CONNECT_TIMEOUT_MS / 1000} s`));
    socket.once("error", (e: NodeJS.ErrnoException) => fail(e.code === "ECONNREFUSED" ? "connection refused (is the judge listening?)" : e.message));
    socket.once("connect", () => {
      socket.removeAllListeners("timeout");
      socket.removeAllListeners("error");
      socket.setTimeout(0);
      resolve(ok({ input: socket, output: socket, unframed: true }));
    });
  });
}
