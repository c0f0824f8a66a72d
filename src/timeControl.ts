/**
 * How long to think for a move. Without a clock from the controller it is a fixed time per
 * move, less a small reserve for the reply; with `time_settings` / `time_left` it is the time
 * left spread over an estimate of the moves still to play, never more than the time left minus
 * a safety margin.
 */

/**
 * How main time is shared among our remaining moves: "flat", evenly; "midgame", in proportion
 * to `moveWeight`, so the middle game, where the choice is hardest and matters most, gets more
 * than the opening (book-like, the evaluation is at home there) and the ending (the solver is
 * exact and fast).
 */
export type TimeAllocation = "flat" | "midgame";

/**
 * From this many empties down the exact solver decides the move, at a game clock's pace, in a
 * fraction of a middle-game move's time: a win/draw/loss solve of 18 empties visits some 2
 * million positions by the solve planner's estimate (src/solver/solvePlanner.ts), under a
 * second, and each empty square less divides that by about three.
 */
export const SOLVER_EMPTIES = 18;

/**
 * A move's share of main time with `empties` empty squares, under the "midgame" allocation: 1
 * in the middle game, from 1 down to half over the opening (46 empties and more), and a
 * twentieth, nearly free, for the solver's moves (SOLVER_EMPTIES and fewer). Counted at half
 * or more, they held back time the solver never used.
 */
export function moveWeight(empties: number): number {
  if (empties >= 46) return 1 - (0.5 * (Math.min(empties, 60) - 46)) / 14;
  if (empties <= SOLVER_EMPTIES) return 0.05;
  return 1;
}
export interface ClockSettings {
  readonly mainSeconds: number;
  readonly byoYomiSeconds: number;
  /** Stones per byo-yomi period; 0 with byo-yomi time > 0 and no main time means no limit (GTP). */
  readonly byoYomiStones: number;
}

export interface TimeLeft {
  readonly seconds: number;
  /** Stones to play in the current byo-yomi period; 0 while in main time. */
  readonly stones: number;
}

/**
 * Reserve kept back from the time left for replies, garbage collection and a loaded machine:
 * SAFETY_MS, or a quarter of the time left when that is shorter (tiny budgets in fast
 * matches), plus SAFETY_FRACTION of the time left.
 */
export const SAFETY_MS = 150;
export const SAFETY_FRACTION = 0.05;

export function safetyMarginMs(leftMs: number): number {
  return Math.min(SAFETY_MS, 0.25 * leftMs) + SAFETY_FRACTION * leftMs;
}

/**
 * The reserve of a move whose time is its own, saved time being lost (a fixed time a move:
 * no clock, or a byo-yomi period of one stone): MOVE_RESERVE_MS, or a tenth of the move's time
 * when that is shorter, plus MOVE_RESERVE_FRACTION of it. It covers the reply (about 10 ms at
 * 1 s a move with two engines on the machine) and the last visits past the deadline. No more
 * is needed: the next move's time does not depend on this one's.
 */
export const MOVE_RESERVE_MS = 50;
export const MOVE_RESERVE_FRACTION = 0.02;

export function moveReserveMs(moveMs: number): number {
  return Math.min(MOVE_RESERVE_MS, 0.1 * moveMs) + MOVE_RESERVE_FRACTION * moveMs;
}

export class TimeControl {
  private current: ClockSettings | null = null;
  private readonly left: { black: TimeLeft | null; white: TimeLeft | null } = { black: null, white: null };

  /** `moveTimeMs`: the thinking time per move when the controller gives no clock. */
  constructor(
    readonly moveTimeMs: number,
    readonly allocation: TimeAllocation = "midgame",
  ) {}

  /** The settings as the controller gave them (null before any). */
  get settings(): ClockSettings | null {
    return this.current;
  }

  /** The last time left reported for black or white (null before any report since the settings). */
  timeLeft(black: boolean): TimeLeft | null {
    return black ? this.left.black : this.left.white;
  }

  /** New settings make the earlier reports stale. */
  setSettings(settings: ClockSettings): void {
    this.current = settings;
    this.left.black = null;
    this.left.white = null;
  }

  /** A new game: both clocks start full again. */
  restart(): void {
    this.left.black = null;
    this.left.white = null;
  }

  /**
   * Charges `ms` of thinking to the side's clock, so that a controller that does not send
   * `time_left` before every move still cannot be overspent; its next report replaces this.
   */
  spend(black: boolean, ms: number): void {
    const clock = this.timeLimit;
    if (clock === null) return;
    const left = this.timeLeft(black) ?? this.initialLeft(clock);
    let seconds = Math.max(0, left.seconds - ms / 1000);
    let stones = left.stones;
    if (stones > 0) stones--;
    // A byo-yomi period played out in full starts a new one, and so does the end of main time.
    if (clock.byoYomiStones > 0 && (left.stones > 0 ? stones === 0 : seconds === 0)) {
      seconds = clock.byoYomiSeconds;
      stones = clock.byoYomiStones;
    }
    this.setTimeLeft(black, { seconds, stones });
  }

  private initialLeft(clock: ClockSettings): TimeLeft {
    return clock.mainSeconds > 0
      ? { seconds: clock.mainSeconds, stones: 0 }
      : { seconds: clock.byoYomiSeconds, stones: clock.byoYomiStones };
  }

  setTimeLeft(black: boolean, left: TimeLeft): void {
    if (black) this.left.black = left;
    else this.left.white = left;
  }

  /** The clock as the controller set it when it limits the time: null when there is none, or when it means no limit. */
  get timeLimit(): ClockSettings | null {
    const s = this.current;
    if (s === null || (s.mainSeconds === 0 && s.byoYomiSeconds > 0 && s.byoYomiStones === 0)) return null;
    return s;
  }

  /**
   * Whether time the side saves on this move can be spent on a later one: in main time, or in
   * a byo-yomi period with more stones to play. Not with a fixed time per move (no clock, or one
   * stone a period), where a search that stops early only wastes the rest.
   */
  savingsCarryOver(black: boolean): boolean {
    const clock = this.timeLimit;
    if (clock === null) return false;
    const left = this.timeLeft(black) ?? this.initialLeft(clock);
    return left.stones === 0 ? left.seconds > 0 : left.stones > 1;
  }

  /** Milliseconds to think for the side (black or white) to move, with `empties` empty squares on the board. */
  budgetMs(black: boolean, empties: number): number {
    const clock = this.timeLimit;
    if (clock === null) return Math.floor(this.moveTimeMs - moveReserveMs(this.moveTimeMs));
    const left = this.timeLeft(black) ?? this.initialLeft(clock);
    const leftMs = left.seconds * 1000;
    const usable = leftMs - (left.stones === 1 ? moveReserveMs(leftMs) : safetyMarginMs(leftMs));
    if (usable <= 0) return 0;
    // In byo-yomi the period's time is shared by its stones; in main time by our remaining
    // moves (half the empty squares, weighted by the allocation) plus one in reserve.
    const share =
      left.stones > 0 ? usable / left.stones : (usable * this.weight(empties)) / (this.remainingWeight(empties) + 1);
    return Math.floor(Math.min(share, usable));
  }

  private weight(empties: number): number {
    return this.allocation === "flat" ? 1 : moveWeight(empties);
  }

  /** The weights of our moves from now to the end: at `empties`, `empties - 2`, ... */
  private remainingWeight(empties: number): number {
    let sum = 0;
    for (let e = empties; e > 0; e -= 2) sum += this.weight(e);
    return sum;
  }
}
