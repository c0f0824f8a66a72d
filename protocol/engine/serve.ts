import type { Readable, Writable } from "node:stream";
import { type Result, err, ok } from "../../src/index.js";

/** What a protocol does with one command line. */
export interface Answer {
  /** The exact text to write, framing included; "" writes nothing. */
  readonly reply: string;
  /** The session ends once the reply is written (`quit`). */
  readonly end: boolean;
}

/** A protocol as the transport sees it: lines in, replies out. */
export interface LineProtocol {
  /** The longest line the protocol reads. The transport keeps one character more of a longer line and drops the rest, so the protocol can tell it was too long and a flood cannot fill the memory. */
  readonly maxLineLength: number;
  answer(line: string): Answer;
}

export interface Channel {
  readonly input: Readable;
  readonly output: Writable;
  /**
   * True over TCP, where the course judge sends each command as one unterminated message:
   * the end of every chunk then also ends a command. On a stream (stdin) a line lasts
   * until its newline or the end of input.
   */
  readonly unframed: boolean;
}

export type Ending = "quit" | "end of input";

/**
 * Reads commands from the channel and writes each reply in one write, waiting for it to be
 * flushed before the next command, until `quit` or the end of input. Commands are split at
 * `\n`; several may arrive in one chunk. Input bytes are read as Latin-1, so binary garbage
 * stays one character per byte and reaches the protocol intact. An I/O failure is an error value.
 */
export async function serve(protocol: LineProtocol, channel: Channel): Promise<Result<Ending>> {
  const { input, output } = channel;
  // A failed write is reported to its callback below; without a listener the same failure,
  // emitted as an event, would also crash the program.
  output.on("error", () => {});
  input.setEncoding("latin1");
  const keep = protocol.maxLineLength + 1;
  let writeFailure: string | undefined;
  // Answers one line and writes its reply; true when the session ends (quit or a failed write).
  const answer = async (line: string): Promise<boolean> => {
    const { reply, end } = protocol.answer(line.slice(0, keep));
    if (reply === "") return end;
    try {
      await write(output, reply);
    } catch (e) {
      writeFailure = `writing a reply failed: ${(e as Error).message}`;
      return true;
    }
    return end;
  };
  const ended = (): Result<Ending> => (writeFailure === undefined ? ok("quit") : err(writeFailure));
  let pending = "";
  try {
    for await (const chunk of input as AsyncIterable<string>) {
      const lines = chunk.split("\n");
      const last = lines.pop()!;
      for (const line of lines) {
        if (await answer(pending + line)) return ended();
        pending = "";
      }
      pending = (pending + last).slice(0, keep);
      if (channel.unframed && pending !== "") {
        if (await answer(pending)) return ended();
        pending = "";
      }
    }
  } catch (e) {
    return err(`reading commands failed: ${(e as Error).message}`);
  }
  if (pending !== "" && (await answer(pending))) return ended();
  return ok("end of input");
}

function write(output: Writable, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    output.write(text, (e) => (e ? reject(e) : resolve()));
  });
}
