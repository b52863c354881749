import { BRAND_SCOPES, t, type BrandScope, type VehicleBrandView } from '@tuerca/contracts';
import { NotFoundError, ValidationError } from '@tuerca/platform';
import type { VehicleBrand } from './vehicle-brand.entity.js';

export type BrandRow = Pick<VehicleBrand, 'id' | 'name' | 'active' | 'countryOfOrigin' | 'logoFile'>;

/** The columns a brand view needs. */
export const BRAND_COLUMNS = ['id', 'name', 'active', 'countryOfOrigin', 'logoFile'] as const;

export const logoPath = (row: Pick<BrandRow, 'id' | 'logoFile'>): string =>
  `/themes/default/vehicle_brands/${encodeURIComponent(row.logoFile ?? `${row.id}.webp`)}`;

export function toBrandView(row: BrandRow): VehicleBrandView {
  return { id: row.id, name: row.name, active: row.active, country_of_origin: row.countryOfOrigin ?? null, logo: logoPath(row) };
}

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

/** A logo file name `<base>.webp`, and a theme made of letters, digits, '_' and '-'; anything else is no logo (404). */
export function logoBaseOf(theme: string, file: string): string | null {
  const m = /^(.{1,80})\.webp$/i.exec(file);
  if (!/^[A-Za-z0-9_-]{1,40}$/.test(theme) || !m) return null;
  return m[1]!;
}
