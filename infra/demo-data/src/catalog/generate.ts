import { DemoRandom, demoId } from '../random.js';
import { DEMO_MAKES, makeVin, type DemoMake, type DemoModel } from '../vehicles.js';
import { aftermarketNumber, normalizeReference, oemNumber } from './numbers.js';
import {
  PART_TYPE_BY_KEY,
  QUICK_GROUPS,
  TOP_CATEGORIES,
  UNIT_TEMPLATES,
  ruleApplies,
  type PartType,
  type QuickGroupDef,
  type UnitTemplate,
} from './reference.js';
import { explodedDiagram } from './svg.js';
import type {
  CatalogCounts,
  CatalogFeature,
  DemoCatalog,
  DemoCatalogVehicle,
  DemoCategory,
  DemoCrossReference,
  DemoPart,
  DemoPlatform,
  DemoQuickGroup,
  DemoUnit,
} from './types.js';

/**
 * The demo OEM catalogue. Every row is derived from (seed, its own key) through `fork`, so the same
 * seed gives the same rows whatever is generated first; the big tables are generators, never arrays.
 *
 * Size: a platform is a model with one engine (and, above scale 1, one of `scale` production series);
 * units, parts and cross-references are per platform, so every count is exactly linear in scale.
 */

const CATALOG_CODES: Record<string, string> = {
  chevrolet: 'CHEV',
  renault: 'RENA',
  mazda: 'MAZD',
  kia: 'KIA',
  hyundai: 'HYUN',
  toyota: 'TOYO',
  nissan: 'NISS',
  volkswagen: 'VW',
  ford: 'FORD',
  suzuki: 'SUZU',
  honda: 'HOND',
  mitsubishi: 'MITS',
  peugeot: 'PEUG',
  fiat: 'FIAT',
  jeep: 'JEEP',
  dodge: 'DODG',
  bmw: 'BMW',
  'mercedes-benz': 'MERC',
  audi: 'AUDI',
  subaru: 'SUBA',
  chery: 'CHER',
  byd: 'BYD',
  yamaha: 'YAMA',
  bajaj: 'BAJA',
};
/** Catalogues without quick groups, so consoles handle both. */
const NO_QUICK_GROUPS = new Set(['chery', 'byd', 'bajaj']);
export const JAPANESE_MARKET_MAKES = new Set(['toyota', 'nissan', 'mazda', 'honda', 'mitsubishi', 'subaru', 'suzuki']);
/** Real chassis (frame) model codes, by make|model|engine; others are derived. */
const FRAME_CODES: Record<string, string> = {
  'toyota|Corolla|1ZZ-FE': 'ZZE122',
  'toyota|Corolla|2ZR-FE': 'ZRE172',
  'toyota|Yaris|2NZ-FE': 'NCP90',
  'toyota|Yaris|1NZ-FE': 'NCP93',
  'toyota|Hilux|1KD-FTV': 'KUN26',
  'toyota|Hilux|1GD-FTV': 'GUN126',
  'toyota|Hilux|2TR-FE': 'TGN126',
  'toyota|Fortuner|2TR-FE': 'TGN61',
  'toyota|Fortuner|1GD-FTV': 'GUN156',
  'toyota|RAV4|2AR-FE': 'ACA38',
  'toyota|Land Cruiser Prado|1GR-FE': 'GRJ150',
  'toyota|Land Cruiser Prado|1KD-FTV': 'KDJ150',
  'nissan|March|HR16DE': 'K13',
  'nissan|Versa|HR16DE': 'N17',
  'nissan|Sentra|MR20DE': 'B17',
  'nissan|Tsuru|GA16DE': 'B13',
  'nissan|Frontier|YD25DDTi': 'D40',
  'nissan|X-Trail|QR25DE': 'T32',
  'nissan|Kicks|HR16DE': 'P15',
  'mazda|Mazda 2|P5-VPS': 'DJ5FS',
  'mazda|Mazda 3|PE-VPS': 'BM5FP',
  'mazda|Mazda 3|Z6': 'BK3P',
  'mazda|CX-3|PE-VPS': 'DK5FW',
  'mazda|CX-5|PY-VPS': 'KF5P',
  'mazda|BT-50|WLAT': 'UNY0W',
  'honda|Civic|R18A': 'FD1',
  'honda|Civic|K20C': 'FC1',
  'honda|City|L15A': 'GM2',
  'honda|CR-V|K24Z': 'RE4',
  'honda|HR-V|R18Z': 'RU1',
  'mitsubishi|L200|4D56': 'KB4T',
  'mitsubishi|L200|4N15': 'KL1T',
  'mitsubishi|Montero Sport|4N15': 'QE2T',
  'mitsubishi|Outlander|4B12': 'GF7W',
  'mitsubishi|Mirage|3A92': 'A03A',
  'subaru|Forester|FB20': 'SJ5',
  'subaru|XV|FB20': 'GP7',
  'suzuki|Swift|K12B': 'ZC72S',
  'suzuki|Swift|M13A': 'ZC11S',
  'suzuki|Vitara|M16A': 'LY',
  'suzuki|Jimny|K15B': 'JB74W',
  'suzuki|Alto|F8D': 'HA25S',
};
export const FRAME_NUMBER_FORMAT = /^[A-Z0-9]{2,7}-\d{7}$/;

