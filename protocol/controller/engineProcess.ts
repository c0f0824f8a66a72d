import { type ChildProcess, spawn } from "node:child_process";
import { Inbox, type Reply, type ReplyChannel } from "./channel.js";

/** How many of an engine's last stderr lines a forfeit report quotes. */
const STDERR_LINES = 12;

/**
 * Kills the engine and every process it started. Each engine runs in a process group of its own
 * (spawned detached), as a wrapper script that starts the real engine leaves it running when
 * only the wrapper is killed: a forfeited Zebra went on thinking through the games after it.
 */
function killGroup(child: ChildProcess): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, "SIGKILL");
  } catch {
    // The group is gone already: nothing is left to kill.
  }
}

/** Every engine process a match has started, so an interrupt can stop them all (and what they started). */
export class ProcessRegistry {
  private readonly live = new Set<ChildProcess>();

  add(child: ChildProcess): void {
    this.live.add(child);
    child.once("exit", () => this.live.delete(child));
  }

  killAll(): void {
    for (const child of this.live) killGroup(child);
  }
}

/** An engine as a child process: commands are lines on its stdin, replies lines on its stdout. */
export class EngineProcess implements ReplyChannel {
  private readonly child: ChildProcess;
  private readonly lines: string[] = [];
  private partial = "";
  private readonly stderrLines: string[] = [];
  private stderrPartial = "";
  private readonly inbox = new Inbox(() => this.lines.shift());

  /** `onStderrLine` sees each whole line the engine writes on standard error (its search reports, say). */
  constructor(argv: readonly string[], registry: ProcessRegistry, onStderrLine: (line: string) => void = () => {}) {
    this.child = spawn(argv[0]!, argv.slice(1), { stdio: ["pipe", "pipe", "pipe"], detached: true });
    registry.add(this.child);
    this.child.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
      const parts = (this.partial + chunk).split("\n");
      this.partial = parts.pop()!;
      for (const p of parts) this.lines.push(p.endsWith("\r") ? p.slice(0, -1) : p);
      this.inbox.notify();
    });
    this.child.stderr!.setEncoding("utf8").on("data", (chunk: string) => {
      const parts = (this.stderrPartial + chunk).split("\n");
      this.stderrPartial = parts.pop()!;
      this.stderrLines.push(...parts);
      for (const line of parts) onStderrLine(line);
      this.stderrLines.splice(0, Math.max(0, this.stderrLines.length - STDERR_LINES));
    });
    this.child.stdin!.on("error", () => {}); // writing to an engine that died: its exit is reported instead
    this.child.on("error", (e) => this.inbox.close(`could not be started: ${e.message}`));
    // "close" comes after the last output has been read, unlike "exit".
    // What the engine started and left behind goes with it: holding the engine's pipes, it
    // would keep "close" from ever coming.
    this.child.once("exit", () => killGroup(this.child));
    this.child.on("close", (code, signal) =>
      this.inbox.close(signal === null ? `exited with status ${code}` : `was killed by ${signal}`),
    );
  }

  /** The engine's last lines on standard error, the unfinished one included. */
  get lastWords(): string[] {
    return this.stderrPartial === "" ? [...this.stderrLines] : [...this.stderrLines, this.stderrPartial];
  }

  get exited(): boolean {
    return this.inbox.closed;
  }

  send(line: string): void {
    if (!this.inbox.closed && this.child.stdin!.writable) this.child.stdin!.write(`${line}\n`);
  }

  /** The next line the engine wrote, without its line end. */
  receive(limitMs: number): Promise<Reply> {
    return this.inbox.receive(limitMs);
  }

  /** Closes its input (an engine ends at end of input) and kills it if it is still there after `graceMs`. */
  async stop(graceMs: number): Promise<void> {
    this.child.stdin!.end();
    if (this.inbox.closed) return;
    await new Promise<void>((resolve) => {
      if (this.child.exitCode !== null || this.child.signalCode !== null) return resolve();
      const timer = setTimeout(() => {
        killGroup(this.child);
        resolve();
      }, graceMs);
      this.child.once("exit", () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  /** Kills the engine and whatever it started. */
  kill(): void {
    if (!this.inbox.closed) killGroup(this.child);
  }
}
