import { kysely } from '@tuerca/platform';
import type { BillingDB } from '../billing.database.js';
import { defineDuty } from '../duties/duty.js';
import { ExpireBalance } from './expire-balance.command.js';
import { RemindBalance } from './remind-balance.command.js';

/** What is left of a balance expires at its `expiresAt` (index balances_expiry_due). */
export const BalanceExpiryDuty = defineDuty({
  name: 'balance-expiry',
  async due(em, now, limit) {
    const rows = await kysely<BillingDB>(em)
      .selectFrom('Balance')
      .select('id')
      .where('expiredAt', 'is', null)
      .where('expiresAt', '<=', now)
      .orderBy('expiresAt')
      .limit(limit)
      .execute();
    return rows.map((r) => r.id);
  },
  async upcoming(em, now, until, limit) {
    const rows = await kysely<BillingDB>(em)
      .selectFrom('Balance')
      .select(['id', 'expiresAt'])
      .where('expiredAt', 'is', null)
      .where('expiresAt', '>', now)
      .where('expiresAt', '<=', until)
      .orderBy('expiresAt')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ id: r.id, at: r.expiresAt }));
  },
  run: (id) => new ExpireBalance(id),
});

/** The person is reminded at the balance's `remindAt`, once (index balances_reminder_due). */
export const BalanceReminderDuty = defineDuty({
  name: 'balance-reminder',
  async due(em, now, limit) {
    const rows = await kysely<BillingDB>(em)
      .selectFrom('Balance')
      .select('id')
      .where('remindedAt', 'is', null)
      .where('remindAt', 'is not', null)
      .where('remindAt', '<=', now)
      .orderBy('remindAt')
      .limit(limit)
      .execute();
    return rows.map((r) => r.id);
  },
  async upcoming(em, now, until, limit) {
    const rows = await kysely<BillingDB>(em)
      .selectFrom('Balance')
      .select(['id', 'remindAt'])
      .where('remindedAt', 'is', null)
      .where('remindAt', 'is not', null)
      .where('remindAt', '>', now)
      .where('remindAt', '<=', until)
      .orderBy('remindAt')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ id: r.id, at: r.remindAt! }));
  },
  run: (id) => new RemindBalance(id),
});
