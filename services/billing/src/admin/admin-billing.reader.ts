import { Injectable } from '@nestjs/common';
import {
  APP_PARAMETERS,
  APP_PARAMETER_NAMES,
  CURRENCIES,
  transactionTypeLabel,
  type AdminListQuery,
  type AppParameterName,
  type TransactionType,
} from '@tuerca/contracts';
import { Clock, ContextDatabase, NotFoundError, ValidationError, adminOrderBy, adminWindow, pgTextArray, idsOf } from '@tuerca/platform';
import { toPlanView, type ChargingPlanRow, type ChargingPlanView } from '../plans/charging-plan.rules.js';
import type { BalanceRow } from '../balances/balances.service.js';
import {
  type AdminBalance,
  type AdminBalanceFilter,
  type AdminMetricsFilter,
  type AdminParameter,
  type AdminParameterFilter,
  type AdminPlanFilter,
  type BillingMetric,
} from './admin.routes.js';

export interface AdminSlice<T> {
  rows: T[];
  total: number;
  start: number;
}

interface Where {
  sql: string;
  params: unknown[];
}

function whereBuilder() {
  const parts: string[] = [];
  const params: unknown[] = [];
  return {
    add(sql: string, ...values: unknown[]) {
      parts.push(sql);
      params.push(...values);
    },
    done(): Where {
      return { sql: parts.length ? `where ${parts.join(' and ')}` : '', params };
    },
  };
}

const like = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;
const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);
const DAY_MS = 24 * 3600 * 1000;
const MAX_DAYS = 3660;

const PLAN_SORT = {
  id: 'id',
  title: 'title',
  price: 'price',
  amount: 'amount',
  currency: 'currency',
  transaction_type: 'transaction_type',
  validity_days: 'validity_days',
  store_plan: 'store_plan',
  active: 'active',
  created_at: 'created_at',
  updated_at: 'updated_at',
  deleted_at: 'deleted_at',
} as const;

const BALANCE_SORT = {
  id: 'id',
  userId: 'user_id',
  type: 'type',
  amount: 'amount',
  remaining: 'remaining',
  source: 'source',
  createdAt: 'created_at',
  expiresAt: 'expires_at',
} as const;

type ParameterRow = { name: string; value: unknown; updated_at: Date; updated_by: string };
type ChangeRow = { id: string; value: unknown; previous: unknown; changed_by: string; changed_at: Date };

function kindOf(name: AppParameterName): AdminParameter['kind'] {
  const def = APP_PARAMETERS[name].default as unknown;
  if (typeof def === 'boolean') return 'boolean';
  if (typeof def === 'number') return 'number';
  return 'currency';
}

/** Today's day in Colombia (YYYY-MM-DD): the metrics and the analytics count Bogotá days. */
export function bogotaDay(at: Date): string {
  return new Date(at.getTime() - 5 * 3600 * 1000).toISOString().slice(0, 10);
}

