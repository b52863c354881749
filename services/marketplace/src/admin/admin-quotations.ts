import { Command, CommandHandler, Query, QueryBus, QueryHandler, type ICommandHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { z } from 'zod';
import { t, type AdminListQuery, type AdminQuotationFilter, type adminQuotationAnswerSchema } from '@tuerca/contracts';
import { NotFoundError, actorOf, rangeWindow, resolveSort, type Visitor } from '@tuerca/platform';
import { QuotationsService } from '../quotations/quotations.service.js';
import { ownStoreOf, type Manager } from '../stores/store-access.js';
import { uuidIdsOf } from '../stores/store.queries.js';

type QuotationRow = Awaited<ReturnType<QuotationsService['list']>>['rows'][number];

/** The console's sortable fields, each mapped to its column. */
const SORTABLE = {
  id: 'id',
  requestedAt: 'requested_at',
  respondedAt: 'responded_at',
  windowExpiresAt: 'window_expires_at',
  state: 'state',
  quantity: 'quantity',
};

/** /admin-api/quotations: stock confirmations to answer; a seller's own store's, everyone's for operators and advisers. */
export class ListAdminQuotations extends Query<{ rows: QuotationRow[]; total: number; offset: number }> {
  constructor(
    readonly by: Manager,
    readonly query: AdminListQuery,
    readonly filter: AdminQuotationFilter,
  ) {
    super();
  }
}

@QueryHandler(ListAdminQuotations)
export class ListAdminQuotationsHandler implements IQueryHandler<ListAdminQuotations> {
  constructor(private readonly quotations: QuotationsService) {}

  async execute({ by, query, filter }: ListAdminQuotations) {
    const own = ownStoreOf(by);
    const ids = uuidIdsOf(filter.id);
    const window = rangeWindow(query, ids);
    // An unknown sort field is a 400 before anything is read.
    const { column, direction } = resolveSort(query.sort, { sortable: SORTABLE, fallback: { field: 'requestedAt', order: 'DESC' } });
    if (own && filter.storeId && filter.storeId !== own) return { rows: [], total: 0, offset: 0 };
    const { rows, total } = await this.quotations.list(
      { storeId: own ?? filter.storeId, ids, productId: filter.productId },
      { state: filter.state },
      window,
      { field: column, order: direction === 'desc' ? 'DESC' : 'ASC' },
    );
    return { rows, total, offset: window.offset };
  }
}

/** One quotation of the console; another store's is 404. */
export class GetAdminQuotation extends Query<QuotationRow> {
  constructor(
    readonly by: Manager,
    readonly id: string,
  ) {
    super();
  }
}

@QueryHandler(GetAdminQuotation)
export class GetAdminQuotationHandler implements IQueryHandler<GetAdminQuotation> {
  constructor(private readonly quotations: QuotationsService) {}

  async execute({ by, id }: GetAdminQuotation): Promise<QuotationRow> {
    const own = ownStoreOf(by);
    const { rows } = await this.quotations.list({ ids: [id], storeId: own ?? undefined }, {}, { offset: 0, limit: 1 });
    if (!rows[0]) throw new NotFoundError(t('errors.notFound'));
    return rows[0];
  }
}

/** The seller's answer from the console: available with its window in hours (and price), or not available — SellerResponded. */
export class AnswerQuotationFromConsole extends Command<QuotationRow> {
  constructor(
    readonly by: Visitor,
    readonly id: string,
    readonly answer: z.infer<typeof adminQuotationAnswerSchema>,
  ) {
    super();
  }
}

@CommandHandler(AnswerQuotationFromConsole)
export class AnswerQuotationFromConsoleHandler implements ICommandHandler<AnswerQuotationFromConsole> {
  constructor(
    private readonly quotations: QuotationsService,
    private readonly queries: QueryBus,
  ) {}

  async execute({ by, id, answer }: AnswerQuotationFromConsole): Promise<QuotationRow> {
    await this.quotations.respond(
      by,
      id,
      { available: answer.state === 'available', remainingTime: answer.remainingTime, price: answer.price },
      actorOf(by),
      // The console may turn a 'not available' into 'available' (editStockConfirmationAsAvailable's rule).
      { allowReanswer: answer.state === 'available' },
    );
    return this.queries.execute(new GetAdminQuotation(by, id));
  }
}
