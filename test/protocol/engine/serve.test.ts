import { PassThrough, Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { type Answer, type LineProtocol, serve } from "../../../protocol/engine/serve.js";

/** Echoes each line back in brackets; `quit` ends; records what it was given. */
function echo(maxLineLength = 16): LineProtocol & { lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    maxLineLength,
    answer: (line) => {
      lines.push(line);
      return { reply: line.trim() === "" ? "" : `[${line}]`, end: line === "quit" };
    },
  };
}

/** Serves the chunks (written one at a time, then the end of input unless `open`) and collects each write. */
async function run(protocol: LineProtocol, chunks: (string | Buffer)[], unframed: boolean, open = false) {
  const input = new PassThrough();
  const writes: string[] = [];
  const output = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      writes.push(chunk.toString());
      callback();
    },
  });
  const served = serve(protocol, { input, output, unframed });
  for (const chunk of chunks) {
    input.write(chunk);
    // Like the judge, wait until the chunk has been read, so chunks stay apart as on a socket.
    for (let i = 0; i < 1000 && input.readableLength > 0; i++) await new Promise((resolve) => setImmediate(resolve));
  }
  if (!open) input.end();
  return { result: await served, writes, input };
}

describe("serve on a stream (stdin)", () => {
  it("answers line by line, across chunk boundaries, and the last line without newline at the end", async () => {
    const protocol = echo();
    const { result, writes } = await run(protocol, ["na", "me\nplay 2", " 3\ngenmove"], false);
    expect(result).toEqual({ ok: true, value: "end of input" });
    expect(writes).toEqual(["[name]", "[play 2 3]", "[genmove]"]);
  });

  it("several lines in one chunk, CRLF passed on for the protocol to strip", async () => {
    const { writes } = await run(echo(), ["a\r\nb\n\nc\n"], false);
    expect(writes).toEqual(["[a\r]", "[b]", "[c]"]);
  });

  it("stops at quit and reads no further", async () => {
    const protocol = echo();
    const { result, writes, input } = await run(protocol, ["a\nquit\nb\n"], false, true);
    expect(result).toEqual({ ok: true, value: "quit" });
    expect(writes).toEqual(["[a]", "[quit]"]);
    expect(protocol.lines).toEqual(["a", "quit"]);
    expect(input.destroyed).toBe(true);
  });

  it("keeps one character past the limit of a long line and drops the rest, however it arrives", async () => {
    const protocol = echo(4);
    await run(protocol, ["abcdefgh", "ijkl".repeat(100000), "\nok\n"], false);
    expect(protocol.lines).toEqual(["abcde", "ok"]);
  });

  it("reads bytes as Latin-1, one character per byte", async () => {
    const protocol = echo();
    await run(protocol, [Buffer.from([0x00, 0xff, 0xc3, 0x28, 0x0a])], false);
    expect(protocol.lines).toEqual(["\x00\xff\xc3("]);
  });

  it("writes an answer's later parts in order, each computed only once the part before it is written", async () => {
    const writes: string[] = [];
    const computed: string[] = [];
    const part = (n: number, last: number, end: boolean) => (): Answer => {
      computed.push(`part ${n} after ${writes.length} writes`);
      return {
        reply: n === 2 ? "" : `part ${n}\n`,
        end: end && n === last,
        ...(n < last ? { then: part(n + 1, last, end) } : {}),
      };
    };
    const protocol: LineProtocol = {
      maxLineLength: 16,
      answer: (line) => ({ reply: `${line}\n`, end: false, then: part(1, line === "quit" ? 1 : 3, line === "quit") }),
    };
    const input = new PassThrough();
    const output = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        writes.push(chunk.toString());
        callback();
      },
    });
    input.end("go\nquit\nnever\n");
    expect(await serve(protocol, { input, output, unframed: false })).toEqual({ ok: true, value: "quit" });
    // Part 2 is empty and writes nothing; the quit's last part ends the session, "never" is not read.
    expect(writes).toEqual(["go\n", "part 1\n", "part 3\n", "quit\n", "part 1\n"]);
    expect(computed).toEqual([
      "part 1 after 1 writes",
      "part 2 after 2 writes",
      "part 3 after 2 writes",
      "part 1 after 4 writes",
    ]);
  });

  it("calls the protocol's idle work after each reply is written, before the next line, and not after quit", async () => {
    const events: string[] = [];
    const protocol: LineProtocol = {
      maxLineLength: 16,
      answer: (line) => {
        events.push(`answer ${line}`);
        return { reply: `${line}\n`, end: line === "quit" };
      },
      idle: () => events.push("idle"),
    };
    const output = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        events.push(`write ${chunk.toString().trim()}`);
        callback();
      },
    });
    const input = new PassThrough();
    input.end("a\nb\nquit\nnever\n");
    await serve(protocol, { input, output, unframed: false });
    expect(events).toEqual(["answer a", "write a", "idle", "answer b", "write b", "idle", "answer quit", "write quit"]);
  });

  /** A protocol that logs its answers and each background step; its background goes on while `more` says so. */
  function pondering(more: (steps: number) => boolean = () => true) {
    const events: string[] = [];
    let steps = 0;
    const protocol: LineProtocol = {
      maxLineLength: 16,
      answer: (line) => {
        events.push(`answer ${line}`);
        return { reply: `${line}\n`, end: line === "quit" };
      },
      background: () => {
        steps++;
        if (events.at(-1) !== "step") events.push("step");
        return more(steps);
      },
    };
    return { protocol, events, steps: () => steps };
  }
  const turns = async (n: number) => {
    for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve));
  };

  it("runs the background between commands, from each reply until the next command, and not after quit", async () => {
    const { protocol, events, steps } = pondering();
    const input = new PassThrough();
    const served = serve(protocol, { input, output: new PassThrough(), unframed: false });
    input.write("a\n");
    await turns(20);
    input.write("b\nc\n");
    await turns(20);
    input.write("quit\n");
    expect(await served).toEqual({ ok: true, value: "quit" });
    const atQuit = steps();
    await turns(20);
    // Lines of one chunk are answered one after the other: no step between them.
    expect(events).toEqual(["answer a", "step", "answer b", "answer c", "step", "answer quit"]);
    expect(steps()).toBe(atQuit);
  });

  it("stops the background at the end of input, and when it says it is done", async () => {
    const { protocol, steps } = pondering((n) => n < 5);
    const input = new PassThrough();
    const served = serve(protocol, { input, output: new PassThrough(), unframed: false });
    input.write("a\n");
    await turns(20);
    expect(steps()).toBe(5);
    const endless = pondering();
    const open = new PassThrough();
    const running = serve(endless.protocol, { input: open, output: new PassThrough(), unframed: false });
    open.write("a\n");
    await turns(5);
    open.end();
    expect(await running).toEqual({ ok: true, value: "end of input" });
    const atEnd = endless.steps();
    await turns(20);
    expect(endless.steps()).toBe(atEnd);
    input.end();
    await served;
  });

  it("reports a failed write as an error value", async () => {
    const input = new PassThrough();
    const output = new Writable({ write: (_chunk, _encoding, callback) => callback(new Error("EPIPE")) });
    input.end("name\n");
    expect(await serve(echo(), { input, output, unframed: false })).toEqual({
      ok: false,
      error: "writing a reply failed: EPIPE",
    });
  });

  it("reports a failed input as an error value", async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    const served = serve(echo(), { input, output, unframed: false });
    input.destroy(new Error("ECONNRESET"));
    expect(await served).toEqual({ ok: false, error: "reading commands failed: ECONNRESET" });
  });
});

describe("serve unframed (TCP)", () => {
  it("the end of a chunk ends a command, each reply is its own write", async () => {
    const { writes } = await run(echo(), ["name", "play 2 3", "genmove"], true);
    expect(writes).toEqual(["[name]", "[play 2 3]", "[genmove]"]);
  });

  it("accepts commands ending in \\n or \\r\\n, and several in one chunk", async () => {
    const { writes } = await run(echo(), ["name\n", "play 2 3\r\n", "a\nb\r\nc", "d\n\n"], true);
    expect(writes).toEqual(["[name]", "[play 2 3\r]", "[a]", "[b\r]", "[cd]"]);
  });
});
