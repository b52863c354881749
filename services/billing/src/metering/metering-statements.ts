import type { Pool, PoolClient } from 'pg';
import type { ContextDatabase } from '@tuerca/platform';

/**
 * hot path: metering reads and charges once or twice per metered lookup — getSubstitutions, the catalogue,
 * the plate lookup — so their two statements are hand-tuned SQL run as named prepared statements on the
 * context's pool (parsed and planned once per connection). Measured on this machine (load-tests/reports/
 * billing-metering.md has the end-to-end figures): the snapshot built with typed Kysely took 1.7–1.9 ms a
 * call (0.76 ms of it building and compiling the statement, 0.5 ms planning it); the same SQL prepared
 * takes 0.16 ms. The pessimistic path of a charge runs them prepared too, in a transaction of its own on one
 * pooled connection, so the meter's lock is held for four short statements.
 */
export const SNAPSHOT_SQL = `
with c as (
  select coalesce(sum(d.n), 0) as total, coalesce(sum(d.n) filter (where d.in_store), 0) as in_store
  from (
    select consumed as n, $5 <> '' and store_key = $5 as in_store from meter_days
    where owner_kind = $1 and owner_id = $2 and kind = $3 and day > ($4::timestamptz at time zone 'UTC')::date
    union all
    select 1, store_id = $5 from consumptions
    where owner_kind = $1 and owner_id = $2 and kind = $3 and consumed_at > $4::timestamptz and refunded_at is null
      and consumed_at < ((($4::timestamptz at time zone 'UTC')::date + 1)::timestamp at time zone 'UTC')) d)
select c.total, c.in_store,
  (select expires_at from browsing_windows
    where owner_kind = $1 and owner_id = $2 and kind = $3 and subject = $6 and expires_at > $7) as window_expires,
  exists (select 1 from consumptions
    where owner_kind = $1 and owner_id = $2 and request_id = $8 and kind = $3 and subject = $6 and refunded_at is null) as duplicate,
  (select version from meters where owner_kind = $1 and owner_id = $2 and kind = $3) as version,
  t.amount as type_amount, t.expires as type_expires, t.first as type_first,
  g.amount as general_amount, g.expires as general_expires, g.first as general_first
from c,
  lateral (select sum(remaining) as amount, min(expires_at) as expires, (array_agg(id order by expires_at, created_at))[1] as first
           from balances where user_id = $9 and type = $10 and remaining > 0 and expires_at > $7) t,
  lateral (select sum(remaining) as amount, min(expires_at) as expires, (array_agg(id order by expires_at, created_at))[1] as first
           from balances where user_id = $9 and type = 'general_inquiries' and remaining > 0 and expires_at > $7) g`;

export interface SnapshotRow {
  total: string;
  in_store: string;
  window_expires: Date | string | null;
  duplicate: boolean;
  version: string | null;
  type_amount: string | null;
  type_expires: Date | string | null;
  type_first: string | null;
  general_amount: string | null;
  general_expires: Date | string | null;
  general_first: string | null;
}

/**
 * The snapshot's 30-day counters: the days after the one the period starts in from meter_days (at most 31
 * rows), that first day's consultations one by one (from the period's start to its UTC midnight). Exact,
 * and its cost no longer grows with a person's use.
 *
 * The charge: data-modifying CTEs, each gated on the one before — the meter's compare-and-set (its version
 * must still be the snapshot's), the balance spent (never below zero), the consumption (unique per request,
 * kind and subject), its day counted, the 12-hour window, ConsultationConsumed in the outbox — all or
 * nothing, one round trip.
 */
export const CHARGE_SQL = `
with cas as (
  insert into meters (owner_kind, owner_id, kind, version) values ($1, $2, $3, $4::bigint + 1)
  on conflict (owner_kind, owner_id, kind) do update set version = meters.version + 1 where meters.version = $4::bigint
  returning version),
spent as (
  update balances set remaining = remaining - 1
  where id = $5::uuid and remaining > 0 and expires_at > $6::timestamptz and exists (select 1 from cas)
  returning id, remaining),
consumed as (
  insert into consumptions (id, owner_kind, owner_id, kind, subject, store_id, charged_from, balance_id, request_id, consumed_at)
  select $7::uuid, $1, $2, $3, $8, $9::text, $10, $5::uuid, $11, $6::timestamptz
  where exists (select 1 from cas) and ($5::uuid is null or exists (select 1 from spent))
  returning id),
counted as (
  insert into meter_days (owner_kind, owner_id, kind, day, store_key, consumed)
  select $1, $2, $3, ($6::timestamptz at time zone 'UTC')::date, coalesce($9::text, ''), 1 where exists (select 1 from consumed)
  on conflict (owner_kind, owner_id, kind, day, store_key) do update set consumed = meter_days.consumed + 1
  returning 1),
opened as (
  insert into browsing_windows (owner_kind, owner_id, kind, subject, opened_at, expires_at)
  select $1, $2, $3, $8, $6::timestamptz, $12::timestamptz where exists (select 1 from consumed)
  on conflict (owner_kind, owner_id, kind, subject) do update set opened_at = excluded.opened_at, expires_at = excluded.expires_at
  returning 1),
announced as (
  insert into outbox_events (event_id, type, version, topic, aggregate_id, envelope, created_at)
  select $13::uuid, $14, $15::int, $16, $17, $18::jsonb, $19::timestamptz where exists (select 1 from consumed)
  returning 1)
select (select id from consumed) as consumed, (select remaining from spent) as remaining,
  (select count(*) from counted) as counted, (select count(*) from opened) as opened,
  (select count(*) from announced) as announced`;

export interface ChargeRow {
  consumed: string | null;
  remaining: number | null;
}

/**
 * Takes the person's meter row and moves its version (the pessimistic path's lock, held to the commit):
 * charges decided on an earlier snapshot then fail their compare-and-set and read again.
 */
export const LOCK_METER_SQL = `
insert into meters (owner_kind, owner_id, kind, version) values ($1, $2, $3, 1)
on conflict (owner_kind, owner_id, kind) do update set version = meters.version + 1
returning version`;

/** Runs a named statement: prepared once per connection. */
export type MeteringRunner = <T>(name: string, text: string, values: unknown[]) => Promise<T[]>;

const pools = new WeakMap<ContextDatabase, Promise<Pool>>();

/** The context's own `pg` pool (search_path = billing), for statements prepared once per connection. */
function poolOf(db: ContextDatabase): Promise<Pool> {
  let pool = pools.get(db);
  if (!pool) {
    const connection = db.orm.em.getConnection() as unknown as { getNativeClient(): Promise<Pool> };
    pool = connection.getNativeClient();
    pools.set(db, pool);
  }
  return pool;
}

/** Each statement on any pooled connection, in its own transaction. */
export function pooled(db: ContextDatabase): MeteringRunner {
  return async <T>(name: string, text: string, values: unknown[]) =>
    (await (await poolOf(db)).query<T & Record<string, unknown>>({ name, text, values })).rows;
}

/** `work`'s statements in one transaction on one pooled connection; rolled back when `work` throws. */
export async function inMeterTransaction<T>(db: ContextDatabase, work: (run: MeteringRunner) => Promise<T>): Promise<T> {
  const client: PoolClient = await (await poolOf(db)).connect();
  try {
    await client.query('begin');
    const result = await work(
      async <R>(name: string, text: string, values: unknown[]) =>
        (await client.query<R & Record<string, unknown>>({ name, text, values })).rows,
    );
    await client.query('commit');
    return result;
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}
