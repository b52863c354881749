import { randomBytes } from 'node:crypto';
import type { Logger } from '../logging/logger.js';
import type { PgSession } from './pg-session.js';

/** How often a feed proves it still hears its channel, by sending itself a notification. */
export const FEED_HEARTBEAT_MS = 1000;
/** A notification of its own that has not come back after this long: the feed stops being trusted. */
export const FEED_TIMEOUT_MS = 2000;

/** The channel a context's change notifications travel on (its triggers call pg_notify with it). */
export function changeChannel(schema: string): string {
  return `tuerca_changes_${schema}`;
}

/** Payloads of the feed's own notifications (heartbeats and fences), never handed to subscribers. */
const OWN = '~sync:';

/**
 * What a process hears of one context's changes as they commit: its tables' triggers send `pg_notify` on the
 * context's channel in the writer's transaction, and PostgreSQL delivers each notification to every listening
 * process at commit, in commit order. A process caches what it reads and drops an entry when a notification
 * names it, instead of asking the database on every request whether the entry still holds.
 *
 * Trusted only while it provably hears the channel:
 * - **live**: the process's session is connected and listening, and its heartbeat (a notification it sends
 *   itself every FEED_HEARTBEAT_MS) came back within FEED_TIMEOUT_MS. A session that drops or falls silent ends
 *   the epoch: `epoch` moves, subscribers drop everything they cached, and readers go to the database until a
 *   new epoch starts (reconnected, listening, heartbeat back). Notifications sent meanwhile are never trusted lost.
 * - **synced with this process's own writes**: after a transaction of the context commits in this process
 *   (`noteLocalWrite`), the next `fresh()` waits for a notification of its own to come back before it answers,
 *   and PostgreSQL delivers it after every notification committed earlier — so a request that follows a write
 *   of this process reads what the write changed (read your writes), exactly, not within a delay.
 * Writes of other processes reach this one when their notification arrives (normally within a millisecond of
 * their commit); if the session silently stops hearing them, within FEED_HEARTBEAT_MS + FEED_TIMEOUT_MS.
 */
export class ChangeFeed {
  private readonly subscribers = new Set<(payload: string) => void>();
  private readonly resets = new Set<() => void>();
  private readonly pending = new Map<string, { target: number; resolve: () => void }>();
  private readonly token = randomBytes(6).toString('hex');
  private liveNow = false;
  private epochNow = 0;
  private pings = 0;
  private localWrites = 0;
  private syncedWrites = 0;
  private inflight: { target: number; done: Promise<void> } | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  private started: Promise<void> | null = null;
  private beginning: Promise<void> | null = null;
  private stopped = false;
  private readonly onListening = () => void this.beginEpoch();
  private readonly onLost = () => this.endEpoch('session lost');

  constructor(
    private readonly session: PgSession,
    readonly channel: string,
    private readonly logger: Logger,
    private readonly timing = { heartbeatMs: FEED_HEARTBEAT_MS, timeoutMs: FEED_TIMEOUT_MS },
  ) {}

  /** Starts listening (once); the feed is live after its first heartbeat comes back. */
  start(): Promise<void> {
    this.started ??= (async () => {
      this.session.on('listening', this.onListening);
      this.session.on('lost', this.onLost);
      await this.session.listen(this.channel, (payload) => this.receive(payload));
      await this.beginEpoch();
      this.heartbeat = setInterval(() => void this.beat(), this.timing.heartbeatMs);
      this.heartbeat.unref();
    })();
    return this.started;
  }

  onModuleDestroy(): void {
    this.stop();
  }

  stop(): void {
    this.stopped = true;
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.session.off('listening', this.onListening);
    this.session.off('lost', this.onLost);
    this.endEpoch('stopped');
  }

  /** Whether notifications are heard now (the answer of the last heartbeat); see `fresh()` for reads. */
  get live(): boolean {
    return this.liveNow;
  }

  /** Moves whenever continuity is lost or regained: an entry cached in another epoch is never used. */
  get epoch(): number {
    return this.epochNow;
  }

  /** Each payload of the channel, as it arrives. Returns the unsubscription. */
  subscribe(onChange: (payload: string) => void): () => void {
    this.subscribers.add(onChange);
    return () => this.subscribers.delete(onChange);
  }

