import { Injectable } from '@nestjs/common';
import { t } from '@tuerca/contracts';
import { ContextDatabase, NotFoundError, ValidationError } from '@tuerca/platform';
import { containsPattern, fold, foldText } from '../vehicles/vehicle.rules.js';
import { BRAND_SCOPES, type BrandFilter, type BrandScope } from './brands.routes.js';

interface BrandRow {
  id: string;
  name: string;
  active: boolean;
  country_of_origin: string | null;
  logo_file: string | null;
}

export const logoPath = (row: Pick<BrandRow, 'id' | 'logo_file'>): string =>
  `/themes/default/vehicle_brands/${encodeURIComponent(row.logo_file ?? `${row.id}.webp`)}`;

export function toBrandView(row: BrandRow) {
  return { id: row.id, name: row.name, active: row.active, country_of_origin: row.country_of_origin, logo: logoPath(row) };
}
export type BrandView = ReturnType<typeof toBrandView>;

export const brandNotFound = () => new NotFoundError(t('vehicleBrands.brandNotFound'));

/** spec 001 §7: scopes default to showActiveBrands; a scope this list does not know is a 400, not ignored. */
export function scopeOf(scopes: string[]): BrandScope {
  const unknown = scopes.find((s) => !(BRAND_SCOPES as readonly string[]).includes(s));
  if (unknown !== undefined) {
    const message = t('vehicleBrands.unknownScope', { scope: unknown });
    throw new ValidationError([message], [{ path: 'scopes', message }]);
  }
  return scopes.includes('showAllBrands') ? 'showAllBrands' : 'showActiveBrands';
}

@Injectable()
export class BrandsReader {
  constructor(private readonly db: ContextDatabase) {}

  async list(filter: BrandFilter, scope: BrandScope, page?: { page: number; pageSize: number }) {
    const where: string[] = [];
    const params: unknown[] = [];
    if (scope === 'showActiveBrands') where.push('active');
    const name = foldText(filter.name ?? '');
    if (name) {
      where.push(`${fold('name')} like ?`);
      params.push(containsPattern(name));
    }
    const clause = where.length > 0 ? `where ${where.join(' and ')}` : '';
    const em = this.db.em();
    const [{ total }] = await em.execute<{ total: string }[]>(`select count(*) as total from vehicle_brands ${clause}`, params);
    const limit = page ? ` limit ${page.pageSize} offset ${page.page * page.pageSize}` : '';
    const rows = await em.execute<BrandRow[]>(`select * from vehicle_brands ${clause} order by ${fold('name')}, id${limit}`, params);
    return { rows: rows.map(toBrandView), total: Number(total) };
  }

  async byId(id: string): Promise<BrandView> {
    const [row] = await this.db.em().execute<BrandRow[]>(`select * from vehicle_brands where id = ?`, [id]);
    if (!row) throw brandNotFound();
    return toBrandView(row);
  }

  /** A logo file name names the brand by id, by name or by its stored file name ('chevrolet.webp', 'Chevrolet.webp'). */
  async byLogoName(base: string): Promise<BrandRow | undefined> {
    const [row] = await this.db
      .em()
      .execute<BrandRow[]>(
        `select * from vehicle_brands where id = ? or logo_file = ? or ${fold('name')} = ? or ${fold('id')} = ? order by (id = ?) desc limit 1`,
        [base, `${base}.webp`, foldText(base), foldText(base), base],
      );
    return row;
  }
}