const MARKETS_CAR = ['CO', 'MX'] as const;
const MARKETS_MOTO = ['CO'] as const;
const VINS_PER_VEHICLE = 3;
const FRAMES_PER_VEHICLE = 2;
const GENERATION_YEARS = 6;

const root = (seed: number) => new DemoRandom(seed).fork('catalog');
const ssdOf = (...parts: string[]) => Buffer.from(parts.join('|')).toString('base64url');

export function catalogCode(makeKey: string): string {
  return CATALOG_CODES[makeKey] ?? makeKey.slice(0, 4).toUpperCase();
}

/** One catalogue per make. */
export function catalogs(seed: number): DemoCatalog[] {
  return DEMO_MAKES.map((make) => {
    const features: CatalogFeature[] = ['vinsearch'];
    if (JAPANESE_MARKET_MAKES.has(make.key)) features.push('framesearch');
    features.push('wizardsearch2');
    if (!NO_QUICK_GROUPS.has(make.key)) features.push('quickgroups');
    features.push('detailapplicability');
    return {
      catalogId: demoId(seed, 'catalog', make.key),
      code: catalogCode(make.key),
      brand: make.name,
      makeKey: make.key,
      name: `${make.name} (Colombia y México)`,
      features: features.map((name) => ({ name })),
    };
  });
}

interface PlatformRef {
  platform: DemoPlatform;
  make: DemoMake;
  model: DemoModel;
}

/** Platforms (model × engine × series): `scale` times the make/model/engine combinations. */
export function catalogPlatformRefs(seed: number, scale = 1): PlatformRef[] {
  const out: PlatformRef[] = [];
  for (let series = 0; series < scale; series++) {
    const seenEngines = new Set<string>();
    for (const make of DEMO_MAKES) {
      for (const model of make.models) {
        for (const engine of model.engines) {
          const key = `${make.key}|${model.name}|${engine.code}|s${series}`;
          const engineKey = `${make.key}|${engine.code}`;
          const engineCanonical = !seenEngines.has(engineKey);
          seenEngines.add(engineKey);
          out.push({
            make,
            model,
            platform: {
              platformId: demoId(seed, 'catalog-platform', key),
              key,
              catalogCode: catalogCode(make.key),
              makeKey: make.key,
              make: make.name,
              model: model.name,
              engineCode: engine.code,
              displacementCc: engine.displacementCc,
              fuel: engine.fuel,
              cylinders: engine.cylinders,
              motorcycle: model.vehicleClass === 'Motocicleta',
              series,
              engineCanonical,
            },
          });
        }
      }
    }
  }
  return out;
}

export function catalogPlatforms(seed: number, scale = 1): DemoPlatform[] {
  return catalogPlatformRefs(seed, scale).map((r) => r.platform);
}

function generations(years: [number, number]): [number, number][] {
  const out: [number, number][] = [];
  for (let from = years[0]; from <= years[1]; from += GENERATION_YEARS) out.push([from, Math.min(from + GENERATION_YEARS - 1, years[1])]);
  return out;
}

function frameCode(make: DemoMake, model: DemoModel, engineCode: string): string {
  const known = FRAME_CODES[`${make.key}|${model.name}|${engineCode}`];
  if (known) return known;
  const letters = normalizeReference(engineCode).replace(/\d/g, '').slice(0, 3).padEnd(3, 'X');
  return `${letters}${String((hash(model.name) % 900) + 100)}`;
}
const hash = (s: string) => [...s].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) >>> 0, 7);

