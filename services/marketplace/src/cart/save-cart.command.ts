import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CartLine, SaveShoppingBody } from '@tuerca/contracts';
import { Clock, ContextDatabase, NotFoundError, kysely } from '@tuerca/platform';
import type { MarketplaceDB } from '../marketplace.database.js';
import { cartLineOf } from './cart.rules.js';
import { readCartRows } from './cart-rows.js';
import { quantityProblem } from './update-cart-line.command.js';

/** saveShopping: the cart page's quantities and selection, saved in one go (all or nothing). */
export class SaveCart extends Command<CartLine[]> {
  constructor(
    readonly owner: string,
    readonly body: SaveShoppingBody,
  ) {
    super();
  }
}

@CommandHandler(SaveCart)
export class SaveCartHandler implements ICommandHandler<SaveCart> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
  ) {}

  async execute({ owner, body }: SaveCart): Promise<CartLine[]> {
    const wanted = new Map(body.items.map((i) => [i.id, i]));
    await this.db.transactional(async (em) => {
      const rows = await readCartRows(em, { owner, section: 'cart', ids: [...wanted.keys()], lock: true });
      if (rows.length !== wanted.size) throw new NotFoundError();
      const k = kysely<MarketplaceDB>(em);
      for (const row of rows) {
        const item = wanted.get(row.id)!;
        if (item.quantity !== row.quantity) {
          const problem = quantityProblem(row, item.quantity);
          if (problem) throw problem;
        }
        if (item.quantity !== row.quantity || item.selected !== row.selected)
          await k.updateTable('CartItem').set({ quantity: item.quantity, selected: item.selected }).where('id', '=', row.id).execute();
      }
    });
    const now = this.clock.now();
    return (await readCartRows(this.db.em(), { owner, section: 'cart' })).map((r) => cartLineOf(r, now));
  }
}
