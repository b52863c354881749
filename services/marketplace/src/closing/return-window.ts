import type { EntityManager } from '@mikro-orm/postgresql';
import { APP_PARAMETERS } from '@tuerca/contracts';
import { kysely } from '@tuerca/platform';
import type { MarketplaceDB } from '../marketplace.database.js';
import type { Country } from './returns.rules.js';

const NAME = { CO: 'marketplaceReturnWindowBusinessDaysCO', MX: 'marketplaceReturnWindowBusinessDaysMX' } as const;

/** The return window's length for a country (app parameter, billing's AppParameterChanged; else the contract's default). */
export async function returnWindowDays(em: EntityManager, country: Country): Promise<number> {
  const name = NAME[country];
  const row = await kysely<MarketplaceDB>(em).selectFrom('AppParameter').select('value').where('name', '=', name).executeTakeFirst();
  const spec = APP_PARAMETERS[name];
  if (!row) return spec.default;
  const parsed = spec.schema.safeParse(row.value);
  return parsed.success ? parsed.data : spec.default;
}
