import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import {
  t,
  vehicleLabel,
  type AdminListQuery,
  type AdminQuoteRequest,
  type AdminQuoteRequestFilter,
  type ListQuery,
  type QuoteOfferView,
  type QuoteRequestSummary,
  type QuoteRequestView,
} from '@tuerca/contracts';
import { Clock, ContextDatabase, NotFoundError, kysely, listPage, pageWindow, rangeWindow, type Visitor } from '@tuerca/platform';
import type { MarketplaceDB } from '../marketplace.database.js';
import { ownStoreOf } from '../stores/store-access.js';
import { uuidIdsOf } from '../stores/store.queries.js';
import { readQuotationState } from './quotation.rules.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const notFound = () => new NotFoundError(t('quoteRequests.notFound'));
const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

type Db = ReturnType<typeof kysely<MarketplaceDB>>;

/** The lines of some requests, in their order. */
function linesOf(k: Db, requestIds: string[]) {
  return k
    .selectFrom('QuoteRequestLine')
    .select(['id', 'request as requestId', 'position', 'name', 'reference', 'amount'])
    .where('request', 'in', requestIds)
    .orderBy('position')
    .execute();
}

/** The offers of some assignments with their product and the quotation they opened (its state read against the clock). */
async function offersOf(k: Db, assignmentIds: string[], now: Date) {
  if (assignmentIds.length === 0) return [];
  const rows = await k
    .selectFrom('QuoteOffer as o')
    .leftJoin('Product as p', 'p.id', 'o.product')
    .leftJoin('Store as s', 's.id', 'p.store')
    .leftJoin('Quotation as q', 'q.id', 'o.quotation')
    .select([
      'o.assignment as assignmentId',
      'o.line as lineId',
      'o.available',
      'o.product as productId',
      'p.title as productTitle',
      'p.referencia1 as productReference',
      'p.manufacturerTitle as manufacturer',
      's.currency',
      'o.price',
      'o.quotation as quotationId',
      'q.state as quotationState',
      'q.windowExpiresAt',
    ])
    .where('o.assignment', 'in', assignmentIds)
    .execute();
  return rows.map((r) => ({
    assignmentId: r.assignmentId,
    offer: {
      lineId: r.lineId,
      available: r.available,
      productId: r.productId ?? null,
      productTitle: r.productTitle ?? null,
      productReference: r.productReference ?? null,
      manufacturer: r.manufacturer ?? null,
      price: r.price === null ? null : Number(r.price),
      currency: (r.currency as 'COP' | 'MXN' | null) ?? null,
      quotationId: r.quotationId ?? null,
      quotationState: r.quotationState
        ? readQuotationState(r.quotationState, r.windowExpiresAt ? new Date(r.windowExpiresAt) : null, now)
        : null,
      windowExpiresAt: iso(r.windowExpiresAt ?? null),
    } satisfies QuoteOfferView,
  }));
}

const vehicleOf = (r: {
  vehicleBrand: string;
  vehicleModel: string;
  vehicleYear: number | null;
  vin: string | null;
  garageVehicleId: string | null;
}) => ({
  brand: r.vehicleBrand,
  model: r.vehicleModel,
  year: r.vehicleYear ?? null,
  vin: r.vin ?? null,
  garageVehicleId: r.garageVehicleId ?? null,
});

const REQUEST_COLUMNS = [
  'id',
  'createdAt',
  'vehicleBrand',
  'vehicleModel',
  'vehicleYear',
  'vin',
  'garageVehicleId',
  'city',
  'comment',
] as const;

/** The person's own requests, newest first, with how many sellers each reached and how many answered. */
export class ListMyQuoteRequests extends Query<{ rows: QuoteRequestSummary[]; total: number }> {
  constructor(
    readonly userId: string,
    readonly query: ListQuery,
  ) {
    super();
  }
}

@QueryHandler(ListMyQuoteRequests)
export class ListMyQuoteRequestsHandler implements IQueryHandler<ListMyQuoteRequests> {
  constructor(private readonly db: ContextDatabase) {}

