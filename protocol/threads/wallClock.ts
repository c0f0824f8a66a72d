/**
 * Milliseconds since the Unix epoch, to the microsecond: the one clock of every thread.
 * `performance.now()` counts from each thread's own start, so a deadline handed from one
 * thread to another is on this clock.
 */
export function wallClock(): number {
  return performance.timeOrigin + performance.now();
}
