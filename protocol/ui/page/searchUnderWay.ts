/// <reference lib="dom" />

/** How often the page asks how the engine's search stands while it thinks. */
const THINKING_POLL_MS = 300;
/** How often the status line's count of seconds moves on. */
const TICK_MS = 100;

/**
 * A search the page waits for: the engine's move, or a hint (`quiet`: asked by the hints, no
 * notice when done); since when, and the two timers it runs until it ends: the status line's
 * tick, and the question how the search stands.
 */
export class SearchUnderWay {
  readonly started = performance.now();
  private readonly timers: number[];

  constructor(
    readonly hint: boolean,
    public quiet: boolean,
    tick: () => void,
    poll: () => void,
  ) {
    this.timers = [window.setInterval(tick, TICK_MS), window.setInterval(poll, THINKING_POLL_MS)];
  }

  /** Seconds since it began. */
  seconds(): number {
    return (performance.now() - this.started) / 1000;
  }

  end(): void {
    for (const timer of this.timers) window.clearInterval(timer);
  }
}
