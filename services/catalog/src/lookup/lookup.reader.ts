import { Injectable } from '@nestjs/common';
import { ContextDatabase } from '@tuerca/platform';
import { groupsOf, type CrossReferenceRow, type SubstitutionGroup } from './substitutions.rules.js';

export interface VehicleRow {
  vehicle_id: string;
  catalog_code: string;
  brand: string;
  name: string;
  year_from: number;
  year_to: number;
  attributes: { name: string; value: string }[];
}

/** Upper bound of cross-reference rows read per reference and direction (a lookup never reads a whole brand). */
const MAX_XREF_ROWS = 500;

/** The catalogue's own VIN/frame index, parts by OEM and cross-references, in raw SQL. */
@Injectable()
export class LookupReader {
  constructor(private readonly db: ContextDatabase) {}

  private exec<T>(sql: string, params: unknown[]): Promise<T[]> {
    return this.db.em().execute<T[]>(sql, params);
  }

  vehiclesByVin(vin: string): Promise<VehicleRow[]> {
    return this.exec<VehicleRow>(
      `select v.vehicle_id, v.catalog_code, v.brand, v.name, v.year_from, v.year_to, v.attributes
       from vehicle_vins x join vehicles v on v.vehicle_id = x.vehicle_id where x.vin = ? order by v.vehicle_id`,
      [vin],
    );
  }

  vehiclesByFrame(frame: string): Promise<VehicleRow[]> {
    return this.exec<VehicleRow>(
      `select v.vehicle_id, v.catalog_code, v.brand, v.name, v.year_from, v.year_to, v.attributes
       from vehicle_frames x join vehicles v on v.vehicle_id = x.vehicle_id where x.frame = ? order by v.vehicle_id`,
      [frame],
    );
  }

  /**
   * Candidates for a decoded VIN: vehicles of the catalogues of a make (by make key or brand) whose
   * year range contains the year, the narrowest ranges first.
   */
  vehiclesByMakeAndYear(make: { key: string; name: string }, year: number, limit: number): Promise<VehicleRow[]> {
    return this.exec<VehicleRow>(
      `select v.vehicle_id, v.catalog_code, v.brand, v.name, v.year_from, v.year_to, v.attributes
       from vehicles v join catalogs c on c.code = v.catalog_code
       where (c.make_key = ? or lower(c.brand) = lower(?)) and v.year_from <= ? and v.year_to >= ?
       order by (v.year_to - v.year_from), v.name, v.vehicle_id limit ?`,
      [make.key, make.name, year, year, limit],
    );
  }

  async catalogExists(code: string): Promise<boolean> {
    return (await this.exec<{ code: string }>('select code from catalogs where code = ?', [code])).length > 0;
  }

  /** Catalogues carrying a part number (exact, or ending with it), with the part's formatted number, name and unit images. */
  async partsByOem(
    oem: string,
    atTheEnd: boolean,
  ): Promise<{ oem: string; name: string; catalogs: { brand: string; code: string }[]; unitIds: string[] } | null> {
    const where = atTheEnd ? `p.oem_normalized like ?` : `p.oem_normalized = ?`;
    const param = atTheEnd ? `%${oem.replace(/[%_\\]/g, '')}` : oem;
    const rows = await this.exec<{ oem: string; name_es: string; catalog_code: string; brand: string; unit_id: string }>(
      `select p.oem, p.name_es, p.catalog_code, c.brand, p.unit_id
       from parts p join catalogs c on c.code = p.catalog_code where ${where}
       order by (p.oem_normalized = ?) desc, c.brand, p.unit_id limit 1000`,
      [param, oem],
    );
    if (rows.length === 0) return null;
    const catalogs = new Map<string, { brand: string; code: string }>();
    const units = new Set<string>();
    for (const r of rows) {
      catalogs.set(r.catalog_code, { brand: r.brand, code: r.catalog_code });
      units.add(r.unit_id);
    }
    return { oem: rows[0]!.oem, name: rows[0]!.name_es, catalogs: [...catalogs.values()], unitIds: [...units].slice(0, 20) };
  }

  /** Vehicles of one catalogue whose platform carries the part, with the unit it is drawn on. */
  vehiclesByOem(catalogCode: string, oem: string): Promise<(VehicleRow & { unit_id: string })[]> {
    return this.exec<VehicleRow & { unit_id: string }>(
      `select distinct on (v.vehicle_id) v.vehicle_id, v.catalog_code, v.brand, v.name, v.year_from, v.year_to, v.attributes, p.unit_id
       from parts p join vehicles v on v.platform_id = p.platform_id and v.catalog_code = p.catalog_code
       where p.catalog_code = ? and p.oem_normalized = ?
       order by v.vehicle_id, p.unit_id`,
      [catalogCode, oem],
    );
  }

  /** Substitution groups of a reference, read as an OEM number and as an aftermarket number (both directions). */
  async substitutions(reference: string): Promise<SubstitutionGroup[]> {
    const cols = 'id, oem, manufacturer, type, way, part_manufacturer, part_formatted, part_name';
    const asOem = await this.exec<CrossReferenceRow>(
      `select ${cols} from cross_references where oem_normalized = ? order by manufacturer, oem, part_manufacturer, part_formatted, id limit ${MAX_XREF_ROWS}`,
      [reference],
    );
    const asAftermarket = await this.exec<CrossReferenceRow>(
      `select ${cols} from cross_references where part_normalized = ? order by part_manufacturer, part_formatted, manufacturer, oem, id limit ${MAX_XREF_ROWS}`,
      [reference],
    );
    return groupsOf(asOem, asAftermarket);
  }
}
