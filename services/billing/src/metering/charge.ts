import { ConsultationConsumed, type ConsumeRequest } from '@tuerca/contracts';
import { outboxEntry } from '@tuerca/platform';
import { CHARGE_SQL, type ChargeRow, type MeteringRunner } from './metering-statements.js';
import { windowEnd, type ChargeSource } from './metering.rules.js';

export interface Charge {
  request: ConsumeRequest;
  consumptionId: string;
  source: Exclude<ChargeSource, 'window'>;
  /** The balance to spend (balance and general sources), chosen by the snapshot: the one that expires first. */
  balanceId: string | null;
  /** The meter's version the decision was read at. */
  version: number;
  now: Date;
}

export interface Charged {
  /** False: the meter moved since the snapshot (another charge, a refund) or the balance emptied — read again. */
  done: boolean;
  /** What is left of the balance spent (null when nothing was spent). */
  remaining: number | null;
}

/**
 * The charge of a metered lookup as one statement and one round trip (CHARGE_SQL): it commits only if the
 * person's meter still has the snapshot's version, and writes the consumption, the balance spent, the
 * window and ConsultationConsumed together.
 */
export async function charge(run: MeteringRunner, c: Charge): Promise<Charged> {
  const { request: r, now } = c;
  const { row: outbox } = outboxEntry(
    ConsultationConsumed,
    {
      consumptionId: c.consumptionId,
      owner: r.who,
      kind: r.kind,
      subject: r.subject,
      storeId: r.storeId ?? null,
      chargedFrom: c.source,
      balanceId: c.balanceId,
      requestId: r.requestId,
    },
    { aggregateId: `${r.who.kind}:${r.who.id}`, actor: { kind: r.who.kind, id: r.who.id }, occurredAt: now },
  );
  const [row] = await run<ChargeRow>('billing_meter_charge', CHARGE_SQL, [
    r.who.kind,
    r.who.id,
    r.kind,
    c.version,
    c.balanceId,
    now,
    c.consumptionId,
    r.subject,
    r.storeId ?? null,
    c.source,
    r.requestId,
    windowEnd(now),
    outbox.eventId,
    outbox.type,
    outbox.version,
    outbox.topic,
    outbox.aggregateId,
    JSON.stringify(outbox.envelope),
    outbox.createdAt,
  ]);
  return { done: row?.consumed != null, remaining: row?.remaining == null ? null : Number(row.remaining) };
}
