import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import type { CompatibleVehicle } from '@tuerca/contracts';
import { kysely } from '@tuerca/platform';
import type { MarketplaceDB } from '../marketplace.database.js';
import type { CrossReferenceEvidence } from './question.rules.js';

/** At most this many cross-references per verdict: a few aftermarket numbers fit thousands of originals. */
const MAX_CROSS_REFERENCES = 50;

/**
 * The cross-references of products' part numbers towards original numbers (the product is the aftermarket side),
 * each with the compatible vehicles other live listings of that original carry: evidence for the verdict when
 * a product does not list the vehicle's make itself.
 */
export async function crossReferenceEvidence(
  em: EntityManager,
  products: readonly { id: string; cleanReference1: string }[],
): Promise<Map<string, CrossReferenceEvidence[]>> {
  const out = new Map<string, CrossReferenceEvidence[]>();
  const refs = [...new Set(products.map((p) => p.cleanReference1).filter(Boolean))];
  if (refs.length === 0) return out;
  const k = kysely<MarketplaceDB>(em);
  const rows = await k
    .selectFrom('CrossReference')
    .select(['part', 'oem', 'oemFormatted', 'oemManufacturer', 'type'])
    .where('part', 'in', refs)
    .limit(MAX_CROSS_REFERENCES * refs.length)
    .execute();
  if (rows.length === 0) return out;
  const oems = [...new Set(rows.map((r) => r.oem))];
  const listings = await k
    .selectFrom('Product')
    .select(['cleanReference1', 'compatibleVehicles'])
    .where('cleanReference1', 'in', oems)
    .where('state', '<>', 'deleted')
    .where(sql<number>`jsonb_array_length(compatible_vehicles)`, '>', 0)
    .limit(200)
    .execute();
  const byOem = new Map<string, CompatibleVehicle[][]>();
  for (const l of listings)
    byOem.set(l.cleanReference1, [...(byOem.get(l.cleanReference1) ?? []), l.compatibleVehicles as CompatibleVehicle[]]);
  for (const p of products) {
    const mine = rows
      .filter((r) => r.part === p.cleanReference1)
      .slice(0, MAX_CROSS_REFERENCES)
      .map((r) => ({ make: r.oemManufacturer, oem: r.oemFormatted, type: r.type, listings: byOem.get(r.oem) ?? [] }));
    if (mine.length > 0) out.set(p.id, mine);
  }
  return out;
}
