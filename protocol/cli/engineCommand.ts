import { createConnection } from "node:net";
import { type Book, type Evaluation, type Result, err, ok } from "../../src/index.js";
import { loadEvaluation } from "../engine/evaluationWeights.js";
import {
  type EngineOptions,
  type EngineProtocol,
  defaultEngineOptions,
  needsEvaluation,
  usesBook,
} from "../engine/engineOptions.js";
import type { Endpoint } from "../engine/endpoint.js";
import { ENGINE_OPTIONS, TUNING_KEYS, engineCommandLine } from "../engine/options.js";
import { gtpProtocol } from "../engine/gtp.js";
import { loadBook } from "../engine/openingBook.js";
import { nboardProtocol } from "../engine/nboard.js";
import { otpProtocol } from "../engine/otp.js";
import { type Channel, serve } from "../engine/serve.js";
import { Session } from "../engine/session.js";
import { NODE_THREADS } from "../threads/nodeThreads.js";
import { type Output, type Program, programArguments, usageError } from "./program.js";

/** The engine as a program; `subcommands` are the synopsis lines of othello's other subcommands, for the usage. */
export function engineProgram(subcommands: readonly string[]): Program<EngineOptions> {
  return {
    name: "othello",
    synopsis: ["othello [OPTIONS] [[IP] PORT]", ...subcommands],
    about: [
      "Without a subcommand, the engine: it speaks the course's OTP (GTP with --gtp, NBoard's protocol",
      "with --nboard) on stdin/stdout, one reply line per command; with PORT it is a TCP client of",
      "IP:PORT (127.0.0.1 by default), OTP replies unframed. Each subcommand has its own --help.",
    ],
    options: ENGINE_OPTIONS,
    groups: [
      ["protocol", ["--gtp", "--nboard", "--name", "--connect-timeout"]],
      ["strength and time", ["--level", "--time", "--visits", "--max-move-time", "--ponder"]],
      ["search", ["--search", "--classic", "--depth", "--pp-r", "--solve-empties", "--max-nodes", "--seed", "--tune"]],
      ["threads", ["--threads", "--parallel"]],
      ["files and output", ["--weights", "--book", "--no-book", "--verbose", "--progress"]],
    ],
    defaults: defaultEngineOptions,
    tuning: {
      about: [
        "usage: othello --tune KEY=VALUE [--tune KEY=VALUE ...] [OPTIONS] [[IP] PORT]",
        "The search's tuning constants: research switches, each default the best measured; how each",
        "was chosen: docs/decisions.md, summed up in docs/strength.md.",
      ],
      keys: TUNING_KEYS,
    },
  };
}

const PROTOCOL_NAMES: Readonly<Record<EngineProtocol, string>> = {
  otp: "the course's OTP (Othello Text Protocol)",
  gtp: "GTP (Go Text Protocol, Othello conventions)",
  nboard: "NBoard's engine protocol",
};

/** The one line for a person at a terminal: what the engine speaks, how to end, where the options are. */
export function terminalGreeting(protocol: EngineProtocol): string {
  const first = { otp: "genmove", gtp: "genmove b", nboard: "nboard 2, then go" }[protocol];
  return `othello: speaking ${PROTOCOL_NAMES[protocol]} on stdin/stdout; try ${first}, and quit to end (othello --help: the options)`;
}

/** `othello [OPTIONS] [[IP] PORT]`: the engine, serving OTP (or GTP, or NBoard) on stdin/stdout or as a TCP client. */
export async function engineCommand(
  args: readonly string[],
  out: Output,
  subcommands: readonly string[],
): Promise<number> {
  const program = engineProgram(subcommands);
  const parsed = programArguments(program, args, out);
  if (typeof parsed === "number") return parsed;
  const commandLine = engineCommandLine(parsed);
  if (!commandLine.ok) return usageError(program, commandLine.error, out);
  const { options, endpoint } = commandLine.value;
  const { log } = out;
  // The weights are read (and checked) at the start, so a bad file is refused before any game.
  let evaluation: Evaluation | undefined;
  if (needsEvaluation(options) || options.weights !== undefined) {
    const loaded = loadEvaluation(options.weights);
    if (!loaded.ok) {
      log(`othello: ${loaded.error}`);
      return 2;
    }
    evaluation = loaded.value;
  }
  // So is the book.
  let book: Book | undefined;
  if (usesBook(options)) {
    const loaded = loadBook(options.bookFile);
    if (!loaded.ok) {
      log(`othello: ${loaded.error}`);
      return 2;
    }
    book = loaded.value;
  }
  const session = new Session(options, log, undefined, evaluation, book, NODE_THREADS);
  // Someone typing at a terminal is told what to type; a controller on a pipe gets nothing extra.
  if (endpoint.kind === "stdio" && process.stdin.isTTY === true) log(terminalGreeting(options.protocol));
  if (options.verbose)
    log(
      `othello: ${options.name}, seed ${options.seed}, ${endpoint.kind === "tcp" ? `TCP ${endpoint.host}:${endpoint.port}` : "stdin/stdout"}`,
    );
  const channel = await open(endpoint, options.connectTimeout * 1000);
  if (!channel.ok) {
    log(`othello: ${channel.error}`);
    return 1;
  }
  // Every way out of serve closes a socket: quit and failures destroy it, the peer's end ends it.
  // GTP and NBoard frame their replies themselves, and their commands end at newlines over TCP too.
  const served =
    options.protocol === "otp"
      ? await serve(otpProtocol(session, channel.value.unframed ? "" : "\n"), channel.value)
      : await serve(options.protocol === "gtp" ? gtpProtocol(session) : nboardProtocol(session), {
          ...channel.value,
          unframed: false,
        });
  if (!served.ok) {
    log(
      `othello: ${endpoint.kind === "tcp" ? `connection to ${endpoint.host}:${endpoint.port}: ` : ""}${served.error}`,
    );
    return 1;
  }
  // On a pipe the end of input is how a user finishes; over TCP only the judge's quit is.
  if (served.value === "end of input" && endpoint.kind === "tcp") {
    log(`othello: ${endpoint.host}:${endpoint.port} closed the connection without quit`);
    return 1;
  }
  return 0;
}

function open(endpoint: Endpoint, timeoutMs: number): Promise<Result<Channel>> {
  if (endpoint.kind === "stdio")
    return Promise.resolve(ok({ input: process.stdin, output: process.stdout, unframed: false }));
  const { host, port } = endpoint;
  return new Promise((resolve) => {
    const socket = createConnection({ host, port, noDelay: true });
    const fail = (reason: string): void => {
      clearTimeout(timer);
      socket.destroy();
      resolve(err(`cannot connect to ${host}:${port}: ${reason}`));
    };
    const timer = setTimeout(() => fail(`no answer within ${timeoutMs / 1000} s`), timeoutMs);
    socket.once("error", (e: NodeJS.ErrnoException) =>
      fail(e.code === "ECONNREFUSED" ? "connection refused (is the judge listening?)" : e.message),
    );
    socket.once("connect", () => {
      clearTimeout(timer);
      socket.removeAllListeners("error");
      resolve(ok({ input: socket, output: socket, unframed: true }));
    });
  });
}
