import type { Move } from "../../src/index.js";
import type { EngineReport, RootMoves } from "../ui/engineReport.js";
import type { MoveReview } from "../ui/moveAnalysis.js";

// The page's engine on a Web Worker: what the page asks it (WorkerRequest) and what it answers
// (WorkerAnswer). The page's side is workerEngine.ts, the worker's engineWorker.ts and engineHost.ts.

/** The worker's first message: what it plays with. */
export interface WorkerStart {
  readonly kind: "start";
  /** The weights file's bytes (checked against their checksum) and the opening book's text. */
  readonly weights: ArrayBuffer;
  readonly book: string;
  readonly seed: number;
  /** The tree's pool, sized for the browser's memory. */
  readonly maxNodes: number;
  /** A fixed number of visits a move in place of the time (at the top level): a test's reproducible moves. */
  readonly visits?: number;
}

export type WorkerRequest =
  | WorkerStart
  /** The engine's move after `moves` (a legal game from the start), `hint`: not played by the engine. */
  | {
      readonly kind: "move";
      readonly id: number;
      readonly moves: readonly Move[];
      readonly seconds: number;
      readonly level: number;
      readonly hint: boolean;
    }
  /** The exact score of each legal move after `moves`. */
  | { readonly kind: "scores"; readonly id: number; readonly moves: readonly Move[] }
  /** `move`, played after `moves`, against the best move there. */
  | { readonly kind: "review"; readonly id: number; readonly moves: readonly Move[]; readonly move: Move };

export type WorkerAnswer =
  | { readonly kind: "ready" }
  /** The start failed (a corrupt weights file or book), or a request was malformed: said, never swallowed. */
  | { readonly kind: "failed"; readonly error: string }
  /** How the search for request `id` stands, while it runs. */
  | {
      readonly kind: "thinking";
      readonly id: number;
      readonly report: EngineReport | undefined;
      readonly moves: RootMoves | undefined;
    }
  | {
      readonly kind: "move";
      readonly id: number;
      /** Lowercase vertex, or "pass". */
      readonly move: string;
      readonly engine: string;
      readonly report: EngineReport | undefined;
      readonly moves: RootMoves | undefined;
    }
  | {
      readonly kind: "scores";
      readonly id: number;
      readonly scores: readonly { readonly move: string; readonly score: number }[] | null;
    }
  | { readonly kind: "review"; readonly id: number; readonly review: MoveReview }
  | { readonly kind: "error"; readonly id: number; readonly error: string };
