import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { StoreUpdated, t, type Actor, type StoreSnapshot } from '@tuerca/contracts';
import { Clock, ContextDatabase, DomainError, NotFoundError, recordEvent } from '@tuerca/platform';
import type { StoreInput } from './stores.routes.js';

export interface StoreRow {
  id: string;
  name: string;
  country: 'CO' | 'MX';
  currency: 'COP' | 'MXN';
  city: string | null;
  is_virtual: boolean;
  path_prefix: string | null;
  logotype_url: string | null;
  show_store_logo_in_product: boolean;
  show_product_references: boolean;
  show_store_name_to_user: boolean;
  show_provider: boolean;
  provider_name: string | null;
  purchase_discount_rules: StoreSnapshot['purchaseDiscountRules'];
  minimum_purchase_value: string;
  mobile: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

export function storeSnapshotOf(s: StoreRow): StoreSnapshot {
  return {
    id: s.id,
    name: s.name,
    country: s.country,
    currency: s.currency,
    isVirtualStore: s.is_virtual,
    pathPrefix: s.path_prefix,
    logotypeUrl: s.logotype_url,
    showStoreLogoInProduct: s.show_store_logo_in_product,
    showProductReferences: s.show_product_references,
    showStoreNameToUser: s.show_store_name_to_user,
    showProvider: s.show_provider,
    providerName: s.provider_name,
    purchaseDiscountRules: s.purchase_discount_rules,
    minimumPurchaseValue: Number(s.minimum_purchase_value),
  };
}

/** The store as the operator console reads it. */
export function storeView(s: StoreRow) {
  return {
    ...storeSnapshotOf(s),
    city: s.city,
    mobile: s.mobile,
    createdAt: new Date(s.created_at).toISOString(),
    updatedAt: new Date(s.updated_at).toISOString(),
  };
}

const COLUMNS = `id, name, country, currency, city, is_virtual, path_prefix, logotype_url, show_store_logo_in_product, show_product_references,
  show_store_name_to_user, show_provider, provider_name, purchase_discount_rules, minimum_purchase_value, mobile, created_at, updated_at`;

function columnsOf(input: StoreInput): Record<string, unknown> {
  return {
    name: input.name,
    country: input.country,
    currency: input.country === 'MX' ? 'MXN' : 'COP',
    city: input.city ?? null,
    is_virtual: input.isVirtualStore,
    path_prefix: input.pathPrefix ?? null,
    logotype_url: input.logotypeUrl ?? null,
    show_store_logo_in_product: input.showStoreLogoInProduct,
    show_product_references: input.showProductReferences,
    show_store_name_to_user: input.showStoreNameToUser,
    show_provider: input.showProvider,
    provider_name: input.providerName ?? null,
    purchase_discount_rules: JSON.stringify(input.purchaseDiscountRules),
    minimum_purchase_value: input.minimumPurchaseValue,
    mobile: input.mobile ?? null,
  };
}

/** Stores and virtual stores: written here, announced by StoreUpdated (the search rows follow). */
@Injectable()
export class StoresService {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
  ) {}

  async find(id: string): Promise<StoreRow | undefined> {
    const [row] = await this.db.em().execute<StoreRow[]>(`select ${COLUMNS} from stores where id = ?`, [id]);
    return row;
  }

  async list(
    where: string,
    params: unknown[],
    orderBy: string,
    window: { limit: number; offset: number },
  ): Promise<{ rows: StoreRow[]; total: number }> {
    const em = this.db.em();
    const [count] = await em.execute<{ n: string }[]>(`select count(*) as n from stores where ${where}`, params);
    const rows = await em.execute<StoreRow[]>(`select ${COLUMNS} from stores where ${where} order by ${orderBy} limit ? offset ?`, [
      ...params,
      window.limit,
      window.offset,
    ]);
    return { rows, total: Number(count?.n ?? 0) };
  }

  async save(id: string | null, input: StoreInput, actor: Actor): Promise<StoreRow> {
    return this.db.transactional(async (tx) => {
      const em = tx as EntityManager;
      if (input.pathPrefix) {
        const taken = await em.execute<{ id: string }[]>(
          `select id from stores where path_prefix = ? and id <> coalesce(?::uuid, '00000000-0000-0000-0000-000000000000')`,
          [input.pathPrefix, id],
        );
        if (taken.length > 0) {
          const message = t('marketplace.pathPrefixTaken', { prefix: input.pathPrefix });
          throw new DomainError(409, 'Path prefix taken', [message], [{ path: 'pathPrefix', message }]);
        }
      }
      const now = this.clock.now();
      const cols = { ...columnsOf(input), updated_at: now };
      let row: StoreRow | undefined;
      if (id) {
        const names = Object.keys(cols);
        [row] = await em.execute<StoreRow[]>(
          `update stores set ${names.map((n) => `${n} = ?`).join(', ')} where id = ? returning ${COLUMNS}`,
          [...Object.values(cols), id],
        );
        if (!row) throw new NotFoundError();
      } else {
        const all = { ...cols, id: randomUUID(), created_at: now };
        const names = Object.keys(all);
        [row] = await em.execute<StoreRow[]>(
          `insert into stores (${names.join(', ')}) values (${names.map(() => '?').join(', ')}) returning ${COLUMNS}`,
          Object.values(all),
        );
      }
      recordEvent(em, StoreUpdated, { store: storeSnapshotOf(row!) }, { aggregateId: row!.id, actor, occurredAt: now });
      return row!;
    });
  }
}
