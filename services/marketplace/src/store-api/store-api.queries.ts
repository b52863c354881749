import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  t,
  type AdminListQuery,
  type AdminStoreApiClientFilter,
  type AdminStoreApiDeliveryFilter,
  type StoreApiClientView,
  type StoreApiDeliveryView,
  type StoreOrderView,
} from '@tuerca/contracts';
import { ContextDatabase, NotFoundError, containsAny, kysely, listPage, rangeWindow } from '@tuerca/platform';
import type { MarketplaceDB } from '../marketplace.database.js';
import { canManageStore, ownStoreOf, storeScopeOf, type Manager } from '../stores/store-access.js';
import { uuidIdsOf } from '../stores/store.queries.js';

const iso = (d: Date | string | null | undefined): string | null => (d ? new Date(d).toISOString() : null);

/** The clients' rows with their stores' names and their deliveries' counts. */
function clientsQuery(em: EntityManager) {
  return kysely<MarketplaceDB>(em)
    .selectFrom('StoreApiClient as c')
    .innerJoin('Store as s', 's.id', 'c.store')
    .select((eb) => [
      'c.id',
      'c.store as storeId',
      's.name as storeName',
      'c.name',
      'c.url',
      'c.active',
      'c.secretHint',
      'c.createdAt',
      'c.updatedAt',
      eb
        .selectFrom('StoreApiDelivery as d')
        .whereRef('d.client', '=', 'c.id')
        .where('d.status', '=', 'pending')
        .select((e) => e.fn.countAll<number>().as('n'))
        .as('pending'),
      eb
        .selectFrom('StoreApiDelivery as d')
        .whereRef('d.client', '=', 'c.id')
        .where('d.status', '=', 'delivered')
        .select((e) => e.fn.countAll<number>().as('n'))
        .as('delivered'),
      eb
        .selectFrom('StoreApiDelivery as d')
        .whereRef('d.client', '=', 'c.id')
        .where('d.status', '=', 'failed')
        .select((e) => e.fn.countAll<number>().as('n'))
        .as('failed'),
      eb
        .selectFrom('StoreApiDelivery as d')
        .whereRef('d.client', '=', 'c.id')
        .select((e) => e.fn.max('d.deliveredAt').as('at'))
        .as('lastDeliveryAt'),
    ]);
}

type ClientRow = Awaited<ReturnType<ReturnType<typeof clientsQuery>['execute']>>[number];

export function clientViewOf(r: ClientRow, secret?: string): StoreApiClientView {
  return {
    id: r.id,
    storeId: r.storeId,
    storeName: r.storeName,
    name: r.name,
    url: r.url,
    active: r.active,
    secretHint: r.secretHint,
    ...(secret ? { secret } : {}),
    deliveries: { pending: Number(r.pending ?? 0), delivered: Number(r.delivered ?? 0), failed: Number(r.failed ?? 0) },
    lastDeliveryAt: iso(r.lastDeliveryAt as Date | null),
    createdAt: iso(r.createdAt)!,
    updatedAt: iso(r.updatedAt)!,
  };
}

/** One client as its store (or an operator) reads it; another store's is 404. */
export async function loadClientView(em: EntityManager, by: Manager, id: string, secret?: string): Promise<StoreApiClientView> {
  const row = await clientsQuery(em).where('c.id', '=', id).executeTakeFirst();
  if (!row || !(canManageStore(by, row.storeId) || by.user?.roles.includes('adviser')))
    throw new NotFoundError(t('storeApi.clientNotFound'));
  return clientViewOf(row, secret);
}

/** spec 000 §7 GET getClientsApi (storeId): a store's clients; operators every store's unless they name one. */
export class ListStoreApiClients extends Query<StoreApiClientView[]> {
  constructor(
    readonly by: Manager,
    readonly storeId: string | undefined,
  ) {
    super();
  }
}

@QueryHandler(ListStoreApiClients)
export class ListStoreApiClientsHandler implements IQueryHandler<ListStoreApiClients> {
  constructor(private readonly db: ContextDatabase) {}

