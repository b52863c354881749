import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { isProductAvailable, t } from '@tuerca/contracts';
import { Clock, ContextDatabase, NotFoundError, kysely } from '@tuerca/platform';
import type { MarketplaceDB } from '../marketplace.database.js';

export interface StockCheck {
  productId: string;
  available: boolean;
  inventario: number;
  quantity: number;
  message: string | null;
}

/** GET /cart/page/validateProductStock: whether a quantity of a product can be bought now (guests too). */
export class ValidateProductStock extends Query<StockCheck> {
  constructor(
    readonly productId: string,
    readonly quantity: number,
  ) {
    super();
  }
}

@QueryHandler(ValidateProductStock)
export class ValidateProductStockHandler implements IQueryHandler<ValidateProductStock> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
  ) {}

  async execute({ productId, quantity }: ValidateProductStock): Promise<StockCheck> {
    const p = await kysely<MarketplaceDB>(this.db.em())
      .selectFrom('Product as p')
      .innerJoin('Store as s', 's.id', 'p.store')
      .select(['p.id', 'p.inventario', 'p.fechaActualizacion', 's.isVirtual'])
      .where('p.id', '=', productId)
      .where('p.state', '<>', 'deleted')
      .executeTakeFirst();
    if (!p) throw new NotFoundError(t('availability.productNotAvailable'));
    const available = isProductAvailable(
      { inventario: p.inventario, fecha_actualizacion: p.fechaActualizacion },
      p.isVirtual,
      this.clock.now(),
    );
    // spec 000 §8 'El producto seleccionado no está disponible'; §5 'La cantidad disponible es de N unidades…'.
    const message = !available
      ? t('availability.productNotAvailable')
      : quantity > p.inventario
        ? t('quotation.quantityExceedsStock', { quantity: p.inventario })
        : null;
    return { productId: p.id, available: available && message === null, inventario: available ? p.inventario : 0, quantity, message };
  }
}
