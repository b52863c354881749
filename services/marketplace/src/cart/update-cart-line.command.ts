import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { quotationLimit, type CartLine, type CartSection, type CartUpdateInput } from '@tuerca/contracts';
import { Clock, ContextDatabase, NotFoundError, kysely } from '@tuerca/platform';
import type { MarketplaceDB } from '../marketplace.database.js';
import { cartLineOf } from './cart.rules.js';
import { readCartRows } from './cart-rows.js';
import { invalid } from './cart-errors.js';

/** POST /{module}/page/update: a line's quantity, within the stock (and the quotation's cap). */
export class UpdateCartLine extends Command<CartLine> {
  constructor(
    readonly owner: string,
    readonly section: CartSection,
    readonly input: CartUpdateInput,
  ) {
    super();
  }
}

/** The quantity rules of a cart line (spec 000 §5): at least 1 and the minimum order quantity, at most the stock or quotationMaxQuantity. */
export function quantityProblem(
  line: { quotationId: string | null; inventario: number; quotationMaxQuantity: number | null; minimumOrderQuantity: number },
  quantity: number,
) {
  if (quantity < 1) return invalid('quotation.quantityMustBePositive', undefined, 'quantity');
  if (line.quotationId) {
    const max = quotationLimit({ inventario: line.inventario, quotationMaxQuantity: line.quotationMaxQuantity });
    if (quantity > max) return invalid('quotation.quantityExceedsMax', { max }, 'quantity');
    return null;
  }
  if (quantity < line.minimumOrderQuantity)
    return invalid('marketplace.minimumOrderQuantity', { min: line.minimumOrderQuantity }, 'quantity');
  if (quantity > line.inventario) return invalid('quotation.quantityExceedsStock', { quantity: line.inventario }, 'quantity');
  return null;
}

@CommandHandler(UpdateCartLine)
export class UpdateCartLineHandler implements ICommandHandler<UpdateCartLine> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
  ) {}

  async execute({ owner, section, input }: UpdateCartLine): Promise<CartLine> {
    await this.db.transactional(async (em) => {
      const [line] = await readCartRows(em, { owner, section, ids: [input.id], lock: true });
      if (!line) throw new NotFoundError();
      const problem = quantityProblem(line, input.quantity);
      if (problem) throw problem;
      await kysely<MarketplaceDB>(em).updateTable('CartItem').set({ quantity: input.quantity }).where('id', '=', line.id).execute();
    });
    const [row] = await readCartRows(this.db.em(), { owner, section, ids: [input.id] });
    return cartLineOf(row!, this.clock.now());
  }
}
