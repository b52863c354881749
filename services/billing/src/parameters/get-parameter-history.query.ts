import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { AppParameterChangeView } from '@tuerca/contracts';
import { ContextDatabase, kysely } from '@tuerca/platform';
import type { BillingDB } from '../billing.database.js';

/** The latest parameter changes, newest first, of one parameter or of all. */
export class GetParameterHistory extends Query<AppParameterChangeView[]> {
  constructor(
    readonly name: string | undefined,
    readonly limit: number,
  ) {
    super();
  }
}

@QueryHandler(GetParameterHistory)
export class GetParameterHistoryHandler implements IQueryHandler<GetParameterHistory> {
  constructor(private readonly db: ContextDatabase) {}

  async execute({ name, limit }: GetParameterHistory): Promise<AppParameterChangeView[]> {
    let q = kysely<BillingDB>(this.db.em())
      .selectFrom('AppParameterChange')
      .select(['id', 'name', 'value', 'previous', 'changedBy', 'changedAt']);
    if (name) q = q.where('name', '=', name);
    const rows = await q.orderBy('changedAt', 'desc').orderBy('id', 'desc').limit(limit).execute();
    return rows.map((r) => ({
      id: String(r.id),
      name: r.name,
      value: r.value as AppParameterChangeView['value'],
      previous: (r.previous ?? null) as AppParameterChangeView['previous'],
      changed_by: r.changedBy,
      changed_at: r.changedAt.toISOString(),
    }));
  }
}
