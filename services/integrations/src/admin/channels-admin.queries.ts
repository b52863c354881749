import { Command, CommandHandler, Query, QueryHandler, type ICommandHandler, type IQueryHandler } from '@nestjs/cqrs';
import { t, type AdminListQuery, type ChannelListing as ChannelListingView, type ChannelListingFilter } from '@tuerca/contracts';
import { Clock, ContextDatabase, NotFoundError, containsAny, kysely, listPage, rangeWindow } from '@tuerca/platform';
import type { IntegrationsDB } from '../integrations.database.js';
import { ListingDuties } from '../listings/listing-duties.js';
import { LISTING_COLUMNS, toListingView } from '../listings/listing-view.js';
import { mlSiteOfCountry } from '@tuerca/contracts';

const SORTABLE_LISTINGS = {
  id: 'l.id',
  status: 'l.status',
  updated_at: 'l.updated_at',
  attempts: 'l.attempts',
  channel: 'l.channel',
  title: 'p.title',
};

export class ListChannelListings extends Query<{ rows: ChannelListingView[]; total: number; offset: number }> {
  constructor(
    readonly query: AdminListQuery,
    readonly filter: ChannelListingFilter,
  ) {
    super();
  }
}

/** The operator's list of listings on outside channels, failures first when sorted by status. */
@QueryHandler(ListChannelListings)
export class ListChannelListingsHandler implements IQueryHandler<ListChannelListings> {
  constructor(private readonly db: ContextDatabase) {}

  async execute({ query, filter }: ListChannelListings) {
    let q = kysely<IntegrationsDB>(this.db.em())
      .selectFrom('ChannelListing as l')
      .leftJoin('MirroredProduct as p', 'p.id', 'l.productId')
      .select(LISTING_COLUMNS.map((c) => `l.${c}` as const))
      .select('p.title');
    if (filter.channel) q = q.where('l.channel', '=', filter.channel);
    if (filter.status) q = q.where('l.status', '=', filter.status);
    if (filter.store_id) q = q.where('l.storeId', '=', filter.store_id);
    if (filter.id) q = q.where('l.id', 'in', filter.id);
    if (filter.q) {
      const text = filter.q;
      q = q.where((eb) => eb.or([containsAny(eb, ['p.title', 'l.externalId', 'l.lastError'], text), eb('l.id', '=', text)]));
    }
    const page = await listPage(q, rangeWindow(query, filter.id), {
      sort: query.sort,
      spec: { sortable: SORTABLE_LISTINGS, fallback: { field: 'updated_at', order: 'DESC' }, idColumn: 'l.id' },
    });
    return { rows: page.rows.map(toListingView), total: page.total, offset: page.offset };
  }
}

export class GetChannelListing extends Query<ChannelListingView> {
  constructor(readonly id: string) {
    super();
  }
}

@QueryHandler(GetChannelListing)
export class GetChannelListingHandler implements IQueryHandler<GetChannelListing> {
  constructor(private readonly db: ContextDatabase) {}

  async execute({ id }: GetChannelListing) {
    const row = await kysely<IntegrationsDB>(this.db.em())
      .selectFrom('ChannelListing as l')
      .leftJoin('MirroredProduct as p', 'p.id', 'l.productId')
      .select(LISTING_COLUMNS.map((c) => `l.${c}` as const))
      .select('p.title')
      .where('l.id', '=', id)
      .executeTakeFirst();
    if (!row) throw new NotFoundError();
    return toListingView(row);
  }
}

/** An operator retries a listing: due now, attempts from zero. */
export class RetryChannelListing extends Command<ChannelListingView> {
  constructor(readonly id: string) {
    super();
  }
}

@CommandHandler(RetryChannelListing)
export class RetryChannelListingHandler implements ICommandHandler<RetryChannelListing> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
    private readonly duties: ListingDuties,
  ) {}

  async execute({ id }: RetryChannelListing) {
    const now = this.clock.now();
    const row = await kysely<IntegrationsDB>(this.db.em())
      .updateTable('ChannelListing')
      .set({ syncDueAt: now, attempts: 0, updatedAt: now })
      .where('id', '=', id)
      .returning(['id'])
      .executeTakeFirst();
    if (!row) throw new NotFoundError();
    // The listing as the retry left it (due, no attempts yet), read before its job is armed: the worker may
    // already be sending it once the alarm is set.
    const view = await kysely<IntegrationsDB>(this.db.em())
      .selectFrom('ChannelListing as l')
      .leftJoin('MirroredProduct as p', 'p.id', 'l.productId')
      .select(LISTING_COLUMNS.map((c) => `l.${c}` as const))
      .select('p.title')
      .where('l.id', '=', id)
      .executeTakeFirstOrThrow();
    await this.duties.arm(null, [id]);
    return toListingView(view);
  }
}