function transmission(rng: DemoRandom, model: DemoModel, fuel: string): string {
  if (model.vehicleClass === 'Motocicleta') return model.name === 'NMAX' ? 'CVT' : 'Manual 5 vel.';
  if (fuel === 'Eléctrico') return 'Automática 1 vel.';
  if (model.body.startsWith('Pick-up')) return rng.pick(['Manual 5 vel.', 'Manual 6 vel.', 'Automática 6 vel.']);
  return rng.pick(['Manual 5 vel.', 'Automática 6 vel.', 'CVT']);
}

/** Catalogue vehicles: platform × generation (6 model years) × market, each with VINs (and frame numbers for Japanese makes). */
export function* catalogVehicles(seed: number, scale = 1): Generator<DemoCatalogVehicle> {
  const r = root(seed);
  // Serials count up per make and per frame code, so no VIN or frame number repeats at any scale.
  const vinSerials = new Map<string, number>();
  const frameSerials = new Map<string, number>();
  const next = (m: Map<string, number>, k: string) => {
    const n = (m.get(k) ?? 0) + 1;
    m.set(k, n);
    return n;
  };
  for (const { platform: p, make, model } of catalogPlatformRefs(seed, scale)) {
    const markets = p.motorcycle ? MARKETS_MOTO : MARKETS_CAR;
    for (const [from, to] of generations(model.years)) {
      for (const market of markets) {
        const key = `${p.key}|${from}|${market}`;
        const rng = r.fork(`vehicle:${key}`);
        const vehicleId = demoId(seed, 'catalog-vehicle', key);
        const litres = p.displacementCc ? ` ${(p.displacementCc / 1000).toFixed(1)}` : '';
        const name = `${model.name}${litres} ${p.engineCode} (${from}-${to})${p.series ? ` serie ${p.series + 1}` : ''}`;
        const attributes = [
          { name: 'Año', value: from === to ? String(from) : `${from}-${to}` },
          { name: 'Motor', value: p.engineCode },
          { name: 'Cilindrada', value: p.displacementCc ? `${p.displacementCc} cc` : 'N/A' },
          { name: 'Combustible', value: p.fuel },
          { name: 'Transmisión', value: transmission(rng, model, p.fuel) },
          { name: 'Carrocería', value: model.body },
          { name: 'Mercado', value: market === 'CO' ? 'Colombia' : 'México' },
        ];
        if (p.series) attributes.push({ name: 'Serie', value: String(p.series + 1) });
        const vins = Array.from({ length: VINS_PER_VEHICLE }, () => makeVin(rng, make, rng.int(from, to), next(vinSerials, make.wmi)));
        const fc = JAPANESE_MARKET_MAKES.has(make.key) ? frameCode(make, model, p.engineCode) : null;
        const frames = fc
          ? Array.from(
              { length: FRAMES_PER_VEHICLE },
              () => `${fc}-${String(next(frameSerials, fc) * 37 + rng.int(0, 36)).padStart(7, '0')}`,
            )
          : [];
        yield {
          vehicleId,
          platformId: p.platformId,
          catalog: p.catalogCode,
          brand: make.name,
          name,
          ssd: ssdOf('v', p.catalogCode, vehicleId),
          yearFrom: from,
          yearTo: to,
          market,
          attributes,
          vins,
          frames,
        };
      }
    }
  }
}

/** The Spanish category tree (English names for en_US); units hang off the subcategories. */
export function catalogCategories(seed: number): DemoCategory[] {
  return TOP_CATEGORIES.map((top) => ({
    categoryId: demoId(seed, 'catalog-category', top.key),
    key: top.key,
    code: top.code,
    name: top.es,
    nameEn: top.en,
    parentKey: null,
    childrens: top.subs.map(([key, es, en], i) => ({
      categoryId: demoId(seed, 'catalog-category', key),
      key,
      code: `${top.code}-${String((i + 1) * 10).padStart(3, '0')}`,
      name: es,
      nameEn: en,
      parentKey: top.key,
      childrens: [],
    })),
  }));
}

