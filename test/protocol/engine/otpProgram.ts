import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

// The built engine as the OTP end-to-end tests run it: `make check` builds it first.
export const PROGRAM = fileURLToPath(new URL("../../../dist/othello.js", import.meta.url));

export interface Finished {
  readonly code: number | null;
  readonly stdout: Buffer;
  readonly stderr: string;
}

/** A short search, so that games in these tests take seconds. */
const QUICK = ["--visits", "300", "--max-nodes", "20000"];

/** The engine with `args` and a short search; a subcommand (perft) as it is. */
export function start(args: string[]): ChildProcess {
  const all = args[0] === "perft" || args[0] === "bench" ? args : [...args, ...QUICK];
  return spawn(process.execPath, [PROGRAM, ...all], { stdio: ["pipe", "pipe", "pipe"] });
}

/** The exit of a started program, with everything it wrote; killed if it outlives `ms`. */
export function finished(child: ChildProcess, ms = 10_000): Promise<Finished> {
  const stdout: Buffer[] = [];
  let stderr = "";
  child.stdout!.on("data", (b: Buffer) => stdout.push(b));
  child.stderr!.on("data", (b: Buffer) => (stderr += b.toString()));
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), ms);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout: Buffer.concat(stdout), stderr });
    });
  });
}
