import type { EntityManager } from '@mikro-orm/postgresql';
import { NotFoundError, kysely } from '@tuerca/platform';
import type { BillingDB } from '../billing.database.js';
import { isLinkToken } from '../marketplace-payments/marketplace-payment.rules.js';
import { resultUrl } from './payment.rules.js';

/** Who opens the sandbox page or presses its buttons: the logged-in person, and the payment link's token if any. */
export interface SandboxViewer {
  userId: string | null;
  token: string | null;
}

/**
 * A payment as the sandbox shows it, for its owner (the plan's buyer, the purchase's buyer) or whoever
 * holds a purchase's payment link (#20 finding 7). Anyone else gets the 404 of a payment that does not
 * exist, so a reference reveals nothing.
 */
export async function sandboxPaymentFor(
  em: EntityManager,
  reference: string,
  viewer: SandboxViewer,
  linkSecret: string,
  publicUrl: string,
) {
  const p = await kysely<BillingDB>(em)
    .selectFrom('Payment as p')
    .leftJoin('ChargingPlan as c', 'c.id', 'p.plan')
    .selectAll('p')
    .select('c.title as planTitle')
    .where('p.reference', '=', reference)
    .executeTakeFirst();
  if (!p) throw new NotFoundError();
  const owner = viewer.userId !== null && viewer.userId === p.userId;
  const holdsLink = p.purpose === 'marketplace' && isLinkToken(linkSecret, p.id, viewer.token);
  if (!owner && !holdsLink) throw new NotFoundError();
  return { ...p, redirectUrl: p.purpose === 'plan' ? resultUrl(publicUrl, p.reference) : p.returnUrl! };
}
