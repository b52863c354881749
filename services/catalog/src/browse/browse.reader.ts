import { Injectable } from '@nestjs/common';
import { t, type CatalogLanguage } from '@tuerca/contracts';
import { ContextDatabase, NotFoundError, ValidationError, kysely, likePattern } from '@tuerca/platform';
import type { CatalogDB } from '../catalog.database.js';
import type { ImageMapBox } from '../catalogue/unit.entity.js';
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

/**
 * The names of one answer in the language asked for (spec 001 §9: "27 languages"): Spanish as written,
 * English from the catalogue's own column, any other language from `name_translations`; a name without one is
 * shown in Spanish, and the answer says so (`languageFallback`) so the console can tell the person.
 */
export class CatalogNames {
  private fellBack = false;

  constructor(
    readonly language: CatalogLanguage,
    private readonly translated: ReadonlyMap<string, string> = new Map(),
  ) {}

  of(row: { name_es: string; name_en: string }): string {
    if (this.language === 'es_ES') return row.name_es;
    const name = this.language === 'en_US' ? row.name_en : this.translated.get(row.name_es);
    if (name) return name;
    this.fellBack = true;
    return row.name_es;
  }

  /** For the answer's metadata: the language asked for and whether some name was shown in Spanish instead. */
  metadata(): { language: CatalogLanguage; languageFallback: boolean } {
    return { language: this.language, languageFallback: this.fellBack };
  }
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

/** A unit's diagram, its text in the answer's language (Spanish, the default, needs no parameter). */
export const UNIT_IMAGE_PATH = (unitId: string, language: CatalogLanguage = 'es_ES') =>
  `/api/catalogo/catalogV2/units/${encodeURIComponent(unitId)}/image.svg${language === 'es_ES' ? '' : `?language=${language}`}`;

/** Reads the catalogue tables through typed Kysely, in the shapes the browse and export use cases present. */
@Injectable()
export class BrowseReader {
  constructor(
    private readonly db: ContextDatabase,
    readonly ssd: SsdCodec,
  ) {}

  private k() {
    return kysely<CatalogDB>(this.db.em());
  }

  /** The names of one language: other than Spanish and English, read from the translations table. */
  async names(language: CatalogLanguage): Promise<CatalogNames> {
    if (language === 'es_ES' || language === 'en_US') return new CatalogNames(language);
    const rows = await this.k().selectFrom('NameTranslation').select(['nameEs', 'name']).where('language', '=', language).execute();
    return new CatalogNames(language, new Map(rows.map((r) => [r.nameEs, r.name])));
  }

  async catalogs(): Promise<CatalogRow[]> {
    return this.k().selectFrom('Catalog').select(['code', 'brand', 'name', 'features']).orderBy('brand').execute();
  }

  async catalog(code: string): Promise<CatalogRow> {
    const row = await this.k()
      .selectFrom('Catalog')
      .select(['code', 'brand', 'name', 'features'])
      .where('code', '=', code)
      .executeTakeFirst();
    if (!row) throw new NotFoundError(t('catalogV2.catalogNotFound', { code }));
    return row;
  }

  private vehicleRows() {
    return this.k()
      .selectFrom('CatalogVehicle')
      .select(['vehicleId', 'platformId', 'catalog', 'brand', 'name', 'yearFrom', 'yearTo', 'attributes']);
  }

  async vehicles(catalogCode: string): Promise<VehicleRow[]> {
    const rows = await this.vehicleRows()
      .where('catalog', '=', catalogCode)
      .orderBy('name')
      .orderBy('market')
      .orderBy('vehicleId')
      .execute();
    return rows.map(toVehicleRow);
  }

