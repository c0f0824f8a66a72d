import type { Socket } from "node:net";
import type { Connection, Reply } from "./courseJudge.js";

/** The original reads each reply into a 1024-byte buffer with one `recv`. */
const RECEIVE_BYTES = 1023;

/**
 * A judge connection over TCP without framing: each command is one write, and a receive takes
 * whatever has arrived (up to 1023 characters), as the original's single `recv` does.
 */
export class UnframedConnection implements Connection {
  private pending = "";
  private closed = false;
  private wake: (() => void) | undefined;

  constructor(private readonly socket: Socket) {
    socket.setNoDelay(true);
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      this.pending += chunk;
      this.wake?.();
    });
    socket.on("close", () => {
      this.closed = true;
      this.wake?.();
    });
    socket.on("error", () => {}); // a reset is reported as the close that follows it
  }

  send(command: string): void {
    if (!this.socket.destroyed) this.socket.write(command);
  }

  receive(limitMs: number): Promise<Reply> {
    return new Promise((resolve) => {
      const finish = (reply: Reply): void => {
        clearTimeout(timer);
        this.wake = undefined;
        resolve(reply);
      };
      const timer = setTimeout(() => finish({ kind: "timeout" }), limitMs);
      this.wake = () => {
        if (this.pending.length > 0) {
          const text = this.pending.slice(0, RECEIVE_BYTES);
          this.pending = this.pending.slice(RECEIVE_BYTES);
          finish({ kind: "text", text });
        } else if (this.closed) {
          finish({ kind: "closed" });
        }
      };
      this.wake();
    });
  }

  close(): void {
    this.socket.destroy();
  }
}
