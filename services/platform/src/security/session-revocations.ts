import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

/** Longer than any process keeps a resolved session cached, so an end is seen by every cache. */
const MARK_TTL_SECONDS = 3600;

/**
 * Ends of sessions every process sees at once. Processes cache resolved sessions for a few seconds (a
 * session is resolved on every request); the context that ends a session or changes a person marks it
 * here, in the Redis every process shares, before it answers, and every cache checks the marks before
 * trusting what it holds. So a logout is seen by every process from the next request on — the bound is
 * the Redis write that precedes the logout's answer, not the cache's lifetime.
 */
export class SessionRevocations {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  private endedKey(sessionId: string): string {
    // The mark names the session by a hash: Redis never holds a usable cookie value.
    return `${this.prefix}:session:ended:${createHash('sha256').update(sessionId).digest('base64url')}`;
  }

  private personKey(userId: string): string {
    return `${this.prefix}:session:person:${userId}`;
  }

  /** The session with this cookie id has ended (logout). */
  async ended(sessionId: string): Promise<void> {
    await this.redis.set(this.endedKey(sessionId), '1', 'EX', MARK_TTL_SECONDS);
  }

  /** Something sessions show about this person changed (roles, flags, deactivation): cached copies are stale. */
  async personChanged(userId: string, at: number = Date.now()): Promise<void> {
    await this.redis.set(this.personKey(userId), String(at), 'EX', MARK_TTL_SECONDS);
  }

  /**
   * Whether a session resolved at `resolvedAt` (ms) may no longer be trusted. When Redis cannot say, the
   * answer is yes: the caller resolves the session again at its source.
   */
  async isStale(sessionId: string, userId: string | null, resolvedAt: number): Promise<boolean> {
    try {
      const [ended, changed] = await this.redis.mget(this.endedKey(sessionId), userId ? this.personKey(userId) : this.endedKey(''));
      if (ended) return true;
      return userId !== null && changed !== null && Number(changed) >= resolvedAt;
    } catch {
      return true;
    }
  }
}