/** Quick groups, up to four levels. */
export function catalogQuickGroups(seed: number): DemoQuickGroup[] {
  const build = (def: QuickGroupDef): DemoQuickGroup => ({
    quickGroupId: demoId(seed, 'catalog-quick-group', def.key),
    key: def.key,
    name: def.es,
    nameEn: def.en,
    partTypes: def.parts ?? [],
    childGroups: (def.children ?? []).map(build),
  });
  return QUICK_GROUPS.map(build);
}

interface TemplatePart {
  pt: PartType;
  amount: number;
  code: string;
}

function unitParts(t: UnitTemplate, p: DemoPlatform): TemplatePart[] {
  const out: TemplatePart[] = [];
  for (const [key, amount, rule] of t.parts) {
    if (!ruleApplies(rule, p)) continue;
    out.push({
      pt: PART_TYPE_BY_KEY.get(key)!,
      amount: amount === 'cyl' ? Math.max(1, p.cylinders) : amount,
      code: String(out.length + 1),
    });
  }
  return out;
}

function* platformUnits(p: DemoPlatform): Generator<{ t: UnitTemplate; parts: TemplatePart[]; key: string }> {
  for (const t of UNIT_TEMPLATES) {
    if (!ruleApplies(t.rule, p)) continue;
    const parts = unitParts(t, p);
    if (parts.length) yield { t, parts, key: `${p.key}|${t.key}` };
  }
}

export interface UnitOptions {
  /** Leave the SVG out (empty string) when only the image map is needed. */
  svg?: boolean;
}

/** Units (exploded diagrams) per platform and subcategory, shared by the platform's vehicles. */
export function* catalogUnits(seed: number, scale = 1, options: UnitOptions = {}): Generator<DemoUnit> {
  const r = root(seed);
  for (const { platform: p } of catalogPlatformRefs(seed, scale)) {
    for (const { t, parts, key } of platformUnits(p)) {
      const unitId = demoId(seed, 'catalog-unit', key);
      const title = `${t.code} ${t.es} — ${p.model} ${p.engineCode}`;
      const { svg, imageMap } = explodedDiagram(
        r.fork(`svg:${key}`),
        title,
        parts.map(({ pt, code }) => ({ code, shape: pt.shape, label: pt.es })),
      );
      yield {
        unitId,
        platformId: p.platformId,
        catalogCode: p.catalogCode,
        categoryKey: t.sub,
        categoryId: demoId(seed, 'catalog-category', t.sub),
        code: t.code,
        name: t.es,
        nameEn: t.en,
        ssd: ssdOf('u', p.catalogCode, unitId),
        imageUrl: `/catalog/v2/units/${unitId}.svg`,
        largeImageUrl: `/catalog/v2/units/${unitId}.svg?size=large`,
        svg: options.svg === false ? '' : svg,
        imageMap,
      };
    }
  }
}

function oemFor(r: DemoRandom, p: DemoPlatform, unitKey: string, pt: PartType): string {
  const topic = pt.engine ? `oem:${p.makeKey}|${p.engineCode}|s${p.series}|${pt.key}` : `oem:${unitKey}|${pt.key}`;
  return oemNumber(p.makeKey, pt, r.fork(topic), { engineCode: p.engineCode, model: p.model });
}

const PAIR_NOTES: Record<string, string> = { 'front-pads': 'Juego para un eje', 'rear-pads': 'Juego para un eje' };

/** Parts per unit, with callout codes, OEM numbers in the make's format and quantities. */
export function* catalogParts(seed: number, scale = 1): Generator<DemoPart> {
  const r = root(seed);
  for (const { platform: p } of catalogPlatformRefs(seed, scale)) {
    for (const { parts, key } of platformUnits(p)) {
      const unitId = demoId(seed, 'catalog-unit', key);
      for (const { pt, amount, code } of parts) {
        const oem = oemFor(r, p, key, pt);
        const attributes = [{ name: 'amount', value: String(amount) }];
        const note = PAIR_NOTES[pt.key] ?? (amount === 2 && !p.motorcycle ? 'Izquierdo y derecho' : undefined);
        if (note) attributes.push({ name: 'Nota', value: note });
        yield {
          partId: demoId(seed, 'catalog-part', `${key}|${code}`),
          unitId,
          platformId: p.platformId,
          catalogCode: p.catalogCode,
          manufacturer: p.make,
          codeOnImage: code,
          oem,
          oemNormalized: normalizeReference(oem),
          partType: pt.key,
          name: pt.es,
          nameEn: pt.en,
          amount,
          match: true,
          shared: pt.engine === true,
          attributes,
        };
      }
    }
  }
}

