import type { Type } from '@nestjs/common';
import {
  configKeys,
  loadConfig,
  loadContextConfig,
  type AppConfig,
  type ContextConfigDefinition,
  type ContextName,
  type ContextDatabase,
  type ContextDatabaseOptions,
} from '@tuerca/platform';
import { IdentityModule, identityConfig, identityDatabase, seedIdentity } from '@tuerca/identity';
import { BillingModule, billingConfig, billingDatabase, seedBilling } from '@tuerca/billing';
import { billingClientConfig } from '@tuerca/billing/client';
import { GarageModule, garageConfig, garageDatabase, seedGarage } from '@tuerca/garage';
import { CatalogModule, catalogDatabase, seedCatalog } from '@tuerca/catalog';
import { MarketplaceModule, marketplaceConfig, marketplaceDatabase, seedMarketplace } from '@tuerca/marketplace';
import { NotificationsModule, notificationsConfig, notificationsDatabase } from '@tuerca/notifications';
import { AgendaModule, agendaConfig, agendaDatabase } from '@tuerca/agenda';
import { IntegrationsModule, integrationsConfig, integrationsDatabase, seedIntegrations } from '@tuerca/integrations';
import { AnalyticsModule, analyticsDatabase } from '@tuerca/analytics';

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
  /** The variables only this context reads (parsed from the same environment as the kernel's). */
  config?: ContextConfigDefinition;
}

/** The contexts built so far, in start-up order. */
export const CONTEXT_ENTRIES: ContextEntry[] = [
  {
    name: 'identity',
    module: IdentityModule,
    database: identityDatabase,
    seed: (db, o) => seedIdentity(db, { seed: o.seed }),
    config: identityConfig,
  },
  {
    name: 'billing',
    module: BillingModule,
    database: billingDatabase,
    seed: (db, o) => seedBilling(db, { seed: o.seed }),
    config: billingConfig,
  },
  {
    name: 'garage',
    module: GarageModule,
    database: garageDatabase,
    seed: (db, o) => seedGarage(db, { seed: o.seed, scale: o.scale }),
    config: garageConfig,
  },
  { name: 'catalog', module: CatalogModule, database: catalogDatabase, seed: (db, o) => seedCatalog(db, { seed: o.seed, scale: o.scale }) },
  {
    name: 'marketplace',
    module: MarketplaceModule,
    database: marketplaceDatabase,
    seed: (db, o) => seedMarketplace(db, { seed: o.seed, scale: o.scale }),
    config: marketplaceConfig,
  },
  { name: 'agenda', module: AgendaModule, database: agendaDatabase, config: agendaConfig },
  { name: 'notifications', module: NotificationsModule, database: notificationsDatabase, config: notificationsConfig },
  {
    name: 'integrations',
    module: IntegrationsModule,
    database: integrationsDatabase,
    seed: (db, o) => seedIntegrations(db, { seed: o.seed, scale: o.scale }),
    config: integrationsConfig,
  },
  // No seed: its read model comes from the other contexts' events (the demo's searches are made by people).
  { name: 'analytics', module: AnalyticsModule, database: analyticsDatabase },
];

/** The entries the process should run (SERVICES); names not built yet are reported, not ignored. */
export function selectContexts(names: readonly ContextName[], all: boolean): ContextEntry[] {
  if (all) return CONTEXT_ENTRIES;
  const missing = names.filter((n) => !CONTEXT_ENTRIES.some((e) => e.name === n));
  if (missing.length > 0) throw new Error(`SERVICES names contexts this build does not have yet: ${missing.join(', ')}`);
  return CONTEXT_ENTRIES.filter((e) => names.includes(e.name));
}

/**
 * The clients the composition root binds for contexts that run in another process (billing's Metering port
 * over HTTP); their variables are read only when that context is not among SERVICES.
 */
const CLIENT_CONFIGS: { of: ContextName; config: ContextConfigDefinition }[] = [{ of: 'billing', config: billingClientConfig }];

/** Every variable the product reads: the kernel's, each context's and each client's. */
export function allConfigKeys(): string[] {
  return [
    ...configKeys(),
    ...CONTEXT_ENTRIES.flatMap((e) => (e.config ? Object.keys(e.config.schema.shape) : [])),
    ...CLIENT_CONFIGS.flatMap((c) => Object.keys(c.config.schema.shape)),
  ];
}

/** Each chosen context's own configuration, checked at start-up: a bad variable stops the process naming it. */
export function checkContextConfigs(config: AppConfig, contexts: readonly ContextEntry[]): void {
  for (const entry of contexts) if (entry.config) loadContextConfig(entry.config, config.env, config.NODE_ENV);
  for (const client of CLIENT_CONFIGS)
    if (!contexts.some((c) => c.name === client.of)) loadContextConfig(client.config, config.env, config.NODE_ENV);
}

/** The defaults of every variable (kernel and contexts), e.g. to find the dev-only secrets production refuses. */
export function allConfigDefaults(): Record<string, unknown> {
  const config = loadConfig({}) as unknown as Record<string, unknown>;
  const contexts = CONTEXT_ENTRIES.flatMap((e) => (e.config ? Object.entries(loadContextConfig(e.config, {})) : []));
  return { ...config, ...Object.fromEntries(contexts) };
}
