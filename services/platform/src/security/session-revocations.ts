import { createHash, randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Logger } from '../logging/logger.js';

/** Longer than any process keeps a resolved session cached, so an end is seen by every cache. */
const MARK_TTL_SECONDS = 3600;
/** How often the pushed marks prove they are still heard (a message of its own through the channel)… */
export const REVOCATIONS_HEARTBEAT_MS = 1000;
/** …and how long that message may take before the process goes back to reading the marks per request. */
export const REVOCATIONS_TIMEOUT_MS = 2000;

const OWN = '~ping:';

/**
 * A session's id as stored and marked: the SHA-256 of the cookie's token (base64url). Identity keeps only this in
 * its table, and the marks name sessions by it, so neither Redis nor the database holds a usable cookie value.
 */
export function sessionHash(sessionId: string): string {
  return createHash('sha256').update(sessionId).digest('base64url');
}

/**
 * Ends of sessions every process sees. Processes cache resolved sessions for a few seconds (a session is
 * resolved on every request); the context that ends a session or changes a person marks it in the Redis every
 * process shares, and publishes the mark, before it answers.
 *
 * How a process checks what it cached (issue 21: the per-request read was a tenth of a cached lookup's cost):
 * - **writes** (any method but GET and HEAD) read the marks in Redis on every request, as always: a logout or
 *   a deactivation holds for every write in every process from the moment it answers;
 * - **reads** check the marks this process heard on the channel, without a round trip, while the subscription
 *   provably hears it (its own message every REVOCATIONS_HEARTBEAT_MS came back within REVOCATIONS_TIMEOUT_MS):
 *   an end reaches a read when its message arrives, normally under a millisecond after the logout answers. A
 *   session resolved before the subscription was last heard from, or any check while it is not, reads Redis.
 * When Redis cannot say, the answer is stale: the caller resolves the session again at its source.
 */
