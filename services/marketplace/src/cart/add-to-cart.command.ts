import { randomUUID } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { isProductAvailable, quotationLimit, t, type CartAddInput, type CartLine, type CartSection } from '@tuerca/contracts';
import { Clock, ContextDatabase, NotFoundError, kysely } from '@tuerca/platform';
import type { MarketplaceDB } from '../marketplace.database.js';
import { cartLineOf } from './cart.rules.js';
import { readCartRows } from './cart-rows.js';
import { invalid, quotationWindowClosed } from './cart-errors.js';

export interface AddToCartResult {
  line: CartLine;
  alreadyAdded: boolean;
  section: CartSection;
}

/** POST /{module}/page/add: 'Comprar' puts a product in the cart or in favourites (spec 000 §4). */
export class AddToCart extends Command<AddToCartResult> {
  constructor(
    readonly owner: string,
    readonly userId: string | null,
    readonly input: CartAddInput,
  ) {
    super();
  }
}

/**
 * spec 000 §4 "'Comprar' adds to the cart, or to favourites when cartTypeBySaleModel says so. Afterwards the
 * item shows 'ya fue agregado' with a link." A quotation product (salesModel 3) enters the cart only with the
 * person's open, answered-available quotation, capped at quotationMaxQuantity; other products respect the
 * minimum order quantity and the stock.
 */
@CommandHandler(AddToCart)
export class AddToCartHandler implements ICommandHandler<AddToCart> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
  ) {}

  async execute({ owner, userId, input }: AddToCart): Promise<AddToCartResult> {
    const now = this.clock.now();
    const { id, alreadyAdded } = await this.db.transactional(async (em) => {
      const k = kysely<MarketplaceDB>(em);
      const p = await k
        .selectFrom('Product as p')
        .innerJoin('Store as s', 's.id', 'p.store')
        .select([
          'p.id',
          'p.store as storeId',
          'p.inventario',
          'p.fechaActualizacion',
          's.isVirtual',
          'p.salesModel',
          'p.cartType',
          'p.minimumOrderQuantity',
          'p.quotationMaxQuantity',
        ])
        .where('p.id', '=', input.productId)
        .where('p.state', '<>', 'deleted')
        .executeTakeFirst();
      if (!p) throw new NotFoundError(t('availability.productNotAvailable'));
      // spec 000 §4: an unavailable product cannot be bought ('Agregar a cotización' instead).
      if (!isProductAvailable({ inventario: p.inventario, fecha_actualizacion: p.fechaActualizacion }, p.isVirtual, now))
        throw invalid('availability.productNotAvailable', undefined, 'productId');
      if (input.quantity < 1) throw invalid('quotation.quantityMustBePositive', undefined, 'quantity');
      let section: CartSection = p.cartType;
      let quotationId: string | null = null;
      // A seller's answer to a quotation request (quotations/answer-quote-request) opens a quotation of any product:
      // the line then carries it, at the answered price.
      if (p.salesModel === 3 || input.quotationId) {
        // spec 000 §4: "seller_response 1 and not_available 0: purchase enabled for remainingTime hours; 'Agregar' adds to cart, capped at quotationMaxQuantity."
        if (!userId || !input.quotationId) throw invalid('marketplace.quotationRequiredToBuy', undefined, 'quotationId');
        const q = await k
          .selectFrom('Quotation')
          .select(['id', 'product', 'state', 'windowExpiresAt'])
          .where('id', '=', input.quotationId)
          .where('userId', '=', userId)
          .executeTakeFirst();
        if (!q) throw new NotFoundError();
        if (q.state !== 'available' || !q.windowExpiresAt || new Date(q.windowExpiresAt) <= now) throw quotationWindowClosed();
        if (q.product !== p.id) throw invalid('marketplace.quotationRequiredToBuy', undefined, 'quotationId');
        const max = quotationLimit({ inventario: p.inventario, quotationMaxQuantity: p.quotationMaxQuantity });
        if (input.quantity > max) throw invalid('quotation.quantityExceedsMax', { max }, 'quantity');
        section = 'cart';
        quotationId = q.id;
      } else {
        if (input.quantity < p.minimumOrderQuantity)
          throw invalid('marketplace.minimumOrderQuantity', { min: p.minimumOrderQuantity }, 'quantity');
        // spec 000 §5: 'La cantidad disponible es de N unidades. Intenta con una cantidad menor.'
        if (input.quantity > p.inventario) throw invalid('quotation.quantityExceedsStock', { quantity: p.inventario }, 'quantity');
      }
      const existing = await k
        .selectFrom('CartItem')
        .select('id')
        .where('owner', '=', owner)
        .where('section', '=', section)
        .where('product', '=', p.id)
        .executeTakeFirst();
      if (existing) return { id: existing.id, alreadyAdded: true };
      const itemId = randomUUID();
      const inserted = await k
        .insertInto('CartItem')
        .values({
          id: itemId,
          owner,
          section,
          product: p.id,
          store: p.storeId,
          quantity: input.quantity,
          quotation: quotationId,
          selected: true,
          addedAt: now,
        })
        .onConflict((oc) => oc.columns(['owner', 'section', 'product']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (inserted) return { id: itemId, alreadyAdded: false };
      // Two adds at once: the other one won.
      const winner = await k
        .selectFrom('CartItem')
        .select('id')
        .where('owner', '=', owner)
        .where('section', '=', section)
        .where('product', '=', p.id)
        .executeTakeFirstOrThrow();
      return { id: winner.id, alreadyAdded: true };
    });
    const [row] = await readCartRows(this.db.em(), { owner, ids: [id] });
    const line = cartLineOf(row!, now);
    return { line, alreadyAdded, section: line.section };
  }
}
