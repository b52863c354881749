import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { z } from 'zod';
import { t, type AdminListQuery, type StoreView, type adminStoreFilterSchema } from '@tuerca/contracts';
import { ContextDatabase, NotFoundError, containsAny, idsOf, kysely, listPage, rangeWindow } from '@tuerca/platform';
import type { MarketplaceDB } from '../marketplace.database.js';
import { ownStoreOf, type Manager } from './store-access.js';
import { storeViewOf } from './store.rules.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The ids of a getMany; anything that is not a uuid names nothing (the id columns are uuids). */
export function uuidIdsOf(id: string | string[] | undefined): string[] | undefined {
  return idsOf(id)?.filter((v) => UUID.test(v));
}

/** /admin-api/stores: operators and advisers every store, sellers and store admins their own. */
export class ListStores extends Query<{ rows: StoreView[]; total: number; offset: number }> {
  constructor(
    readonly by: Manager,
    readonly query: AdminListQuery,
    readonly filter: z.infer<typeof adminStoreFilterSchema>,
  ) {
    super();
  }
}

@QueryHandler(ListStores)
export class ListStoresHandler implements IQueryHandler<ListStores> {
  constructor(private readonly db: ContextDatabase) {}

  async execute({ by, query, filter }: ListStores) {
    let q = kysely<MarketplaceDB>(this.db.em()).selectFrom('Store').selectAll();
    const own = ownStoreOf(by);
    if (own) q = q.where('id', '=', own);
    const ids = uuidIdsOf(filter.id);
    if (ids) q = ids.length ? q.where('id', 'in', ids) : q.where((eb) => eb.lit(false));
    if (filter.q) q = q.where((eb) => containsAny(eb, ['name', 'path_prefix'], filter.q!));
    if (filter.country) q = q.where('country', '=', filter.country);
    if (filter.isVirtualStore !== undefined) q = q.where('isVirtual', '=', filter.isVirtualStore);
    const page = await listPage(q, rangeWindow(query, ids), {
      sort: query.sort,
      spec: {
        sortable: { id: 'id', name: 'name', country: 'country', isVirtualStore: 'is_virtual', updatedAt: 'updated_at' },
        fallback: { field: 'name', order: 'ASC' },
      },
    });
    return { ...page, rows: page.rows.map(storeViewOf) };
  }
}

/** One store of the console; another store than a seller's own is 404. */
export class GetStore extends Query<StoreView> {
  constructor(
    readonly by: Manager,
    readonly id: string,
  ) {
    super();
  }
}

@QueryHandler(GetStore)
export class GetStoreHandler implements IQueryHandler<GetStore> {
  constructor(private readonly db: ContextDatabase) {}

  async execute({ by, id }: GetStore): Promise<StoreView> {
    const own = ownStoreOf(by);
    const row = await kysely<MarketplaceDB>(this.db.em()).selectFrom('Store').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row || (own && own !== row.id)) throw new NotFoundError(t('marketplace.storeNotFound'));
    return storeViewOf(row);
  }
}
