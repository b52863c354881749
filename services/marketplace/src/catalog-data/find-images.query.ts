import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { sql } from 'kysely';
import type { ReferenceImages } from '@tuerca/contracts';
import { ContextDatabase, kysely } from '@tuerca/platform';
import type { MarketplaceDB } from '../marketplace.database.js';

/** At most this many images per part number are answered. */
export const MAX_IMAGES_PER_REFERENCE = 20;

/**
 * The images sellers published for these (normalised) part numbers, in one store or in any (spec 000 §7:
 * GET /catalogo/images/findImage with references, storeId). Part numbers without images are left out.
 */
export class FindImages extends Query<ReferenceImages[]> {
  constructor(
    readonly references: readonly string[],
    readonly storeId: string | null,
  ) {
    super();
  }
}

@QueryHandler(FindImages)
export class FindImagesHandler implements IQueryHandler<FindImages> {
  constructor(private readonly db: ContextDatabase) {}

  async execute({ references, storeId }: FindImages): Promise<ReferenceImages[]> {
    if (references.length === 0) return [];
    let q = kysely<MarketplaceDB>(this.db.em())
      .selectFrom('ProductRef as r')
      .innerJoin('ProductSearch as p', 'p.productId', 'r.product')
      .select(['r.ref', 'p.imagesUrls'])
      .where('r.ref', 'in', [...references])
      .where(sql<number>`jsonb_array_length(p.images_urls)`, '>', 0);
    if (storeId) q = q.where('p.storeId', '=', storeId);
    const byRef = new Map<string, Set<string>>();
    for (const row of await q.execute()) {
      const images = byRef.get(row.ref) ?? byRef.set(row.ref, new Set()).get(row.ref)!;
      for (const url of row.imagesUrls) images.add(url);
    }
    return references
      .filter((ref) => byRef.has(ref))
      .map((ref) => ({ reference: ref, images: [...byRef.get(ref)!].slice(0, MAX_IMAGES_PER_REFERENCE) }));
  }
}
