import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import {
  APP_PARAMETER_NAMES,
  type AdminListQuery,
  type AdminParameter,
  type AdminParameterFilter,
  type AppParameterName,
} from '@tuerca/contracts';
import { ContextDatabase, NotFoundError, idsOf, kysely, rangeWindow, resolveSort } from '@tuerca/platform';
import type { BillingDB } from '../billing.database.js';
import { parameterView } from './admin-views.js';

const SORT_KEYS: Record<string, (p: AdminParameter) => string> = {
  id: (p) => p.id,
  name: (p) => p.name,
  kind: (p) => p.kind,
  description: (p) => p.description,
  updatedAt: (p) => p.updatedAt ?? '',
};

/**
 * The parameters for the operator console. There are twenty, defined in code, so the list is built in
 * memory from the definitions and the stored values, then filtered, sorted and windowed.
 */
export class ListAdminParameters extends Query<{ rows: AdminParameter[]; total: number; offset: number }> {
  constructor(
    readonly filter: AdminParameterFilter,
    readonly query: AdminListQuery,
  ) {
    super();
  }
}

@QueryHandler(ListAdminParameters)
export class ListAdminParametersHandler implements IQueryHandler<ListAdminParameters> {
  constructor(private readonly db: ContextDatabase) {}

  async execute({ filter, query }: ListAdminParameters) {
    const stored = await kysely<BillingDB>(this.db.em()).selectFrom('AppParameter').selectAll().execute();
    const byName = new Map(stored.map((r) => [r.name, r]));
    const ids = idsOf(filter.id);
    const q = filter.q?.toLowerCase();
    let rows = APP_PARAMETER_NAMES.map((name) => parameterView(name, byName.get(name)));
    if (ids) rows = rows.filter((r) => ids.includes(r.id));
    if (q) rows = rows.filter((r) => r.name.toLowerCase().includes(q) || r.description.toLowerCase().includes(q));
    if (filter.kind) rows = rows.filter((r) => r.kind === filter.kind);
    if (filter.changed !== undefined) rows = rows.filter((r) => !r.isDefault === filter.changed);
    // The same 400 as the SQL lists for a field that is not sortable.
    const { column, direction } = resolveSort(query.sort, {
      sortable: Object.fromEntries(Object.keys(SORT_KEYS).map((k) => [k, k])),
      fallback: { field: 'id', order: 'ASC' },
    });
    const key = SORT_KEYS[column]!;
    rows.sort((a, b) => key(a).localeCompare(key(b)) || a.id.localeCompare(b.id));
    if (direction === 'desc') rows.reverse();
    const { limit, offset } = rangeWindow(query, ids);
    return { rows: rows.slice(offset, offset + limit), total: rows.length, offset };
  }
}

/** One parameter with its latest 50 changes. */
export class GetAdminParameter extends Query<AdminParameter> {
  constructor(readonly name: string) {
    super();
  }
}

@QueryHandler(GetAdminParameter)
export class GetAdminParameterHandler implements IQueryHandler<GetAdminParameter> {
  constructor(private readonly db: ContextDatabase) {}

  async execute({ name }: GetAdminParameter): Promise<AdminParameter> {
    if (!(APP_PARAMETER_NAMES as string[]).includes(name)) throw new NotFoundError();
    const k = kysely<BillingDB>(this.db.em());
    const [stored, history] = await Promise.all([
      k.selectFrom('AppParameter').selectAll().where('name', '=', name).executeTakeFirst(),
      k
        .selectFrom('AppParameterChange')
        .select(['id', 'value', 'previous', 'changedBy', 'changedAt'])
        .where('name', '=', name)
        .orderBy('changedAt', 'desc')
        .orderBy('id', 'desc')
        .limit(50)
        .execute(),
    ]);
    return {
      ...parameterView(name as AppParameterName, stored),
      history: history.map((h) => ({
        id: String(h.id),
        value: h.value as AdminParameter['value'],
        previous: (h.previous ?? null) as AdminParameter['value'] | null,
        changedBy: h.changedBy,
        changedAt: h.changedAt.toISOString(),
      })),
    };
  }
}
