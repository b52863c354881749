import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { CURRENCIES, type TransactionType } from '@tuerca/contracts';

/** A charging plan operators sell (spec 000 §3 "Charging plan"); deleted plans stay for the payments that name them. */
export const ChargingPlan = defineEntity({
  name: 'ChargingPlan',
  tableName: 'charging_plans',
  properties: {
    id: p.uuid().primary(),
    title: p.text(),
    description: p.text().default(''),
    /** Consultations (or units) the plan credits. */
    amount: p.integer().check('amount > 0'),
    /** numeric(14, 2), read as text so no float ever touches a price. */
    price: p.decimal('string').precision(14).scale(2).check('price > 0'),
    currency: p.enum(CURRENCIES),
    transactionType: p.text().$type<TransactionType>(),
    validityDays: p.integer().check('validity_days > 0'),
    storePlan: p.boolean().default(false),
    active: p.boolean().default(true),
    deletedAt: p.datetime().nullable(),
    createdAt: p.datetime().defaultRaw('now()'),
    updatedAt: p.datetime().defaultRaw('now()'),
  },
  indexes: [
    { name: 'charging_plans_type', properties: ['transactionType', 'active'], where: 'deleted_at is null' },
    {
      name: 'charging_plans_created_at',
      expression: 'create index charging_plans_created_at on charging_plans (created_at desc, id desc)',
    },
  ],
});
export type ChargingPlan = InferEntity<typeof ChargingPlan>;

/** One trial per person and consultation type (the primary key guards it under concurrent requests). */
export const Trial = defineEntity({
  name: 'Trial',
  tableName: 'trials',
  properties: {
    userId: p.text().primary(),
    type: p.text().$type<TransactionType>().primary(),
    balanceId: p.uuid(),
    requestedAt: p.datetime(),
  },
  primaryKeys: ['userId', 'type'],
});
export type Trial = InferEntity<typeof Trial>;
