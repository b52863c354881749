import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { t, csvCell } from '@tuerca/contracts';
import { ContextDatabase, kysely } from '@tuerca/platform';
import type { MarketplaceDB } from '../marketplace.database.js';
import { storeScopeOf, type Manager } from '../stores/store-access.js';
import { missingInformation } from './product.rules.js';

/** At most this many products are looked at for one suggestions file. */
export const MAX_SUGGESTED_PRODUCTS = 50_000;

/**
 * GET downloadSuggestions: a CSV (UTF-8 with BOM, so Excel in Spanish opens it) of the store's products that
 * lack information, with what to add. Every cell written by a seller is formula-neutralised (issue 20 §6).
 */
export class GetProductSuggestions extends Query<string> {
  constructor(
    readonly by: Manager,
    /** Operators may leave it out for every store; sellers get their own. */
    readonly storeId: string | undefined,
  ) {
    super();
  }
}

@QueryHandler(GetProductSuggestions)
export class GetProductSuggestionsHandler implements IQueryHandler<GetProductSuggestions> {
  constructor(private readonly db: ContextDatabase) {}

  async execute({ by, storeId: requested }: GetProductSuggestions): Promise<string> {
    const storeId = storeScopeOf(by, requested);
    let q = kysely<MarketplaceDB>(this.db.em())
      .selectFrom('Product')
      .select([
        'referencia1',
        'manufacturerTitle',
        'title',
        'imagesUrls',
        'descripcion',
        'compatibleVehicles',
        'category',
        'tiemposDeEntrega',
      ])
      .where('state', '<>', 'deleted');
    if (storeId) q = q.where('store', '=', storeId);
    const rows = await q.orderBy('referencia1').limit(MAX_SUGGESTED_PRODUCTS).execute();
    const lines = [t('marketplace.suggestionsHeader')];
    for (const row of rows) {
      const missing = missingInformation(row);
      if (missing.length > 0) lines.push([row.referencia1, row.manufacturerTitle, row.title, missing.join('; ')].map(csvCell).join(','));
    }
    return `\uFEFF${lines.join('\r\n')}\r\n`;
  }
}
