import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { t } from '@tuerca/contracts';
import { DomainError, kysely } from '@tuerca/platform';
import type { MarketplaceDB } from '../marketplace.database.js';
import { Product } from './product.entity.js';
import type { ProductRecord } from './product.rules.js';

/** A product entity as a record: its fields, its store by id. */
export function recordOf(product: Product): ProductRecord {
  const { store, ...fields } = product;
  return { ...fields, storeId: store.id };
}

/**
 * A product that is not deleted (an id that is not a uuid names nothing); `lock` for a change that follows,
 * inside its transaction.
 */
export async function findLiveProduct(em: EntityManager, id: string, options: { lock?: boolean } = {}): Promise<Product | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  return em.findOne(Product, { id, state: { $ne: 'deleted' } }, options.lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {});
}

/** 409: the store already lists this part number of this brand. */
export function duplicateProduct(reference: string, brand: string): DomainError {
  const message = t('marketplace.duplicateProduct', { reference, brand });
  return new DomainError(409, 'Product already exists', [message], [{ path: 'referencia_1', message }]);
}

/** Whether the store lists the part number (clean reference 1) of this brand (any case), apart from `except`. */
export async function storeListsProduct(
  em: EntityManager,
  storeId: string,
  cleanReference1: string,
  brand: string | undefined,
  except?: string,
): Promise<string | null> {
  let q = kysely<MarketplaceDB>(em)
    .selectFrom('Product')
    .select('id')
    .where('store', '=', storeId)
    .where('cleanReference1', '=', cleanReference1)
    .where('state', '<>', 'deleted');
  if (brand !== undefined) q = q.where(sql<string>`lower(manufacturer_title)`, '=', brand.toLowerCase());
  if (except) q = q.where('id', '<>', except);
  const row = await q.limit(1).executeTakeFirst();
  return row?.id ?? null;
}
