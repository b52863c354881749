/**
 * Writes that may wait a moment, grouped: items queue in memory and are handed to `write` as one batch every
 * `flushMs`, or as soon as `batchSize` wait, whichever comes first; batches are written one after the other,
 * and `flush()` (call it when the process stops) writes what is queued. For records that change nothing a
 * person sees (search events for analytics): a crash can lose the last interval, so never use it for a change.
 * A failed batch goes to `onFailure` and is not retried.
 */
export class BatchedWrites<T> {
  private pending: T[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly write: (batch: T[]) => Promise<void>,
    private readonly onFailure: (err: unknown, batch: T[]) => void,
    private readonly options: { flushMs: number; batchSize: number },
  ) {}

  add(item: T): void {
    this.pending.push(item);
    if (this.pending.length >= this.options.batchSize) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), this.options.flushMs);
  }

  /** Writes what is queued; resolves when every batch queued so far is written (or has failed). */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.pending;
    this.pending = [];
    if (batch.length === 0) return this.flushing;
    this.flushing = this.flushing.then(() => this.write(batch).catch((err: unknown) => this.onFailure(err, batch)));
    return this.flushing;
  }
}
