import { createHash } from 'node:crypto';
import { envelopeSchema, eventKey, type EventDefinition, type EventEnvelope } from '@tuerca/contracts';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from '../logging/logger.js';
import { kysely, type KernelDB } from '../database/context-database.js';
import { isTransientError } from './failures.js';
import type { Subscription } from './transport.js';
import { consumerGroupId } from './transport.js';

export type ProcessOutcome = 'processed' | 'duplicate' | 'dead-lettered';

export interface ProcessOptions {
  /** How many times a poison event (its handler refuses it) is tried before it goes to the dead letters. */
  maxAttempts: number;
  logger: Logger;
  /** Extra work committed in the same transaction (the postgres transport advances its offset here). */
  alsoInTransaction?: (em: EntityManager) => Promise<void>;
  /** Back-off between the attempts of a poison event, in ms; tests shorten it. */
  backoffMs?: (attempt: number) => number;
  /** Back-off while a transient failure lasts, in ms (exponential, capped); tests shorten it. */
  transientBackoffMs?: (attempt: number) => number;
  isStopping?: () => boolean;
  /** Called at least every second while waiting (Kafka: a heartbeat, so the group keeps this member). */
  onWait?: () => Promise<void>;
}

/** The consumer stopped while an event was waiting out a failure: the event was not applied and will be delivered again. */
export class ConsumerStopping extends Error {
  override readonly name = 'ConsumerStopping';
}

const defaultBackoff = (attempt: number) => Math.min(50 * 2 ** attempt, 2000);
/** 100 ms, 200 ms, … up to 30 s between tries while the database or the broker is away; ±20 % jitter. */
export const transientBackoff = (attempt: number) => Math.round(Math.min(100 * 2 ** (attempt - 1), 30_000) * (0.8 + Math.random() * 0.4));

interface Resolved {
  envelope: EventEnvelope;
  definition: EventDefinition;
}
interface Unusable {
  eventId: string;
  type: string;
  version: number;
  raw: unknown;
  reason: string;
}

/**
 * Checks a delivered event against the definitions the group subscribed to: a valid envelope, a (name,
 * version) the group consumes, a payload its schema accepts. The handler then sees the parsed payload.
 */
export function resolveEvent(sub: Pick<Subscription, 'events'>, raw: unknown): Resolved | Unusable {
  const parsed = envelopeSchema.safeParse(raw);
  const loose = (raw ?? {}) as Partial<EventEnvelope>;
  if (!parsed.success) {
    return {
      eventId: typeof loose.eventId === 'string' && /^[0-9a-f-]{36}$/i.test(loose.eventId) ? loose.eventId : syntheticEventId(raw),
      type: typeof loose.type === 'string' ? loose.type.slice(0, 200) : '(sin tipo)',
      version: typeof loose.version === 'number' && Number.isInteger(loose.version) ? loose.version : 0,
      raw,
      reason: `invalid envelope: ${issues(parsed.error.issues)}`,
    };
  }
  const envelope = parsed.data as EventEnvelope;
  const definition = sub.events.find((d) => d.name === envelope.type && d.version === envelope.version);
  if (!definition) {
    return { ...pick(envelope), raw, reason: `not an event this group consumes: ${eventKey(envelope)}` };
  }
  const payload = definition.payload.safeParse(envelope.payload);
  if (!payload.success)
    return { ...pick(envelope), raw, reason: `invalid payload of ${eventKey(envelope)}: ${issues(payload.error.issues)}` };
  return { envelope: { ...envelope, payload: payload.data }, definition };
}

function pick(e: EventEnvelope) {
  return { eventId: e.eventId, type: e.type, version: e.version };
}

function issues(list: readonly { path: PropertyKey[]; message: string }[]): string {
  return list
    .slice(0, 5)
    .map((i) => `${i.path.map(String).join('.') || '(root)'}: ${i.message}`)
    .join('; ');
}

