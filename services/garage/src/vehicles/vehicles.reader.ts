import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { t } from '@tuerca/contracts';
import { ContextDatabase, NotFoundError } from '@tuerca/platform';
import { compactCode, containsPattern, fold, foldText, type VehicleRow } from './vehicle.rules.js';
import { vehicleIdSchema, type VehicleListFilter, type VehicleListQuery } from './vehicles.routes.js';

const SELECT = `select v.*, c.has_catalog
  from vehicles v left join vin_catalog c on c.vin = v.vin`;

export function vehicleNotFound(): NotFoundError {
  return new NotFoundError(t('garage.vehicleNotFound'));
}

/**
 * The person's own live vehicle, or 404 — also for another person's id and for ids that are not
 * uuids, so ids never tell whether they exist. `forUpdate` locks the row for the transaction.
 */
export async function findOwnVehicle(em: EntityManager, userId: string, id: string, forUpdate = false): Promise<VehicleRow> {
  if (!vehicleIdSchema.safeParse(id).success) throw vehicleNotFound();
  const rows = await em.execute<VehicleRow[]>(
    `${SELECT} where v.id = ? and v.user_id = ? and v.deleted_at is null${forUpdate ? ' for update of v' : ''}`,
    [id, userId],
  );
  if (!rows[0]) throw vehicleNotFound();
  return rows[0];
}

@Injectable()
export class VehiclesReader {
  constructor(private readonly db: ContextDatabase) {}

  async list(userId: string, filter: VehicleListFilter, query: Pick<VehicleListQuery, 'page' | 'pageSize'>) {
    const where = ['v.user_id = ?', 'v.deleted_at is null'];
    const params: unknown[] = [userId];
    if (filter.country) {
      where.push('v.country = ?');
      params.push(filter.country);
    }
    const text = foldText(filter.searchInColumns ?? '');
    if (text) {
      // spec 001 §2: search by vehicle, plate and VIN; accent- and case-insensitive.
      const code = compactCode(text);
      const alternatives = [`${fold(`v.brand || ' ' || v.model || ' ' || v.year`)} like ?`];
      params.push(containsPattern(text));
      if (code) {
        alternatives.push('v.license_plate like ?', 'v.vin like ?');
        params.push(containsPattern(code), containsPattern(code));
      }
      where.push(`(${alternatives.join(' or ')})`);
    }
    const em = this.db.em();
    const clause = where.join(' and ');
    const [{ total }] = await em.execute<{ total: string }[]>(`select count(*) as total from vehicles v where ${clause}`, params);
    const rows = await em.execute<VehicleRow[]>(`${SELECT} where ${clause} order by v.created_at desc, v.id limit ? offset ?`, [
      ...params,
      query.pageSize,
      query.page * query.pageSize,
    ]);
    return { rows, total: Number(total) };
  }

  async count(userId: string): Promise<number> {
    const [row] = await this.db
      .em()
      .execute<{ n: string }[]>(`select count(*) as n from vehicles where user_id = ? and deleted_at is null`, [userId]);
    return Number(row?.n ?? 0);
  }

  async one(userId: string, id: string): Promise<VehicleRow> {
    return findOwnVehicle(this.db.em(), userId, id);
  }
}
