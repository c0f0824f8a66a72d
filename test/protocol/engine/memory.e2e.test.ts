import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const PROGRAM = fileURLToPath(new URL("../../../dist/othello.js", import.meta.url));

/** Resident memory of a process in kB, from Linux's /proc. */
function residentKb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  if (m === null) throw new Error("no VmRSS");
  return Number(m[1]);
}

describe("memory", () => {
  it("1,000 genmoves in a row, over many games, leave the engine's memory flat", async () => {
    const child = spawn(process.execPath, [PROGRAM, "--visits", "300", "--seed", "3"], {
      stdio: ["pipe", "pipe", "ignore"],
    });
    let replies = 0;
    let pending: (() => void) | undefined;
    let buffered = "";
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk: string) => {
      buffered += chunk;
      const lines = buffered.split("\n");
      buffered = lines.pop()!;
      replies += lines.length;
      pending?.();
    });
    /** Sends genmoves (a new game whenever one ends) and waits for every reply. */
    async function genmoves(n: number): Promise<void> {
      const target = replies + n + Math.ceil(n / 30);
      let text = "";
      for (let i = 0; i < n; i++) text += i % 30 === 0 ? "clear_board\ngenmove\n" : "genmove\n";
      child.stdin.write(text);
      while (replies < target) await new Promise<void>((resolve) => (pending = resolve));
    }
    await genmoves(200);
    const before = residentKb(child.pid!);
    await genmoves(1000);
    const after = residentKb(child.pid!);
    child.stdin.end("quit\n");
    await new Promise((resolve) => child.once("exit", resolve));
    expect(after - before).toBeLessThan(30_000);
  }, 120_000);
});
