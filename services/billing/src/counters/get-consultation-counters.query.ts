import { Query, QueryBus, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { MeteredKind, MeterStatus, MeterSubject } from '@tuerca/contracts';
import { Clock, ContextDatabase, kysely } from '@tuerca/platform';
import type { BillingDB } from '../billing.database.js';
import { GetMeterStatus } from '../metering/get-meter-status.query.js';
import { counterSince } from './counters.rules.js';

export interface ConsultationCountersAnswer {
  status: MeterStatus;
  counts: { total: number; inStore: number };
}

/**
 * A person's counters and balances of one kind (spec 001 §3 "Quota metadata"): counters from the
 * quota-counter read model (last 30 days), balances and prompts from metering.
 */
export class GetConsultationCounters extends Query<ConsultationCountersAnswer> {
  constructor(
    readonly who: MeterSubject,
    readonly kind: MeteredKind,
    readonly storeId: string | null = null,
  ) {
    super();
  }
}

@QueryHandler(GetConsultationCounters)
export class GetConsultationCountersHandler implements IQueryHandler<GetConsultationCounters> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly queries: QueryBus,
    private readonly clock: Clock,
  ) {}

  async execute({ who, kind, storeId }: GetConsultationCounters): Promise<ConsultationCountersAnswer> {
    const [status, row] = await Promise.all([
      this.queries.execute(new GetMeterStatus({ kind, who, storeId })),
      kysely<BillingDB>(this.db.em())
        .selectFrom('QuotaCounter')
        .select((eb) => [
          eb.fn.sum<string | null>('count').as('total'),
          eb.fn
            .sum<string | null>('count')
            .filterWhere('storeId', '=', storeId ?? '')
            .as('inStore'),
        ])
        .where('ownerKind', '=', who.kind)
        .where('ownerId', '=', who.id)
        .where('kind', '=', kind)
        .where('day', '>', counterSince(this.clock.now()))
        .executeTakeFirst(),
    ]);
    return { status, counts: { total: Number(row?.total ?? 0), inStore: Number(row?.inStore ?? 0) } };
  }
}
