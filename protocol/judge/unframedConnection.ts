import type { Socket } from "node:net";
import { Inbox, type Reply, type ReplyChannel } from "../controller/channel.js";

/** The original reads each reply into a 1024-byte buffer with one `recv`. */
const RECEIVE_BYTES = 1023;

/**
 * A judge connection over TCP without framing: each command is one write, and a receive takes
 * whatever has arrived (up to 1023 characters), as the original's single `recv` does.
 */
export class UnframedConnection implements ReplyChannel {
  private pending = "";
  private readonly inbox = new Inbox(() => {
    if (this.pending === "") return undefined;
    const text = this.pending.slice(0, RECEIVE_BYTES);
    this.pending = this.pending.slice(RECEIVE_BYTES);
    return text;
  });

  constructor(private readonly socket: Socket) {
    socket.setNoDelay(true);
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      this.pending += chunk;
      this.inbox.notify();
    });
    socket.on("close", () => this.inbox.close("disconnected"));
    socket.on("error", () => {}); // a reset is reported as the close that follows it
  }

  send(command: string): void {
    if (!this.socket.destroyed) this.socket.write(command);
  }

  receive(limitMs: number): Promise<Reply> {
    return this.inbox.receive(limitMs);
  }

  close(): void {
    this.socket.destroy();
  }
}