  async vehicle(catalogCode: string, vehicleId: string): Promise<VehicleRow> {
    const row = await this.vehicleRows().where('catalog', '=', catalogCode).where('vehicleId', '=', vehicleId).executeTakeFirst();
    if (!row) throw new NotFoundError(t('catalogV2.vehicleNotFound'));
    return toVehicleRow(row);
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

  private unitRows() {
    return this.k().selectFrom('Unit').select(['unitId', 'code', 'nameEs', 'nameEn', 'categoryId', 'categoryKey']);
  }

  async units(v: VehicleRow): Promise<UnitRow[]> {
    const rows = await this.unitRows()
      .where('platformId', '=', v.platform_id)
      .where('catalogCode', '=', v.catalog_code)
      .orderBy('code')
      .orderBy('unitId')
      .execute();
    return rows.map(toUnitRow);
  }

  async unit(v: VehicleRow, unitId: string): Promise<UnitRow & { image_map: ImageMapBox[] }> {
    const row = await this.unitRows()
      .select('imageMap')
      .where('unitId', '=', unitId)
      .where('platformId', '=', v.platform_id)
      .where('catalogCode', '=', v.catalog_code)
      .executeTakeFirst();
    if (!row) throw new NotFoundError(t('catalogV2.unitNotFound'));
    return { ...toUnitRow(row), image_map: row.imageMap };
  }

  async categories(): Promise<{ category_id: string; key: string; name_es: string; name_en: string; parent_key: string | null }[]> {
    const rows = await this.k()
      .selectFrom('Category')
      .select(['categoryId', 'key', 'nameEs', 'nameEn', 'parentKey'])
      .orderBy('sort')
      .execute();
    return rows.map((r) => ({ category_id: r.categoryId, key: r.key, name_es: r.nameEs, name_en: r.nameEn, parent_key: r.parentKey }));
  }

  async quickGroups(): Promise<
    { quick_group_id: string; name_es: string; name_en: string; parent_id: string | null; part_types: string[] }[]
  > {
    const rows = await this.k()
      .selectFrom('QuickGroup')
      .select(['quickGroupId', 'nameEs', 'nameEn', 'parentId', 'partTypes'])
      .orderBy('sort')
      .execute();
    return rows.map((r) => ({
      quick_group_id: r.quickGroupId,
      name_es: r.nameEs,
      name_en: r.nameEn,
      parent_id: r.parentId,
      part_types: r.partTypes,
    }));
  }

  async partTypes(v: VehicleRow): Promise<Set<string>> {
    const rows = await this.k()
      .selectFrom('Part')
      .select('partType')
      .distinct()
      .where('platformId', '=', v.platform_id)
      .where('catalogCode', '=', v.catalog_code)
      .execute();
    return new Set(rows.map((r) => r.partType));
  }

  /** Parts in the order a diagram numbers them: by unit, then the code's length and the code (so 2 comes before 10). */
  private partRows() {
    return this.k()
      .selectFrom('Part')
      .select(['unitId', 'codeOnImage', 'oem', 'nameEs', 'nameEn', 'amount'])
      .orderBy('unitId')
      .orderBy((eb) => eb.fn('length', ['codeOnImage']))
      .orderBy('codeOnImage')
      .orderBy('partId');
  }

  async unitParts(unitId: string): Promise<PartRow[]> {
    return (await this.partRows().where('unitId', '=', unitId).execute()).map(toPartRow);
  }

  /** The parts of some units, in diagram order. */
  async partsOfUnits(unitIds: string[]): Promise<PartRow[]> {
    if (unitIds.length === 0) return [];
    return (await this.partRows().where('unitId', 'in', unitIds).execute()).map(toPartRow);
  }

  async partsOfTypes(v: VehicleRow, types: string[]): Promise<PartRow[]> {
    if (types.length === 0) return [];
    const rows = await this.partRows()
      .where('platformId', '=', v.platform_id)
      .where('catalogCode', '=', v.catalog_code)
      .where('partType', 'in', types)
      .execute();
    return rows.map(toPartRow);
  }

  /** spec 001 §5: by OEM number (non-alphanumerics stripped, case folded) or by name, ignoring accents and case. */
  async searchParts(v: VehicleRow, oemOrName: string): Promise<PartRow[]> {
    const oem = oemOrName.replace(/[^0-9a-z]/gi, '').toUpperCase();
    const name = likePattern(foldText(oemOrName));
    const rows = await this.partRows()
      .where('platformId', '=', v.platform_id)
      .where('catalogCode', '=', v.catalog_code)
      .where((eb) => {
        const folded = (column: 'nameEs' | 'nameEn') => eb.fn('translate', [eb.fn('lower', [column]), eb.val(ACCENTED), eb.val(PLAIN)]);
        return eb.or([
          ...(oem ? [eb('oemNormalized', 'like', likePattern(oem))] : []),
          eb(folded('nameEs'), 'like', name),
          eb(folded('nameEn'), 'like', name),
        ]);
      })
      .limit(500)
      .execute();
    return rows.map(toPartRow);
  }

  async unitsById(ids: string[]): Promise<UnitRow[]> {
    if (ids.length === 0) return [];
    return (await this.unitRows().where('unitId', 'in', ids).orderBy('code').orderBy('unitId').execute()).map(toUnitRow);
  }
}

function toVehicleRow(r: {
  vehicleId: string;
  platformId: string;
  catalog: string;
  brand: string;
  name: string;
  yearFrom: number;
  yearTo: number;
  attributes: NameValue[];
}): VehicleRow {
  return {
    vehicle_id: r.vehicleId,
    platform_id: r.platformId,
    catalog_code: r.catalog,
    brand: r.brand,
    name: r.name,
    year_from: r.yearFrom,
    year_to: r.yearTo,
    attributes: r.attributes,
  };
}

function toUnitRow(r: { unitId: string; code: string; nameEs: string; nameEn: string; categoryId: string; categoryKey: string }): UnitRow {
  return { unit_id: r.unitId, code: r.code, name_es: r.nameEs, name_en: r.nameEn, category_id: r.categoryId, category_key: r.categoryKey };
}

function toPartRow(r: { unitId: string; codeOnImage: string; oem: string; nameEs: string; nameEn: string; amount: number }): PartRow {
  return { unit_id: r.unitId, code_on_image: r.codeOnImage, oem: r.oem, name_es: r.nameEs, name_en: r.nameEn, amount: r.amount };
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
