import type { EntityManager } from '@mikro-orm/postgresql';
import { QuotationWindowClosed, type Actor } from '@tuerca/contracts';
import { kysely, recordEvent } from '@tuerca/platform';
import type { MarketplaceDB } from '../marketplace.database.js';

/**
 * Answered quotations whose window has passed become expired now, whatever the job did: one conditional
 * statement (`state = 'available' and window_expires_at <= now`), with QuotationWindowClosed for each.
 */
export async function closeExpiredQuotations(
  em: EntityManager,
  where: { userId?: string; productId?: string; id?: string },
  actor: Actor,
  now: Date,
): Promise<number> {
  let q = kysely<MarketplaceDB>(em)
    .updateTable('Quotation')
    .set({ state: 'expired', closedAt: now })
    .where('state', '=', 'available')
    .where('windowExpiresAt', '<=', now);
  if (where.userId) q = q.where('userId', '=', where.userId);
  if (where.productId) q = q.where('product', '=', where.productId);
  if (where.id) q = q.where('id', '=', where.id);
  const closed = await q.returning(['id', 'product', 'userId']).execute();
  for (const c of closed)
    recordEvent(
      em,
      QuotationWindowClosed,
      { quotationId: c.id, productId: c.product, userId: c.userId },
      { aggregateId: c.id, actor, occurredAt: now },
    );
  return closed.length;
}
