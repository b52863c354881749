/**
 * Charges of one meter (a person and a lookup kind) one after the other inside this process.
 *
 * Two charges of the same meter cannot both commit: the second one's compare-and-set fails and it falls back
 * to the meter's row lock, a transaction of five statements held across the event loop. With twenty of one
 * person's lookups in flight (a workshop's counter, the benchmark) nearly every charge took that slow path and
 * they queued on the row in PostgreSQL (issue 21: about 150 charges a second for one person). Queued here
 * instead, a charge waits for the one ahead of it in memory, then reads and charges in two statements that
 * almost always commit; other processes still meet the compare-and-set. Lookups that do not charge (a repeat
 * in the window, a duplicate, a denial) never enter the queue.
 */
export class MeterQueue {
  private readonly tails = new Map<string, Promise<unknown>>();

  /**
   * Runs `work` after every earlier `work` of the same key has settled; `waited` says whether one was ahead.
   * `idle` runs when the key's last work has settled and none waits.
   */
  run<T>(key: string, work: (waited: boolean) => Promise<T>, idle?: () => void): Promise<T> {
    const ahead = this.tails.get(key);
    const result = ahead
      ? ahead.then(
          () => work(true),
          () => work(true),
        )
      : work(false);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) !== tail) return;
      this.tails.delete(key);
      idle?.();
    });
    return result;
  }
}
