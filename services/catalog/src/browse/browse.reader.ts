import { Injectable } from '@nestjs/common';
import { t, type CatalogLanguage } from '@tuerca/contracts';
import { ContextDatabase, NotFoundError, ValidationError } from '@tuerca/platform';
import { SsdCodec, type SsdState } from '../ssd.js';
import { modelOf } from '../catalogue/catalog-vehicle.rules.js';

export { modelOf };

export interface NameValue {
  name: string;
  value: string;
}

export interface CatalogRow {
  code: string;
  brand: string;
  name: string;
  features: string[];
}

export interface VehicleRow {
  vehicle_id: string;
  platform_id: string;
  catalog_code: string;
  brand: string;
  name: string;
  year_from: number;
  year_to: number;
  attributes: NameValue[];
}

export interface UnitRow {
  unit_id: string;
  code: string;
  name_es: string;
  name_en: string;
  category_id: string;
  category_key: string;
}

export interface PartRow {
  unit_id: string;
  code_on_image: string;
  oem: string;
  name_es: string;
  name_en: string;
  amount: number;
}

/** spec 001 §9: 27 languages accepted; we hold Spanish and English names, the rest fall back to Spanish. */
export function nameIn(language: CatalogLanguage, row: { name_es: string; name_en: string }): string {
  return language === 'en_US' && row.name_en ? row.name_en : row.name_es;
}

export const MODEL_FILTER = 'Modelo';
/** The vehicle attributes the console can filter by (spec 001 §3 "Vehicles ... filters"). */
export const FILTER_KEYS = [MODEL_FILTER, 'Año', 'Motor', 'Transmisión', 'Combustible', 'Carrocería', 'Mercado'] as const;
/** The filters a VIN sets: chips the console cannot remove. */
export const AUTOMATIC_KEYS = [MODEL_FILTER, 'Año', 'Motor'] as const;

export function attributeOf(v: VehicleRow, key: string): string | null {
  if (key === MODEL_FILTER) return modelOf(v);
  return v.attributes.find((a) => a.name === key)?.value ?? null;
}

export const UNIT_IMAGE_PATH = (unitId: string) => `/api/catalogo/catalogV2/units/${encodeURIComponent(unitId)}/image.svg`;

/** Reads the catalogue tables (raw SQL in the context's schema). */
@Injectable()
export class BrowseReader {
  constructor(
    private readonly db: ContextDatabase,
    readonly ssd: SsdCodec,
  ) {}

  private em() {
    return this.db.em();
  }

  async catalogs(): Promise<CatalogRow[]> {
    return this.em().execute<CatalogRow[]>('select code, brand, name, features from catalogs order by brand');
  }

  async catalog(code: string): Promise<CatalogRow> {
    const [row] = await this.em().execute<CatalogRow[]>('select code, brand, name, features from catalogs where code = ?', [code]);
    if (!row) throw new NotFoundError(t('catalogV2.catalogNotFound', { code }));
    return row;
  }

  async vehicles(catalogCode: string): Promise<VehicleRow[]> {
    return this.em().execute<VehicleRow[]>(
      `select vehicle_id, platform_id, catalog_code, brand, name, year_from, year_to, attributes
       from vehicles where catalog_code = ? order by name, market, vehicle_id`,
      [catalogCode],
    );
  }

  async vehicle(catalogCode: string, vehicleId: string): Promise<VehicleRow> {
    const [row] = await this.em().execute<VehicleRow[]>(
      `select vehicle_id, platform_id, catalog_code, brand, name, year_from, year_to, attributes
       from vehicles where catalog_code = ? and vehicle_id = ?`,
      [catalogCode, vehicleId],
    );
    if (!row) throw new NotFoundError(t('catalogV2.vehicleNotFound'));
    return row;
  }

  /** Decodes an ssd (400 'Valor inválido' when forged) and checks it belongs to this catalogue and vehicle. */
  state(ssd: string | undefined, catalogCode: string, vehicleId?: string, unitId?: string): SsdState {
    if (!ssd) return { c: catalogCode, ...(vehicleId ? { v: vehicleId } : {}) };
    const state = this.ssd.decode(ssd);
    const mismatch =
      state.c !== catalogCode || (vehicleId && state.v && state.v !== vehicleId) || (unitId && state.u && state.u !== unitId);
    if (mismatch) throw new ValidationError(['Valor inválido'], [{ path: 'ssd', message: 'Valor inválido' }]);
    return state;
  }

  async units(v: VehicleRow): Promise<UnitRow[]> {
    return this.em().execute<UnitRow[]>(
      `select unit_id, code, name_es, name_en, category_id, category_key from units
       where platform_id = ? and catalog_code = ? order by code, unit_id`,
      [v.platform_id, v.catalog_code],
    );
  }

