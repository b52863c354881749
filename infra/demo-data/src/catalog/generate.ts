import { DemoRandom, demoId } from '../random.js';
import { DEMO_MAKES, makeVin, type DemoMake, type DemoModel } from '../vehicles.js';
import { REGISTRY_VEHICLES_PER_SCALE, registryVinsByVehicle } from '../registry.js';
import { catalogCode, catalogPlatformRefs, catalogVehicleKey, generations, marketsOf, type PlatformRef } from './platforms.js';
import { aftermarketNumber, normalizeReference, oemNumber } from './numbers.js';
import { NumberBook } from './number-book.js';
import { DESIGNS, designFor, type Design } from './designs.js';
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
import { diagramLayout, explodedDiagram } from '../drawings/exploded.js';
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

/** Catalogues without quick groups, so consoles handle both (their `features` say so). */
const NO_QUICK_GROUPS = new Set(['chery', 'byd', 'bajaj', 'dfsk', 'jmc']);
/** Makes whose catalogue also answers Japanese-market frame numbers (GRJ150-0012345). */
export const JAPANESE_MARKET_MAKES = new Set(['toyota', 'nissan', 'mazda', 'honda', 'mitsubishi', 'subaru', 'suzuki', 'lexus', 'daihatsu']);
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

const VINS_PER_VEHICLE = 3;
const FRAMES_PER_VEHICLE = 2;

const root = (seed: number) => new DemoRandom(seed).fork('catalog');
const ssdOf = (...parts: string[]) => Buffer.from(parts.join('|')).toString('base64url');

/** One catalogue per make. */
/**
 * One catalogue per make, its `features` what it serves: every catalogue has its own VIN index
 * (vinsearch), the model wizard and parts' applicability; frame numbers only where they are indexed
 * (Japanese-market makes); quick groups where the catalogue has them.
 */
