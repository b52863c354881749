import type { Redis } from 'ioredis';

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
