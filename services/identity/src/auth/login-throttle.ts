import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { APP_CONFIG, REDIS, TooManyRequestsError, type AppConfig } from '@tuerca/platform';
import { identityConfig, type IdentityConfig } from '../identity.config.js';
import { waitAfterFailure } from './login-throttle.rules.js';

// One failure, counted atomically: per address, per (account, address) and per account, each expiring with the window.
const FAIL = `
local out = {}
for i = 1, 3 do
  local n = redis.call('INCR', KEYS[i])
  if n == 1 then redis.call('EXPIRE', KEYS[i], ARGV[1]) end
  out[i] = n
end
return out`;

/** The login limits, in Redis so they hold across processes (rules in login-throttle.rules.ts); keys live for the window. */
@Injectable()
export class LoginThrottle {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly app: AppConfig,
    @Inject(identityConfig.token) private readonly config: IdentityConfig,
  ) {}

  private key(...parts: string[]): string {
    return `${this.app.REDIS_PREFIX}:login:${parts.join(':')}`;
  }

  /** Refuses an attempt from an address that failed too often, or that must still wait on this account. */
  async check(email: string, ip: string): Promise<void> {
    const [ipFailures, ipTtl, waitMs] = await this.redis
      .multi()
      .get(this.key('fail', 'ip', ip))
      .ttl(this.key('fail', 'ip', ip))
      .pttl(this.key('wait', email, ip))
      .exec()
      .then((r) => (r ?? []).map(([, v]) => Number(v ?? 0)));
    if ((ipFailures ?? 0) >= this.config.RATE_LIMIT_LOGIN_PER_IP)
      throw new TooManyRequestsError((ipTtl ?? 0) > 0 ? ipTtl! : this.config.RATE_LIMIT_WINDOW_SECONDS);
    if ((waitMs ?? 0) > 0) throw new TooManyRequestsError(Math.ceil(waitMs! / 1000));
  }

  /** Counts a failure; the address may have to wait before its next attempt on this account. */
  async failed(email: string, ip: string): Promise<void> {
    const window = this.config.RATE_LIMIT_WINDOW_SECONDS;
    const [, pair, account] = (await this.redis.eval(
      FAIL,
      3,
      this.key('fail', 'ip', ip),
      this.key('fail', 'pair', email, ip),
      this.key('fail', 'account', email),
      window,
    )) as [number, number, number];
    const wait = waitAfterFailure(pair, account, {
      freeFailuresPerAccountAndAddress: this.config.RATE_LIMIT_LOGIN_PER_ACCOUNT,
      windowSeconds: window,
    });
    if (wait > 0) await this.redis.set(this.key('wait', email, ip), '1', 'EX', wait);
  }

  /** A correct password clears this address's failures on the account (the account-wide count stays). */
  async succeeded(email: string, ip: string): Promise<void> {
    await this.redis.del(this.key('fail', 'pair', email, ip), this.key('wait', email, ip));
  }
}
