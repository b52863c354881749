import { Query, QueryBus, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { AdminListQuery, AdminMetricsFilter, BillingMetric } from '@tuerca/contracts';
import { Clock, ContextDatabase, NotFoundError, ValidationError, idsOf, kysely, rangeWindow, resolveSort } from '@tuerca/platform';
import { sql } from 'kysely';
import type { BillingDB } from '../billing.database.js';
import { bogotaDay } from '../counters/counters.rules.js';

const DAY_MS = 24 * 3600 * 1000;
const MAX_DAYS = 3660;

/** The instant a Bogotá day starts (Colombia is UTC-5 all year). */
const bogotaStart = (day: string) => new Date(Date.parse(`${day}T05:00:00Z`));
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T12:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/** One row per Bogotá day between `from` and `to` (the last 30 days by default), days without activity too. */
export class ListBillingMetrics extends Query<{ rows: BillingMetric[]; total: number; offset: number }> {
  constructor(
    readonly filter: AdminMetricsFilter,
    readonly query: Pick<AdminListQuery, 'sort' | 'range'>,
  ) {
    super();
  }
}

@QueryHandler(ListBillingMetrics)
export class ListBillingMetricsHandler implements IQueryHandler<ListBillingMetrics> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
  ) {}

  async execute({ filter, query }: ListBillingMetrics) {
    const asked = idsOf(filter.id);
    const to = asked ? asked.reduce((a, b) => (a > b ? a : b)) : (filter.to ?? bogotaDay(this.clock.now()));
    const from = asked ? asked.reduce((a, b) => (a < b ? a : b)) : (filter.from ?? addDays(to, -29));
    const span = Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;
    if (span > MAX_DAYS) throw new ValidationError([`El periodo puede tener como máximo ${MAX_DAYS} días`]);
    const { direction } = resolveSort(query.sort, { sortable: { day: 'day', id: 'day' }, fallback: { field: 'day', order: 'ASC' } });
    const lo = bogotaStart(from);
    const hi = bogotaStart(addDays(to, 1));
    const k = kysely<BillingDB>(this.db.em());
    const consumedDay = sql<string>`to_char(consumed_at at time zone 'America/Bogota', 'YYYY-MM-DD')`;
    const paidDay = sql<string>`to_char(finalized_at at time zone 'America/Bogota', 'YYYY-MM-DD')`;
    const [consumed, paid] = await Promise.all([
      k
        .selectFrom('Consumption')
        .select((eb) => [
          consumedDay.as('day'),
          eb.fn.countAll<string>().as('consultations'),
          eb.fn.countAll<string>().filterWhere('kind', '=', 'catalog').as('catalog'),
          eb.fn.countAll<string>().filterWhere('kind', '=', 'substitutions').as('substitutions'),
          eb.fn.countAll<string>().filterWhere('kind', '=', 'plate').as('plate'),
          eb.fn.countAll<string>().filterWhere('chargedFrom', '<>', 'free').as('charged'),
        ])
        .where('consumedAt', '>=', lo)
        .where('consumedAt', '<', hi)
        .groupBy(consumedDay)
        .execute(),
      k
        .selectFrom('Payment')
        .select((eb) => [
          paidDay.as('day'),
          eb.fn.countAll<string>().as('plansSold'),
          eb.fn.coalesce(eb.fn.sum<string>('amountInCents').filterWhere('currency', '=', 'COP'), eb.lit(0)).as('cop'),
          eb.fn.coalesce(eb.fn.sum<string>('amountInCents').filterWhere('currency', '=', 'MXN'), eb.lit(0)).as('mxn'),
        ])
        .where('status', '=', 'APPROVED')
        .where('finalizedAt', '>=', lo)
        .where('finalizedAt', '<', hi)
        .groupBy(paidDay)
        .execute(),
    ]);
    const byDayC = new Map(consumed.map((c) => [c.day, c]));
    const byDayP = new Map(paid.map((p) => [p.day, p]));
    let days = Array.from({ length: Math.max(span, 0) }, (_, i) => addDays(from, i));
    if (asked) days = days.filter((d) => asked.includes(d));
    if (direction === 'desc') days.reverse();
    const { limit, offset } = rangeWindow(query, asked);
    const rows = days.slice(offset, offset + limit).map((day): BillingMetric => {
      const c = byDayC.get(day);
      const p = byDayP.get(day);
      return {
        id: day,
        day,
        consultations: Number(c?.consultations ?? 0),
        catalog: Number(c?.catalog ?? 0),
        substitutions: Number(c?.substitutions ?? 0),
        plate: Number(c?.plate ?? 0),
        charged: Number(c?.charged ?? 0),
        plansSold: Number(p?.plansSold ?? 0),
        // Revenue in pesos for the dashboard's chart; the cents are summed exactly in the database.
        revenueCOP: Number(p?.cop ?? 0) / 100,
        revenueMXN: Number(p?.mxn ?? 0) / 100,
      };
    });
    return { rows, total: asked ? days.length : Math.max(span, 0), offset };
  }
}

export class GetBillingMetric extends Query<BillingMetric> {
  constructor(readonly day: string) {
    super();
  }
}

@QueryHandler(GetBillingMetric)
export class GetBillingMetricHandler implements IQueryHandler<GetBillingMetric> {
  constructor(private readonly queries: QueryBus) {}

  async execute({ day }: GetBillingMetric): Promise<BillingMetric> {
    const { rows } = await this.queries.execute(new ListBillingMetrics({ id: [day] }, { sort: undefined, range: { start: 0, end: 0 } }));
    if (!rows[0]) throw new NotFoundError();
    return rows[0];
  }
}
