import { describe, expect, it } from "vitest";
import { chooseRootChild } from "../../../protocol/threads/rootMerge.js";
import { ParallelSearch, type ThreadsSettings } from "../../../protocol/threads/parallelSearch.js";
import { ResultSlot } from "../../../protocol/threads/resultSlot.js";
import type { SearchThread, StartThread } from "../../../protocol/threads/searchThread.js";
import { type SearchRequest, workerRequests } from "../../../protocol/threads/workerRequests.js";
import { CLASSIC_SEARCH_PARAMS, Game, err, ok } from "../../../src/index.js";

/**
 * Search threads run in this one: a request is answered while it is posted, by the worker's
 * own request handler, so the parallel search finds every answer written when it waits.
 * A thread whose number is in `failing` answers every search as failed and reports an error.
 */
function inProcess(failing: readonly number[] = []): {
  readonly start: StartThread;
  readonly requests: SearchRequest[];
} {
  const requests: SearchRequest[] = [];
  let started = 1;
  const start: StartThread = (data) => {
    const thread = ++started;
    const answer = workerRequests(data, undefined);
    const onError: ((e: Error) => void)[] = [];
    const fake: SearchThread = {
      postMessage: (request) => {
        requests.push(request);
        if (!failing.includes(thread) || request.kind === "reset") return answer(request);
        new ResultSlot(data.slot).fail(request.request);
        queueMicrotask(() => {
          for (const listener of onError) listener(new Error("no search here"));
        });
      },
      on: (event: "error" | "exit", listener: (x: never) => void) => {
        if (event === "error") onError.push(listener as (e: Error) => void);
      },
      terminate: () => undefined,
      unref: () => undefined,
    };
    return ok(fake);
  };
  return { start, requests };
}

const settings = (over: Partial<ThreadsSettings>): ThreadsSettings => ({
  threads: 2,
  parallel: "tree",
  seed: 1,
  search: { ...CLASSIC_SEARCH_PARAMS, maxNodes: 50_000 },
  ...over,
});

describe("the search on several threads, the threads started by a test", () => {
  it("root parallelisation: each thread searches its own tree, the visits are summed, the move is the merged children's", () => {
    const log: string[] = [];
    const threads = inProcess();
    const search = new ParallelSearch(settings({ threads: 3, parallel: "root" }), {
      log: (line) => log.push(line),
      evaluation: undefined,
      now: () => 0,
      startThread: threads.start,
    });
    const report = search.choose(new Game(), { visits: 1000 });
    expect(report).toMatchObject({ threads: 3, sharedTree: false, visits: 3000 });
    expect(threads.requests.map((r) => r.kind)).toEqual(["search", "search"]);
    const merged = search.rootChildren();
    expect(merged.reduce((sum, c) => sum + c.visits, 0)).toBe(3000);
    expect(report.move).toBe(chooseRootChild(merged)!.move);
    expect(log).toEqual([]);
  });

  it("tree parallelisation: the threads visit one tree, and the report counts every thread's visits", () => {
    const threads = inProcess();
    const search = new ParallelSearch(settings({ parallel: "tree" }), {
      log: () => {},
      evaluation: undefined,
      now: () => 0,
      startThread: threads.start,
    });
    const report = search.choose(new Game(), { visits: 1000 });
    expect(threads.requests.map((r) => r.kind)).toEqual(["shared"]);
    // The helper's visits ran to their own limit before the main thread's.
    expect(report).toMatchObject({ threads: 2, sharedTree: true, visits: 2000 });
    expect(search.rootChildren().reduce((sum, c) => sum + c.visits, 0)).toBe(2000);
  });

  it("a thread that cannot be started is said once, and the search goes on with the threads it has", () => {
    const log: string[] = [];
    const search = new ParallelSearch(settings({ threads: 4 }), {
      log: (line) => log.push(line),
      evaluation: undefined,
      now: () => 0,
      startThread: () => err("no threads here"),
    });
    expect(log).toEqual(["threads: no threads here: searching on 1 thread, not 4"]);
    expect(search.choose(new Game(), { visits: 100 })).toMatchObject({ threads: 1, visits: 100 });
  });

  it("a thread whose search fails is left out at once, said on the log, and its error added when it comes", async () => {
    const log: string[] = [];
    const threads = inProcess([2]);
    const search = new ParallelSearch(settings({ threads: 3, parallel: "root" }), {
      log: (line) => log.push(line),
      evaluation: undefined,
      now: () => 0,
      startThread: threads.start,
    });
    expect(search.choose(new Game(), { visits: 500 })).toMatchObject({ threads: 2, visits: 1000 });
    expect(log).toEqual(["threads: thread 2's search failed; searching on 2 threads from now on"]);
    await Promise.resolve();
    expect(log.at(-1)).toBe("threads: thread 2 failed: no search here");
    threads.requests.length = 0;
    search.choose(new Game(), { visits: 10 });
    expect(threads.requests).toHaveLength(1);
  });
});
