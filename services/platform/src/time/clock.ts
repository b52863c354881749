/**
 * The product's notion of now. Rules that depend on time (expiries, windows, counters) read it from
 * here, never from `new Date()` directly, so tests can move the clock instead of waiting.
 */
export class Clock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  /** Moves the clock forward (tests). */
  advance(ms: number): void {
    this.offsetMs += ms;
  }

  /** Puts the clock back to real time (tests). */
  reset(): void {
    this.offsetMs = 0;
  }
}
