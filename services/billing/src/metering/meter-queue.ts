/** How one item of a batch came out: its value, or the error that item alone met. */
export type Settled<R> = { ok: true; value: R } | { ok: false; error: unknown };

/** Runs `work` and says how it came out, without throwing. */
export async function attempt<R>(work: () => Promise<R>): Promise<Settled<R>> {
  try {
    return { ok: true, value: await work() };
  } catch (error) {
    return { ok: false, error };
  }
}

/**
 * Runs the items of one batch, in order; answers one Settled per item, in the same order. `waited`: whether the
 * first item queued behind an earlier batch of the same key.
 */
export type BatchRunner<I, R> = (key: string, items: I[], waited: boolean) => Promise<Settled<R>[]>;

interface Waiting<I, R> {
  item: I;
  resolve: (value: R) => void;
  reject: (error: unknown) => void;
}

/**
 * Charges of one meter (a person and a lookup kind) one batch after the other inside this process.
 *
 * Two charges of the same meter cannot both commit: the second one's compare-and-set fails and it falls back
 * to the meter's row lock, a transaction of five statements held across the event loop. With twenty of one
 * person's lookups in flight (a workshop's counter, the benchmark) nearly every charge took that slow path and
 * they queued on the row in PostgreSQL (issue 21: about 150 charges a second for one person). Queued here
 * instead, a charge waits for the batch ahead of it in memory; other processes still meet the compare-and-set.
 * Lookups that do not charge (a repeat in the window, a duplicate, a denial) never enter the queue.
 *
 * What waits while a batch runs goes together as the next batch (at most `maxBatch`), so a busy meter pays one
 * commit for all of them: one after the other, each charge was its own commit, and a moment of slow commits
 * (a checkpoint, the other core busy) left one person's charges behind for seconds at 200 new subjects a second
 * (findCatalogsByOem at 200 req/s, issue 21). A meter with nothing waiting runs each charge as it comes.
 */
export class MeterQueue<I, R> {
  private readonly keys = new Map<string, Waiting<I, R>[]>();

  constructor(
    private readonly runBatch: BatchRunner<I, R>,
    private readonly options: { maxBatch: number; idle?: (key: string) => void },
  ) {}

  /** Queues `item` behind what waits of the same key; resolves with its own outcome. */
  add(key: string, item: I): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      const waiting = this.keys.get(key);
      if (waiting) {
        waiting.push({ item, resolve, reject });
        return;
      }
      this.keys.set(key, []);
      void this.run(key, [{ item, resolve, reject }], false);
    });
  }

  private async run(key: string, batch: Waiting<I, R>[], waited: boolean): Promise<void> {
    let results: Settled<R>[];
    try {
      results = await this.runBatch(
        key,
        batch.map((w) => w.item),
        waited,
      );
    } catch (error) {
      results = batch.map(() => ({ ok: false, error }));
    }
    batch.forEach((w, i) => {
      const r = results[i] ?? { ok: false, error: new Error('no outcome for a queued charge') };
      if (r.ok) w.resolve(r.value);
      else w.reject(r.error);
    });
    const waiting = this.keys.get(key)!;
    if (waiting.length === 0) {
      this.keys.delete(key);
      this.options.idle?.(key);
      return;
    }
    const next = waiting.splice(0, this.options.maxBatch);
    void this.run(key, next, true);
  }
}
