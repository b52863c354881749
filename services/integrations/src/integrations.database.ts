import type { ContextDatabaseOptions, KyselyDB } from '@tuerca/platform';
import { MirroredProduct, MirroredStore, Setting } from './mirror/mirror.entities.js';
import { BrandCompatibility, PiesBrand } from './pies/pies.entities.js';
import { MlConnection } from './mercadolibre/ml-connection.entity.js';
import { MerchantStore } from './merchant/merchant-store.entity.js';
import { ChannelListing } from './listings/channel-listing.entity.js';
import { Migration001Integrations } from './migrations/Migration001Integrations.js';

const entities = [
  MirroredStore,
  MirroredProduct,
  Setting,
  PiesBrand,
  BrandCompatibility,
  MlConnection,
  MerchantStore,
  ChannelListing,
] as const;

export const integrationsDatabase = {
  schema: 'integrations',
  entities,
  migrations: [Migration001Integrations],
} satisfies ContextDatabaseOptions;

/** The integrations schema as typed Kysely sees it (tables by entity name, columns by property). */
export type IntegrationsDB = KyselyDB<typeof entities>;
