/**
 * Waits on an engine's output in the tests over pipes: the pipes' data handlers call `notify`,
 * and `until` checks its condition at once when they do (and every 50 ms in any case).
 */
export class OutputWaiter {
  private wake: (() => void) | undefined;

  /** Output came: a wait checks its condition again. */
  notify(): void {
    this.wake?.();
  }

  /** Resolves once `ready` says so; throws `failure()` after `ms` without. */
  async until(ready: () => boolean, failure: () => string, ms = 20_000): Promise<void> {
    const deadline = performance.now() + ms;
    while (!ready()) {
      if (performance.now() > deadline) throw new Error(failure());
      await new Promise<void>((resolve) => {
        this.wake = resolve;
        setTimeout(resolve, 50);
      });
    }
  }
}
