import type { Type } from '@nestjs/common';
import type { ContextName, ContextDatabase, ContextDatabaseOptions } from '@tuerca/platform';
import { IdentityModule, identityDatabase, seedIdentity } from '@tuerca/identity';
import { BillingModule, billingDatabase, seedBilling } from '@tuerca/billing';
import { GarageModule, garageDatabase, seedGarage } from '@tuerca/garage';
import { CatalogModule, catalogDatabase, seedCatalog } from '@tuerca/catalog';
import { MarketplaceModule, marketplaceDatabase, seedMarketplace } from '@tuerca/marketplace';
import { NotificationsModule, notificationsDatabase } from '@tuerca/notifications';

export interface SeedOptions {
  seed: number;
  scale: number;
}

/** A bounded context as the composition root sees it: its Nest module, its database and its seeder. */
export interface ContextEntry {
  name: ContextName;
  module: Type<unknown>;
  database: ContextDatabaseOptions;
  seed?: (db: ContextDatabase, options: SeedOptions) => Promise<unknown>;
}

/** The contexts built so far, in start-up order. */
export const CONTEXT_ENTRIES: ContextEntry[] = [
  { name: 'identity', module: IdentityModule, database: identityDatabase, seed: (db, o) => seedIdentity(db, { seed: o.seed }) },
  { name: 'billing', module: BillingModule, database: billingDatabase, seed: (db, o) => seedBilling(db, { seed: o.seed }) },
  { name: 'garage', module: GarageModule, database: garageDatabase, seed: (db, o) => seedGarage(db, { seed: o.seed, scale: o.scale }) },
  { name: 'catalog', module: CatalogModule, database: catalogDatabase, seed: (db, o) => seedCatalog(db, { seed: o.seed, scale: o.scale }) },
  {
    name: 'marketplace',
    module: MarketplaceModule,
    database: marketplaceDatabase,
    seed: (db, o) => seedMarketplace(db, { seed: o.seed, scale: o.scale }),
  },
  { name: 'notifications', module: NotificationsModule, database: notificationsDatabase },
];

/** The entries the process should run (SERVICES); names not built yet are reported, not ignored. */
export function selectContexts(names: readonly ContextName[], all: boolean): ContextEntry[] {
  if (all) return CONTEXT_ENTRIES;
  const missing = names.filter((n) => !CONTEXT_ENTRIES.some((e) => e.name === n));
  if (missing.length > 0) throw new Error(`SERVICES names contexts this build does not have yet: ${missing.join(', ')}`);
  return CONTEXT_ENTRIES.filter((e) => names.includes(e.name));
}
