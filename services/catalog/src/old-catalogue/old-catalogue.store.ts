import { Injectable } from '@nestjs/common';
import { t, type CatalogLanguage } from '@tuerca/contracts';
import { ContextDatabase, NotFoundError, kysely } from '@tuerca/platform';
import type { CatalogDB } from '../catalog.database.js';
import type { ImageMapBox } from '../catalogue/unit.entity.js';
import { carIdOf, type OldVehicleRow } from './old-catalogue.rules.js';

export interface OldCatalogRow {
  code: string;
  catalogId: string;
  brand: string;
  name: string;
}

export interface OldUnitRow {
  unitId: string;
  platformId: string;
  categoryKey: string;
  code: string;
  nameEs: string;
  nameEn: string;
}

export interface OldCategoryRow {
  categoryId: string;
  key: string;
  nameEs: string;
  nameEn: string;
  parentKey: string | null;
}

/** The diagram of a unit, drawn by the catalogue's diagram route (the one version 2 uses). */
export const diagramUrl = (unitId: string) => `/api/catalogo/catalogV2/units/${encodeURIComponent(unitId)}/image.svg`;

const VEHICLE_COLUMNS = ['vehicleId', 'platformId', 'catalog', 'brand', 'name', 'yearFrom', 'yearTo', 'market', 'attributes'] as const;
const UNIT_COLUMNS = ['unitId', 'platformId', 'categoryKey', 'code', 'nameEs', 'nameEn'] as const;

/**
 * Typed reads of the catalogue tables for the old generation: the same catalogues, vehicles, categories,
 * units and parts version 2 reads (one source of truth, two read shapes).
 */
@Injectable()
export class OldCatalogueStore {
  constructor(private readonly db: ContextDatabase) {}

  private k() {
    return kysely<CatalogDB>(this.db.em());
  }

  catalogs(): Promise<OldCatalogRow[]> {
    return this.k().selectFrom('Catalog').select(['code', 'catalogId', 'brand', 'name']).orderBy('brand').orderBy('code').execute();
  }

  /** The catalogue of a catalogId (the old generation's id), or 404 in Spanish. */
  async catalog(catalogId: string): Promise<OldCatalogRow> {
    const row = await this.k()
      .selectFrom('Catalog')
      .select(['code', 'catalogId', 'brand', 'name'])
      .where('catalogId', '=', catalogId)
      .executeTakeFirst();
    if (!row) throw new NotFoundError(t('catalogOld.catalogNotFound'));
    return row;
  }

  vehicles(catalogCode: string): Promise<OldVehicleRow[]> {
    return this.k().selectFrom('CatalogVehicle').select(VEHICLE_COLUMNS).where('catalog', '=', catalogCode).orderBy('vehicleId').execute();
  }

  /**
   * The car of a carId: car ids are derived from the vehicle's identity (not stored), so the catalogue's
   * vehicles are read and the one whose identity gives this id is kept. A catalogue holds a few dozen to a
   * couple of thousand vehicles (scale 100), read by the catalogue's index.
   */
  async car(catalogCode: string, carId: string): Promise<OldVehicleRow> {
    const found = (await this.vehicles(catalogCode)).find((v) => carIdOf(v) === carId);
    if (!found) throw new NotFoundError(t('catalogOld.carNotFound'));
    return found;
  }

  /** Names in a language other than Spanish and English (Spanish name → name); empty for those two. */
  async translations(language: CatalogLanguage): Promise<ReadonlyMap<string, string>> {
    if (language === 'es_ES' || language === 'en_US') return new Map();
    const rows = await this.k().selectFrom('NameTranslation').select(['nameEs', 'name']).where('language', '=', language).execute();
    return new Map(rows.map((r) => [r.nameEs, r.name]));
  }

  categories(): Promise<OldCategoryRow[]> {
    return this.k().selectFrom('Category').select(['categoryId', 'key', 'nameEs', 'nameEn', 'parentKey']).orderBy('sort').execute();
  }

  units(v: OldVehicleRow): Promise<OldUnitRow[]> {
    return this.k()
      .selectFrom('Unit')
      .select(UNIT_COLUMNS)
      .where('platformId', '=', v.platformId)
      .where('catalogCode', '=', v.catalog)
      .orderBy('code')
      .orderBy('unitId')
      .execute();
  }

  async imageMap(unitId: string): Promise<ImageMapBox[]> {
    const row = await this.k().selectFrom('Unit').select('imageMap').where('unitId', '=', unitId).executeTakeFirst();
    return row?.imageMap ?? [];
  }

  /** The first diagram of each platform of a catalogue (a model's picture). */
  async firstUnits(catalogCode: string): Promise<Map<string, string>> {
    const rows = await this.k()
      .selectFrom('Unit')
      .select(['platformId', (eb) => eb.fn.min('unitId').as('unitId')])
      .where('catalogCode', '=', catalogCode)
      .groupBy('platformId')
      .execute();
    return new Map(rows.map((r) => [r.platformId, String(r.unitId)]));
  }

  parts(unitIds: string[]) {
    if (unitIds.length === 0) return Promise.resolve([]);
    return this.k()
      .selectFrom('Part')
      .select(['partId', 'unitId', 'codeOnImage', 'oem', 'nameEs', 'nameEn', 'amount', 'partType'])
      .where('unitId', 'in', unitIds)
      .orderBy('unitId')
      .orderBy((eb) => eb.fn('length', ['codeOnImage']))
      .orderBy('codeOnImage')
      .orderBy('partId')
      .execute();
  }
}
