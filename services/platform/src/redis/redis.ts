import { Redis, type RedisOptions } from 'ioredis';

/**
 * The one way the product opens Redis connections. BullMQ workers need `maxRetriesPerRequest: null`
 * (blocking commands); request-path clients fail fast instead; a subscriber holds a connection of its own.
 */
export function createRedis(url: string, purpose: 'commands' | 'bullmq' | 'subscriber' = 'commands', extra: RedisOptions = {}): Redis {
  return new Redis(url, {
    lazyConnect: false,
    enableReadyCheck: true,
    connectionName: `tuerca-${purpose}`,
    maxRetriesPerRequest: purpose === 'bullmq' ? null : 2,
    ...extra,
  });
}
