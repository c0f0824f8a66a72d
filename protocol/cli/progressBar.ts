import type { Output } from "./program.js";

/** A duration as `42s`, `3m05s` or `1h02m`. */
export function formatDuration(seconds: number): string {
  const s = Math.round(seconds);
  return s >= 3600
    ? `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, "0")}m`
    : s >= 60
      ? `${Math.floor(s / 60)}m${String(s % 60).padStart(2, "0")}s`
      : `${s}s`;
}

/**
 * The programs' one progress bar, with ETA, on stderr: redrawn in place on a terminal, else a
 * line every tenth of the way (or, with `everyUpdate`, every update: a match's games).
 */
export class ProgressBar {
  private readonly started = performance.now();
  private lastTenth = -1;
  /** On a terminal: the bar is drawn and its line not yet ended. */
  private drawn = false;

  constructor(
    private readonly label: string,
    private readonly total: number,
    private readonly first: number,
    private readonly out: Output,
    private readonly everyUpdate = false,
  ) {}

  /** `done` of the total done, and a note after the figures if any (a match's score so far). */
  update(done: number, note?: string): void {
    const elapsed = (performance.now() - this.started) / 1000;
    const fraction = done / this.total;
    const rate = (done - this.first) / Math.max(elapsed, 1e-3);
    const eta = rate > 0 ? (this.total - done) / rate : NaN;
    const width = 30;
    const filled = Math.round(fraction * width);
    const line = `${this.label} [${"#".repeat(filled)}${"-".repeat(width - filled)}] ${(100 * fraction).toFixed(0)}% ${done}/${this.total}, ${formatDuration(elapsed)} elapsed, ETA ${Number.isNaN(eta) ? "?" : formatDuration(eta)}${note === undefined ? "" : `, ${note}`}`;
    if (process.stderr.isTTY) {
      process.stderr.write(`\r${line}\x1b[K${done === this.total ? "\n" : ""}`);
      this.drawn = done !== this.total;
    } else {
      const tenth = Math.floor(fraction * 10);
      if (this.everyUpdate || tenth !== this.lastTenth) {
        this.lastTenth = tenth;
        this.out.log(line);
      }
    }
  }

  /** Ends the bar's line on a terminal, if the work stopped short of its total (a match an SPRT decided). */
  finish(): void {
    if (this.drawn) process.stderr.write("\n");
    this.drawn = false;
  }
}