  async execute({ userId, query }: ListMyQuoteRequests) {
    const k = kysely<MarketplaceDB>(this.db.em());
    const base = k
      .selectFrom('QuoteRequest as r')
      .select([
        'r.id',
        'r.createdAt',
        'r.vehicleBrand',
        'r.vehicleModel',
        'r.vehicleYear',
        'r.vin',
        'r.garageVehicleId',
        (eb) =>
          eb
            .selectFrom('QuoteRequestLine as l')
            .whereRef('l.request', '=', 'r.id')
            .select((e) => e.fn.countAll<string>().as('n'))
            .as('parts'),
        (eb) =>
          eb
            .selectFrom('QuoteRequestSeller as s')
            .whereRef('s.request', '=', 'r.id')
            .select((e) => e.fn.countAll<string>().as('n'))
            .as('sellers'),
        (eb) =>
          eb
            .selectFrom('QuoteRequestSeller as s')
            .whereRef('s.request', '=', 'r.id')
            .where('s.state', '=', 'answered')
            .select((e) => e.fn.countAll<string>().as('n'))
            .as('answered'),
      ])
      .where('r.userId', '=', userId);
    const { rows, total } = await listPage(base, pageWindow(query), {
      sort: undefined,
      spec: { sortable: { createdAt: 'r.created_at' }, fallback: { field: 'createdAt', order: 'DESC' }, idColumn: 'r.id' },
    });
    return {
      total,
      rows: rows.map((r) => ({
        id: r.id,
        createdAt: iso(r.createdAt)!,
        vehicle: vehicleOf(r),
        parts: Number(r.parts ?? 0),
        sellers: Number(r.sellers ?? 0),
        answered: Number(r.answered ?? 0),
      })),
    };
  }
}

/** One of the person's requests with every seller's answers; another person's is 404 (its existence is not revealed). */
export class GetMyQuoteRequest extends Query<QuoteRequestView> {
  constructor(
    readonly userId: string,
    readonly id: string,
  ) {
    super();
  }
}

@QueryHandler(GetMyQuoteRequest)
export class GetMyQuoteRequestHandler implements IQueryHandler<GetMyQuoteRequest> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
  ) {}

  async execute({ userId, id }: GetMyQuoteRequest): Promise<QuoteRequestView> {
    const k = kysely<MarketplaceDB>(this.db.em());
    const r = await k
      .selectFrom('QuoteRequest')
      .select(REQUEST_COLUMNS)
      .where('id', '=', id)
      .where('userId', '=', userId)
      .executeTakeFirst();
    if (!r) throw notFound();
    const [lines, sellers] = await Promise.all([
      linesOf(k, [r.id]),
      k
        .selectFrom('QuoteRequestSeller as a')
        .innerJoin('Store as s', 's.id', 'a.store')
        .select(['a.id', 'a.store as storeId', 's.name as storeName', 'a.state', 'a.answeredAt', 'a.comment'])
        .where('a.request', '=', r.id)
        .orderBy('s.name')
        .execute(),
    ]);
    const offers = await offersOf(
      k,
      sellers.map((s) => s.id),
      this.clock.now(),
    );
    return {
      id: r.id,
      createdAt: iso(r.createdAt)!,
      vehicle: vehicleOf(r),
      city: r.city,
      comment: r.comment ?? null,
      lines: lines.map(({ requestId: _, ...l }) => ({ ...l, reference: l.reference ?? null })),
      sellers: sellers.map((s) => ({
        id: s.id,
        storeId: s.storeId,
        storeName: s.storeName,
        state: s.state,
        answeredAt: iso(s.answeredAt ?? null),
        comment: s.comment ?? null,
        offers: offers.filter((o) => o.assignmentId === s.id).map((o) => o.offer),
      })),
    };
  }
}