export interface ChannelStoreView {
  id: string;
  name: string;
  country: 'CO' | 'MX';
  ml_state: 'not_connected' | 'pending' | 'connected' | 'error';
  ml_site: 'MCO' | 'MLM';
  ml_nickname: string | null;
  ml_last_error: string | null;
  gmc_enabled: boolean;
  products: number;
  ml_published: number;
  ml_paused: number;
  ml_pending: number;
  ml_errors: number;
  gmc_inserted: number;
  gmc_errors: number;
}

export class ListChannelStores extends Query<{ rows: ChannelStoreView[]; total: number; offset: number }> {
  constructor(
    readonly query: AdminListQuery,
    readonly filter: { q?: string; id?: string[] },
  ) {
    super();
  }
}

/** The operator's list of stores with their channels' connection and counts. */
@QueryHandler(ListChannelStores)
export class ListChannelStoresHandler implements IQueryHandler<ListChannelStores> {
  constructor(private readonly db: ContextDatabase) {}

  async execute({ query, filter }: ListChannelStores) {
    const k = kysely<IntegrationsDB>(this.db.em());
    let q = k
      .selectFrom('MirroredStore as s')
      .leftJoin('MlConnection as c', 'c.storeId', 's.id')
      .leftJoin('MerchantStore as m', 'm.storeId', 's.id')
      .select(['s.id', 's.name', 's.country', 'c.state', 'c.mlNickname', 'c.lastError', 'm.enabled'])
      .select((eb) => [
        eb
          .selectFrom('MirroredProduct as p')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('p.storeId', '=', 's.id')
          .where('p.state', '=', 'published')
          .as('products'),
      ]);
    if (filter.id) q = q.where('s.id', 'in', filter.id);
    if (filter.q) {
      const text = filter.q;
      q = q.where((eb) => containsAny(eb, ['s.name'], text));
    }
    const page = await listPage(q, rangeWindow(query, filter.id), {
      sort: query.sort,
      spec: { sortable: { id: 's.id', name: 's.name', country: 's.country' }, fallback: { field: 'name', order: 'ASC' }, idColumn: 's.id' },
    });
    const ids = page.rows.map((r) => r.id);
    const counts =
      ids.length === 0
        ? []
        : await k
            .selectFrom('ChannelListing')
            .select(['storeId', 'channel', 'status'])
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('storeId', 'in', ids)
            .groupBy(['storeId', 'channel', 'status'])
            .execute();
    const n = (store: string, channel: string, status: string) =>
      Number(counts.find((c) => c.storeId === store && c.channel === channel && c.status === status)?.n ?? 0);
    const rows: ChannelStoreView[] = page.rows.map((r) => ({
      id: r.id,
      name: r.name,
      country: r.country,
      ml_state: r.state ?? 'not_connected',
      ml_site: mlSiteOfCountry(r.country),
      ml_nickname: r.mlNickname ?? null,
      ml_last_error: r.lastError ?? null,
      gmc_enabled: r.enabled ?? false,
      products: Number(r.products ?? 0),
      ml_published: n(r.id, 'mercadolibre', 'active'),
      ml_paused: n(r.id, 'mercadolibre', 'paused'),
      ml_pending: n(r.id, 'mercadolibre', 'pending') + n(r.id, 'mercadolibre', 'under_review'),
      ml_errors: n(r.id, 'mercadolibre', 'error'),
      gmc_inserted: n(r.id, 'google_merchant', 'active'),
      gmc_errors: n(r.id, 'google_merchant', 'error'),
    }));
    return { rows, total: page.total, offset: page.offset };
  }
}

export const channelStoreNotFound = () => new NotFoundError(t('integrations.storeNotFound'));
