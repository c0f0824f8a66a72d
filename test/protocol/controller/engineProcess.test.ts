import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { EngineProcess, ProcessRegistry } from "../../../protocol/controller/engineProcess.js";

// An engine as a wrapper script that starts another program and goes on, as Zebra's GTP wrapper
// does: the first line it writes is that program's pid. Then it exits at its first line of input.
const WAITING_WRAPPER = ["sh", "-c", "sleep 300 & echo $!; read line"];

/** Whether process `pid` still runs (a zombie, dead but not yet reaped by its new parent, does not). */
function running(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return false;
  }
}

/** Whether `pid` has stopped running within two seconds. */
async function ends(pid: number): Promise<boolean> {
  for (let waited = 0; waited < 2000; waited += 20) {
    if (!running(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return false;
}

/** The wrapper's program's pid, from its first line. */
async function startedPid(engine: EngineProcess): Promise<number> {
  const reply = await engine.receive(5000);
  if (reply.kind !== "text") throw new Error(`no pid from the wrapper: ${JSON.stringify(reply)}`);
  const pid = Number(reply.text);
  expect(running(pid)).toBe(true);
  return pid;
}

describe("an engine's process group", () => {
  it("kill ends what the engine started too", async () => {
    const engine = new EngineProcess(WAITING_WRAPPER, new ProcessRegistry());
    const pid = await startedPid(engine);
    engine.kill();
    expect(await ends(pid)).toBe(true);
    expect(await engine.receive(2000)).toEqual({ kind: "closed", description: "was killed by SIGKILL" });
  });

  it("the registry's killAll (an interrupted match) ends what each engine started", async () => {
    const registry = new ProcessRegistry();
    const engines = [new EngineProcess(WAITING_WRAPPER, registry), new EngineProcess(WAITING_WRAPPER, registry)];
    const pids = await Promise.all(engines.map(startedPid));
    registry.killAll();
    for (const pid of pids) expect(await ends(pid)).toBe(true);
  });

  it("an engine that exits leaves nothing it started behind", async () => {
    const engine = new EngineProcess(WAITING_WRAPPER, new ProcessRegistry());
    const pid = await startedPid(engine);
    engine.send("quit");
    expect(await engine.receive(2000)).toEqual({ kind: "closed", description: "exited with status 0" });
    expect(await ends(pid)).toBe(true);
  });

  it("stop kills the group of an engine that does not end at end of input", async () => {
    const engine = new EngineProcess(["sh", "-c", "sleep 300 & echo $!; sleep 300"], new ProcessRegistry());
    const pid = await startedPid(engine);
    await engine.stop(100);
    expect(await ends(pid)).toBe(true);
  });
});
