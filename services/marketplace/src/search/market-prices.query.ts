import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { sql } from 'kysely';
import { cleanReference, type MarketPrices } from '@tuerca/contracts';
import { ContextDatabase, kysely } from '@tuerca/platform';
import type { MarketplaceDB } from '../marketplace.database.js';

/** GET getMarketPrices: what sellers ask for this part number, per currency (published, in stock, prices shown). */
export class GetMarketPrices extends Query<MarketPrices> {
  constructor(readonly reference: string) {
    super();
  }
}

@QueryHandler(GetMarketPrices)
export class GetMarketPricesHandler implements IQueryHandler<GetMarketPrices> {
  constructor(private readonly db: ContextDatabase) {}

  async execute({ reference }: GetMarketPrices): Promise<MarketPrices> {
    const ref = cleanReference(reference);
    const rows = await kysely<MarketplaceDB>(this.db.em())
      .selectFrom('ProductRef as r')
      .innerJoin('ProductSearch as p', 'p.productId', 'r.product')
      .select((eb) => [
        'p.currency',
        eb.fn.min<string>(sql`p.actual_price`).as('min'),
        eb.fn.max<string>(sql`p.actual_price`).as('max'),
        sql<string>`round(avg(p.actual_price), 2)`.as('average'),
        eb.fn.countAll<string>().as('offers'),
      ])
      .where('r.ref', '=', ref)
      .where('p.inventario', '>=', 1)
      .where('p.hidePrices', '=', false)
      .groupBy('p.currency')
      .orderBy('p.currency')
      .execute();
    return {
      reference: ref,
      prices: rows.map((r) => ({
        currency: r.currency,
        min: Number(r.min),
        max: Number(r.max),
        average: Number(r.average),
        offers: Number(r.offers),
      })),
    };
  }
}
