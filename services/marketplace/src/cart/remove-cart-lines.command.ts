import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CartLine, CartSection } from '@tuerca/contracts';
import { Clock, ContextDatabase, NotFoundError, kysely } from '@tuerca/platform';
import type { MarketplaceDB } from '../marketplace.database.js';
import { cartLineOf } from './cart.rules.js';
import { readCartRows } from './cart-rows.js';

/**
 * GET /{module}/page/remove/{id} and POST deleteSelectedProducts: the lines leave the cart; the answer is
 * the removed lines as they were, so the page can offer 'Deshacer' (adding them back). Another person's line
 * is 404 — all or nothing.
 */
export class RemoveCartLines extends Command<CartLine[]> {
  constructor(
    readonly owner: string,
    readonly ids: readonly string[],
    readonly section?: CartSection,
  ) {
    super();
  }
}

@CommandHandler(RemoveCartLines)
export class RemoveCartLinesHandler implements ICommandHandler<RemoveCartLines> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
  ) {}

  async execute({ owner, ids, section }: RemoveCartLines): Promise<CartLine[]> {
    const unique = [...new Set(ids)];
    const now = this.clock.now();
    return this.db.transactional(async (em) => {
      const rows = await readCartRows(em, { owner, section, ids: unique, lock: true });
      if (rows.length !== unique.length) throw new NotFoundError();
      await kysely<MarketplaceDB>(em).deleteFrom('CartItem').where('owner', '=', owner).where('id', 'in', unique).execute();
      return rows.map((r) => cartLineOf(r, now));
    });
  }
}