  /** Called whenever an epoch ends or begins: everything cached from the channel must go. */
  onReset(drop: () => void): () => void {
    this.resets.add(drop);
    return () => this.resets.delete(drop);
  }

  /** A transaction of the context committed in this process: the next `fresh()` first catches up with it. */
  noteLocalWrite(): void {
    this.localWrites++;
  }

  /**
   * Whether what was cached from this feed may be used for a read starting now: live, and caught up with every
   * write this process committed before now (waiting for one notification of its own when it is not yet).
   * False: read the database.
   */
  fresh(): boolean | Promise<boolean> {
    // Answered at once (no promise) on the hot path: live and nothing of this process's own to catch up with.
    if (!this.liveNow) return false;
    if (this.syncedWrites >= this.localWrites) return true;
    return this.catchUp(this.localWrites);
  }

  private async catchUp(target: number): Promise<boolean> {
    if (!this.inflight || this.inflight.target < target) {
      const done = this.roundTrip(target);
      this.inflight = { target, done };
      void done.finally(() => {
        if (this.inflight?.done === done) this.inflight = null;
      });
    }
    await this.inflight.done;
    return this.liveNow && this.syncedWrites >= target;
  }

  /** Sends a notification of its own and waits for it (at most timeoutMs; then the epoch ends). */
  private async roundTrip(target: number): Promise<void> {
    const epoch = this.epochNow;
    const id = `${OWN}${this.token}:${++this.pings}`;
    let timer: NodeJS.Timeout | undefined;
    const back = new Promise<boolean>((resolve) => {
      this.pending.set(id, { target, resolve: () => resolve(true) });
      timer = setTimeout(() => resolve(false), this.timing.timeoutMs);
    });
    const sent = this.session.notify(this.channel, id).then(
      () => true,
      () => false,
    );
    const ok = (await Promise.race([back, sent.then((s) => (s ? back : false))])) && epoch === this.epochNow;
    clearTimeout(timer);
    this.pending.delete(id);
    if (!ok && epoch === this.epochNow && !this.stopped) {
      this.endEpoch('heartbeat not heard back');
      this.session.restart(`change feed ${this.channel}: heartbeat not heard back`);
    }
  }

  private async beat(): Promise<void> {
    if (this.stopped) return;
    // Not live: try to begin again (its notification reconnects a dropped session).
    if (!this.liveNow) return this.beginEpoch();
    await this.roundTrip(this.localWrites);
  }

  private receive(payload: string): void {
    if (payload.startsWith(OWN)) {
      const mine = this.pending.get(payload);
      if (mine) {
        this.syncedWrites = Math.max(this.syncedWrites, mine.target);
        mine.resolve();
      }
      return;
    }
    // Delivered even while not yet live: dropping an entry is always safe, and an entry loaded while the
    // epoch was beginning must hear what changes after its read.
    for (const s of this.subscribers) s(payload);
  }

  /**
   * A new epoch, once the (re)connected session hears its own notification: the epoch moves first (what was
   * cached before is never used again), everything cached is dropped, and only then is the feed trusted.
   */
  private beginEpoch(): Promise<void> {
    this.beginning ??= (async () => {
      if (this.stopped || this.liveNow) return;
      const target = this.localWrites;
      const epoch = ++this.epochNow;
      const id = `${OWN}${this.token}:${++this.pings}`;
      let timer: NodeJS.Timeout | undefined;
      const heard = await new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), this.timing.timeoutMs);
        this.pending.set(id, { target, resolve: () => resolve(true) });
        this.session.notify(this.channel, id).catch(() => resolve(false));
      });
      clearTimeout(timer);
      this.pending.delete(id);
      if (!heard || epoch !== this.epochNow || this.stopped) return;
      for (const drop of this.resets) drop();
      this.liveNow = true;
      this.logger.debug({ channel: this.channel, epoch }, 'change feed live');
    })().finally(() => {
      this.beginning = null;
    });
    return this.beginning;
  }

  private endEpoch(reason: string): void {
    const was = this.liveNow;
    this.liveNow = false;
    this.epochNow++;
    for (const drop of this.resets) drop();
    if (was && !this.stopped) this.logger.warn({ channel: this.channel, reason }, 'change feed not trusted until it hears itself again');
  }
}
