import {
  DEFAULT_ALPHA_BETA_DEPTH,
  DEFAULT_SEARCH_PARAMS,
  type SearchParams,
  type TimeAllocation,
  searchUsesEvaluation,
} from "../../src/index.js";

// The engine's options and what an engine with them needs and allows, read by the session and by
// the programs that make one (the command line's engine, whose parser is options.ts, and the
// page's worker): pure, so that a browser's bundle has them.

/** What the engine is told on its command line, whatever protocol and transport it serves. */
export interface EngineOptions {
  /** The reply to `name` (the course's students answer with their student id). */
  readonly name: string;
  /** Seeds every random choice; the same seed and commands give the same replies. */
  readonly seed: number;
  /** Draws the board on stderr after every change of the position. */
  readonly verbose: boolean;
  /** The protocol served: the course's OTP, GTP v2, or NBoard's engine protocol. */
  readonly protocol: EngineProtocol;
  /** Thinking time per move in seconds when the controller gives no clock. */
  readonly time: number;
  /** How a controller's main time is shared among the moves (a tuning key). */
  readonly timeAllocation: TimeAllocation;
  /** When the time saved carries over, a search stops once its move can no longer change (false: it searches its whole budget; a tuning key). */
  readonly earlyStop: boolean;
  /**
   * A fixed number of visits a move instead of a time (reproducible with --seed): each is one
   * descent of the tree, a playout only with random-playout leaves (--classic).
   */
  readonly visits: number | undefined;
  /** The most any move may take, in seconds; undefined: the protocol's default (see `maxMoveSeconds`). */
  readonly maxMoveTime: number | undefined;
  /**
   * Between commands, the tree search goes on in the game's position, its tree kept for the
   * next move (GTP and NBoard only: under OTP the course judge runs both engines on one machine).
   */
  readonly ponder: boolean;
  /** Seconds to wait for a TCP connection before giving up. */
  readonly connectTimeout: number;
  /** Seconds between `thinking:` lines while a search runs (for a page that shows it live); undefined: none. */
  readonly progress?: number;
  /** What chooses the moves after the solver: the tree search (UCT or flat UCB1, `search.algorithm`), the alpha-beta player, or none (random moves). */
  readonly chooser: EngineChooser;
  readonly search: SearchParams;
  /** The alpha-beta player's deepest iteration, in plies. */
  readonly alphaBetaDepth: number;
  /** Threads searching each move at once. */
  readonly threads: number;
  /** With several threads: each its own tree, the root statistics merged ("root"), or one tree shared with virtual loss ("tree"). */
  readonly parallel: Parallelisation;
  /** A weights file for the evaluation instead of the built-in one (docs/evaluation.md). */
  readonly weights?: string | undefined;
  /** Whether known openings are played from the opening book (docs/book.md); not with random moves. */
  readonly book: boolean;
  /** The opening book's file instead of the shipped one. */
  readonly bookFile?: string | undefined;
  /** The level for people asked for (--level, levels.ts), its settings applied over the others; undefined: none, the top. */
  readonly level?: number | undefined;
  /** The most empty squares a root solve may have (a level's); undefined: as many as the move's budget allows. */
  readonly solveHorizon?: number | undefined;
}

export type EngineProtocol = "otp" | "gtp" | "nboard";

export type EngineChooser = "search" | "random" | "alphabeta";

export type Parallelisation = "root" | "tree";

/**
 * The course judge forfeits a genmove after 10 s. 8 s leaves 2 s for garbage collection, the
 * report, the reply on a loaded machine, and a solver's or search's last step before it looks
 * at the clock again.
 */
export const DEFAULT_OTP_MAX_MOVE_SECONDS = 8;

/** The ceiling on one move: the option, else 8 s under OTP and none under GTP or NBoard (whose controller keeps the clock, or sets the strength). */
export function maxMoveSeconds(options: EngineOptions): number | undefined {
  return options.maxMoveTime ?? (options.protocol === "otp" ? DEFAULT_OTP_MAX_MOVE_SECONDS : undefined);
}

/** Whether the engine with these options plays with the pattern evaluation (and so must load it). */
export function needsEvaluation(options: EngineOptions): boolean {
  return options.chooser === "alphabeta" || (options.chooser === "search" && searchUsesEvaluation(options.search));
}

/** Whether the engine with these options plays from a book (and so must load it): random moves do not. */
export function usesBook(options: EngineOptions): boolean {
  return options.book && options.chooser !== "random";
}

/**
 * Thinking time per move without a clock from the controller: half the course judge's 10 s
 * genmove limit, which leaves room for garbage collection, start-up and a loaded machine.
 */
export const DEFAULT_MOVE_SECONDS = 5;

/** The course asks engines to connect within 10 s of their start: an address silent for as long is given up. */
export const DEFAULT_CONNECT_SECONDS = 10;

export const DEFAULT_NAME = "othello-uct";

export function defaultEngineOptions(): EngineOptions {
  return {
    name: DEFAULT_NAME,
    seed: Math.floor(Math.random() * 0x100000000),
    verbose: false,
    protocol: "otp",
    time: DEFAULT_MOVE_SECONDS,
    timeAllocation: "midgame",
    earlyStop: false,
    visits: undefined,
    maxMoveTime: undefined,
    ponder: false,
    connectTimeout: DEFAULT_CONNECT_SECONDS,
    chooser: "search",
    search: DEFAULT_SEARCH_PARAMS,
    alphaBetaDepth: DEFAULT_ALPHA_BETA_DEPTH,
    threads: 1,
    // One shared tree is stronger than a tree a thread (docs/decisions.md).
    parallel: "tree",
    weights: undefined,
    book: true,
    bookFile: undefined,
  };
}
