import { Injectable } from '@nestjs/common';
import { ErrorCodes, checkVin, normalizeFrame, t } from '@tuerca/contracts';
import { Clock, ContextDatabase, DomainError, kysely, preparedRunner, type PreparedRunner } from '@tuerca/platform';
import type { CatalogDB } from '../catalog.database.js';
import {
  CatalogueVehiclesIndex,
  INDEXED_COLUMNS_SQL,
  toIndexedVehicle,
  type IndexedRow,
  type IndexedVehicle,
} from './catalogue-vehicles.index.js';
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

/** Resolved VINs and frames kept in memory (least recently used out first): a few KB each. */
export const MAX_RESOLVED = 10_000;

/**
 * hot path: the exact answer (a VIN or frame in the catalogue's own index, with its vehicles and their
 * catalogue) as one named prepared statement on the context's pool — parsed and planned once per connection.
 * The same read through typed Kysely with MikroORM's naming plugin cost 2–5× the raw SQL per call (issue 14
 * brief; load-tests/reports/catalog-lookup-scale1.md has the lookup's figures before and after).
 */
const EXACT_SQL = (table: 'vehicle_vins' | 'vehicle_frames', column: 'vin' | 'frame') => `
select ${INDEXED_COLUMNS_SQL}
from ${table} x join vehicles v on v.vehicle_id = x.vehicle_id join catalogs c on c.code = v.catalog_code
where x.${column} = $1
order by v.vehicle_id`;
const EXACT = {
  VehicleVin: { name: 'catalog_vin_exact', text: EXACT_SQL('vehicle_vins', 'vin') },
  VehicleFrame: { name: 'catalog_frame_exact', text: EXACT_SQL('vehicle_frames', 'frame') },
} as const;

/**
 * Resolves a VIN or frame number: the catalogue's own index first (exact), then the VIN's own evidence
 * ranked against the catalogue's vehicles (candidates), else a named not-in-catalogue answer, else not
 * registered.
 *
 * A resolution depends only on the VIN, the visitor's market, the year (position 10's readings stop at next
 * year) and the catalogue's vehicles and index; so the last MAX_RESOLVED are kept and served from memory until
 * the catalogue changes (CatalogueVehiclesIndex.generation, bumped by the change notifications; by time while
 * they are not heard). A VIN decoded and ranked the first time costs a few milliseconds; again, microseconds.
 */
@Injectable()
export class VinResolver {
  private readonly resolved = new Map<string, { generation: number; at: number; resolution: Promise<VinResolution> }>();
  private readonly run: PreparedRunner;

  constructor(
    private readonly db: ContextDatabase,
    private readonly decoder: VinDecoder,
    private readonly index: CatalogueVehiclesIndex,
    private readonly clock: Clock,
  ) {
    this.run = preparedRunner(db);
  }

  resolve(input: VinInput, visitorMarket: 'CO' | 'MX' | null = null): Promise<VinResolution> {
    const now = this.clock.now();
    const key = `${input.kind === 'vin' ? input.vin : `frame:${input.frame}`}|${visitorMarket ?? ''}|${now.getUTCFullYear()}`;
    const generation = this.index.generation;
    const kept = this.resolved.get(key);
    if (kept && kept.generation === generation && this.index.fresh(kept.at)) {
      this.resolved.delete(key);
      this.resolved.set(key, kept);
      return kept.resolution;
    }
    const resolution = this.compute(input, visitorMarket);
    this.resolved.set(key, { generation, at: now.getTime(), resolution });
    if (this.resolved.size > MAX_RESOLVED) this.resolved.delete(this.resolved.keys().next().value!);
    resolution.then(
      // Read while the catalogue changed: not kept (the next request reads again).
      () => this.index.generation !== generation && this.forget(key, resolution),
      () => this.forget(key, resolution),
    );
    return resolution;
  }

  private forget(key: string, resolution: Promise<VinResolution>): void {
    if (this.resolved.get(key)?.resolution === resolution) this.resolved.delete(key);
  }

  private async compute(input: VinInput, visitorMarket: 'CO' | 'MX' | null): Promise<VinResolution> {
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
    const { name, text } = EXACT[table];
    return (await this.run<IndexedRow>(name, text, [value])).map(toIndexedVehicle);
  }
}
