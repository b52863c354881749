import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  ProductDeleted,
  ProductPublished,
  ProductUpdated,
  cleanReference,
  productInputSchema,
  stockAndPriceSchema,
  t,
  type Actor,
  type ProductInput,
} from '@tuerca/contracts';
import {
  Clock,
  ContextDatabase,
  DomainError,
  NotFoundError,
  ValidationError,
  parseInput,
  recordEvent,
  type Visitor,
} from '@tuerca/platform';
import { assertProductAccess, assertStoreAccess } from '../stores/store-access.js';
import { columnsOf, inputOf, productUrlFor, snapshotOf, type ProductRecord } from './product.rules.js';

export const PRODUCT_COLUMNS = `id, store_id, title, manufacturer_title, descripcion, observaciones, referencia_1, referencia_2, referencia_3,
  clean_reference_1, inventario, fecha_actualizacion, actual_price, hide_prices, images_urls, product_url, tiempos_de_entrega,
  minimum_order_quantity, sales_model, cart_type, quotation_max_quantity, remaining_time, compatible_vehicles, category,
  confirm_product_in_api, state, visits, created_at, updated_at`;

/** The same columns qualified by the alias `p`, for reads that join products to stores. */
export const PRODUCT_COLUMNS_P = PRODUCT_COLUMNS.split(',')
  .map((c) => `p.${c.trim()}`)
  .join(', ');

function duplicate(reference: string, brand: string): DomainError {
  const message = t('marketplace.duplicateProduct', { reference, brand });
  return new DomainError(409, 'Product already exists', [message], [{ path: 'referencia_1', message }]);
}

/** spec 000 §5 sale-model rules a product must satisfy before it is written. */
function checkRules(input: ProductInput): void {
  if (input.salesModel === 3 && input.quotationMaxQuantity !== null && input.quotationMaxQuantity < 1) {
    const message = t('quotation.quantityMustBePositive');
    throw new ValidationError([message], [{ path: 'quotationMaxQuantity', message }]);
  }
}

async function findProduct(em: EntityManager, id: string, lock = false): Promise<ProductRecord | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  const [row] = await em.execute<ProductRecord[]>(
    `select ${PRODUCT_COLUMNS} from products where id = ? and state <> 'deleted'${lock ? ' for update' : ''}`,
    [id],
  );
  return row;
}

/**
 * Sellers' products (spec 000 §7 "Products" and the store-management calls). Every change writes the
 * product and its event in one transaction; the search read model follows from the event.
 */
