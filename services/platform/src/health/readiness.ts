import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { sql } from 'kysely';
import { kysely, type KernelDB } from '../database/context-database.js';
import type { AppConfig } from '../config/config.js';
import { EventBus } from '../events/event-bus.js';
import { ContextRegistry } from '../module/context-registry.js';
import { APP_CONFIG, REDIS } from '../module/tokens.js';
import { DeadLetterStore } from '../operations/dead-letters.js';

const TIMEOUT_MS = 2000;

async function within<T>(probe: () => Promise<T>): Promise<{ ok: true; value: T } | { ok: false }> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const value = await Promise.race([
      probe(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), TIMEOUT_MS);
      }),
    ]);
    return { ok: true, value };
  } catch {
    return { ok: false };
  } finally {
    clearTimeout(timer);
  }
}

async function check(probe: () => Promise<unknown>): Promise<boolean> {
  return (await within(probe)).ok;
}

export interface ReadinessReport {
  status: 'ready' | 'unavailable';
  role: AppConfig['ROLE'];
  /** What this role uses, each reachable or not; any false makes the process unready. */
  checks: Record<string, boolean>;
  /** Information for operators that does not make the process unready. */
  detail: {
    contexts: string[];
    /** Consumer groups this process runs and whether each is consuming (worker roles). */
    consumers?: Record<string, boolean>;
    /** Unresolved dead letters per consumer group (all contexts), or null when they could not be counted in time. */
    deadLetters: { total: number; byGroup: Record<string, number> } | null;
  };
}

/**
 * Readiness by role: each process reports ready when what *it* uses answers.
 * - api: its contexts' database and Redis. It publishes only through its outbox (a table in its own
 *   database), so the broker is not its dependency: the worker's relay moves the outbox.
 * - worker: the database, Redis, the broker (its relays' producer) and every consumer group it runs
 *   being a member of its group (Kafka) or running its reader (postgres transport).
 * - all: both.
 */
@Injectable()
export class Readiness {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly bus: EventBus,
    private readonly registry: ContextRegistry,
    private readonly deadLetters: DeadLetterStore,
  ) {}

  async report(): Promise<ReadinessReport> {
    const worker = this.config.ROLE !== 'api';
    const probes: Record<string, Promise<boolean>> = {
      postgres: check(async () => {
        for (const db of this.registry.databases)
          await kysely<KernelDB>(db.em())
            .selectNoFrom(sql<number>`1`.as('one'))
            .execute();
      }),
      redis: check(() => this.redis.ping()),
    };
    if (worker) {
      probes.eventBus = check(async () => {
        if (!(await this.bus.ping())) throw new Error('bus');
      });
    }
    const consumers = worker ? this.bus.groupStates() : undefined;
    const [entries, counts] = await Promise.all([
      Promise.all(Object.entries(probes).map(async ([k, p]) => [k, await p] as const)),
      within(() => this.deadLetters.openCounts()),
    ]);
    const checks: Record<string, boolean> = Object.fromEntries(entries);
    if (consumers && Object.keys(consumers).length > 0) checks.consumers = Object.values(consumers).every(Boolean);
    const ok = Object.values(checks).every(Boolean);
    return {
      status: ok ? 'ready' : 'unavailable',
      role: this.config.ROLE,
      checks,
      detail: {
        contexts: this.registry.databases.map((d) => d.schema),
        ...(consumers ? { consumers } : {}),
        deadLetters: counts.ok ? { total: Object.values(counts.value).reduce((a, b) => a + b, 0), byGroup: counts.value } : null,
      },
    };
  }
}
