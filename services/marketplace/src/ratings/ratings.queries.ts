import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  t,
  type AdminListQuery,
  type AdminStoreScoreFilter,
  type ProductView,
  type SessionUser,
  type StoreScoreView,
} from '@tuerca/contracts';
import { ContextDatabase, NotFoundError, kysely, listPage, rangeWindow } from '@tuerca/platform';
import type { MarketplaceDB } from '../marketplace.database.js';
import { ownStoreOf, type Manager } from '../stores/store-access.js';
import { uuidIdsOf } from '../stores/store.queries.js';
import { ratingSummaryOf } from './ratings.rules.js';

const iso = (d: Date | string | null | undefined): string | null => (d ? new Date(d).toISOString() : null);

function scoresQuery(em: EntityManager) {
  return kysely<MarketplaceDB>(em)
    .selectFrom('StoreScore as sc')
    .innerJoin('Transaction as t', 't.id', 'sc.transaction')
    .innerJoin('Store as s', 's.id', 'sc.store')
    .select([
      'sc.id',
      'sc.transaction as transactionId',
      't.refVenta',
      'sc.store as storeId',
      's.name as storeName',
      'sc.buyerId',
      't.buyerName',
      'sc.score',
      'sc.comment',
      'sc.requests',
      'sc.lastRequestedAt',
      'sc.ratedAt',
      'sc.createdAt',
    ]);
}

type ScoreRow = Awaited<ReturnType<ReturnType<typeof scoresQuery>['execute']>>[number];

function scoreViewOf(r: ScoreRow): StoreScoreView {
  return {
    id: r.id,
    transactionId: r.transactionId,
    refVenta: r.refVenta,
    storeId: r.storeId,
    storeName: r.storeName,
    buyerId: r.buyerId,
    buyerName: r.buyerName,
    state: r.ratedAt ? 'rated' : 'requested',
    score: r.score,
    comment: r.comment,
    requests: r.requests,
    lastRequestedAt: iso(r.lastRequestedAt)!,
    ratedAt: iso(r.ratedAt),
    createdAt: iso(r.createdAt)!,
  };
}

/** One score record's view (the caller checked who asks). */
export async function loadScoreView(em: EntityManager, id: string): Promise<StoreScoreView> {
  return scoreViewOf(await scoresQuery(em).where('sc.id', '=', id).executeTakeFirstOrThrow());
}

/** The buyer's purchases still to rate: the rating prompt of 'Mis compras'. */
export class PendingScores extends Query<StoreScoreView[]> {
  constructor(readonly user: SessionUser) {
    super();
  }
}

@QueryHandler(PendingScores)
export class PendingScoresHandler implements IQueryHandler<PendingScores> {
  constructor(private readonly db: ContextDatabase) {}

  async execute({ user }: PendingScores) {
    const rows = await scoresQuery(this.db.em())
      .where('sc.buyerId', '=', user.id)
      .where('sc.ratedAt', 'is', null)
      .orderBy('sc.createdAt', 'desc')
      .limit(50)
      .execute();
    return rows.map(scoreViewOf);
  }
}

/** One score record of the buyer who reads it; another person's is 404. */
export class GetScore extends Query<StoreScoreView> {
  constructor(
    readonly user: SessionUser,
    readonly id: string,
  ) {
    super();
  }
}

@QueryHandler(GetScore)
export class GetScoreHandler implements IQueryHandler<GetScore> {
  constructor(private readonly db: ContextDatabase) {}

  async execute({ user, id }: GetScore) {
    const row = await scoresQuery(this.db.em()).where('sc.id', '=', id).executeTakeFirst();
    if (!row || row.buyerId !== user.id) throw new NotFoundError(t('ratings.notFound'));
    return scoreViewOf(row);
  }
}

/** /admin-api/store-ratings: operators and advisers every store's, sellers and store admins their own. */
export class ListAdminScores extends Query<{ rows: StoreScoreView[]; total: number; offset: number }> {
  constructor(
    readonly by: Manager,
    readonly query: AdminListQuery,
    readonly filter: AdminStoreScoreFilter,
  ) {
    super();
  }
}

@QueryHandler(ListAdminScores)
export class ListAdminScoresHandler implements IQueryHandler<ListAdminScores> {
  constructor(private readonly db: ContextDatabase) {}

  async execute({ by, query, filter }: ListAdminScores) {
    let q = scoresQuery(this.db.em());
    const own = ownStoreOf(by);
    if (own) q = q.where('sc.store', '=', own);
    const ids = uuidIdsOf(filter.id);
    if (ids) q = ids.length ? q.where('sc.id', 'in', ids) : q.where((eb) => eb.lit(false));
    if (filter.storeId) q = q.where('sc.store', '=', filter.storeId);
    if (filter.transactionId) q = q.where('sc.transaction', '=', filter.transactionId);
    if (filter.state === 'rated') q = q.where('sc.ratedAt', 'is not', null);
    if (filter.state === 'requested') q = q.where('sc.ratedAt', 'is', null);
    if (filter.score) q = q.where('sc.score', '=', filter.score);
    const page = await listPage(q, rangeWindow(query, ids), {
      sort: query.sort,
      spec: {
        sortable: { createdAt: 'sc.created_at', ratedAt: 'sc.rated_at', score: 'sc.score', storeName: 's.name', refVenta: 't.ref_venta' },
        fallback: { field: 'createdAt', order: 'DESC' },
      },
    });
    return { ...page, rows: page.rows.map(scoreViewOf) };
  }
}

export class GetAdminScore extends Query<StoreScoreView> {
  constructor(
    readonly by: Manager,
    readonly id: string,
  ) {
    super();
  }
}

@QueryHandler(GetAdminScore)
export class GetAdminScoreHandler implements IQueryHandler<GetAdminScore> {
  constructor(private readonly db: ContextDatabase) {}

  async execute({ by, id }: GetAdminScore) {
    const row = await scoresQuery(this.db.em()).where('sc.id', '=', id).executeTakeFirst();
    const own = ownStoreOf(by);
    if (!row || (own && row.storeId !== own)) throw new NotFoundError(t('ratings.notFound'));
    return scoreViewOf(row);
  }
}

/**
 * The stores' ratings next to their names in results: one indexed read of the read model for the page's stores
 * (at most a few dozen ids), outside the measured search statements.
 */
export async function withStoreRatings<V extends Pick<ProductView, 'store'>>(em: EntityManager, views: V[]): Promise<V[]> {
  const ids = [...new Set(views.map((v) => v.store.id))];
  if (ids.length === 0) return views;
  const rows = await kysely<MarketplaceDB>(em)
    .selectFrom('StoreRatingSummary')
    .select(['storeId', 'ratingsCount', 'ratingsSum'])
    .where('storeId', 'in', ids)
    .execute();
  const byStore = new Map(rows.map((r) => [r.storeId, ratingSummaryOf(r.ratingsCount, r.ratingsSum)]));
  for (const v of views) v.store.rating = byStore.get(v.store.id) ?? null;
  return views;
}