  async execute({ by, storeId }: ListStoreApiClients) {
    const scope = storeScopeOf(by, storeId);
    let q = clientsQuery(this.db.em());
    if (scope) q = q.where('c.store', '=', scope);
    const rows = await q.orderBy('s.name').orderBy('c.createdAt').limit(500).execute();
    return rows.map((r) => clientViewOf(r));
  }
}

/** /admin-api/store-api-clients: operators and advisers every store's, sellers and store admins their own. */
export class ListAdminStoreApiClients extends Query<{ rows: StoreApiClientView[]; total: number; offset: number }> {
  constructor(
    readonly by: Manager,
    readonly query: AdminListQuery,
    readonly filter: AdminStoreApiClientFilter,
  ) {
    super();
  }
}

@QueryHandler(ListAdminStoreApiClients)
export class ListAdminStoreApiClientsHandler implements IQueryHandler<ListAdminStoreApiClients> {
  constructor(private readonly db: ContextDatabase) {}

  async execute({ by, query, filter }: ListAdminStoreApiClients) {
    let q = clientsQuery(this.db.em());
    const own = ownStoreOf(by);
    if (own) q = q.where('c.store', '=', own);
    const ids = uuidIdsOf(filter.id);
    if (ids) q = ids.length ? q.where('c.id', 'in', ids) : q.where((eb) => eb.lit(false));
    if (filter.storeId) q = q.where('c.store', '=', filter.storeId);
    if (filter.active !== undefined) q = q.where('c.active', '=', filter.active);
    if (filter.q) q = q.where((eb) => containsAny(eb, ['c.name', 'c.url', 's.name'], filter.q!));
    const page = await listPage(q, rangeWindow(query, ids), {
      sort: query.sort,
      spec: {
        sortable: { name: 'c.name', storeName: 's.name', active: 'c.active', createdAt: 'c.created_at', updatedAt: 'c.updated_at' },
        fallback: { field: 'createdAt', order: 'DESC' },
      },
    });
    return { ...page, rows: page.rows.map((r) => clientViewOf(r)) };
  }
}

export class GetStoreApiClient extends Query<StoreApiClientView> {
  constructor(
    readonly by: Manager,
    readonly id: string,
  ) {
    super();
  }
}

@QueryHandler(GetStoreApiClient)
export class GetStoreApiClientHandler implements IQueryHandler<GetStoreApiClient> {
  constructor(private readonly db: ContextDatabase) {}

  execute({ by, id }: GetStoreApiClient) {
    return loadClientView(this.db.em(), by, id);
  }
}

function deliveriesQuery(em: EntityManager) {
  return kysely<MarketplaceDB>(em)
    .selectFrom('StoreApiDelivery as d')
    .innerJoin('StoreApiClient as c', 'c.id', 'd.client')
    .innerJoin('Transaction as t', 't.id', 'd.transaction')
    .select([
      'd.id',
      'd.eventId',
      'd.type',
      'd.client as clientId',
      'c.name as clientName',
      'd.store as storeId',
      'd.transaction as transactionId',
      't.refVenta',
      'd.status',
      'd.attempts',
      'd.nextAttemptAt',
      'd.deliveredAt',
      'd.lastStatusCode',
      'd.lastError',
      'd.createdAt',
    ]);
}

type DeliveryRow = Awaited<ReturnType<ReturnType<typeof deliveriesQuery>['execute']>>[number];

/** Deliveries with their attempts (the log), in the order given. */
export async function deliveryViews(em: EntityManager, rows: DeliveryRow[]): Promise<StoreApiDeliveryView[]> {
  if (rows.length === 0) return [];
  const attempts = await kysely<MarketplaceDB>(em)
    .selectFrom('StoreApiAttempt')
    .select(['delivery', 'attempt', 'startedAt', 'finishedAt', 'statusCode', 'error', 'durationMs'])
    .where(
      'delivery',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('attempt')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    eventId: r.eventId,
    type: r.type,
    clientId: r.clientId,
    clientName: r.clientName,
    storeId: r.storeId,
    transactionId: r.transactionId,
    refVenta: r.refVenta,
    status: r.status,
    attempts: r.attempts,
    nextAttemptAt: iso(r.nextAttemptAt),
    deliveredAt: iso(r.deliveredAt),
    lastStatusCode: r.lastStatusCode,
    lastError: r.lastError,
    createdAt: iso(r.createdAt)!,
    log: attempts
      .filter((a) => a.delivery === r.id)
      .map((a) => ({
        attempt: a.attempt,
        startedAt: iso(a.startedAt)!,
        finishedAt: iso(a.finishedAt),
        statusCode: a.statusCode,
        error: a.error,
        durationMs: a.durationMs,
      })),
  }));
}

