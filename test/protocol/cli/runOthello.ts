import { spawn } from "node:child_process";
import { join } from "node:path";

const OTHELLO = join(import.meta.dirname, "..", "..", "..", "dist/othello.js");

export interface Finished {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** `othello ARGS` (the built program) as a child process over real pipes, `input` on its stdin. */
export function runOthello(args: readonly string[], input = ""): Promise<Finished> {
  const child = spawn("node", [OTHELLO, ...args], { stdio: ["pipe", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
  child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
  child.stdin.end(input);
  return new Promise((resolve) => child.on("exit", (status) => resolve({ status, stdout, stderr })));
}

/** The non-empty lines of a text. */
export const lines = (text: string): string[] => text.split("\n").filter((l) => l !== "");
