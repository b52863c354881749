import type { EntityManager } from '@mikro-orm/postgresql';
import type { CartSection } from '@tuerca/contracts';
import { kysely } from '@tuerca/platform';
import type { MarketplaceDB } from '../marketplace.database.js';
import type { CartRow } from './cart.rules.js';

/**
 * The lines of an owner's cart (or favourites) with their product, store and quotation, newest first; deleted
 * products left out. `ids` narrows to those lines; `lock` takes the lines for update (a checkout consumes them).
 */
export async function readCartRows(
  em: EntityManager,
  where: { owner: string; section?: CartSection; ids?: readonly string[]; lock?: boolean },
): Promise<CartRow[]> {
  let q = kysely<MarketplaceDB>(em)
    .selectFrom('CartItem as c')
    .innerJoin('Product as p', 'p.id', 'c.product')
    .innerJoin('Store as s', 's.id', 'c.store')
    .leftJoin('Quotation as q', 'q.id', 'c.quotation')
    .select([
      'c.id as id',
      'c.section as section',
      'c.quantity as quantity',
      'c.selected as selected',
      'c.addedAt as addedAt',
      'c.quotation as quotationId',
      'p.id as productId',
      'p.title as title',
      'p.referencia1 as referencia1',
      'p.manufacturerTitle as manufacturerTitle',
      'p.imagesUrls as imagesUrls',
      'p.inventario as inventario',
      'p.fechaActualizacion as fechaActualizacion',
      'p.actualPrice as actualPrice',
      'p.hidePrices as hidePrices',
      'p.state as productState',
      'p.salesModel as salesModel',
      'p.minimumOrderQuantity as minimumOrderQuantity',
      'p.quotationMaxQuantity as quotationMaxQuantity',
      's.id as storeId',
      's.name as storeName',
      's.currency as currency',
      's.country as country',
      's.isVirtual as isVirtual',
      's.showProductReferences as showProductReferences',
      's.purchaseDiscountRules as purchaseDiscountRules',
      's.minimumPurchaseValue as minimumPurchaseValue',
      'q.state as quotationState',
      'q.price as quotationPrice',
      'q.windowExpiresAt as quotationWindowExpiresAt',
    ])
    .where('c.owner', '=', where.owner)
    .where('p.state', '<>', 'deleted');
  if (where.section) q = q.where('c.section', '=', where.section);
  if (where.ids) q = q.where('c.id', 'in', where.ids.length > 0 ? [...where.ids] : ['00000000-0000-0000-0000-000000000000']);
  q = q.orderBy('c.addedAt', 'desc').orderBy('c.id');
  if (where.lock) q = q.forUpdate('c');
  const rows = await q.execute();
  return rows.map((r) => ({
    ...r,
    addedAt: new Date(r.addedAt),
    fechaActualizacion: new Date(r.fechaActualizacion),
    quotationWindowExpiresAt: r.quotationWindowExpiresAt ? new Date(r.quotationWindowExpiresAt) : null,
    actualPrice: Number(r.actualPrice),
    quotationPrice: r.quotationPrice === null ? null : Number(r.quotationPrice),
    minimumPurchaseValue: Number(r.minimumPurchaseValue),
  })) as CartRow[];
}