/** A stable id for a message too broken to carry its own, so its redelivery finds the same dead letter. */
function syntheticEventId(raw: unknown): string {
  const h = createHash('sha256')
    .update(JSON.stringify(raw) ?? 'undefined')
    .digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** Sleeps `ms` in slices of at most a second, calling `onWait` between them; false when the consumer stops meanwhile. */
async function wait(ms: number, opts: Pick<ProcessOptions, 'onWait' | 'isStopping'>): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (opts.isStopping?.()) return false;
    await sleep(Math.min(1000, end - Date.now()));
    await opts.onWait?.().catch(() => undefined);
  }
  return !opts.isStopping?.();
}

/**
 * Runs `work` until it succeeds or fails for a reason that is not transient. Transient failures (the
 * database or broker away, a deadlock, a serialization failure) are waited out without limit and without
 * moving on, so per-key order holds and nothing is skipped; `onTransient` sees each one.
 */
export async function untilNotTransient<T>(
  work: () => Promise<T>,
  opts: Pick<ProcessOptions, 'onWait' | 'isStopping' | 'transientBackoffMs'> & { onTransient?: (err: unknown, attempt: number) => void },
): Promise<T> {
  const backoff = opts.transientBackoffMs ?? transientBackoff;
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      if (!isTransientError(err)) throw err;
      opts.onTransient?.(err, attempt);
      if (!(await wait(backoff(attempt), opts))) throw new ConsumerStopping('consumer stopping', { cause: err });
    }
  }
}

/**
 * Applies one event to a consumer group exactly once in effect: the handler's changes and the
 * `(group, eventId)` row commit together, so a redelivered event changes nothing.
 *
 * - An event that does not match the group's definitions (broken envelope, unknown version, a payload its
 *   schema refuses) goes to the dead letters at once: trying again cannot change it.
 * - A transient failure is waited out (exponential back-off, no limit, no dead letter, no skipping).
 * - Any other failure is the event's (poison): it is tried `maxAttempts` times, then dead-lettered with
 *   its error so the events behind it keep flowing; an operator replays it after a fix (dead-letters.ts).
 */
export async function processEvent(sub: Subscription, raw: unknown, opts: ProcessOptions): Promise<ProcessOutcome> {
  const group = consumerGroupId(sub);
  const resolved = resolveEvent(sub, raw);
  if (!('definition' in resolved)) {
    return deadLetter(sub, { ...resolved, error: resolved.reason, attempts: 0 }, opts);
  }
  const { envelope } = resolved;
  const backoff = opts.backoffMs ?? defaultBackoff;
  let lastError: unknown;
  for (let attempt = 1; attempt <= opts.maxAttempts; attempt++) {
    try {
      return await untilNotTransient(
        () =>
          sub.db.transactional(async (em) => {
            const inserted = await kysely<KernelDB>(em)
              .insertInto('ProcessedEvent')
              .values({ consumerGroup: sub.group, eventId: envelope.eventId })
              .onConflict((oc) => oc.doNothing())
              .executeTakeFirst();
            if (opts.alsoInTransaction) await opts.alsoInTransaction(em);
            if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0) return 'duplicate' as const;
            await sub.handle(envelope as never, em);
            await em.flush();
            return 'processed' as const;
          }),
        {
          ...opts,
          onTransient: (err, n) =>
            opts.logger.warn(
              { group, eventId: envelope.eventId, type: eventKey(envelope), wait: n, err: errorText(err) },
              'event handler waiting out a transient failure',
            ),
        },
      );
    } catch (err) {
      if (err instanceof ConsumerStopping) throw err;
      lastError = err;
      opts.logger.warn(
        { group, eventId: envelope.eventId, type: eventKey(envelope), attempt, err: errorText(err) },
        'event handler failed',
      );
      if (opts.isStopping?.()) throw err;
      if (attempt < opts.maxAttempts) await sleep(backoff(attempt));
    }
  }
  return deadLetter(
    sub,
    {
      eventId: envelope.eventId,
      type: envelope.type,
      version: envelope.version,
      raw: envelope,
      error: errorText(lastError),
      attempts: opts.maxAttempts,
    },
    opts,
  );
}

