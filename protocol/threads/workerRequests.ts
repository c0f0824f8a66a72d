import {
  Game,
  type Move,
  type SearchParams,
  Tree,
  type TreeMemory,
  makeThreadSearch,
  parseCode,
} from "../../src/index.js";
import { ResultSlot } from "./resultSlot.js";
import { wallClock } from "./wallClock.js";
import type { Evaluation } from "../../src/index.js";

/** What a worker is started with. */
export interface SearchWorkerData {
  readonly search: SearchParams;
  /** The evaluation's weights file (undefined: the built-in weights), read again by each worker. */
  readonly weights: string | undefined;
  readonly seed: number;
  /** Its ResultSlot's memory. */
  readonly slot: SharedArrayBuffer;
  /**
   * With --parallel tree: the memory of the shared tree, and a word the main thread sets to the
   * number of the request it has ended.
   */
  readonly shared?: { readonly tree: TreeMemory; readonly stopped: SharedArrayBuffer };
}

/**
 * What a worker is asked: to search a game (its start as a `code`, and the moves since) and
 * answer `request` in its slot, or to forget its tree; with a shared tree, to search the
 * shared tree from its root, `root` as a code, until the main thread ends
 * `request`. `deadline` is on the wall clock.
 */
export type SearchRequest =
  | {
      readonly kind: "search";
      readonly request: number;
      readonly start: string;
      readonly moves: readonly Move[];
      readonly visits?: number;
      readonly deadline?: number;
      readonly stopEarly: boolean;
    }
  | {
      readonly kind: "shared";
      readonly request: number;
      readonly root: string;
      readonly visits?: number;
      readonly deadline?: number;
    }
  | { readonly kind: "reset" };

/**
 * A worker's answers to its requests: its own search, made from `data` (with `evaluation`
 * when the search reads one), answering in its ResultSlot. A request whose search throws is
 * answered as failed at once, and the error is thrown on (in a worker, its "error" event).
 */
export function workerRequests(
  data: SearchWorkerData,
  evaluation: Evaluation | undefined,
): (message: SearchRequest) => void {
  const { shared } = data;
  const tree = shared === undefined ? undefined : new Tree(shared.tree.capacity, shared.tree);
  const stopped = shared === undefined ? undefined : new Int32Array(shared.stopped);
  const search = makeThreadSearch(data.search, {
    seed: data.seed,
    evaluation,
    ...(tree === undefined ? {} : { tree }),
  });
  const results = new ResultSlot(data.slot);
  return (message) => {
    if (message.kind === "reset") {
      search.reset();
      return;
    }
    try {
      const timeMs = message.deadline === undefined ? undefined : Math.max(0, message.deadline - wallClock());
      if (message.kind === "shared") {
        if (tree === undefined || stopped === undefined)
          throw new Error("a shared-tree search asked of a worker started without the shared tree");
        const { request } = message;
        // Said before the first look at `stopped`: a main thread that finds this request not begun once it has ended it knows the tree is left alone.
        results.begin(request);
        const done = search.searchShared(tree, replay(message.root, []).position, {
          ...(message.visits === undefined ? {} : { visits: message.visits }),
          ...(timeMs === undefined ? {} : { timeMs }),
          stop: () => Atomics.load(stopped, 0) >= request,
        });
        results.write(request, {
          visits: done.visits,
          solved: done.solved,
          nodes: 0,
          reused: 0,
          pruned: 0,
          children: [],
        });
        return;
      }
      const report = search.choose(replay(message.start, message.moves), {
        ...(message.visits === undefined ? {} : { visits: message.visits }),
        ...(timeMs === undefined ? {} : { timeMs }),
        stopEarly: message.stopEarly,
      });
      results.write(message.request, {
        visits: report.visits,
        solved: report.solved,
        nodes: report.nodes,
        reused: report.reused,
        pruned: report.pruned,
        children: search.rootChildren(),
      });
    } catch (e) {
      // The waiting thread is told at once; the error itself reaches it as the worker's "error" event.
      results.fail(message.request);
      throw e;
    }
  };
}

/** The game the main thread searches, rebuilt from its start and moves. */
function replay(start: string, moves: readonly Move[]): Game {
  const coded = parseCode(start);
  if (!coded.ok) throw new Error(`the start of the game to search: ${coded.error}`);
  const game = new Game(coded.value.position, coded.value.passes);
  for (const move of moves) {
    const played = game.play(move);
    if (!played.ok) throw new Error(`the game to search has an illegal move (${move}): ${played.error}`);
  }
  return game;
}
