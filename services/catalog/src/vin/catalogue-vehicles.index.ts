import { Injectable } from '@nestjs/common';
import { ContextDatabase, kysely, Clock } from '@tuerca/platform';
import type { CatalogDB } from '../catalog.database.js';
import type { NameValue } from '../catalogue/catalog-vehicle.entity.js';
import { attributeValue, displacementOf, isMotorcycle, modelOf } from '../catalogue/catalog-vehicle.rules.js';
import { makeKeyOf } from './vin.rules.js';

/** A catalogue vehicle as the VIN ranking reads it. */
export interface IndexedVehicle {
  vehicleId: string;
  catalogCode: string;
  brand: string;
  name: string;
  model: string;
  yearFrom: number;
  yearTo: number;
  market: string;
  motorcycle: boolean;
  engineCode: string | null;
  displacementCc: number | null;
  body: string | null;
  fuel: string | null;
  attributes: NameValue[];
}

/** The columns a ranking reads (vehicles joined with their catalogue as `c`). */
export const INDEXED_COLUMNS = [
  'v.vehicleId',
  'v.catalog',
  'v.brand',
  'v.name',
  'v.yearFrom',
  'v.yearTo',
  'v.market',
  'v.attributes',
  'c.name as catalogName',
] as const;

export function toIndexedVehicle(r: {
  vehicleId: string;
  catalog: string;
  brand: string;
  name: string;
  yearFrom: number;
  yearTo: number;
  market: string;
  attributes: NameValue[];
  catalogName: string;
}): IndexedVehicle {
  return {
    vehicleId: r.vehicleId,
    catalogCode: r.catalog,
    brand: r.brand,
    name: r.name,
    model: modelOf(r),
    yearFrom: r.yearFrom,
    yearTo: r.yearTo,
    market: r.market,
    motorcycle: isMotorcycle(r, r.catalogName),
    engineCode: attributeValue(r, 'Motor'),
    displacementCc: displacementOf(r),
    body: attributeValue(r, 'Carrocería'),
    fuel: attributeValue(r, 'Combustible'),
    attributes: r.attributes,
  };
}

/** How long a make's vehicles are kept before they are read again (the catalogue changes by imports, rarely). */
export const INDEX_TTL_MS = 10 * 60_000;

/** 'honda-motos', 'Honda Motocicletas' → 'honda': a make's motorcycle catalogue is still that make. */
export function catalogMakeKey(makeKey: string): string {
  return makeKeyOf(makeKey.replace(/[-\s]+(motos?|motorcycles?|motocicletas)$/i, ''));
}

/**
 * The catalogue's vehicles by make, in memory, for ranking VIN candidates: a make has a few dozen vehicles
 * at scale 1 and a few thousand at scale 100, and a VIN lookup filters them in well under a millisecond
 * instead of reading and parsing them on every request (issue 21: 200 lookups a second on two cores).
 * Read through typed Kysely, per make, on first use and again after INDEX_TTL_MS.
 */
@Injectable()
export class CatalogueVehiclesIndex {
  private readonly byMake = new Map<string, { at: number; vehicles: Promise<IndexedVehicle[]> }>();
  private makes: { at: number; keys: Promise<Map<string, { codes: string[]; names: Map<string, string> }>> } | null = null;

  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
  ) {}

  /** Forgets everything read (after a catalogue change in this process; other processes wait out the TTL). */
  invalidate(): void {
    this.byMake.clear();
    this.makes = null;
  }

  /** Whether the catalogue carries the make at all. */
  async hasMake(makeKey: string): Promise<boolean> {
    return (await this.catalogsByMake()).has(makeKey);
  }

  /** The make's name as its catalogue writes it ('Mercedes-Benz'), or null. */
  async brandOf(makeKey: string): Promise<string | null> {
    const entry = (await this.catalogsByMake()).get(makeKey);
    return entry ? ([...entry.names.values()][0] ?? null) : null;
  }

  async vehicles(makeKey: string): Promise<IndexedVehicle[]> {
    const now = this.clock.now().getTime();
    const cached = this.byMake.get(makeKey);
    if (cached && now - cached.at < INDEX_TTL_MS) return cached.vehicles;
    const vehicles = this.read(makeKey);
    this.byMake.set(makeKey, { at: now, vehicles });
    vehicles.catch(() => this.byMake.delete(makeKey));
    return vehicles;
  }

  private async catalogsByMake() {
    const now = this.clock.now().getTime();
    if (this.makes && now - this.makes.at < INDEX_TTL_MS) return this.makes.keys;
    const keys = (async () => {
      const rows = await kysely<CatalogDB>(this.db.em()).selectFrom('Catalog').select(['code', 'brand', 'makeKey', 'name']).execute();
      const out = new Map<string, { codes: string[]; names: Map<string, string> }>();
      for (const r of rows) {
        for (const key of new Set([catalogMakeKey(r.makeKey), catalogMakeKey(r.brand)])) {
          const entry = out.get(key) ?? { codes: [], names: new Map<string, string>() };
          entry.codes.push(r.code);
          entry.names.set(r.code, r.brand);
          out.set(key, entry);
        }
      }
      return out;
    })();
    this.makes = { at: now, keys };
    keys.catch(() => (this.makes = null));
    return keys;
  }

  private async read(makeKey: string): Promise<IndexedVehicle[]> {
    const entry = (await this.catalogsByMake()).get(makeKey);
    if (!entry) return [];
    const rows = await kysely<CatalogDB>(this.db.em())
      .selectFrom('CatalogVehicle as v')
      .innerJoin('Catalog as c', 'c.code', 'v.catalog')
      .select(INDEXED_COLUMNS)
      .where('v.catalog', 'in', entry.codes)
      .orderBy('v.vehicleId')
      .execute();
    return rows.map(toIndexedVehicle);
  }
}
