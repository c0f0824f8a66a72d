/** What one receive from an engine gave back: some text, or why there was none. */
export type Reply =
  | { readonly kind: "text"; readonly text: string }
  | { readonly kind: "timeout" }
  | { readonly kind: "closed"; readonly description: string };

/**
 * How a controller talks to one engine: over pipes a command is a line and a receive one
 * line; over the course judge's TCP a command is one write and a receive whatever arrived.
 */
export interface ReplyChannel {
  send(command: string): void;
  receive(limitMs: number): Promise<Reply>;
}

/**
 * Received text waiting to be taken, and the one waiter for it: `take` removes the next reply
 * from the transport's buffer (a line, or a chunk), `notify` is called whenever data or the
 * end arrives.
 */
export class Inbox {
  private ending: string | undefined;
  private wake: (() => void) | undefined;

  constructor(private readonly take: () => string | undefined) {}

  notify(): void {
    this.wake?.();
  }

  /** The transport has ended; `description` says how ("exited with status 3", "disconnected"). */
  close(description: string): void {
    this.ending ??= description;
    this.notify();
  }

  get closed(): boolean {
    return this.ending !== undefined;
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
        const text = this.take();
        if (text !== undefined) finish({ kind: "text", text });
        else if (this.ending !== undefined) finish({ kind: "closed", description: this.ending });
      };
      this.wake();
    });
  }
}
