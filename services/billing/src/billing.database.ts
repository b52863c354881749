import type { ContextDatabaseOptions, KyselyDB } from '@tuerca/platform';
import { AppParameter, AppParameterChange } from './parameters/app-parameter.entity.js';
import { ChargingPlan, Trial } from './plans/charging-plan.entity.js';
import { Balance } from './balances/balance.entity.js';
import { BrowsingWindow, Consumption, Meter, MeterDay } from './metering/consumption.entity.js';
import { QuotaCounter } from './counters/quota-counter.entity.js';
import { Payment, PaymentEvent } from './payments/payment.entity.js';
import { Migration001Billing } from './migrations/Migration001Billing.js';
import { Migration002Payments } from './migrations/Migration002Payments.js';
import { Migration003AdminConsole } from './migrations/Migration003AdminConsole.js';
import { Migration004MarketplacePayments } from './migrations/Migration004MarketplacePayments.js';
import { Migration005DutiesAndRefunds } from './migrations/Migration005DutiesAndRefunds.js';
import { Migration006Meters } from './migrations/Migration006Meters.js';
import { Migration007MeterDays } from './migrations/Migration007MeterDays.js';

const entities = [
  AppParameter,
  AppParameterChange,
  ChargingPlan,
  Trial,
  Balance,
  Consumption,
  BrowsingWindow,
  Meter,
  MeterDay,
  QuotaCounter,
  Payment,
  PaymentEvent,
] as const;

export const billingDatabase = {
  schema: 'billing',
  entities,
  migrations: [
    Migration001Billing,
    Migration002Payments,
    Migration003AdminConsole,
    Migration004MarketplacePayments,
    Migration005DutiesAndRefunds,
    Migration006Meters,
    Migration007MeterDays,
  ],
} satisfies ContextDatabaseOptions;

/** The billing schema as typed Kysely sees it (tables by entity name, columns by property). */
export type BillingDB = KyselyDB<typeof entities>;
