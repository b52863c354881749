import type { EntityManager } from '@mikro-orm/postgresql';
import { COUNTER_WINDOW_DAYS, ErrorCodes, t, type MessageKey, type MeteredKind } from '@tuerca/contracts';
import { DomainError, kysely } from '@tuerca/platform';
import { SNAPSHOT_SQL, type MeteringRunner, type SnapshotRow } from './metering-statements.js';
import type { BillingDB } from '../billing.database.js';
import { BALANCE_TYPE, type MeterQuestion, type Snapshot } from './metering.rules.js';

const DAY_MS = 24 * 3600 * 1000;

const toDate = (d: Date | string | null | undefined): Date | null => (d ? new Date(d) : null);

/**
 * Takes the person's meter row for this kind and moves its version, in the caller's transaction: the
 * pessimistic path of a charge and every refund hold it to their commit, and any charge decided on an
 * earlier snapshot then fails its compare-and-set and reads again.
 */
export async function lockMeter(em: EntityManager, who: { kind: string; id: string }, kind: MeteredKind): Promise<number> {
  const row = await kysely<BillingDB>(em)
    .insertInto('Meter')
    .values({ ownerKind: who.kind, ownerId: who.id, kind, version: 1 })
    .onConflict((oc) => oc.columns(['ownerKind', 'ownerId', 'kind']).doUpdateSet((eb) => ({ version: eb('Meter.version', '+', 1) })))
    .returning('version')
    .executeTakeFirstOrThrow();
  return Number(row.version);
}

/**
 * Everything a decision needs, in one statement and one round trip, without any lock: counters (last 30
 * days, refunded consultations left out), the browsing window of the subject, the balances of the kind and
 * of general inquiries (amount, nearest expiry, the one to spend first), whether `requestId` was charged
 * already for this kind and subject, and the meter's version the decision is read at.
 */
export async function readSnapshot(
  run: MeteringRunner,
  r: MeterQuestion & { subject?: string },
  now: Date,
  requestId?: string,
): Promise<Snapshot> {
  const since = new Date(now.getTime() - COUNTER_WINDOW_DAYS * DAY_MS);
  // A guest has no balances: user ids and visitor ids never meet, so '' finds none.
  const userId = r.who.kind === 'user' ? r.who.id : '';
  const [row] = await run<SnapshotRow>('billing_meter_snapshot', SNAPSHOT_SQL, [
    r.who.kind,
    r.who.id,
    r.kind,
    since,
    r.storeId ?? '',
    r.subject ?? '',
    now,
    requestId ?? '',
    userId,
    BALANCE_TYPE[r.kind],
  ]);
  return {
    count: Number(row!.total),
    countInStore: Number(row!.in_store),
    windowExpiresAt: r.subject ? toDate(row!.window_expires) : null,
    typeBalance: { amount: Number(row!.type_amount ?? 0), expiresAt: toDate(row!.type_expires), first: row!.type_first },
    generalBalance: { amount: Number(row!.general_amount ?? 0), expiresAt: toDate(row!.general_expires), first: row!.general_first },
    duplicate: row!.duplicate === true,
    version: Number(row!.version ?? 0),
  };
}

const LOGIN_TEXT: Record<MeteredKind, MessageKey> = {
  catalog: 'catalog.loginRequired',
  substitutions: 'substitutions.loginRequired',
  plate: 'session.loginRequired',
};
const EXHAUSTED_TEXT: Record<MeteredKind, MessageKey> = {
  catalog: 'plans.exhaustedCatalog',
  substitutions: 'plans.exhaustedSubstitutions',
  plate: 'plans.exhaustedPlate',
};

/** The spec's answers: 401 'Login required' (plate: 403), 401 'Exhausted … inquiries', with Spanish texts. */
export function denial(kind: MeteredKind, code: string): DomainError {
  if (code === ErrorCodes.LOGIN_REQUIRED) return new DomainError(kind === 'plate' ? 403 : 401, code, [t(LOGIN_TEXT[kind])]);
  return new DomainError(401, code, [t(EXHAUSTED_TEXT[kind])]);
}
