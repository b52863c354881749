import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { z } from 'zod';
import { t, type compatibleVehiclesViewSchema } from '@tuerca/contracts';
import { ContextDatabase, NotFoundError, kysely } from '@tuerca/platform';
import type { MarketplaceDB } from '../marketplace.database.js';

type CompatibleVehiclesView = z.infer<typeof compatibleVehiclesViewSchema>;

/**
 * GET /{id}/getCompatibleVehicles: by make, with full models, years and engines; engines are strings as in the
 * product's compatibleVehicles, the AI-assigned ones ending in the suffix (spec 000 §3 "An engine string ending in a product-specific suffix marks compatibility assigned by AI").
 */
export class GetCompatibleVehicles extends Query<CompatibleVehiclesView> {
  constructor(readonly productId: string) {
    super();
  }
}

@QueryHandler(GetCompatibleVehicles)
export class GetCompatibleVehiclesHandler implements IQueryHandler<GetCompatibleVehicles> {
  constructor(private readonly db: ContextDatabase) {}

  async execute({ productId }: GetCompatibleVehicles): Promise<CompatibleVehiclesView> {
    const row = await kysely<MarketplaceDB>(this.db.em())
      .selectFrom('ProductSearch')
      .select('compatibleVehicles')
      .where('productId', '=', productId)
      .executeTakeFirst();
    if (!row) throw new NotFoundError(t('availability.productNotAvailable'));
    return row.compatibleVehicles.map((v) => ({
      make: v.make,
      full_models: v.full_models,
      years: [...v.years].sort((a, b) => a - b),
      engines: [...v.engines],
    }));
  }
}
