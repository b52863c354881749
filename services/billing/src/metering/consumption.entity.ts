import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { METERED_KINDS } from '@tuerca/contracts';

export const OWNER_KINDS = ['guest', 'user'] as const;
export const CHARGE_SOURCES = ['free', 'balance', 'general'] as const;

/** One counted lookup: who, what kind, which subject, what paid for it; unique per request. */
export const Consumption = defineEntity({
  name: 'Consumption',
  tableName: 'consumptions',
  properties: {
    id: p.uuid().primary(),
    ownerKind: p.enum(OWNER_KINDS),
    ownerId: p.text(),
    kind: p.enum(METERED_KINDS),
    subject: p.text(),
    storeId: p.text().nullable(),
    chargedFrom: p.enum(CHARGE_SOURCES),
    balanceId: p.uuid().nullable(),
    requestId: p.text(),
    consumedAt: p.datetime(),
    /** Set when the answer it paid for failed and the charge was given back (RefundConsultation). */
    refundedAt: p.datetime().nullable(),
  },
  uniques: [
    // One charge per person, request, kind and subject: a retried request charges once (a refunded one may charge again).
    {
      name: 'consumptions_request',
      properties: ['ownerKind', 'ownerId', 'requestId', 'kind', 'subject'],
      where: 'refunded_at is null',
    },
  ],
  indexes: [
    // The 30-day counters of one person and kind.
    { name: 'consumptions_counter', properties: ['ownerKind', 'ownerId', 'kind', 'consumedAt'], where: 'refunded_at is null' },
    // The operator console's metrics per day.
    { name: 'consumptions_consumed_at', properties: ['consumedAt'] },
  ],
});
export type Consumption = InferEntity<typeof Consumption>;

/** The 12-hour browsing window a consultation opens on its subject (spec 001 §4). */
export const BrowsingWindow = defineEntity({
  name: 'BrowsingWindow',
  tableName: 'browsing_windows',
  properties: {
    ownerKind: p.text().primary(),
    ownerId: p.text().primary(),
    kind: p.text().primary(),
    subject: p.text().primary(),
    openedAt: p.datetime(),
    expiresAt: p.datetime(),
  },
  primaryKeys: ['ownerKind', 'ownerId', 'kind', 'subject'],
});
export type BrowsingWindow = InferEntity<typeof BrowsingWindow>;

/**
 * The version of one person's metering of one kind: every charge and refund moves it. A charge decided on
 * a snapshot commits only if the version is still the one it read (compare-and-set), so nothing charges
 * twice on the same free allowance or balance without any lock held between the read and the charge.
 */
export const Meter = defineEntity({
  name: 'Meter',
  tableName: 'meters',
  properties: {
    ownerKind: p.text().primary(),
    ownerId: p.text().primary(),
    kind: p.text().primary(),
    version: p.bigint('number'),
  },
  primaryKeys: ['ownerKind', 'ownerId', 'kind'],
});
export type Meter = InferEntity<typeof Meter>;

/**
 * Consultations charged per meter, UTC day and store ('' outside a virtual store): written by the charge's
 * statement and taken off by a refund, in the same transaction, so a decision's 30-day counter sums days
 * instead of counting every consultation (Migration007MeterDays).
 */
export const MeterDay = defineEntity({
  name: 'MeterDay',
  tableName: 'meter_days',
  properties: {
    ownerKind: p.text().primary(),
    ownerId: p.text().primary(),
    kind: p.text().primary(),
    day: p.date().primary(),
    storeKey: p.text().primary().default(''),
    consumed: p.integer().check('consumed >= 0'),
  },
  primaryKeys: ['ownerKind', 'ownerId', 'kind', 'day', 'storeKey'],
});
export type MeterDay = InferEntity<typeof MeterDay>;