/**
 * Aftermarket and OEM cross-references. Engine parts share one OEM number across models, so their
 * references are emitted once, on the engine's first platform.
 */
export function* crossReferences(seed: number, scale = 1): Generator<DemoCrossReference> {
  const r = root(seed);
  for (const { platform: p } of catalogPlatformRefs(seed, scale)) {
    for (const { parts, key } of platformUnits(p)) {
      for (const { pt } of parts) {
        if (!pt.xr || (pt.engine && !p.engineCanonical)) continue;
        const oem = oemFor(r, p, key, pt);
        const oemNormalized = normalizeReference(oem);
        for (let j = 0; j < pt.xr.length; j++) {
          const [brand, type, way] = pt.xr[j]!;
          const rng = r.fork(`xr:${p.makeKey}|${oemNormalized}|${j}`);
          const isOem = brand === 'OEM';
          const number = isOem
            ? oemNumber(p.makeKey, pt, rng, { engineCode: p.engineCode, model: p.model })
            : aftermarketNumber(brand, pt.key, type, rng, oem);
          yield {
            id: demoId(seed, 'catalog-xref', `${p.makeKey}|${p.series}|${oemNormalized}|${j}|${pt.key}|${pt.engine ? p.engineCode : key}`),
            oem,
            oemNormalized,
            manufacturer: p.make,
            catalogCode: p.catalogCode,
            partType: pt.key,
            type,
            way,
            part: { manufacturer: isOem ? p.make : brand, formattedOem: number, oemNormalized: normalizeReference(number), name: pt.es },
          };
        }
      }
    }
  }
}

/** Exact row counts for a scale, computed without generating rows. */
export function catalogCounts(scale = 1): CatalogCounts {
  const counts: CatalogCounts = {
    catalogs: DEMO_MAKES.length,
    platforms: 0,
    vehicles: 0,
    vins: 0,
    frames: 0,
    units: 0,
    parts: 0,
    crossReferences: 0,
  };
  for (const { platform: p, make, model } of catalogPlatformRefs(0, scale)) {
    counts.platforms++;
    const vehicles = generations(model.years).length * (p.motorcycle ? MARKETS_MOTO.length : MARKETS_CAR.length);
    counts.vehicles += vehicles;
    counts.vins += vehicles * VINS_PER_VEHICLE;
    if (JAPANESE_MARKET_MAKES.has(make.key)) counts.frames += vehicles * FRAMES_PER_VEHICLE;
    for (const { parts } of platformUnits(p)) {
      counts.units++;
      counts.parts += parts.length;
      for (const { pt } of parts) if (pt.xr && (!pt.engine || p.engineCanonical)) counts.crossReferences += pt.xr.length;
    }
  }
  return counts;
}

/** Groups rows into arrays of `size` (for COPY / bulk inserts). */
export function* batched<T>(rows: Iterable<T>, size = 1000): Generator<T[]> {
  let batch: T[] = [];
  for (const row of rows) {
    batch.push(row);
    if (batch.length >= size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length) yield batch;
}

export interface GeneratedCatalog {
  seed: number;
  scale: number;
  counts: CatalogCounts;
  catalogs: DemoCatalog[];
  categories: DemoCategory[];
  quickGroups: DemoQuickGroup[];
  vehicles(): Generator<DemoCatalogVehicle>;
  units(options?: UnitOptions): Generator<DemoUnit>;
  parts(): Generator<DemoPart>;
  crossReferences(): Generator<DemoCrossReference>;
}

/** The small tables in memory, the big ones as generators (re-iterable: each call starts again). */
export function generateCatalog(seed: number, options: { scale?: number } = {}): GeneratedCatalog {
  const scale = Math.max(1, Math.floor(options.scale ?? 1));
  return {
    seed,
    scale,
    counts: catalogCounts(scale),
    catalogs: catalogs(seed),
    categories: catalogCategories(seed),
    quickGroups: catalogQuickGroups(seed),
    vehicles: () => catalogVehicles(seed, scale),
    units: (o) => catalogUnits(seed, scale, o),
    parts: () => catalogParts(seed, scale),
    crossReferences: () => crossReferences(seed, scale),
  };
}
