import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { sql } from 'kysely';
import { ContextDatabase, NotFoundError, RateLimiter, kysely, throttleVisitor, type Visitor, type VisitorLimits } from '@tuerca/platform';
import type { MarketplaceDB } from '../marketplace.database.js';

/** Visits anyone may count (#20 finding 9): a page view or two a second per person, a busy office per address. */
export const VISIT_LIMITS: VisitorLimits = { perVisitor: 60, perAddress: 300, windowSeconds: 60 };
/** One visit per person and product in this window: reloading a product's page is not another visit. */
export const VISIT_ONCE_SECONDS = 30 * 60;

/**
 * POST updateProductVisits: one more visit to a product (one conditional statement: no read-then-write), counted
 * once per visitor and product per half hour, and limited per visitor and address.
 */
export class CountProductVisit extends Command<{ visits: number }> {
  constructor(
    readonly productId: string,
    readonly visitor: Visitor,
  ) {
    super();
  }
}

@CommandHandler(CountProductVisit)
export class CountProductVisitHandler implements ICommandHandler<CountProductVisit> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly limiter: RateLimiter,
  ) {}

  async execute({ productId, visitor }: CountProductVisit): Promise<{ visits: number }> {
    await throttleVisitor(this.limiter, 'product-visits', visitor, VISIT_LIMITS);
    const who = visitor.user ? `u:${visitor.user.id}` : `g:${visitor.guestId}`;
    const first = await this.limiter.hit(`product-visit:${who}:${productId}`, 1, VISIT_ONCE_SECONDS);
    if (!first.allowed) {
      const seen = await kysely<MarketplaceDB>(this.db.em())
        .selectFrom('Product')
        .select('visits')
        .where('id', '=', productId)
        .where('state', '<>', 'deleted')
        .executeTakeFirst();
      if (!seen) throw new NotFoundError();
      return { visits: seen.visits };
    }
    const row = await kysely<MarketplaceDB>(this.db.em())
      .updateTable('Product')
      .set({ visits: sql<number>`visits + 1` })
      .where('id', '=', productId)
      .where('state', '<>', 'deleted')
      .returning('visits')
      .executeTakeFirst();
    if (!row) throw new NotFoundError();
    return { visits: row.visits };
  }
}
