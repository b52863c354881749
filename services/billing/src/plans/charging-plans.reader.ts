import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import { TRANSACTION_TYPES, chargingPlanFilterSchema, type ListQuery, type TransactionType } from '@tuerca/contracts';
import { ContextDatabase } from '@tuerca/platform';
import { activeTabs, toPlanView, type ChargingPlanRow, type ChargingPlanView, type PlanTab } from './charging-plan.rules.js';

/** The contract's plan filter plus `deleted` (operators: list the deleted plans instead of the live ones). */
export const planListFilterSchema = chargingPlanFilterSchema.extend({ deleted: z.boolean().optional() });
export type PlanListFilter = z.infer<typeof planListFilterSchema>;

interface Where {
  sql: string;
  params: unknown[];
}

/** `%` and `_` typed by a person are literal characters, not wildcards. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, '\\$&')}%`;
}

/**
 * Where-clause of a plan list. Guests and customers see only active, non-deleted plans whatever the
 * filter says; operators see every live plan (active or not), or the deleted ones with `deleted: true`.
 */
function whereOf(filter: PlanListFilter, operator: boolean): Where {
  const conditions: string[] = [];
  const params: unknown[] = [];
  if (!operator) conditions.push('active = true', 'deleted_at is null');
  else conditions.push(filter.deleted ? 'deleted_at is not null' : 'deleted_at is null');
  if (filter.transaction_type) {
    conditions.push('transaction_type = ?');
    params.push(filter.transaction_type);
  }
  if (filter.active !== undefined) {
    conditions.push('active = ?');
    params.push(filter.active);
  }
  if (filter.store_plan !== undefined) {
    conditions.push('store_plan = ?');
    params.push(filter.store_plan);
  }
  const q = filter.q?.trim();
  if (q) {
    conditions.push('(title ilike ? or description ilike ?)');
    params.push(likePattern(q), likePattern(q));
  }
  return { sql: conditions.join(' and '), params };
}

/** Read side of charging plans (the table is small; it is read directly). */
@Injectable()
export class ChargingPlansReader {
  constructor(private readonly db: ContextDatabase) {}

  async list(
    filter: PlanListFilter,
    page: Pick<ListQuery, 'page' | 'pageSize'>,
    operator: boolean,
  ): Promise<{ rows: ChargingPlanView[]; total: number }> {
    const where = whereOf(filter, operator);
    const em = this.db.em();
    const [count, rows] = await Promise.all([
      em.execute<{ n: string }[]>(`select count(*) as n from charging_plans where ${where.sql}`, where.params),
      em.execute<ChargingPlanRow[]>(`select * from charging_plans where ${where.sql} order by created_at desc, id limit ? offset ?`, [
        ...where.params,
        page.pageSize,
        page.page * page.pageSize,
      ]),
    ]);
    return { rows: rows.map((r) => toPlanView(r, { operator })), total: Number(count[0]!.n) };
  }

  /**
   * The plans view (spec 000 §7 getChargingPlansActive): active plans for people (storePlans 0) or
   * for stores (storePlans 1), cheapest first within each tab, and the tabs that have them.
   */
  async active(filter: PlanListFilter, storePlans: boolean): Promise<{ tabs: PlanTab[]; plans: ChargingPlanView[] }> {
    const where = whereOf({ ...filter, active: undefined, deleted: undefined, store_plan: storePlans }, false);
    const rows = await this.db
      .em()
      .execute<ChargingPlanRow[]>(`select * from charging_plans where ${where.sql} order by price, amount desc, id`, where.params);
    const order = (type: TransactionType) => TRANSACTION_TYPES.indexOf(type);
    rows.sort((a, b) => order(a.transaction_type) - order(b.transaction_type));
    return {
      tabs: activeTabs(
        rows.map((r) => r.transaction_type),
        filter.transaction_type,
      ),
      plans: rows.map((r) => toPlanView(r, { operator: false })),
    };
  }
}