/**
 * Applies consecutive events of a batchable group (Subscription.batchable) in one transaction: their
 * `(group, eventId)` rows in one statement, each new one's handler in turn, `alsoInTransaction` once (the
 * postgres transport's offset past the last), one commit. A busy group (issue 21: a person's charges, 200 a
 * second, each a ConsultationConsumed for the quota counters) paid a transaction of five round trips and a
 * commit for every event. True when the batch committed; false when it did not — an event the group cannot
 * use, or any failure (a poison event, the database away) rolls it all back, and the caller applies the same
 * events one by one with processEvent, which retries, waits out and dead-letters each on its own.
 */
export async function processEvents(sub: Subscription, raws: unknown[], opts: ProcessOptions): Promise<boolean> {
  const envelopes: EventEnvelope[] = [];
  for (const raw of raws) {
    const resolved = resolveEvent(sub, raw);
    if (!('definition' in resolved)) return false;
    envelopes.push(resolved.envelope);
  }
  if (envelopes.length === 0) return false;
  try {
    await sub.db.transactional(async (em) => {
      const ids = [...new Set(envelopes.map((e) => e.eventId))];
      const inserted = await kysely<KernelDB>(em)
        .insertInto('ProcessedEvent')
        .values(ids.map((eventId) => ({ consumerGroup: sub.group, eventId })))
        .onConflict((oc) => oc.doNothing())
        .returning('eventId')
        .execute();
      const fresh = new Set(inserted.map((r) => r.eventId));
      for (const envelope of envelopes) {
        // A redelivered event (already processed) changes nothing; one delivered twice in the batch, once.
        if (!fresh.delete(envelope.eventId)) continue;
        await sub.handle(envelope as never, em);
        await em.flush();
      }
      if (opts.alsoInTransaction) await opts.alsoInTransaction(em);
    });
    return true;
  } catch (err) {
    opts.logger.debug(
      { group: consumerGroupId(sub), events: envelopes.length, err: errorText(err) },
      'event batch rolled back: one by one',
    );
    return false;
  }
}

/** Keeps the event with its error for an operator, marks it processed for the group, and moves on. */
async function deadLetter(
  sub: Subscription,
  letter: { eventId: string; type: string; version: number; raw: unknown; error: string; attempts: number },
  opts: ProcessOptions,
): Promise<'dead-lettered'> {
  await untilNotTransient(
    () =>
      sub.db.transactional(async (em) => {
        const k = kysely<KernelDB>(em);
        await k
          .insertInto('DeadLetter')
          .values({
            consumerGroup: sub.group,
            eventId: letter.eventId,
            type: letter.type,
            version: letter.version,
            // Kept as delivered; anything but an object is wrapped so the column always holds a JSON object.
            envelope: (letter.raw && typeof letter.raw === 'object' && !Array.isArray(letter.raw)
              ? letter.raw
              : { value: letter.raw ?? null }) as EventEnvelope,
            error: letter.error.slice(0, 4000),
            attempts: letter.attempts,
          })
          .onConflict((oc) => oc.columns(['consumerGroup', 'eventId']).doNothing())
          .execute();
        await k
          .insertInto('ProcessedEvent')
          .values({ consumerGroup: sub.group, eventId: letter.eventId })
          .onConflict((oc) => oc.doNothing())
          .execute();
        if (opts.alsoInTransaction) await opts.alsoInTransaction(em);
      }),
    opts,
  );
  opts.logger.error(
    { group: consumerGroupId(sub), eventId: letter.eventId, type: `${letter.type}.v${letter.version}`, err: letter.error },
    'event dead-lettered',
  );
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
