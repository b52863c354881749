import type { EntityManager } from '@mikro-orm/postgresql';
import { APP_PARAMETERS } from '@tuerca/contracts';
import { kysely } from '@tuerca/platform';
import type { MarketplaceDB } from '../marketplace.database.js';
import type { ReservationWindows } from '../purchases/purchase.rules.js';

const NAMES = ['marketplaceReservationMinutes', 'marketplacePaymentLinkHours', 'marketplaceOrderHoldHours'] as const;

/** The value an app parameter has (its last AppParameterChanged), or the contract's default; an unreadable value counts as the default. */
function valueOf(name: (typeof NAMES)[number], stored: unknown): number {
  const spec = APP_PARAMETERS[name];
  if (stored === undefined) return spec.default;
  const parsed = spec.schema.safeParse(stored);
  return parsed.success ? parsed.data : spec.default;
}

/** The checkout's reservation windows, from the app parameters the marketplace keeps. */
export async function readCheckoutWindows(em: EntityManager): Promise<ReservationWindows> {
  const rows = await kysely<MarketplaceDB>(em)
    .selectFrom('AppParameter')
    .select(['name', 'value'])
    .where('name', 'in', [...NAMES])
    .execute();
  const stored = new Map(rows.map((r) => [r.name, r.value as unknown]));
  return {
    onlineMinutes: valueOf('marketplaceReservationMinutes', stored.get('marketplaceReservationMinutes')),
    linkHours: valueOf('marketplacePaymentLinkHours', stored.get('marketplacePaymentLinkHours')),
    orderHours: valueOf('marketplaceOrderHoldHours', stored.get('marketplaceOrderHoldHours')),
  };
}
