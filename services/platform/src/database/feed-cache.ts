import type { ChangeFeed } from './change-feed.js';

interface Entry<V> {
  value: V;
  epoch: number;
  /** The clock (ms) from which the value no longer holds by itself, or null. */
  until: number | null;
}

/**
 * Values read from a context's tables, kept per key in this process and dropped when the context's change feed
 * names the key (`drop`) or loses continuity (every entry goes). A kept value is used only while the feed is
 * live and in the epoch the value was read in; otherwise the reader reads again. Concurrent misses of one key
 * share one read, and a read that a drop of its key (or a reset) overtook is answered but not kept — it may
 * have read the row before the change. Least recently used out first past `max` entries.
 */
export class FeedCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly reading = new Map<string, Promise<V>>();
  /** Drops and resets are numbered; a read keeps its value only if none of its key came after it started. */
  private seq = 0;
  private resetAt = 0;
  private readonly droppedAt = new Map<string, number>();
  private inflight = 0;
  private last: string | null = null;

  constructor(
    private readonly feed: ChangeFeed,
    private readonly max: number,
    /** Until when (ms) a value holds by itself (a window that closes, say); null: until dropped. */
    private readonly holdsUntil: (value: V) => number | null = () => null,
  ) {
    feed.onReset(() => this.clear());
  }

  /** The kept value of `key` at `now` (ms) when it may be used (call after the feed said it is fresh). */
  peek(key: string, now: number): V | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (e.epoch !== this.feed.epoch || !this.feed.live || (e.until !== null && now >= e.until)) {
      this.entries.delete(key);
      return undefined;
    }
    // Most recently used last (the eviction order); a key read again and again is not moved again.
    if (this.last !== key) {
      this.entries.delete(key);
      this.entries.set(key, e);
      this.last = key;
    }
    return e.value;
  }

  /** Reads `key` (once for concurrent callers) and keeps the value unless a drop of the key overtook the read. */
  read(key: string, load: () => Promise<V>): Promise<V> {
    const pending = this.reading.get(key);
    if (pending) return pending;
    const epoch = this.feed.epoch;
    const started = this.seq;
    this.inflight++;
    const value = load()
      .then((v) => {
        const overtaken = this.resetAt > started || (this.droppedAt.get(key) ?? 0) > started;
        if (!overtaken && epoch === this.feed.epoch) {
          this.entries.delete(key);
          this.entries.set(key, { value: v, epoch, until: this.holdsUntil(v) });
          this.last = key;
          if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
        }
        return v;
      })
      .finally(() => {
        if (this.reading.get(key) === value) this.reading.delete(key);
        if (--this.inflight === 0) this.droppedAt.clear();
      });
    this.reading.set(key, value);
    return value;
  }

  /** The key changed: its kept value goes, and a read of it in flight is not kept. */
  drop(key: string): void {
    this.entries.delete(key);
    this.reading.delete(key);
    if (this.inflight > 0) this.droppedAt.set(key, ++this.seq);
  }

  /** Everything goes (a change too broad to name its keys, or a feed that lost continuity). */
  clear(): void {
    this.entries.clear();
    this.reading.clear();
    this.resetAt = ++this.seq;
  }

  get size(): number {
    return this.entries.size;
  }
}