/** /admin-api/store-api-deliveries: the delivery log, the seller's own store's only. */
export class ListStoreApiDeliveries extends Query<{ rows: StoreApiDeliveryView[]; total: number; offset: number }> {
  constructor(
    readonly by: Manager,
    readonly query: AdminListQuery,
    readonly filter: AdminStoreApiDeliveryFilter,
  ) {
    super();
  }
}

@QueryHandler(ListStoreApiDeliveries)
export class ListStoreApiDeliveriesHandler implements IQueryHandler<ListStoreApiDeliveries> {
  constructor(private readonly db: ContextDatabase) {}

  async execute({ by, query, filter }: ListStoreApiDeliveries) {
    const em = this.db.em();
    let q = deliveriesQuery(em);
    const own = ownStoreOf(by);
    if (own) q = q.where('d.store', '=', own);
    const ids = uuidIdsOf(filter.id);
    if (ids) q = ids.length ? q.where('d.id', 'in', ids) : q.where((eb) => eb.lit(false));
    if (filter.storeId) q = q.where('d.store', '=', filter.storeId);
    if (filter.clientId) q = q.where('d.client', '=', filter.clientId);
    if (filter.transactionId) q = q.where('d.transaction', '=', filter.transactionId);
    if (filter.status) q = q.where('d.status', '=', filter.status);
    const page = await listPage(q, rangeWindow(query, ids), {
      sort: query.sort,
      spec: {
        sortable: { createdAt: 'd.created_at', status: 'd.status', attempts: 'd.attempts', refVenta: 't.ref_venta' },
        fallback: { field: 'createdAt', order: 'DESC' },
      },
    });
    return { ...page, rows: await deliveryViews(em, page.rows) };
  }
}

export class GetStoreApiDelivery extends Query<StoreApiDeliveryView> {
  constructor(
    readonly by: Manager,
    readonly id: string,
  ) {
    super();
  }
}

@QueryHandler(GetStoreApiDelivery)
export class GetStoreApiDeliveryHandler implements IQueryHandler<GetStoreApiDelivery> {
  constructor(private readonly db: ContextDatabase) {}

  async execute({ by, id }: GetStoreApiDelivery) {
    const em = this.db.em();
    const row = await deliveriesQuery(em).where('d.id', '=', id).executeTakeFirst();
    const own = ownStoreOf(by);
    if (!row || (own && row.storeId !== own)) throw new NotFoundError();
    return (await deliveryViews(em, [row]))[0]!;
  }
}

/** The store's side of a transaction (visibility, sync, deliveries); the caller checked who asks. */
export async function storeOrderView(em: EntityManager, transactionId: string): Promise<StoreOrderView> {
  const k = kysely<MarketplaceDB>(em);
  const tx = await k
    .selectFrom('Transaction')
    .select(['id', 'refVenta', 'store'])
    .where('id', '=', transactionId)
    .executeTakeFirstOrThrow();
  const order = await k
    .selectFrom('StoreOrder')
    .select(['hiddenAt', 'apiSyncRemovedAt'])
    .where('transaction', '=', transactionId)
    .executeTakeFirst();
  const rows = await deliveriesQuery(em).where('d.transaction', '=', transactionId).orderBy('d.createdAt').execute();
  return {
    transactionId: tx.id,
    refVenta: tx.refVenta,
    storeId: tx.store,
    hidden: Boolean(order?.hiddenAt),
    apiSync: !order?.apiSyncRemovedAt,
    deliveries: await deliveryViews(em, rows),
  };
}
