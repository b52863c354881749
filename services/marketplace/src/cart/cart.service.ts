import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  isProductAvailable,
  quotationLimit,
  t,
  type CartAddInput,
  type CartItemView,
  type CartSection,
  type CartUpdateInput,
} from '@tuerca/contracts';
import { Clock, ContextDatabase, NotFoundError, ValidationError, type Visitor } from '@tuerca/platform';
import { QuotationsService } from '../quotations/quotations.service.js';

/** Cart owner key: a person's, or a guest visitor's (a guest keeps a cart without logging in). */
export function ownerOf(visitor: Visitor): string {
  return visitor.user ? `u:${visitor.user.id}` : `g:${visitor.guestId}`;
}

function bad(message: string, path: string): ValidationError {
  return new ValidationError([message], [{ path, message }]);
}

interface ItemRow {
  id: string;
  section: CartSection;
  product_id: string;
  title: string;
  referencia_1: string;
  hides_references: boolean;
  quantity: number;
  actual_price: string;
  hide_prices: boolean;
  currency: 'COP' | 'MXN';
  store_id: string;
  store_name: string;
  quotation_id: string | null;
  quotation_price: string | null;
  added_at: Date | string;
}

/**
 * Cart and favourites (spec 000 §4 "'Comprar' adds to the cart, or to favourites when
 * cartTypeBySaleModel says so. Afterwards the item shows 'ya fue agregado' with a link."). Checkout,
 * payments and transactions are a later piece of work.
 */