export function catalogs(seed: number): DemoCatalog[] {
  return DEMO_MAKES.map((make) => {
    const features: CatalogFeature[] = ['vinsearch'];
    if (JAPANESE_MARKET_MAKES.has(make.key)) features.push('framesearch');
    features.push('wizardsearch2');
    if (!NO_QUICK_GROUPS.has(make.key)) features.push('quickgroups');
    features.push('detailapplicability');
    const markets = make.markets.map((m) => (m === 'CO' ? 'Colombia' : 'México')).join(' y ');
    return {
      catalogId: demoId(seed, 'catalog', make.key),
      code: catalogCode(make.key),
      brand: make.name,
      makeKey: make.key,
      name: `${make.name} (${markets})`,
      motorcycles: make.kind === 'motorcycle',
      features: features.map((name) => ({ name })),
    };
  });
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
  const registryVins = registryVinsByVehicle(seed, scale);
  for (const { platform: p, make, model } of catalogPlatformRefs(seed, scale)) {
    const markets = marketsOf(make);
    for (const [from, to] of generations(model.years)) {
      for (const market of markets) {
        const key = catalogVehicleKey(p.key, from, market);
        const rng = r.fork(`vehicle:${key}`);
        const vehicleId = demoId(seed, 'catalog-vehicle', key);
        // 'Mazda 3 2.0 PE-VPS (2016-2021)'; a motorcycle by its displacement: 'FZ 2.0 149 cc (2012-2017)'.
        const size = p.motorcycle
          ? ` ${p.displacementCc} cc`
          : p.displacementCc
            ? ` ${(p.displacementCc / 1000).toFixed(1)} ${p.engineCode}`
            : ` ${p.engineCode}`;
        const name = `${model.name}${size} (${from}-${to})${p.series ? ` serie ${p.series + 1}` : ''}`;
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
        // The plate registry's vehicles of this catalogue vehicle: their VINs are in the index too.
        vins.push(...(registryVins.get(vehicleId) ?? []));
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
  for (const { platform: p } of catalogPlatformRefs(seed, scale)) {
    for (const { t, parts, key } of platformUnits(p)) {
      const unitId = demoId(seed, 'catalog-unit', key);
      const items = parts.map(({ pt, code, amount }) => ({ code, partType: pt.key, label: pt.es, amount }));
      // The image map from the layout alone; the drawing itself only when asked for (the catalogue's
      // diagram route draws it from the unit's parts, the same way, when it is first requested).
      const { svg, imageMap } =
        options.svg === false
          ? { svg: '', imageMap: diagramLayout(unitId, items, { motorcycle: p.motorcycle }).imageMap }
          : explodedDiagram(unitId, { code: t.code, name: t.es, vehicle: `${p.make} ${p.model} · ${p.engineCode}` }, items, {
              motorcycle: p.motorcycle,
            });
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
        svg,
        imageMap,
      };
    }
  }
}

const PAIR_NOTES: Record<string, string> = { 'front-pads': 'Juego para un eje', 'rear-pads': 'Juego para un eje' };

/** How a part type's numbers are shared: per platform, per engine (and series) or per design. */
type Fit = 'vehicle' | 'engine' | 'universal';
const fitOf = (pt: PartType): Fit => (pt.universal ? 'universal' : pt.engine ? 'engine' : 'vehicle');

/** The literal key of a recipe in a design's `numbers` ('Osram', 'Osram tuning'). */
const literalKey = (brand: string, type: string) => (type === 'tuning' ? `${brand} tuning` : brand);

/**
 * Numbers the demo always has, whatever else the pass draws: the home page's example part number
 * (HOME_EXAMPLES in contracts) is a Mann-Filter fuel filter of Renault's K7M engine (Logan, Sandero),
 * which stores sell (marketplace products) and whose OEM number and substitutes they sell too.
 */
export const SHOWCASE_NUMBERS: readonly { brand: string; number: string; partType: string; fitment: string }[] = [
  { brand: 'Mann-Filter', number: 'WK 616/1', partType: 'fuel-filter', fitment: 'engine:K7M|s0|fuel-filter' },
];
const pinned = (brand: string, type: string, fitment: string) =>
  type === 'duplicate' ? SHOWCASE_NUMBERS.find((x) => x.brand === brand && x.fitment === fitment)?.number : undefined;

/** One platform's parts and the cross-references of the OEM numbers it is the first to carry. */
export interface PlatformRows {
  ref: PlatformRef;
  parts: DemoPart[];
  crossReferences: DemoCrossReference[];
}

/**
 * The catalogue's parts and cross-references in one pass, in the catalogue's order (series, make,
 * model, engine, unit, part), with one number book: every generator of parts or cross-references
 * (the catalogue's seeder, the marketplace's products) replays this pass, so they agree on every
 * number. An OEM number shared by several platforms (an engine's, a design's) is drawn once and its
 * cross-references emitted once, on its first platform (`canonical`).
 */
export function* catalogPass(seed: number, scale = 1): Generator<PlatformRows> {
  const book = new NumberBook(seed);
  // The trade names of the designs are numbers as they are: registered first, for their design.
  for (const [partType, designs] of Object.entries(DESIGNS))
    for (const d of designs)
      for (const number of Object.values(d.numbers ?? {}))
        if (!book.reserve(number, `design:${partType}|${d.key}`)) throw new Error(`demo designs: ${number} names two designs`);
  for (const x of SHOWCASE_NUMBERS) if (!book.reserve(x.number, x.fitment)) throw new Error(`demo showcase: ${x.number} is taken`);
  // OEM numbers already carried: a vehicle part's within its platform, an engine part's within its
  // series, a design's for the whole pass (a handful per make).
  const seen = { vehicle: new Set<string>(), engine: new Set<string>(), universal: new Set<string>() };
  let series = -1;
  for (const ref of catalogPlatformRefs(seed, scale)) {
    const p = ref.platform;
    seen.vehicle.clear();
    if (p.series !== series) {
      series = p.series;
      seen.engine.clear();
    }
    const parts: DemoPart[] = [];
    const refs: DemoCrossReference[] = [];
    for (const { parts: templateParts, key: unitKey } of platformUnits(p)) {
      const unitId = demoId(seed, 'catalog-unit', unitKey);
      for (const { pt, amount, code } of templateParts) {
        const fit = fitOf(pt);
        const design: Design | null = fit === 'universal' ? designFor(pt.key, { ...p, model: ref.model.name }) : null;
        // The fitment as aftermarket numbers share it; the OEM number is per make within it.
        const fitment =
          fit === 'vehicle'
            ? `vehicle:${p.key}|${pt.key}`
            : fit === 'engine'
              ? `engine:${p.family}|s${p.series}|${pt.key}`
              : `design:${pt.key}|${design!.key}`;
        const oemKey = fit === 'vehicle' ? `oem|${fitment}` : `oem|${p.makeKey}|${fitment}`;
        const scope =
          fit === 'engine'
            ? ({ kind: 'series', series: p.series } as const)
            : fit === 'universal'
              ? ({ kind: 'pass' } as const)
              : undefined;
        const drawOem = (k: string) =>
          book.number(k, fitment, (rng) => oemNumber(p.makeKey, pt, rng, { engineCode: p.engineCode, model: p.model }), scope);
        const oem = drawOem(`${oemKey}|0`);
        const oemNormalized = normalizeReference(oem);
        const canonical = !seen[fit].has(oemKey);
        seen[fit].add(oemKey);
        const attributes = [{ name: 'amount', value: String(amount) }];
        const note = PAIR_NOTES[pt.key] ?? (amount === 2 && !p.motorcycle ? 'Izquierdo y derecho' : undefined);
        if (note) attributes.push({ name: 'Nota', value: note });
        if (design) attributes.push({ name: 'Especificación', value: design.label });
        parts.push({
          partId: demoId(seed, 'catalog-part', `${unitKey}|${code}`),
          unitId,
          platformId: p.platformId,
          catalogCode: p.catalogCode,
          manufacturer: p.make,
          codeOnImage: code,
          oem,
          oemNormalized,
          partType: pt.key,
          name: pt.es,
          nameEn: pt.en,
          amount,
          match: true,
          shared: fit !== 'vehicle',
          canonical,
          fitment,
          attributes,
        });
        if (!canonical) continue;
        const recipes = (p.motorcycle && pt.xrMoto) || pt.xr || [];
        for (let j = 0; j < recipes.length; j++) {
          const [brand, type, way] = recipes[j]!;
          const isOem = brand === 'OEM';
          const literal = !isOem ? (design?.numbers?.[literalKey(brand, type)] ?? pinned(brand, type, fitment)) : undefined;
          const number = isOem
            ? drawOem(`${oemKey}|${j + 1}`)
            : (literal ??
              book.number(
                // An aftermarket number belongs to the fitment, whatever the make: Kia's and Hyundai's G4FC share it.
                `am|${brand}|${type}|${j}|${fitment}`,
                fitment,
                (rng) => aftermarketNumber(brand, pt.key, type, rng),
                fit === 'vehicle' ? undefined : scope,
              ));
          refs.push({
            id: demoId(
              seed,
              'catalog-xref',
              `${p.makeKey}|${p.series}|${oemNormalized}|${j}|${pt.key}|${fit === 'vehicle' ? unitKey : fitment}`,
            ),
            oem,
            oemNormalized,
            manufacturer: p.make,
            catalogCode: p.catalogCode,
            partType: pt.key,
            type,
            way,
            fitment,
            part: { manufacturer: isOem ? p.make : brand, formattedOem: number, oemNormalized: normalizeReference(number), name: pt.es },
          });
        }
      }
    }
    yield { ref, parts, crossReferences: refs };
  }
}

/** Parts per unit, with callout codes, OEM numbers in the make's format and quantities. */
export function* catalogParts(seed: number, scale = 1): Generator<DemoPart> {
  for (const rows of catalogPass(seed, scale)) yield* rows.parts;
}

/**
 * Aftermarket and OEM cross-references, of the same part: the same part type, and the same fitment —
 * the platform, the engine or the universal design (see catalogPass).
 */
export function* crossReferences(seed: number, scale = 1): Generator<DemoCrossReference> {
  for (const rows of catalogPass(seed, scale)) yield* rows.crossReferences;
}

/** Exact row counts for a scale, computed without drawing numbers. */
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
  // Every registry vehicle's VIN belongs to a catalogue vehicle.
  counts.vins += REGISTRY_VEHICLES_PER_SCALE * scale;
  const seen = { vehicle: new Set<string>(), engine: new Set<string>(), universal: new Set<string>() };
  let series = -1;
  for (const { platform: p, make, model } of catalogPlatformRefs(0, scale)) {
    seen.vehicle.clear();
    if (p.series !== series) {
      series = p.series;
      seen.engine.clear();
    }
    counts.platforms++;
    const vehicles = generations(model.years).length * marketsOf(make).length;
    counts.vehicles += vehicles;
    counts.vins += vehicles * VINS_PER_VEHICLE;
    if (JAPANESE_MARKET_MAKES.has(make.key)) counts.frames += vehicles * FRAMES_PER_VEHICLE;
    for (const { parts } of platformUnits(p)) {
      counts.units++;
      counts.parts += parts.length;
      for (const { pt } of parts) {
        const fit = fitOf(pt);
        const key =
          fit === 'vehicle'
            ? pt.key
            : fit === 'engine'
              ? `${p.makeKey}|${p.family}|${pt.key}`
              : `${p.makeKey}|${pt.key}|${designFor(pt.key, { ...p, model: model.name }).key}`;
        if (seen[fit].has(key)) continue;
        seen[fit].add(key);
        counts.crossReferences += ((p.motorcycle && pt.xrMoto) || pt.xr || []).length;
      }
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
