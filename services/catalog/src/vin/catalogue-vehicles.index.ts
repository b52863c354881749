import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import {
  APP_CONFIG,
  Clock,
  ContextDatabase,
  EventBus,
  LOGGER,
  kysely,
  preparedRunner,
  type AppConfig,
  type Logger,
  type PreparedRunner,
} from '@tuerca/platform';
import type { CatalogDB } from '../catalog.database.js';
import type { NameValue } from '../catalogue/catalog-vehicle.entity.js';
import { attributeValue, displacementOf, isMotorcycle, modelOf } from '../catalogue/catalog-vehicle.rules.js';
import { VEHICLES_CHANGED_CHANNEL } from '../migrations/Migration009VehicleChanges.js';
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

/** A vehicle row as the index and the resolver's exact statement read it (joined with its catalogue's name). */
export interface IndexedRow {
  vehicleId: string;
  catalog: string;
  brand: string;
  name: string;
  yearFrom: number;
  yearTo: number;
  market: string;
  attributes: NameValue[];
  catalogName: string;
}

export function toIndexedVehicle(r: IndexedRow): IndexedVehicle {
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

/** An IndexedRow's columns, of vehicles as `v` joined with their catalogue as `c` (the index's and the resolver's reads). */
export const INDEXED_COLUMNS_SQL = `v.vehicle_id as "vehicleId", v.catalog_code as "catalog", v.brand, v.name, v.year_from as "yearFrom",
  v.year_to as "yearTo", v.market, v.attributes, c.name as "catalogName"`;

/**
 * hot path: a make's vehicles as one named prepared statement. Through typed Kysely, MikroORM's naming plugin
 * copied and converted every row (attributes included) after the read: 55–110 ms of blocked event loop per
 * make at scale 100, on the make's first VIN (CPU profile of the real-world VINs' first pass).
 */
const MAKE_VEHICLES = {
  name: 'catalog_make_vehicles',
  text: `
select ${INDEXED_COLUMNS_SQL}
from vehicles v join catalogs c on c.code = v.catalog_code
where v.catalog_code = any($1::text[])
order by v.vehicle_id`,
};

/** Quiet time after the catalogue's vehicles last changed before every make is read ahead again. */
export const WARM_AFTER_CHANGE_MS = 2_000;

/** Rows indexed between two turns of the event loop: a few milliseconds' work, so requests are served between slices. */
const INDEX_SLICE = 1000;

/** Lets the I/O waiting (requests, query results) run before the next slice of work. */
function yieldToRequests(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * How long a make's vehicles are kept while this process cannot hear the catalogue's change notifications
 * (its PostgreSQL session is down); while it hears them, they are kept until the catalogue changes.
 */
export const INDEX_TTL_MS = 10 * 60_000;

/** 'honda-motos', 'Honda Motocicletas' → 'honda': a make's motorcycle catalogue is still that make. */
export function catalogMakeKey(makeKey: string): string {
  return makeKeyOf(makeKey.replace(/[-\s]+(motos?|motorcycles?|motocicletas)$/i, ''));
}

/**
 * The catalogue's vehicles by make, in memory, for ranking VIN candidates: a make has a few dozen vehicles
 * at scale 1 and a few thousand at scale 100, and a VIN lookup filters them in well under a millisecond
 * instead of reading and parsing them on every request (issue 21: 200 lookups a second on two cores).
 * Read per make (MAKE_VEHICLES) — every make in the background once a served process starts (warm), else on
 * the make's first VIN — and kept until the catalogue's vehicles change — the
 * tables' trigger notifies `tuerca_catalog_vehicles` on commit (Migration009), heard on the process's
 * PostgreSQL session — or, while that session is down, for INDEX_TTL_MS. `generation` counts the changes
 * heard, for the caches built on top (the resolver's resolved VINs).
 */
@Injectable()
export class CatalogueVehiclesIndex implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly run: PreparedRunner;
  private readonly byMake = new Map<string, { at: number; vehicles: Promise<IndexedVehicle[]> }>();
  private makes: { at: number; keys: Promise<Map<string, { codes: string[]; names: Map<string, string> }>> } | null = null;
  private listening = false;
  private stopListening: (() => void) | null = null;
  private readonly onLost = () => {
    // Notifications sent while the session was down are lost: forget everything. The session listens again
    // when it reconnects, but this process cannot tell when that is, so from now on what it reads also
    // expires by time.
    this.listening = false;
    this.invalidate();
  };
  /** Bumped on every change heard (and on every invalidate): what was built on an older generation is stale. */
  generation = 0;
  /** A served process reads ahead (warm); the next read-ahead after a change, while changes keep coming. */
  private warmsAhead = false;
  private rewarm: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
    private readonly bus: EventBus,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.run = preparedRunner(db);
  }

  /**
   * A process that serves requests reads every make's vehicles before it listens (about 1.5 s and 120 MB at
   * scale 100; so /ready answers once VINs are answered warm), and again WARM_AFTER_CHANGE_MS after the
   * catalogue's vehicles last changed (an import changes many in a row) in the background, so a VIN outside the
   * index never waits for its make's read. Tests and the worker role read a make on its first VIN.
   */
  async onApplicationBootstrap(): Promise<void> {
    this.bus.session.on('lost', this.onLost);
    await this.listen();
    if (this.config.NODE_ENV !== 'test' && this.config.ROLE !== 'worker') {
      this.warmsAhead = true;
      await this.warm();
    }
  }

  onModuleDestroy(): void {
    this.bus.session.off('lost', this.onLost);
    this.stopListening?.();
    this.warmsAhead = false;
    if (this.rewarm) clearTimeout(this.rewarm);
  }

  private async listen(): Promise<void> {
    try {
      this.stopListening = await this.bus.session.listen(VEHICLES_CHANGED_CHANNEL, (schema) => {
        if (schema === this.db.schema) this.invalidate();
      });
      // Anything read before the session listened may already be stale.
      this.invalidate();
      this.listening = true;
    } catch (err) {
      this.logger.warn({ err: (err as Error).message }, 'catalogue vehicle changes not heard; the VIN index expires by time');
    }
  }

  /** Forgets everything read (after a catalogue change: heard from the database, or made in this process). */
  invalidate(): void {
    this.generation++;
    this.byMake.clear();
    this.makes = null;
    if (!this.warmsAhead) return;
    if (this.rewarm) clearTimeout(this.rewarm);
    this.rewarm = setTimeout(() => {
      this.rewarm = null;
      void this.warm();
    }, WARM_AFTER_CHANGE_MS);
    this.rewarm.unref();
  }

  /** Whether what was read still holds: always while changes are heard, INDEX_TTL_MS otherwise. */
  fresh(at: number): boolean {
    return this.listening || this.clock.now().getTime() - at < INDEX_TTL_MS;
  }

  /**
   * Reads every make's vehicles, one make at a time and yielding to the event loop between them, so requests
   * arriving meanwhile are served between two makes. Stops when the catalogue changes (the read-ahead after the
   * change takes over; until it runs, a make is read on its first VIN).
   */
  async warm(): Promise<void> {
    const generation = this.generation;
    const started = performance.now();
    const rss = process.memoryUsage().rss;
    let vehicles = 0;
    try {
      for (const key of (await this.catalogsByMake()).keys()) {
        if (this.generation !== generation) return;
        vehicles += (await this.vehicles(key)).length;
        await yieldToRequests();
      }
      this.logger.info(
        {
          ms: Math.round(performance.now() - started),
          vehicles,
          rssMb: Math.round(process.memoryUsage().rss / 2 ** 20),
          rssBeforeMb: Math.round(rss / 2 ** 20),
        },
        'catalogue vehicles read for VIN ranking',
      );
    } catch (err) {
      this.logger.warn({ err: (err as Error).message }, 'catalogue vehicles not read ahead; each make is read on its first VIN');
    }
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
    const cached = this.byMake.get(makeKey);
    if (cached && this.fresh(cached.at)) return cached.vehicles;
    const vehicles = this.read(makeKey);
    this.byMake.set(makeKey, { at: this.clock.now().getTime(), vehicles });
    vehicles.catch(() => this.byMake.delete(makeKey));
    return vehicles;
  }

  private async catalogsByMake() {
    if (this.makes && this.fresh(this.makes.at)) return this.makes.keys;
    const now = this.clock.now().getTime();
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
    const rows = await this.run<IndexedRow>(MAKE_VEHICLES.name, MAKE_VEHICLES.text, [entry.codes]);
    const vehicles: IndexedVehicle[] = [];
    for (const [i, r] of rows.entries()) {
      if (i > 0 && i % INDEX_SLICE === 0) await yieldToRequests();
      vehicles.push(toIndexedVehicle(r));
    }
    return vehicles;
  }
}