  async unit(
    v: VehicleRow,
    unitId: string,
  ): Promise<UnitRow & { image_map: { code: string; x1: number; y1: number; x2: number; y2: number }[] }> {
    const [row] = await this.em().execute<(UnitRow & { image_map: { code: string; x1: number; y1: number; x2: number; y2: number }[] })[]>(
      `select unit_id, code, name_es, name_en, category_id, category_key, image_map from units
       where unit_id = ? and platform_id = ? and catalog_code = ?`,
      [unitId, v.platform_id, v.catalog_code],
    );
    if (!row) throw new NotFoundError(t('catalogV2.unitNotFound'));
    return row;
  }

  async categories(): Promise<{ category_id: string; key: string; name_es: string; name_en: string; parent_key: string | null }[]> {
    return this.em().execute('select category_id, key, name_es, name_en, parent_key from categories order by sort');
  }

  async quickGroups(): Promise<
    { quick_group_id: string; name_es: string; name_en: string; parent_id: string | null; part_types: string[] }[]
  > {
    return this.em().execute('select quick_group_id, name_es, name_en, parent_id, part_types from quick_groups order by sort');
  }

  async partTypes(v: VehicleRow): Promise<Set<string>> {
    const rows = await this.em().execute<{ part_type: string }[]>(
      'select distinct part_type from parts where platform_id = ? and catalog_code = ?',
      [v.platform_id, v.catalog_code],
    );
    return new Set(rows.map((r) => r.part_type));
  }

  async unitParts(unitId: string): Promise<PartRow[]> {
    return this.em().execute<PartRow[]>(
      `select unit_id, code_on_image, oem, name_es, name_en, amount from parts where unit_id = ?
       order by length(code_on_image), code_on_image, part_id`,
      [unitId],
    );
  }

  async partsOfTypes(v: VehicleRow, types: string[]): Promise<PartRow[]> {
    if (types.length === 0) return [];
    return this.em().execute<PartRow[]>(
      `select unit_id, code_on_image, oem, name_es, name_en, amount from parts
       where platform_id = ? and catalog_code = ? and part_type = any(?::text[])
       order by unit_id, length(code_on_image), code_on_image, part_id`,
      [v.platform_id, v.catalog_code, `{${types.map((x) => `"${x.replace(/["\\]/g, '\\$&')}"`).join(',')}}`],
    );
  }

  /** spec 001 §5: by OEM number (non-alphanumerics stripped, case folded) or by name, ignoring accents and case. */
  async searchParts(v: VehicleRow, oemOrName: string): Promise<PartRow[]> {
    const oem = oemOrName.replace(/[^0-9a-z]/gi, '').toUpperCase();
    const name = foldText(oemOrName);
    const like = (s: string) => `%${s.replace(/[\\%_]/g, '\\$&')}%`;
    return this.em().execute<PartRow[]>(
      `select unit_id, code_on_image, oem, name_es, name_en, amount from parts
       where platform_id = ? and catalog_code = ?
         and ((? <> '' and oem_normalized like ?)
           or translate(lower(name_es), '${ACCENTED}', '${PLAIN}') like ?
           or translate(lower(name_en), '${ACCENTED}', '${PLAIN}') like ?)
       order by unit_id, length(code_on_image), code_on_image, part_id
       limit 500`,
      [v.platform_id, v.catalog_code, oem, like(oem), like(name), like(name)],
    );
  }

  async unitsById(ids: string[]): Promise<UnitRow[]> {
    if (ids.length === 0) return [];
    return this.em().execute<UnitRow[]>(
      `select unit_id, code, name_es, name_en, category_id, category_key from units where unit_id in (${ids.map(() => '?').join(', ')}) order by code, unit_id`,
      ids,
    );
  }

  async report(
    id: string,
    body: { errorMessage: string; reference?: string | null; url?: string | null },
    reporter: { kind: string; id: string },
  ) {
    await this.em().execute(
      'insert into error_reports (id, error_message, reference, url, reporter_kind, reporter_id) values (?, ?, ?, ?, ?, ?)',
      [id, body.errorMessage, body.reference ?? null, body.url ?? null, reporter.kind, reporter.id],
    );
  }
}

const ACCENTED = 'áàäâéèëêíìïîóòöôúùüûñç';
const PLAIN = 'aaaaeeeeiiiioooouuuunc';

/** Lower case, no accents, collapsed whitespace (spec 001 §5 quick-group filter rules, used for name search). */
export function foldText(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}
