import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** An operator's value of an app parameter (defaults live in code, `contracts/src/billing/parameters.ts`). */
export const AppParameter = defineEntity({
  name: 'AppParameter',
  tableName: 'app_parameters',
  properties: {
    name: p.text().primary(),
    value: p.json<unknown>().columnType('jsonb'),
    updatedAt: p.datetime().defaultRaw('now()'),
    updatedBy: p.text(),
  },
});
export type AppParameter = InferEntity<typeof AppParameter>;

/** The audit of parameter changes: who changed what, from which value. */
export const AppParameterChange = defineEntity({
  name: 'AppParameterChange',
  tableName: 'app_parameter_changes',
  properties: {
    id: p.bigint('string').primary().autoincrement(),
    name: p.text(),
    value: p.json<unknown>().columnType('jsonb'),
    previous: p.json<unknown>().columnType('jsonb').nullable(),
    changedBy: p.text(),
    changedAt: p.datetime().defaultRaw('now()'),
  },
  indexes: [
    {
      name: 'app_parameter_changes_name',
      expression: 'create index app_parameter_changes_name on app_parameter_changes (name, changed_at desc)',
    },
  ],
});
export type AppParameterChange = InferEntity<typeof AppParameterChange>;
