import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { type MinimumCheck } from '@tuerca/contracts';
import { Clock, ContextDatabase } from '@tuerca/platform';
import { minimumShortfall } from '../purchases/purchase.rules.js';
import { cartLineOf, storeSummaries } from './cart.rules.js';
import { readCartRows } from './cart-rows.js';

/**
 * verifyMinimunValue: each store of the lines to buy (the given ones, else the selected ones) against the
 * store's minimum purchase value, with a Spanish text naming each store that falls short.
 */
export class VerifyMinimum extends Query<MinimumCheck> {
  constructor(
    readonly owner: string,
    readonly itemIds?: readonly string[],
  ) {
    super();
  }
}

@QueryHandler(VerifyMinimum)
export class VerifyMinimumHandler implements IQueryHandler<VerifyMinimum> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
  ) {}

  async execute({ owner, itemIds }: VerifyMinimum): Promise<MinimumCheck> {
    const now = this.clock.now();
    const rows = await readCartRows(this.db.em(), { owner, section: 'cart', ids: itemIds });
    const chosen = itemIds ? rows.map((r) => ({ ...r, selected: true })) : rows;
    const summaries = storeSummaries(
      chosen,
      chosen.map((r) => cartLineOf(r, now)),
      true,
    );
    const stores = summaries.map((s) => {
      const message = minimumShortfall({ name: s.storeName, minimumCents: s.minimumCents, currency: s.currency }, s.amounts.totalCents);
      return {
        storeId: s.storeId,
        storeName: s.storeName,
        total: s.amounts.totalCents / 100,
        minimum: s.minimumCents / 100,
        currency: s.currency,
        ok: message === null,
        message,
      };
    });
    return { ok: stores.every((s) => s.ok), stores };
  }
}
