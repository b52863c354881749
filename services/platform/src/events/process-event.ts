import type { EventEnvelope } from '@tuerca/contracts';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from '../logging/logger.js';
import type { Subscription } from './transport.js';
import { consumerGroupId } from './transport.js';

export type ProcessOutcome = 'processed' | 'duplicate' | 'dead-lettered';

export interface ProcessOptions {
  maxAttempts: number;
  logger: Logger;
  /** Extra work committed in the same transaction (the postgres transport advances its offset here). */
  alsoInTransaction?: (em: EntityManager) => Promise<void>;
  /** Backoff between attempts, in ms; tests shorten it. */
  backoffMs?: (attempt: number) => number;
  isStopping?: () => boolean;
}

const defaultBackoff = (attempt: number) => Math.min(50 * 2 ** attempt, 2000);

/**
 * Applies one event to a consumer group exactly once in effect: the handler's changes and the
 * `(group, eventId)` row commit together, so a redelivered event changes nothing. A handler that keeps
 * failing is retried `maxAttempts` times, then the event goes to the dead-letter table (with its error)
 * instead of blocking the events behind it.
 */
export async function processEvent(sub: Subscription, event: EventEnvelope, opts: ProcessOptions): Promise<ProcessOutcome> {
  const backoff = opts.backoffMs ?? defaultBackoff;
  let lastError: unknown;
  for (let attempt = 1; attempt <= opts.maxAttempts; attempt++) {
    try {
      return await sub.db.transactional(async (em) => {
        const inserted = await em.execute<{ affectedRows: number }>(
          'insert into processed_events (consumer_group, event_id) values (?, ?) on conflict do nothing',
          [sub.group, event.eventId],
          'run',
        );
        if (opts.alsoInTransaction) await opts.alsoInTransaction(em);
        if (inserted.affectedRows === 0) return 'duplicate' as const;
        await sub.handle(event, em);
        await em.flush();
        return 'processed' as const;
      });
    } catch (err) {
      lastError = err;
      opts.logger.warn(
        { group: consumerGroupId(sub), eventId: event.eventId, type: event.type, attempt, err: errorText(err) },
        'event handler failed',
      );
      if (opts.isStopping?.()) throw err;
      if (attempt < opts.maxAttempts) await sleep(backoff(attempt));
    }
  }
  await sub.db.transactional(async (em) => {
    await em.execute(
      `insert into dead_letters (consumer_group, event_id, type, envelope, error, attempts)
       values (?, ?, ?, ?::jsonb, ?, ?) on conflict (consumer_group, event_id) do nothing`,
      [sub.group, event.eventId, event.type, JSON.stringify(event), errorText(lastError), opts.maxAttempts],
      'run',
    );
    await em.execute(
      'insert into processed_events (consumer_group, event_id) values (?, ?) on conflict do nothing',
      [sub.group, event.eventId],
      'run',
    );
    if (opts.alsoInTransaction) await opts.alsoInTransaction(em);
  });
  opts.logger.error({ group: consumerGroupId(sub), eventId: event.eventId, type: event.type }, 'event dead-lettered');
  return 'dead-lettered';
}

export function errorText(err: unknown): string {
  if (err instanceof Error) return `${err.name}: ${err.message}`.slice(0, 4000);
  return String(err).slice(0, 4000);
}

/** Resolves after `ms`, or at once when `signal` aborts; leaves no listener behind either way. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const onAbort = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