export class SessionRevocations {
  private readonly channel: string;
  private readonly token = randomBytes(6).toString('hex');
  /** Session hashes heard ended, with when the mark expires (ms). */
  private readonly endedHeard = new Map<string, number>();
  /** People heard changed, with when (ms). */
  private readonly changedHeard = new Map<string, number>();
  /** Since when (ms) every mark published is heard, or null while that cannot be said. */
  private heardSince: number | null = null;
  private pings = 0;
  private readonly waiting = new Map<string, { sentAt: number; resolve: (heard: boolean) => void }>();
  private timer: NodeJS.Timeout | null = null;
  private starting: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    /** A connection of its own for the channel (subscriber mode), or none: every check reads Redis. */
    private readonly subscriber: Redis | null = null,
    private readonly logger: Logger | null = null,
  ) {
    this.channel = `${prefix}:session:revoked`;
  }

  private endedKey(hash: string): string {
    return `${this.prefix}:session:ended:${hash}`;
  }

  private personKey(userId: string): string {
    return `${this.prefix}:session:person:${userId}`;
  }

  /** Subscribes to the channel and starts proving it is heard (once); until then every check reads Redis. */
  start(): Promise<void> {
    this.starting ??= this.listen();
    return this.starting;
  }

  private async listen(): Promise<void> {
    const sub = this.subscriber;
    if (!sub || this.stopped) return;
    sub.on('message', (channel: string, message: string) => {
      if (channel === this.channel) this.hear(message);
    });
    // A dropped connection loses what was published meanwhile: nothing cached before is trusted after it.
    const unheard = () => {
      this.heardSince = null;
    };
    sub.on('close', unheard);
    sub.on('reconnecting', unheard);
    sub.on('error', (err: Error) => this.logger?.warn({ err: err.message }, 'session revocations channel error'));
    this.timer = setInterval(() => void this.beat(), REVOCATIONS_HEARTBEAT_MS);
    this.timer.unref();
    try {
      await sub.subscribe(this.channel);
      await this.beat();
    } catch (err) {
      this.logger?.warn({ err: (err as Error).message }, 'session revocations channel not heard; marks are read per request');
    }
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.heardSince = null;
    for (const w of this.waiting.values()) w.resolve(false);
    this.subscriber?.disconnect();
  }

  /** Whether checks of reads are answered from what was heard (for tests and the readiness detail). */
  get heard(): boolean {
    return this.heardSince !== null;
  }

  /** The session with this cookie id has ended (logout). */
  async ended(sessionId: string): Promise<void> {
    const hash = sessionHash(sessionId);
    await this.redis.set(this.endedKey(hash), '1', 'EX', MARK_TTL_SECONDS);
    await this.redis.publish(this.channel, `e:${hash}`);
  }

  /** Something sessions show about this person changed (roles, flags, deactivation): cached copies are stale. */
  async personChanged(userId: string, at: number = Date.now()): Promise<void> {
    await this.redis.set(this.personKey(userId), String(at), 'EX', MARK_TTL_SECONDS);
    await this.redis.publish(this.channel, `p:${at}:${userId}`);
  }

  /**
   * Whether a session resolved at `resolvedAt` (ms) may no longer be trusted. `write`: the request changes
   * something, and reads the marks in Redis whatever was heard. `hash`: the session's `sessionHash`, when the
   * caller has it already.
   */
  isStale(
    sessionId: string,
    userId: string | null,
    resolvedAt: number,
    write = true,
    hash = sessionHash(sessionId),
  ): boolean | Promise<boolean> {
    // Heard from the first check of a read on (a process that serves none never subscribes).
    if (!write && !this.starting) void this.start();
    const since = this.heardSince;
    if (!write && since !== null) {
      // Answered at once (no promise): resolved before the channel was last heard from → resolved again once,
      // then trusted on what is heard.
      if (resolvedAt < since || this.endedHeard.has(hash)) return true;
      const changed = userId === null ? undefined : this.changedHeard.get(userId);
      return changed !== undefined && changed >= resolvedAt;
    }
    return this.readMarks(hash, userId, resolvedAt);
  }

  private async readMarks(hash: string, userId: string | null, resolvedAt: number): Promise<boolean> {
    try {
      const [ended, changed] = await this.redis.mget(this.endedKey(hash), userId ? this.personKey(userId) : this.endedKey(''));
      if (ended) return true;
      return userId !== null && changed !== null && Number(changed) >= resolvedAt;
    } catch {
      return true;
    }
  }

  private hear(message: string): void {
    if (message.startsWith(OWN)) {
      const w = this.waiting.get(message);
      if (w) w.resolve(true);
      return;
    }
    const now = Date.now();
    if (message.startsWith('e:')) this.endedHeard.set(message.slice(2), now + MARK_TTL_SECONDS * 1000);
    else if (message.startsWith('p:')) {
      const colon = message.indexOf(':', 2);
      const at = Number(message.slice(2, colon));
      const userId = message.slice(colon + 1);
      if (Number.isFinite(at) && userId) this.changedHeard.set(userId, Math.max(at, this.changedHeard.get(userId) ?? 0));
    }
  }

  /**
   * A message of its own through the channel: heard back in time, every mark published after it was sent is
   * heard too (one connection, in order); not heard, reads go back to Redis until one is.
   */
  private async beat(): Promise<void> {
    if (this.stopped) return;
    this.forgetExpired();
    const id = `${OWN}${this.token}:${++this.pings}`;
    const sentAt = Date.now();
    let timer: NodeJS.Timeout | undefined;
    const heard = await new Promise<boolean>((resolve) => {
      this.waiting.set(id, { sentAt, resolve });
      timer = setTimeout(() => resolve(false), REVOCATIONS_TIMEOUT_MS);
      this.redis.publish(this.channel, id).catch(() => resolve(false));
    });
    clearTimeout(timer);
    this.waiting.delete(id);
    if (this.stopped) return;
    if (!heard) {
      if (this.heardSince !== null) this.logger?.warn({}, 'session revocations not heard back; marks are read per request');
      this.heardSince = null;
    } else if (this.heardSince === null) this.heardSince = sentAt;
  }

  private forgetExpired(): void {
    const now = Date.now();
    for (const [hash, until] of this.endedHeard) if (until <= now) this.endedHeard.delete(hash);
    // A person's change matters only to sessions resolved before it, and none is cached that long.
    for (const [userId, at] of this.changedHeard) if (at + MARK_TTL_SECONDS * 1000 <= now) this.changedHeard.delete(userId);
  }
}
