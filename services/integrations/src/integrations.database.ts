import type { ContextDatabaseOptions, KyselyDB } from '@tuerca/platform';
import { IntegrationPlan, MirroredProduct, MirroredStore, Setting, StoreMember } from './mirror/mirror.entities.js';
import { BrandCompatibility, PiesBrand } from './pies/pies.entities.js';
import { MlConnection } from './mercadolibre/ml-connection.entity.js';
import { MerchantStore } from './merchant/merchant-store.entity.js';
import { ChannelListing } from './listings/channel-listing.entity.js';
import { Migration001Integrations } from './migrations/Migration001Integrations.js';
import { Migration002IntegrationPlans } from './migrations/Migration002IntegrationPlans.js';

const entities = [
  MirroredStore,
  MirroredProduct,
  Setting,
  PiesBrand,
  BrandCompatibility,
  MlConnection,
  MerchantStore,
  ChannelListing,
  IntegrationPlan,
  StoreMember,
] as const;

export const integrationsDatabase = {
  schema: 'integrations',
  entities,
  migrations: [Migration001Integrations, Migration002IntegrationPlans],
} satisfies ContextDatabaseOptions;

/** The integrations schema as typed Kysely sees it (tables by entity name, columns by property). */
export type IntegrationsDB = KyselyDB<typeof entities>;
