import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** Read model fed by ConsultationConsumed: consultations per person, kind, store and Bogotá day. */
export const QuotaCounter = defineEntity({
  name: 'QuotaCounter',
  tableName: 'quota_counters',
  properties: {
    ownerKind: p.text().primary(),
    ownerId: p.text().primary(),
    kind: p.text().primary(),
    storeId: p.text().primary().default(''),
    day: p.date().primary(),
    count: p.integer(),
  },
  primaryKeys: ['ownerKind', 'ownerId', 'kind', 'storeId', 'day'],
});
export type QuotaCounter = InferEntity<typeof QuotaCounter>;
