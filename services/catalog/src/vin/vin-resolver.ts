import { Injectable } from '@nestjs/common';
import { ErrorCodes, checkVin, normalizeFrame, t } from '@tuerca/contracts';
import { ContextDatabase, DomainError, kysely } from '@tuerca/platform';
import type { CatalogDB } from '../catalog.database.js';
import { CatalogueVehiclesIndex, INDEXED_COLUMNS, toIndexedVehicle, type IndexedVehicle } from './catalogue-vehicles.index.js';
import { VinDecoder, type DecodedVin } from './vin-decoder.js';
import { rankVin, type RankedCandidate, type VinIdentity } from './vin-ranking.rules.js';
import { makeKeyOf } from './vin.rules.js';

/** What the person typed, once read: a VIN or a Japanese frame number. */
export type VinInput = { kind: 'vin'; vin: string } | { kind: 'frame'; frame: string };

/** The catalogue's one answer to "which vehicle is this?" — the lookup, VINHasCatalog and the card all read it. */
export type VinResolution =
  | { kind: 'exact'; source: 'index' | 'frame'; vehicles: IndexedVehicle[]; decoded: DecodedVin | null }
  | { kind: 'candidates'; candidates: RankedCandidate[]; identity: VinIdentity; decoded: DecodedVin }
  | { kind: 'notInCatalog'; label: string; identity: VinIdentity; decoded: DecodedVin }
  | { kind: 'notRegistered'; identity: VinIdentity | null; decoded: DecodedVin | null };

/**
 * Reads what was typed — a VIN (lowercase, spaces and I/O/Q mistakes accepted; the check digit enforced only
 * for North American VINs) or a frame number — or answers the spec's 400s: 'VIN must have 17 digits' for a
 * wrong length, 'Invalid VIN' otherwise.
 */
export function readVinInput(raw: string): VinInput {
  const frame = normalizeFrame(raw);
  if (frame) return { kind: 'frame', frame };
  const check = checkVin(raw);
  if (!check.ok) {
    const messages = check.code === ErrorCodes.VIN_LENGTH ? [...check.messages, t('vin.mustHave17Detail')] : check.messages;
    throw new DomainError(400, check.code, messages);
  }
  return { kind: 'vin', vin: check.vin };
}

/**
 * Resolves a VIN or frame number: the catalogue's own index first (exact), then the VIN's own evidence
 * ranked against the catalogue's vehicles (candidates), else a named not-in-catalogue answer, else not
 * registered.
 */
@Injectable()
export class VinResolver {
  constructor(
    private readonly db: ContextDatabase,
    private readonly decoder: VinDecoder,
    private readonly index: CatalogueVehiclesIndex,
  ) {}

  async resolve(input: VinInput, visitorMarket: 'CO' | 'MX' | null = null): Promise<VinResolution> {
    if (input.kind === 'frame') {
      const vehicles = await this.indexed('VehicleFrame', input.frame);
      return vehicles.length > 0
        ? { kind: 'exact', source: 'frame', vehicles, decoded: null }
        : { kind: 'notRegistered', identity: null, decoded: null };
    }
    const indexed = await this.indexed('VehicleVin', input.vin);
    if (indexed.length > 0) return { kind: 'exact', source: 'index', vehicles: indexed, decoded: null };
    const decoded = await this.decoder.decode(input.vin);
    const catalogue = new Map<string, { brand: string; vehicles: IndexedVehicle[] }>();
    for (const make of decoded.makes) {
      const key = makeKeyOf(make.name);
      if (catalogue.has(key) || !(await this.index.hasMake(key))) continue;
      catalogue.set(key, { brand: (await this.index.brandOf(key)) ?? make.name, vehicles: await this.index.vehicles(key) });
    }
    const ranking = rankVin({ decoded, catalogue, visitorMarket });
    if (ranking.kind === 'candidates') return { ...ranking, decoded };
    if (ranking.kind === 'notInCatalog') return { ...ranking, decoded };
    return { kind: 'notRegistered', identity: ranking.identity, decoded };
  }

  /** The vehicle ids a VIN names exactly (the catalogue's own index): what a part's `match` means. */
  async exactVehicleIds(vin: string): Promise<string[]> {
    const rows = await kysely<CatalogDB>(this.db.em()).selectFrom('VehicleVin').select('vehicleId').where('vin', '=', vin).execute();
    return rows.map((r) => r.vehicleId);
  }

  private async indexed(table: 'VehicleVin' | 'VehicleFrame', value: string): Promise<IndexedVehicle[]> {
    const q = kysely<CatalogDB>(this.db.em());
    const base =
      table === 'VehicleVin'
        ? q.selectFrom('VehicleVin as x').where('x.vin', '=', value)
        : q.selectFrom('VehicleFrame as x').where('x.frame', '=', value);
    const rows = await base
      .innerJoin('CatalogVehicle as v', 'v.vehicleId', 'x.vehicleId')
      .innerJoin('Catalog as c', 'c.code', 'v.catalog')
      .select(INDEXED_COLUMNS)
      .orderBy('v.vehicleId')
      .execute();
    return rows.map(toIndexedVehicle);
  }
}
