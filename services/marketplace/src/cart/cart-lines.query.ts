import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { CartLine, CartSection, CartStoreSummary } from '@tuerca/contracts';
import { Clock, ContextDatabase } from '@tuerca/platform';
import { cartLineOf, storeSummaries } from './cart.rules.js';
import { readCartRows } from './cart-rows.js';

export interface CartLinesResult {
  lines: CartLine[];
  stores: CartStoreSummary[];
}

/** itemsPendingShoppingCart: the lines of the cart (or favourites) and each store's part of the selected ones. */
export class CartLines extends Query<CartLinesResult> {
  constructor(
    readonly owner: string,
    readonly section: CartSection,
  ) {
    super();
  }
}

@QueryHandler(CartLines)
export class CartLinesHandler implements IQueryHandler<CartLines> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
  ) {}

  async execute({ owner, section }: CartLines): Promise<CartLinesResult> {
    const now = this.clock.now();
    const rows = await readCartRows(this.db.em(), { owner, section });
    const lines = rows.map((r) => cartLineOf(r, now));
    return { lines, stores: section === 'cart' ? storeSummaries(rows, lines) : [] };
  }
}
