import { kysely } from '@tuerca/platform';
import type { BillingDB } from '../billing.database.js';
import { defineDuty } from '../duties/duty.js';
import { ExpireMarketplacePayment } from './expire-marketplace-payment.command.js';

/** An unpaid marketplace payment expires at its `expiresAt` (index payments_pending_expiry). */
export const PaymentExpiryDuty = defineDuty({
  name: 'payment-expiry',
  async due(em, now, limit) {
    const rows = await kysely<BillingDB>(em)
      .selectFrom('Payment')
      .select('id')
      .where('status', '=', 'PENDING')
      .where('expiresAt', 'is not', null)
      .where('expiresAt', '<=', now)
      .orderBy('expiresAt')
      .limit(limit)
      .execute();
    return rows.map((r) => r.id);
  },
  async upcoming(em, now, until, limit) {
    const rows = await kysely<BillingDB>(em)
      .selectFrom('Payment')
      .select(['id', 'expiresAt'])
      .where('status', '=', 'PENDING')
      .where('expiresAt', 'is not', null)
      .where('expiresAt', '>', now)
      .where('expiresAt', '<=', until)
      .orderBy('expiresAt')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ id: r.id, at: r.expiresAt! }));
  },
  run: (id) => new ExpireMarketplacePayment(id),
});