@Injectable()
export class CartService {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
    private readonly quotations: QuotationsService,
  ) {}

  /** POST /{module}/page/add. */
  async add(visitor: Visitor, input: CartAddInput): Promise<{ item: CartItemView; alreadyAdded: boolean; section: CartSection }> {
    const owner = ownerOf(visitor);
    const { id, alreadyAdded } = await this.db.transactional(async (tx) => {
      const em = tx as EntityManager;
      const [p] = await em.execute<
        {
          id: string;
          store_id: string;
          inventario: number;
          fecha_actualizacion: Date;
          is_virtual: boolean;
          sales_model: number;
          cart_type: CartSection;
          minimum_order_quantity: number;
          quotation_max_quantity: number | null;
          state: string;
        }[]
      >(
        `select p.id, p.store_id, p.inventario, p.fecha_actualizacion, s.is_virtual, p.sales_model, p.cart_type, p.minimum_order_quantity,
           p.quotation_max_quantity, p.state
         from products p join stores s on s.id = p.store_id where p.id = ? and p.state <> 'deleted'`,
        [input.productId],
      );
      if (!p) throw new NotFoundError(t('availability.productNotAvailable'));
      // spec 000 §4: an unavailable product cannot be bought ('Agregar a cotización' instead).
      if (!isProductAvailable(p, p.is_virtual, this.clock.now())) throw bad(t('availability.productNotAvailable'), 'productId');
      if (input.quantity < 1) throw bad(t('quotation.quantityMustBePositive'), 'quantity');
      let section: CartSection = p.cart_type;
      let quotationId: string | null = null;
      if (p.sales_model === 3) {
        // spec 000 §4: "seller_response 1 and not_available 0: purchase enabled for remainingTime hours; 'Agregar' adds to cart, capped at quotationMaxQuantity."
        if (!visitor.user || !input.quotationId) throw bad(t('marketplace.quotationRequiredToBuy'), 'quotationId');
        const q = await this.quotations.purchasable(em, visitor.user.id, input.quotationId);
        if (q.product_id !== p.id) throw bad(t('marketplace.quotationRequiredToBuy'), 'quotationId');
        const max = quotationLimit({ inventario: p.inventario, quotationMaxQuantity: p.quotation_max_quantity });
        if (input.quantity > max) throw bad(t('quotation.quantityExceedsMax', { max }), 'quantity');
        section = 'cart';
        quotationId = q.id;
      } else {
        if (input.quantity < p.minimum_order_quantity)
          throw bad(t('marketplace.minimumOrderQuantity', { min: p.minimum_order_quantity }), 'quantity');
        if (input.quantity > p.inventario) throw bad(t('quotation.quantityExceedsStock', { quantity: p.inventario }), 'quantity');
      }
      const [existing] = await em.execute<{ id: string }[]>(
        `select id from cart_items where owner = ? and section = ? and product_id = ?`,
        [owner, section, p.id],
      );
      if (existing) return { id: existing.id, alreadyAdded: true };
      const itemId = randomUUID();
      await em.execute(
        `insert into cart_items (id, owner, section, product_id, store_id, quantity, quotation_id, added_at) values (?, ?, ?, ?, ?, ?, ?, ?)
         on conflict (owner, section, product_id) do nothing`,
        [itemId, owner, section, p.id, p.store_id, input.quantity, quotationId, this.clock.now()],
      );
      return { id: itemId, alreadyAdded: false };
    });
    const [item] = await this.items(owner, null, id);
    return { item: item!, alreadyAdded, section: item!.section };
  }

  /** POST /{module}/page/update: a line's quantity, within the stock (and the quotation's cap). */
  async update(visitor: Visitor, module: CartSection, input: CartUpdateInput): Promise<CartItemView> {
    const owner = ownerOf(visitor);
    await this.db.transactional(async (tx) => {
      const em = tx as EntityManager;
      const [line] = await em.execute<
        {
          id: string;
          inventario: number;
          quotation_max_quantity: number | null;
          quotation_id: string | null;
          minimum_order_quantity: number;
        }[]
      >(
        `select c.id, p.inventario, p.quotation_max_quantity, c.quotation_id, p.minimum_order_quantity
         from cart_items c join products p on p.id = c.product_id where c.id = ? and c.owner = ? and c.section = ? for update of c`,
        [input.id, owner, module],
      );
      if (!line) throw new NotFoundError();
      if (input.quantity < 1) throw bad(t('quotation.quantityMustBePositive'), 'quantity');
      if (line.quotation_id) {
        const max = quotationLimit({ inventario: line.inventario, quotationMaxQuantity: line.quotation_max_quantity });
        if (input.quantity > max) throw bad(t('quotation.quantityExceedsMax', { max }), 'quantity');
      } else {
        if (input.quantity < line.minimum_order_quantity)
          throw bad(t('marketplace.minimumOrderQuantity', { min: line.minimum_order_quantity }), 'quantity');
        if (input.quantity > line.inventario) throw bad(t('quotation.quantityExceedsStock', { quantity: line.inventario }), 'quantity');
      }
      await em.execute(`update cart_items set quantity = ? where id = ?`, [input.quantity, line.id]);
    });
    const [item] = await this.items(owner, module, input.id);
    return item!;
  }

  /** GET /{module}/page/remove/{id}. */
  async remove(visitor: Visitor, module: CartSection, id: string): Promise<{ id: string }> {
    const rows = await this.db
      .em()
      .execute<{ id: string }[]>(`delete from cart_items where id = ? and owner = ? and section = ? returning id`, [
        id,
        ownerOf(visitor),
        module,
      ]);
    if (rows.length === 0) throw new NotFoundError();
    return { id };
  }

  /** GET countItemsInShoppingCart. */
  async count(visitor: Visitor): Promise<{ cart: number; favorites: number }> {
    const [row] = await this.db
      .em()
      .execute<{ cart: string; favorites: string }[]>(
        `select count(*) filter (where section = 'cart') as cart, count(*) filter (where section = 'favorites') as favorites from cart_items where owner = ?`,
        [ownerOf(visitor)],
      );
    return { cart: Number(row?.cart ?? 0), favorites: Number(row?.favorites ?? 0) };
  }

  /** GET itemsPendingShoppingCart (module cart or favorites). */
  async items(owner: string, section: CartSection | null, id?: string): Promise<CartItemView[]> {
    const rows = await this.db.em().execute<ItemRow[]>(
      `select c.id, c.section, c.product_id, p.title, p.referencia_1, (s.is_virtual and not s.show_product_references) as hides_references,
         c.quantity, p.actual_price, p.hide_prices, s.currency, s.id as store_id, s.name as store_name, c.quotation_id, q.price as quotation_price, c.added_at
       from cart_items c join products p on p.id = c.product_id join stores s on s.id = c.store_id
       left join quotations q on q.id = c.quotation_id
       where c.owner = ? and (?::text is null or c.section = ?) and (?::uuid is null or c.id = ?::uuid) and p.state <> 'deleted'
       order by c.added_at desc, c.id`,
      [owner, section, section, id ?? null, id ?? null],
    );
    return rows.map((r) => ({
      id: r.id,
      section: r.section,
      productId: r.product_id,
      title: r.title,
      reference: r.hides_references ? null : r.referencia_1,
      quantity: r.quantity,
      unitPrice: r.hide_prices && r.quotation_price === null ? null : Number(r.quotation_price ?? r.actual_price),
      currency: r.currency,
      storeId: r.store_id,
      storeName: r.store_name,
      quotationId: r.quotation_id,
      addedAt: new Date(r.added_at).toISOString(),
    }));
  }

  /**
   * POST verifyMinimunValue: each store's cart total against the store's minimum purchase value
   * (prices hidden count as zero until quoted).
   */
  async verifyMinimum(visitor: Visitor): Promise<{
    ok: boolean;
    stores: { storeId: string; storeName: string; total: number; minimum: number; currency: string; ok: boolean }[];
  }> {
    const rows = await this.db.em().execute<{ store_id: string; name: string; currency: string; minimum: string; total: string }[]>(
      `select s.id as store_id, s.name, s.currency, s.minimum_purchase_value as minimum,
         sum(c.quantity * coalesce(q.price, case when p.hide_prices then 0 else p.actual_price end)) as total
       from cart_items c join products p on p.id = c.product_id join stores s on s.id = c.store_id left join quotations q on q.id = c.quotation_id
       where c.owner = ? and c.section = 'cart' and p.state <> 'deleted'
       group by s.id order by s.name`,
      [ownerOf(visitor)],
    );
    const stores = rows.map((r) => ({
      storeId: r.store_id,
      storeName: r.name,
      total: Number(r.total),
      minimum: Number(r.minimum),
      currency: r.currency,
      ok: Number(r.total) >= Number(r.minimum),
    }));
    return { ok: stores.every((s) => s.ok), stores };
  }
}