/** Reads assignments as the operator console shows them (one row per request and store, with the store's answers). */
async function adminRows(k: Db, ids: string[], now: Date): Promise<AdminQuoteRequest[]> {
  if (ids.length === 0) return [];
  const rows = await k
    .selectFrom('QuoteRequestSeller as a')
    .innerJoin('QuoteRequest as r', 'r.id', 'a.request')
    .innerJoin('Store as s', 's.id', 'a.store')
    .select([
      'a.id',
      'a.request as requestId',
      'a.store as storeId',
      's.name as storeName',
      'a.state',
      'a.createdAt',
      'a.answeredAt',
      'a.comment as sellerComment',
      'r.customerName',
      'r.vehicleBrand',
      'r.vehicleModel',
      'r.vehicleYear',
      'r.city',
      'r.comment',
    ])
    .where('a.id', 'in', ids)
    .execute();
  const [lines, offers] = await Promise.all([linesOf(k, [...new Set(rows.map((r) => r.requestId))]), offersOf(k, ids, now)]);
  const byId = new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        requestId: r.requestId,
        storeId: r.storeId,
        storeName: r.storeName,
        state: r.state,
        createdAt: iso(r.createdAt)!,
        answeredAt: iso(r.answeredAt ?? null),
        customerName: r.customerName ?? null,
        vehicle: vehicleLabel({ brand: r.vehicleBrand, model: r.vehicleModel, year: r.vehicleYear ?? null }),
        city: r.city,
        comment: r.comment ?? null,
        sellerComment: r.sellerComment ?? null,
        lines: lines
          .filter((l) => l.requestId === r.requestId)
          .map(({ requestId: _, ...l }) => {
            const offer = offers.find((o) => o.assignmentId === r.id && o.offer.lineId === l.id)?.offer;
            return { ...l, reference: l.reference ?? null, offer: offer ? (({ lineId: __, ...o }) => o)(offer) : null };
          }),
      } satisfies AdminQuoteRequest,
    ]),
  );
  return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
}

const ADMIN_SORTABLE = { id: 'a.id', createdAt: 'a.created_at', answeredAt: 'a.answered_at', state: 'a.state' };

/** /admin-api/quote-requests: the requests that reached a store (sellers: their own; operators and advisers: all). */
export class ListAdminQuoteRequests extends Query<{ rows: AdminQuoteRequest[]; total: number; offset: number }> {
  constructor(
    readonly by: Visitor,
    readonly query: AdminListQuery,
    readonly filter: AdminQuoteRequestFilter,
  ) {
    super();
  }
}

@QueryHandler(ListAdminQuoteRequests)
export class ListAdminQuoteRequestsHandler implements IQueryHandler<ListAdminQuoteRequests> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
  ) {}

  async execute({ by, query, filter }: ListAdminQuoteRequests) {
    const own = ownStoreOf(by);
    const ids = uuidIdsOf(filter.id);
    const window = rangeWindow(query, ids);
    if (own && filter.storeId && filter.storeId !== own) return { rows: [], total: 0, offset: 0 };
    const k = kysely<MarketplaceDB>(this.db.em());
    let base = k.selectFrom('QuoteRequestSeller as a').select('a.id');
    const storeId = own ?? filter.storeId;
    if (storeId) base = base.where('a.store', '=', storeId);
    if (filter.state) base = base.where('a.state', '=', filter.state);
    if (ids) base = base.where('a.id', 'in', ids.length > 0 ? ids : ['00000000-0000-0000-0000-000000000000']);
    const { rows, total, offset } = await listPage(base, window, {
      sort: query.sort,
      spec: { sortable: ADMIN_SORTABLE, fallback: { field: 'createdAt', order: 'DESC' }, idColumn: 'a.id' },
    });
    return {
      rows: await adminRows(
        k,
        rows.map((r) => r.id),
        this.clock.now(),
      ),
      total,
      offset,
    };
  }
}

/** One request as a store sees it; another store's is 404. */
export class GetAdminQuoteRequest extends Query<AdminQuoteRequest> {
  constructor(
    readonly by: Visitor,
    readonly id: string,
  ) {
    super();
  }
}

@QueryHandler(GetAdminQuoteRequest)
export class GetAdminQuoteRequestHandler implements IQueryHandler<GetAdminQuoteRequest> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
  ) {}

  async execute({ by, id }: GetAdminQuoteRequest) {
    const own = ownStoreOf(by);
    if (!UUID.test(id)) throw notFound();
    const [row] = await adminRows(kysely<MarketplaceDB>(this.db.em()), [id], this.clock.now());
    if (!row || (own && row.storeId !== own)) throw notFound();
    return row;
  }
}
