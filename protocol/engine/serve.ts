import type { Readable, Writable } from "node:stream";
import { type Result, err, ok } from "../../src/index.js";
import { trimLeadingBlanks } from "../text/words.js";

/** What a protocol does with one command line. */
export interface Answer {
  /** The exact text to write, framing included; "" writes nothing. */
  readonly reply: string;
  /** The session ends once the reply is written (`quit`). */
  readonly end: boolean;
  /**
   * The rest of the answer, computed once the reply is written and flushed: a status line
   * reaches the controller before a long search starts (NBoard's `status`).
   */
  readonly then?: () => Answer;
}

/** A protocol as the transport sees it: lines in, replies out. */
export interface LineProtocol {
  /** The longest line the protocol reads. The transport keeps one character more of a longer line (after its leading blanks) and drops the rest, so the protocol can tell it was too long. */
  readonly maxLineLength: number;
  answer(line: string): Answer;
  /**
   * Called once a command's reply is written and flushed, before the next command is read:
   * work for the time between commands, which no move's clock counts (the search tree's
   * housekeeping after our move).
   */
  readonly idle?: () => void;
  /**
   * Work while no command waits (pondering): one short step, called again and again once a
   * command is answered (after `idle`), until it returns false or the next command arrives. The
   * steps take turns with the input, so a command waits at most one step to be answered.
   */
  readonly background?: () => boolean;
}

export interface Channel {
  readonly input: Readable;
  readonly output: Writable;
  /**
   * True over TCP, where the course judge sends each command as one message without a
   * newline: until the peer ends a command with a newline, the end of every chunk also ends a
   * command (see `serve`). On a stream (stdin) a line lasts until its newline or the end of input.
   */
  readonly unframed: boolean;
}

export type Ending = "quit" | "end of input";

/**
 * Reads commands from the channel and writes each reply (each part of it: `Answer.then`) in one write, waiting for it to be
 * flushed before the next command, until `quit` or the end of input. Input bytes are read as
 * Latin-1, so binary garbage stays one character per byte and reaches the protocol intact. An
 * I/O failure is an error value.
 *
 * Framing: commands end at `\n`, several may arrive in one chunk, and each non-blank line gets
 * exactly one reply. Leading blanks are dropped as they arrive, and of the rest the protocol
 * sees at most one character more than its longest line, so a flood cannot fill the memory and
 * a line padded with blanks still reaches the protocol. On an unframed channel the end of a
 * chunk also ends a command, as the course judge sends them, until the first newline from the
 * peer: from then on only newlines frame. A line already longer than the protocol reads is no
 * judge command and lasts until its newline.
 */
export async function serve(protocol: LineProtocol, channel: Channel): Promise<Result<Ending>> {
  const { input, output } = channel;
  // A failed write is reported to its callback below; without a listener the same failure,
  // emitted as an event, would also crash the program.
  output.on("error", () => {});
  input.setEncoding("latin1");
  const keep = protocol.maxLineLength + 1;
  let writeFailure: string | undefined;
  // The background's next step, queued behind the input already received (setImmediate runs
  // after the event loop's poll for I/O): a command that arrives meanwhile is read before it.
  let step: NodeJS.Immediate | undefined;
  const stopBackground = (): void => {
    if (step !== undefined) clearImmediate(step);
    step = undefined;
  };
  const startBackground = (): void => {
    const work = protocol.background;
    if (work === undefined) return;
    const next = (): void => {
      step = work() ? setImmediate(next) : undefined;
    };
    step = setImmediate(next);
  };
  // Answers one line and writes its reply; true when the session ends (quit or a failed write),
  // and then no background is left running.
  const answer = async (line: string): Promise<boolean> => {
    stopBackground();
    for (let part: Answer | undefined = protocol.answer(line); part !== undefined; part = part.then?.()) {
      if (part.reply !== "") {
        try {
          await write(output, part.reply);
        } catch (e) {
          writeFailure = `writing a reply failed: ${(e as Error).message}`;
          return true;
        }
      }
      if (part.end) return true;
    }
    protocol.idle?.();
    startBackground();
    return false;
  };
  const ended = (): Result<Ending> => (writeFailure === undefined ? ok("quit") : err(writeFailure));
  // The line so far, without its leading blanks, cut to `keep` characters.
  let pending = "";
  const extend = (text: string): void => {
    if (pending.length < keep)
      pending = (pending === "" ? trimLeadingBlanks(text) : pending + text.slice(0, keep)).slice(0, keep);
  };
  let chunkFramed = channel.unframed;
  try {
    for await (const chunk of input as AsyncIterable<string>) {
      const lines = chunk.split("\n");
      const last = lines.pop()!;
      if (lines.length > 0) chunkFramed = false;
      for (const line of lines) {
        extend(line);
        const complete = pending;
        pending = "";
        if (await answer(complete)) return ended();
      }
      extend(last);
      if (chunkFramed && pending !== "" && pending.length < keep) {
        const complete = pending;
        pending = "";
        if (await answer(complete)) return ended();
      }
    }
  } catch (e) {
    stopBackground();
    return err(`reading commands failed: ${(e as Error).message}`);
  }
  const quit = pending !== "" && (await answer(pending));
  // At the end of input the last command's background goes too: nothing is left to answer.
  stopBackground();
  return quit ? ended() : ok("end of input");
}

function write(output: Writable, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    output.write(text, (e) => (e ? reject(e) : resolve()));
  });
}