@Injectable()
export class ProductsService {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
  ) {}

  /** The product as its seller edits it (GET /{id}/loadProduct); another store's product is 404. */
  async load(visitor: Visitor, id: string): Promise<ProductRecord> {
    const product = await findProduct(this.db.em() as EntityManager, id);
    assertProductAccess(visitor, product);
    return product;
  }

  /** POST /catalogo/products/ with scenario 'create'. */
  async create(visitor: Visitor, storeId: string, raw: unknown, actor: Actor): Promise<ProductRecord> {
    assertStoreAccess(visitor, storeId);
    const input = parseInput(productInputSchema, raw ?? {});
    checkRules(input);
    return this.db.transactional(async (em) => {
      const store = await em.execute<{ id: string }[]>(`select id from stores where id = ?`, [storeId]);
      if (store.length === 0) throw new NotFoundError();
      const id = randomUUID();
      const now = this.clock.now();
      const product = await this.insert(em as EntityManager, id, storeId, input, now);
      recordEvent(em, ProductPublished, { product: snapshotOf(product) }, { aggregateId: id, actor, occurredAt: now });
      return product;
    });
  }

  /** Inserts one product (create and the spreadsheet import); a duplicate reference and brand in the store is 409. */
  async insert(em: EntityManager, id: string, storeId: string, input: ProductInput, now: Date): Promise<ProductRecord> {
    const exists = await em.execute<{ id: string }[]>(
      `select id from products where store_id = ? and clean_reference_1 = ? and lower(manufacturer_title) = lower(?) and state <> 'deleted'`,
      [storeId, cleanReference(input.referencia_1), input.manufacturer_title],
    );
    if (exists.length > 0) throw duplicate(input.referencia_1, input.manufacturer_title);
    const cols = {
      ...columnsOf(input),
      id,
      store_id: storeId,
      product_url: productUrlFor(input, id),
      fecha_actualizacion: now,
      state: 'published',
      created_at: now,
      updated_at: now,
    };
    const names = Object.keys(cols);
    const [row] = await em.execute<ProductRecord[]>(
      `insert into products (${names.join(', ')}) values (${names.map(() => '?').join(', ')}) returning ${PRODUCT_COLUMNS}`,
      Object.values(cols),
    );
    return row!;
  }

  /**
   * PATCH /catalogo/products/{id} with scenario 'edit' (any form fields; the rest stay) or
   * 'stockAndPrice' (the seller confirms stock, and price: fecha_actualizacion moves to now).
   */
  async update(visitor: Visitor, id: string, scenario: 'edit' | 'stockAndPrice', raw: unknown, actor: Actor): Promise<ProductRecord> {
    return this.db.transactional(async (em) => {
      const current = await findProduct(em as EntityManager, id, true);
      assertProductAccess(visitor, current);
      const now = this.clock.now();
      let input: ProductInput;
      if (scenario === 'stockAndPrice') {
        const change = parseInput(stockAndPriceSchema, raw ?? {});
        input = { ...inputOf(current), inventario: change.inventario, actualPrice: change.actualPrice ?? Number(current.actual_price) };
      } else {
        const patch = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
        input = parseInput(productInputSchema, { ...inputOf(current), ...patch });
      }
      checkRules(input);
      const changedRef =
        cleanReference(input.referencia_1) !== current.clean_reference_1 ||
        input.manufacturer_title.toLowerCase() !== current.manufacturer_title.toLowerCase();
      if (changedRef) {
        const clash = await em.execute<{ id: string }[]>(
          `select id from products where store_id = ? and clean_reference_1 = ? and lower(manufacturer_title) = lower(?) and state <> 'deleted' and id <> ?`,
          [current.store_id, cleanReference(input.referencia_1), input.manufacturer_title, id],
        );
        if (clash.length > 0) throw duplicate(input.referencia_1, input.manufacturer_title);
      }
      // Stock and price are what the 30-day availability rule watches: touching either confirms the stock today.
      const stockTouched =
        scenario === 'stockAndPrice' || input.inventario !== current.inventario || input.actualPrice !== Number(current.actual_price);
      const cols: Record<string, unknown> = { ...columnsOf(input), updated_at: now };
      if (stockTouched) cols.fecha_actualizacion = now;
      cols.state = input.inventario >= 1 ? 'published' : 'depleted';
      const product = await this.write(em as EntityManager, id, cols);
      recordEvent(em, ProductUpdated, { product: snapshotOf(product) }, { aggregateId: id, actor, occurredAt: now });
      return product;
    });
  }

  private async write(em: EntityManager, id: string, cols: Record<string, unknown>): Promise<ProductRecord> {
    const names = Object.keys(cols);
    const [row] = await em.execute<ProductRecord[]>(
      `update products set ${names.map((n) => `${n} = ?`).join(', ')} where id = ? returning ${PRODUCT_COLUMNS}`,
      [...Object.values(cols), id],
    );
    return row!;
  }

  /** PATCH /{id}/depleteProduct: stock to zero (the product stays, shown as unavailable). */
  async deplete(visitor: Visitor, id: string, actor: Actor): Promise<ProductRecord> {
    return this.db.transactional(async (em) => {
      const current = await findProduct(em as EntityManager, id, true);
      assertProductAccess(visitor, current);
      const now = this.clock.now();
      const product = await this.write(em as EntityManager, id, {
        inventario: 0,
        state: 'depleted',
        fecha_actualizacion: now,
        updated_at: now,
      });
      recordEvent(em, ProductUpdated, { product: snapshotOf(product) }, { aggregateId: id, actor, occurredAt: now });
      return product;
    });
  }

  /** PATCH /{id}/republishProduct: published again with the stock given (or its last stock, at least one), confirmed today. */
  async republish(visitor: Visitor, id: string, inventario: number | undefined, actor: Actor): Promise<ProductRecord> {
    return this.db.transactional(async (em) => {
      const current = await findProduct(em as EntityManager, id, true);
      assertProductAccess(visitor, current);
      const now = this.clock.now();
      const stock = inventario ?? Math.max(1, current.inventario);
      const product = await this.write(em as EntityManager, id, {
        inventario: stock,
        state: stock >= 1 ? 'published' : 'depleted',
        fecha_actualizacion: now,
        updated_at: now,
      });
      recordEvent(em, ProductPublished, { product: snapshotOf(product) }, { aggregateId: id, actor, occurredAt: now });
      return product;
    });
  }

  /** DELETE /{id}/deleteProduct. */
  async remove(visitor: Visitor, id: string, actor: Actor): Promise<{ id: string }> {
    return this.db.transactional(async (em) => {
      const current = await findProduct(em as EntityManager, id, true);
      assertProductAccess(visitor, current);
      const now = this.clock.now();
      await this.write(em as EntityManager, id, { state: 'deleted', updated_at: now });
      recordEvent(em, ProductDeleted, { productId: id, storeId: current.store_id }, { aggregateId: id, actor, occurredAt: now });
      return { id };
    });
  }

  /**
   * Store-wide changes (PATCH /{storeId}/depleteProductsInventory, /{storeId}/republishAllProducts,
   * DELETE /{storeId}/deleteAllProductsOfStore): one transaction, one event per product changed.
   */
  async changeAll(
    visitor: Visitor,
    storeId: string,
    change: 'deplete' | 'republish' | 'delete',
    actor: Actor,
  ): Promise<{ changed: number }> {
    assertStoreAccess(visitor, storeId);
    return this.db.transactional(async (em) => {
      const now = this.clock.now();
      const set =
        change === 'deplete'
          ? `inventario = 0, state = 'depleted', fecha_actualizacion = ?, updated_at = ?`
          : change === 'republish'
            ? `inventario = greatest(inventario, 1), state = 'published', fecha_actualizacion = ?, updated_at = ?`
            : `state = 'deleted', updated_at = ?`;
      const params: unknown[] = change === 'delete' ? [now] : [now, now];
      const where = change === 'republish' ? `state = 'depleted'` : change === 'deplete' ? `state = 'published'` : `state <> 'deleted'`;
      const rows = await em.execute<ProductRecord[]>(
        `update products set ${set} where store_id = ? and ${where} returning ${PRODUCT_COLUMNS}`,
        [...params, storeId],
      );
      for (const product of rows) {
        if (change === 'delete')
          recordEvent(em, ProductDeleted, { productId: product.id, storeId }, { aggregateId: product.id, actor, occurredAt: now });
        else
          recordEvent(
            em,
            change === 'republish' ? ProductPublished : ProductUpdated,
            { product: snapshotOf(product) },
            { aggregateId: product.id, actor, occurredAt: now },
          );
      }
      return { changed: rows.length };
    });
  }
}
