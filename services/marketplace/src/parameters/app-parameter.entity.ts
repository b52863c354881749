import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** An app parameter's value as billing last announced it (AppParameterChanged); no row means the contract's default. */
export const AppParameter = defineEntity({
  name: 'AppParameter',
  tableName: 'app_parameters',
  properties: {
    name: p.text().primary(),
    value: p.json<unknown>().columnType('jsonb'),
    changedAt: p.datetime(),
  },
});
export type AppParameter = InferEntity<typeof AppParameter>;