/** What the operator console reads of billing: plans (inactive and deleted too), parameters, balances, metrics. */
@Injectable()
export class AdminBillingReader {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
  ) {}

  // ---- plans --------------------------------------------------------------------------------

  async plans(filter: AdminPlanFilter, query: AdminListQuery): Promise<AdminSlice<ChargingPlanView>> {
    const w = whereBuilder();
    const ids = idsOf(filter.id);
    if (ids) w.add('id::text = any(?::text[])', pgTextArray(ids));
    else w.add(filter.deleted ? 'deleted_at is not null' : 'deleted_at is null');
    if (filter.transaction_type) w.add('transaction_type = ?', filter.transaction_type);
    if (filter.currency) w.add('currency = ?', filter.currency);
    if (filter.active !== undefined) w.add('active = ?', filter.active);
    if (filter.store_plan !== undefined) w.add('store_plan = ?', filter.store_plan);
    if (filter.q) w.add('(title ilike ? or description ilike ?)', like(filter.q), like(filter.q));
    const where = w.done();
    const order = adminOrderBy(query.sort, PLAN_SORT, { field: 'created_at', order: 'DESC' });
    const { limit, offset } = adminWindow(query, ids);
    const em = this.db.em();
    const [rows, count] = await Promise.all([
      em.execute<ChargingPlanRow[]>(`select * from charging_plans ${where.sql} order by ${order} limit ? offset ?`, [
        ...where.params,
        limit,
        offset,
      ]),
      em.execute<{ n: string }[]>(`select count(*) as n from charging_plans ${where.sql}`, where.params),
    ]);
    return { rows: rows.map((r) => toPlanView(r, { operator: true })), total: Number(count[0]!.n), start: offset };
  }

  async plan(id: string): Promise<ChargingPlanView> {
    const rows = await this.db.em().execute<ChargingPlanRow[]>('select * from charging_plans where id = ?', [id]);
    if (!rows[0]) throw new NotFoundError();
    return toPlanView(rows[0], { operator: true });
  }

  // ---- app parameters -----------------------------------------------------------------------

  async parameters(filter: AdminParameterFilter, query: AdminListQuery): Promise<AdminSlice<AdminParameter>> {
    const stored = await this.db.em().execute<ParameterRow[]>('select name, value, updated_at, updated_by from app_parameters');
    const byName = new Map(stored.map((r) => [r.name, r]));
    const ids = idsOf(filter.id);
    const q = filter.q?.toLowerCase();
    let rows = APP_PARAMETER_NAMES.map((name) => this.parameterView(name, byName.get(name)));
    if (ids) rows = rows.filter((r) => ids.includes(r.id));
    if (q) rows = rows.filter((r) => r.name.toLowerCase().includes(q) || r.description.toLowerCase().includes(q));
    if (filter.kind) rows = rows.filter((r) => r.kind === filter.kind);
    if (filter.changed !== undefined) rows = rows.filter((r) => !r.isDefault === filter.changed);
    const sort = query.sort ?? { field: 'id', order: 'ASC' };
    const keys: Record<string, (p: AdminParameter) => string> = {
      id: (p) => p.id,
      name: (p) => p.name,
      kind: (p) => p.kind,
      description: (p) => p.description,
      updatedAt: (p) => p.updatedAt ?? '',
    };
    const key = Object.prototype.hasOwnProperty.call(keys, sort.field) ? keys[sort.field] : undefined;
    // The same 400 as the SQL lists for a field that is not sortable.
    if (!key) adminOrderBy(sort, {}, sort);
    rows.sort((a, b) => key!(a).localeCompare(key!(b)) || a.id.localeCompare(b.id));
    if (sort.order === 'DESC') rows.reverse();
    const { limit, offset } = adminWindow(query, ids);
    return { rows: rows.slice(offset, offset + limit), total: rows.length, start: offset };
  }

  async parameter(name: string): Promise<AdminParameter> {
    if (!(APP_PARAMETER_NAMES as string[]).includes(name)) throw new NotFoundError();
    const em = this.db.em();
    const [stored, history] = await Promise.all([
      em.execute<ParameterRow[]>('select name, value, updated_at, updated_by from app_parameters where name = ?', [name]),
      em.execute<ChangeRow[]>(
        'select id, value, previous, changed_by, changed_at from app_parameter_changes where name = ? order by changed_at desc, id desc limit 50',
        [name],
      ),
    ]);
    return {
      ...this.parameterView(name as AppParameterName, stored[0]),
      history: history.map((h) => ({
        id: String(h.id),
        value: h.value as AdminParameter['value'],
        previous: (h.previous ?? null) as AdminParameter['value'] | null,
        changedBy: h.changed_by,
        changedAt: iso(h.changed_at)!,
      })),
    };
  }

  private parameterView(name: AppParameterName, stored: ParameterRow | undefined): AdminParameter {
    const spec = APP_PARAMETERS[name];
    const value = (stored ? stored.value : spec.default) as AdminParameter['value'];
    const kind = kindOf(name);
    return {
      id: name,
      name,
      description: spec.description,
      kind,
      ...(kind === 'currency' ? { choices: [...CURRENCIES] } : {}),
      value,
      default: spec.default as AdminParameter['default'],
      isDefault: JSON.stringify(value) === JSON.stringify(spec.default),
      updatedAt: iso(stored?.updated_at ?? null),
      updatedBy: stored?.updated_by ?? null,
    };
  }

  // ---- balances -----------------------------------------------------------------------------

  async balances(filter: AdminBalanceFilter, query: AdminListQuery): Promise<AdminSlice<AdminBalance>> {
    const now = this.clock.now();
    const w = whereBuilder();
    const ids = idsOf(filter.id);
    if (ids) w.add('id::text = any(?::text[])', pgTextArray(ids));
    if (filter.userId) w.add('user_id = ?', filter.userId);
    if (filter.type) w.add('type = ?', filter.type);
    if (filter.source) w.add('source = ?', filter.source);
    if (filter.status === 'available') w.add('remaining > 0 and expired_at is null and expires_at > ?', now);
    if (filter.status === 'spent') w.add('remaining = 0 and expired_at is null');
    if (filter.status === 'expired') w.add('(expired_at is not null or (remaining > 0 and expires_at <= ?))', now);
    const where = w.done();
    const order = adminOrderBy(query.sort, BALANCE_SORT, { field: 'createdAt', order: 'DESC' });
    const { limit, offset } = adminWindow(query, ids);
    const em = this.db.em();
    const [rows, count] = await Promise.all([
      em.execute<BalanceRow[]>(`select * from balances ${where.sql} order by ${order} limit ? offset ?`, [...where.params, limit, offset]),
      em.execute<{ n: string }[]>(`select count(*) as n from balances ${where.sql}`, where.params),
    ]);
    return { rows: rows.map((r) => this.balanceView(r, now)), total: Number(count[0]!.n), start: offset };
  }

  async balance(id: string): Promise<AdminBalance> {
    const rows = await this.db.em().execute<BalanceRow[]>('select * from balances where id = ?', [id]);
    if (!rows[0]) throw new NotFoundError();
    return this.balanceView(rows[0], this.clock.now());
  }

  private balanceView(r: BalanceRow & { payment_id?: string | null }, now: Date): AdminBalance {
    const remaining = Number(r.remaining);
    const expired = r.expired_at !== null || (remaining > 0 && new Date(r.expires_at).getTime() <= now.getTime());
    return {
      id: r.id,
      userId: r.user_id,
      type: r.type,
      typeLabel: transactionTypeLabel(r.type as TransactionType),
      amount: Number(r.amount),
      remaining,
      source: r.source as AdminBalance['source'],
      status: expired ? 'expired' : remaining > 0 ? 'available' : 'spent',
      reason: r.reason,
      creditedBy: r.credited_by,
      paymentId: r.payment_id ?? null,
      createdAt: iso(r.created_at)!,
      expiresAt: iso(r.expires_at)!,
      expiredAt: iso(r.expired_at),
    };
  }

  // ---- metrics ------------------------------------------------------------------------------

  /** One row per Bogotá day between `from` and `to` (the last 30 days by default), days without activity too. */
  async metrics(filter: AdminMetricsFilter, query: AdminListQuery): Promise<AdminSlice<BillingMetric>> {
    const days = idsOf(filter.id);
    const to = days ? days.reduce((a, b) => (a > b ? a : b)) : (filter.to ?? bogotaDay(this.clock.now()));
    const from = days
      ? days.reduce((a, b) => (a < b ? a : b))
      : (filter.from ?? bogotaDay(new Date(Date.parse(`${to}T12:00:00Z`) - 29 * DAY_MS)));
    const span = Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;
    if (span > MAX_DAYS) throw new ValidationError([`El periodo puede tener como máximo ${MAX_DAYS} días`]);
    if (query.sort && query.sort.field !== 'day' && query.sort.field !== 'id') adminOrderBy(query.sort, {}, query.sort);
    const direction = query.sort?.order === 'DESC' ? 'desc' : 'asc';
    const { limit, offset } = adminWindow(query, days);
    const only = days ? `where to_char(d.day, 'YYYY-MM-DD') = any(?::text[])` : '';
    const rows = await this.db.em().execute<
      {
        day: string;
        consultations: string;
        catalog: string;
        substitutions: string;
        plate: string;
        charged: string;
        plans_sold: string;
        cop_cents: string;
        mxn_cents: string;
      }[]
    >(
      `with bounds as (select (?::date)::timestamp at time zone 'America/Bogota' as lo, ((?::date) + 1)::timestamp at time zone 'America/Bogota' as hi),
       c as (
         select (consumed_at at time zone 'America/Bogota')::date as day, count(*) as consultations,
           count(*) filter (where kind = 'catalog') as catalog, count(*) filter (where kind = 'substitutions') as substitutions,
           count(*) filter (where kind = 'plate') as plate, count(*) filter (where charged_from <> 'free') as charged
         from consumptions, bounds where consumed_at >= bounds.lo and consumed_at < bounds.hi group by 1),
       p as (
         select (finalized_at at time zone 'America/Bogota')::date as day, count(*) as plans_sold,
           coalesce(sum(amount_in_cents) filter (where currency = 'COP'), 0) as cop_cents,
           coalesce(sum(amount_in_cents) filter (where currency = 'MXN'), 0) as mxn_cents
         from payments, bounds where status = 'APPROVED' and finalized_at >= bounds.lo and finalized_at < bounds.hi group by 1)
       select to_char(d.day, 'YYYY-MM-DD') as day, coalesce(c.consultations, 0) as consultations, coalesce(c.catalog, 0) as catalog,
         coalesce(c.substitutions, 0) as substitutions, coalesce(c.plate, 0) as plate, coalesce(c.charged, 0) as charged,
         coalesce(p.plans_sold, 0) as plans_sold, coalesce(p.cop_cents, 0) as cop_cents, coalesce(p.mxn_cents, 0) as mxn_cents
       from (select generate_series(?::date, ?::date, interval '1 day')::date as day) d
       left join c on c.day = d.day left join p on p.day = d.day
       ${only}
       order by d.day ${direction} limit ? offset ?`,
      [from, to, from, to, ...(days ? [pgTextArray(days)] : []), limit, offset],
    );
    return {
      rows: rows.map((r) => ({
        id: r.day,
        day: r.day,
        consultations: Number(r.consultations),
        catalog: Number(r.catalog),
        substitutions: Number(r.substitutions),
        plate: Number(r.plate),
        charged: Number(r.charged),
        plansSold: Number(r.plans_sold),
        revenueCOP: Number(r.cop_cents) / 100,
        revenueMXN: Number(r.mxn_cents) / 100,
      })),
      total: days ? rows.length : Math.max(span, 0),
      start: offset,
    };
  }

  async metric(day: string): Promise<BillingMetric> {
    const { rows } = await this.metrics({ id: [day] }, { sort: undefined, range: { start: 0, end: 0 }, filter: {} });
    if (!rows[0]) throw new NotFoundError();
    return rows[0];
  }
}
