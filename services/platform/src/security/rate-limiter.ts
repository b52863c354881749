import type { Redis } from 'ioredis';
import { TooManyRequestsError } from '../http/domain-error.js';

export interface RateLimitResult {
  allowed: boolean;
  count: number;
  retryAfterSeconds: number;
}

// Fixed window: INCR and set the expiry on first hit, atomically.
const HIT = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('TTL', KEYS[1])
return {n, ttl}`;

/** Counts attempts per key in Redis, so limits hold across every process of the product. */
export class RateLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async hit(key: string, limit: number, windowSeconds: number): Promise<RateLimitResult> {
    const [count, ttl] = (await this.redis.eval(HIT, 1, `${this.prefix}:rl:${key}`, windowSeconds)) as [number, number];
    return { allowed: count <= limit, count, retryAfterSeconds: ttl > 0 ? ttl : windowSeconds };
  }

  async peek(key: string, limit: number): Promise<RateLimitResult> {
    const k = `${this.prefix}:rl:${key}`;
    const [count, ttl] = await Promise.all([this.redis.get(k), this.redis.ttl(k)]);
    const n = Number(count ?? 0);
    return { allowed: n < limit, count: n, retryAfterSeconds: ttl > 0 ? ttl : 0 };
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(`${this.prefix}:rl:${key}`);
  }
}

/** Limits of one action of people, per visitor (account or guest) and per address, over one window. */
export interface VisitorLimits {
  perVisitor: number;
  perAddress: number;
  windowSeconds: number;
}

/**
 * Refuses (429 with Retry-After) a visitor — an account, or a guest by its signed id — or an address past its limit
 * for an action anyone may call (error reports, product visits: #20 finding 9). A guest who drops the cookie
 * still meets the address's limit.
 */
export async function throttleVisitor(
  limiter: RateLimiter,
  action: string,
  visitor: { user: { id: string } | null; guestId: string; ip: string },
  limits: VisitorLimits,
): Promise<void> {
  const who = visitor.user ? `u:${visitor.user.id}` : `g:${visitor.guestId}`;
  for (const [key, limit] of [
    [`${action}:v:${who}`, limits.perVisitor],
    [`${action}:ip:${visitor.ip}`, limits.perAddress],
  ] as const) {
    const r = await limiter.hit(key, limit, limits.windowSeconds);
    if (!r.allowed) throw new TooManyRequestsError(r.retryAfterSeconds);
  }
}
