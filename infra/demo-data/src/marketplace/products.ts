import { hash } from 'node:crypto';
import { AI_COMPATIBILITY_SUFFIX, type CompatibleVehicle } from '@tuerca/contracts';
import { DEFAULT_SEED } from '../people.js';
import { DemoRandom, demoId } from '../random.js';
import { DEMO_MAKES } from '../vehicles.js';
import { SHOWCASE_NUMBERS, catalogPass } from '../catalog/generate.js';
import { designFor } from '../catalog/designs.js';
import { partPhotoUrl } from '../drawings/photo.js';
import { normalizeReference } from '../catalog/numbers.js';
import { PART_TYPES, TOP_CATEGORIES, UNIT_TEMPLATES } from '../catalog/reference.js';
import type { DemoCrossReference, DemoPart } from '../catalog/types.js';
import { marketplaceStores, type DemoMarketplaceStore } from './stores.js';

/**
 * The demo marketplace's products: sellers' listings of the catalogue's parts, under the part's OEM
 * number (the make as brand) or under one of its aftermarket cross-references (Bosch, Mann-Filter, NGK...),
 * so a part-number lookup finds the same references the catalogue knows, and its substitutes.
 *
 * Streamed: one catalogue part at a time (with its cross-references, which the catalogue emits in the
 * same order), never the whole set. The only state that grows with the output is a compact set of
 * 64-bit hashes of (store, reference, brand) — 8 bytes a product — because a store lists a reference of
 * a brand once (the products' unique index) while an aftermarket number serves many OEM numbers.
 */
export interface DemoMarketplaceProduct {
  id: string;
  storeId: string;
  title: string;
  manufacturer_title: string;
  descripcion: string;
  observaciones: string;
  referencia_1: string;
  referencia_2: string | null;
  referencia_3: string | null;
  inventario: number;
  /** ISO time. */
  fecha_actualizacion: string;
  actualPrice: number;
  hidePrices: boolean;
  imagesURLs: string[];
  tiempos_de_entrega: string;
  minimum_order_quantity: number;
  salesModel: 1 | 2 | 3;
  cartTypeBySaleModel: 'cart' | 'favorites';
  quotationMaxQuantity: number | null;
  remainingTime: number;
  compatibleVehicles: CompatibleVehicle[];
  category: string | null;
  confirmProductInAPI: boolean;
  state: 'published' | 'depleted';
  createdAt: string;
  updatedAt: string;
  /** Where the listing comes from (not a product field): the catalogue part's OEM number and part type. */
  source: { kind: 'oem' | 'aftermarket'; oem: string; partType: string; make: string };
}

export interface MarketplaceProductOptions {
  /** The time stock dates are counted back from (default: now); fix it for reproducible output. */
  now?: Date;
}

/** Delivery times sellers write (spec 000 §3 tiempos_de_entrega). */
export const DELIVERY_TIMES = ['Entrega inmediata', '24 horas', '2 a 3 días hábiles'] as const;

/** Share of parts that several stores list (OEM and aftermarket), so a lookup finds several products and substitutes. */
const POPULAR = 0.105;
/** Other parts: the chance of one OEM listing and of one aftermarket listing. */
const SINGLE_OEM = 0.115;
const SINGLE_AFTERMARKET = 0.19;
const COP_PER_MXN = 215;
const DAY_MS = 86_400_000;

/** Typical street prices in Colombia (COP) per part type, for a car; aftermarket and motorcycles cost less. */
const PRICE_COP: Record<string, [number, number]> = {
  'oil-filter': [18000, 65000],
  'air-filter': [35000, 120000],
  'cabin-filter': [30000, 90000],
  'fuel-filter': [35000, 180000],
  'spark-plug': [15000, 85000],
  'accessory-belt': [45000, 180000],
  'belt-tensioner': [120000, 450000],
  'wiper-driver': [25000, 90000],
  'wiper-passenger': [25000, 90000],
  'wiper-motor': [180000, 600000],
  'head-gasket': [90000, 650000],
  'valve-cover-gasket': [40000, 220000],
  'head-bolt': [8000, 30000],
  'valve-seal': [3000, 12000],
  'timing-belt': [80000, 350000],
  'timing-tensioner': [90000, 380000],
  'idler-pulley': [70000, 250000],
  'crank-seal': [15000, 60000],
  'oil-pump': [250000, 1200000],
  'oil-pan': [180000, 850000],
  'drain-plug': [8000, 35000],
  'oil-pressure-sensor': [35000, 180000],
  injector: [180000, 950000],
  'fuel-pump': [220000, 1100000],
  'throttle-body': [350000, 1800000],
  'ignition-coil': [90000, 450000],
  'glow-plug': [45000, 160000],
  'glow-relay': [90000, 380000],
  'water-pump': [120000, 650000],
  thermostat: [45000, 220000],
  'water-pump-gasket': [8000, 30000],
  radiator: [350000, 1500000],
  'upper-hose': [40000, 160000],
  'lower-hose': [40000, 160000],
  'radiator-cap': [18000, 60000],
  fan: [250000, 900000],
  'exhaust-gasket': [12000, 50000],
  catalytic: [900000, 3500000],
  muffler: [250000, 900000],
  'o2-sensor': [180000, 650000],
  'exhaust-clamp': [10000, 40000],
  'clutch-kit': [450000, 1800000],
  'clutch-disc': [220000, 800000],
  'release-bearing': [80000, 350000],
  'clutch-slave': [120000, 450000],
  'shock-front': [180000, 750000],
  'spring-front': [150000, 450000],
  'strut-mount': [80000, 280000],
  'shock-boot': [30000, 90000],
  'lower-arm': [180000, 650000],
  'ball-joint': [60000, 250000],
  'arm-bushing': [20000, 90000],
  'stabilizer-link': [45000, 180000],
  'shock-rear': [150000, 600000],
  'spring-rear': [140000, 420000],
  'rear-bushing': [25000, 90000],
  'wheel-bearing': [90000, 420000],
  'tie-rod-end': [55000, 200000],
  'inner-tie-rod': [70000, 250000],
  'rack-boot': [30000, 90000],
  'front-pads': [90000, 380000],
  'front-disc': [150000, 550000],
  caliper: [280000, 950000],
  'abs-sensor': [120000, 480000],
  'rear-pads': [80000, 300000],
  'rear-drum': [180000, 550000],
  'wheel-cylinder': [50000, 180000],
  alternator: [450000, 1600000],
  starter: [400000, 1400000],
  'voltage-regulator': [90000, 350000],
  headlamp: [250000, 1200000],
  'tail-lamp': [150000, 650000],
  'h4-bulb': [12000, 45000],
  'front-bumper': [350000, 1400000],
  grille: [120000, 550000],
  mirror: [150000, 650000],
  fender: [250000, 900000],
};
const DEFAULT_PRICE: [number, number] = [50000, 300000];

const SHORT_BRAND: Record<string, string> = { 'Mann-Filter': 'Mann' };
const PART_NAMES = new Map(PART_TYPES.map((p) => [p.key, p.es]));
/** Part type → the top category (Spanish) of the first unit template holding it. */
const CATEGORY_OF = (() => {
  const topOfSub = new Map<string, string>();
  for (const top of TOP_CATEGORIES) for (const [sub] of top.subs) topOfSub.set(sub, top.es);
  const out = new Map<string, string>();
  for (const t of UNIT_TEMPLATES) for (const [key] of t.parts) if (!out.has(key)) out.set(key, topOfSub.get(t.sub) ?? t.es);
  return out;
})();

const OBSERVATIONS_CO = [
  '',
  '',
  '',
  'Precio por unidad',
  'Se vende por juego completo',
  'Verificar referencia antes de comprar',
  'Envíos a todo el país',
  'Factura electrónica disponible',
];
const OBSERVATIONS_MX = [
  '',
  '',
  '',
  'Precio por pieza',
  'Se vende por juego completo',
  'Verificar número de parte antes de comprar',
  'Envíos a toda la República',
  'Factura disponible',
];
const CONDITIONS = [
  'Producto nuevo.',
  'Producto nuevo en caja sellada.',
  'Garantía de 3 meses.',
  'Garantía de 6 meses por defectos de fábrica.',
  '',
];

/** Models of a make that carry an engine (engine parts fit all of them). */
const MODELS_BY_ENGINE = (() => {
  const out = new Map<string, { name: string; years: [number, number]; cc: number; motorcycle: boolean }[]>();
  for (const make of DEMO_MAKES)
    for (const model of make.models)
      for (const e of model.engines) {
        const k = `${make.key}|${e.code}`;
        if (!out.has(k)) out.set(k, []);
        out.get(k)!.push({ name: model.name, years: model.years, cc: e.displacementCc, motorcycle: model.vehicleClass === 'Motocicleta' });
      }
  return out;
})();

/**
 * A compact set of 64-bit keys (open addressing over two Uint32Arrays): 8 bytes a key instead of a
 * JavaScript string in a Set, so a million products' identities cost about 16 MB.
 */
class SeenKeys {
  private hi = new Uint32Array(1 << 14);
  private lo = new Uint32Array(1 << 14);
  private size = 0;

  /** Adds the key; false when it was already there. */
  add(key: string): boolean {
    const h = hash('sha1', key, 'buffer');
    const a = h.readUInt32LE(0) || 1;
    const b = h.readUInt32LE(4);
    if ((this.size + 1) * 2 > this.hi.length) this.grow();
    const mask = this.hi.length - 1;
    for (let i = b & mask; ; i = (i + 1) & mask) {
      if (this.hi[i] === 0) {
        this.hi[i] = a;
        this.lo[i] = b;
        this.size++;
        return true;
      }
      if (this.hi[i] === a && this.lo[i] === b) return false;
    }
  }

  private grow(): void {
    const { hi, lo } = this;
    this.hi = new Uint32Array(hi.length * 2);
    this.lo = new Uint32Array(lo.length * 2);
    const mask = this.hi.length - 1;
    for (let j = 0; j < hi.length; j++) {
      if (hi[j] === 0) continue;
      let i = lo[j]! & mask;
      while (this.hi[i] !== 0) i = (i + 1) & mask;
      this.hi[i] = hi[j]!;
      this.lo[i] = lo[j]!;
    }
  }
}

interface Listing {
  kind: 'oem' | 'aftermarket';
  number: string;
  brand: string;
  /** Another reference of the same part the seller writes in referencia_2 (the OEM or an equivalent). */
  alternate: string | null;
}

function price(rng: DemoRandom, partType: string, kind: Listing['kind'], motorcycle: boolean, currency: 'COP' | 'MXN'): number {
  const [min, max] = PRICE_COP[partType] ?? DEFAULT_PRICE;
  let cop = min + (max - min) * rng.next() ** 1.5;
  if (kind === 'aftermarket') cop *= 0.6 + 0.3 * rng.next();
  if (motorcycle) cop *= 0.35;
  if (currency === 'COP') return Math.max(1000, Math.round(cop / 100) * 100);
  const mxn = cop / COP_PER_MXN;
  return Math.max(20, mxn < 200 ? Math.round(mxn) + (rng.chance(0.5) ? 0.5 : 0) : Math.round(mxn / 5) * 5);
}

function stock(rng: DemoRandom): number {
  const x = rng.next();
  if (x < 0.12) return 0;
  if (x < 0.57) return rng.int(1, 5);
  if (x < 0.85) return rng.int(6, 30);
  return rng.int(31, 200);
}

/** The models of a make that take a design of a universal part type (every one of them fits). */
function modelsWithDesign(makeKey: string, partType: string, designKey: string) {
  const make = DEMO_MAKES.find((m) => m.key === makeKey);
  const out: { name: string; years: [number, number]; cc: number; motorcycle: boolean }[] = [];
  for (const model of make?.models ?? [])
    for (const e of model.engines) {
      const motorcycle = model.vehicleClass === 'Motocicleta';
      const taker = { makeKey, model: model.name, engineCode: e.code, motorcycle, displacementCc: e.displacementCc };
      if (designFor(partType, taker).key === designKey)
        out.push({ name: model.name, years: model.years, cc: e.displacementCc, motorcycle });
    }
  return out;
}

function compatibility(
  rng: DemoRandom,
  part: DemoPart,
  make: string,
  makeKey: string,
  model: string,
  engineCode: string,
): CompatibleVehicle[] {
  // What the part fits: its model, every model with its engine, or every model of the make with its design.
  const design = part.fitment.startsWith('design:') ? part.fitment.slice(part.fitment.indexOf('|') + 1) : null;
  const models = design
    ? modelsWithDesign(makeKey, part.partType, design)
    : (MODELS_BY_ENGINE.get(`${makeKey}|${engineCode}`) ?? []).filter((m) => part.shared || m.name === model);
  const list = models.length ? models : [{ name: model, years: [2015, 2020] as [number, number], cc: 0, motorcycle: false }];
  const years = new Set<number>();
  for (const m of list) for (let y = m.years[0]; y <= m.years[1]; y++) years.add(y);
  const fullModels = list.map((m) => (m.cc && !m.motorcycle ? `${m.name} ${(m.cc / 1000).toFixed(1)}` : m.name));
  const engine = rng.chance(0.1) ? `${engineCode}${AI_COMPATIBILITY_SUFFIX}` : engineCode;
  return [{ make, full_models: [...new Set(fullModels)], years: [...years].sort((a, b) => a - b).slice(-40), engines: [engine] }];
}

/**
 * Marketplace products at a scale (about 10,000 per scale unit), in catalogue order. Deterministic for
 * (seed, scale, now): ids, stores, prices and stock come from forks of the seed keyed by the part and listing.
 */
export function* marketplaceProducts(
  seed = DEFAULT_SEED,
  scale = 1,
  options: MarketplaceProductOptions = {},
): Generator<DemoMarketplaceProduct> {
  for (const { products } of marketplacePass(seed, scale, options)) yield* products;
}

/** One platform of the catalogue's pass: its cross-references and the products listed from its parts. */
export interface MarketplacePlatformRows {
  crossReferences: DemoCrossReference[];
  products: DemoMarketplaceProduct[];
}

/**
 * The products of marketplaceProducts, platform by platform, with the cross-references of the same
 * catalogue pass: a seeder writing both replays the pass once instead of twice (crossReferences() is the
 * same rows in the same order).
 */
export function* marketplacePass(
  seed = DEFAULT_SEED,
  scale = 1,
  options: MarketplaceProductOptions = {},
): Generator<MarketplacePlatformRows> {
  scale = Math.max(1, Math.floor(scale));
  const now = (options.now ?? new Date()).getTime();
  const root = new DemoRandom(seed).fork('marketplace');
  const stores = marketplaceStores(seed, scale);
  // A make is sold by the stores of the countries it is sold in (Italika in Mexico, AKT in Colombia).
  const poolOf = new Map(DEMO_MAKES.map((m) => [m.key, stores.filter((s) => m.markets.includes(s.country))]));
  // The showcase is sold where a first visit lands: the Colombian marketplace (not a virtual store).
  const showcasePool = stores.filter((s) => s.country === 'CO' && !s.isVirtual);
  const seen = new SeenKeys();

  for (const { ref, parts, crossReferences: xrefs } of catalogPass(seed, scale)) {
    const p = ref.platform;
    const products: DemoMarketplaceProduct[] = [];
    // A part's cross-references come with the platform that first carries its OEM number.
    const refsOf = new Map<string, DemoCrossReference[]>();
    for (const x of xrefs) {
      const k = `${x.oemNormalized}|${x.partType}`;
      const list = refsOf.get(k);
      if (list) list.push(x);
      else refsOf.set(k, [x]);
    }
    for (const part of parts) {
      // An OEM number on several platforms (an engine's, a design's) is listed once, on the first.
      if (!part.canonical) continue;
      const refs = refsOf.get(`${part.oemNormalized}|${part.partType}`) ?? [];
      const rng = root.fork(`part:${part.partId}`);
      const aftermarket: DemoCrossReference[] = [];
      const brandsSeen = new Set<string>();
      for (const x of refs) {
        const k = `${x.part.manufacturer}|${x.part.oemNormalized}`;
        if (x.part.manufacturer === part.manufacturer || brandsSeen.has(k)) continue;
        brandsSeen.add(k);
        aftermarket.push(x);
      }
      // The showcase numbers (the home page's examples) always sell, with their substitutes.
      const showcase = SHOWCASE_NUMBERS.find((x) => x.fitment === part.fitment && x.partType === part.partType);
      const popular = rng.chance(POPULAR) || showcase !== undefined;
      const oemCount = popular ? rng.int(1, 3) : rng.chance(SINGLE_OEM) ? 1 : 0;
      const amCount = Math.min(aftermarket.length, popular ? rng.int(2, 4) : rng.chance(SINGLE_AFTERMARKET) ? 1 : 0);
      const listings: Listing[] = [];
      for (let i = 0; i < oemCount; i++) {
        const alt = aftermarket.length && rng.chance(0.15) ? rng.pick(aftermarket).part.formattedOem : null;
        listings.push({ kind: 'oem', number: part.oem, brand: part.manufacturer, alternate: alt });
      }
      const chosen = new Set<number>();
      const featured = showcase ? aftermarket.findIndex((x) => x.part.formattedOem === showcase.number) : -1;
      for (let i = 0; i < amCount; i++) {
        let j = i === 0 && featured >= 0 ? featured : rng.int(0, aftermarket.length - 1);
        while (chosen.has(j)) j = (j + 1) % aftermarket.length;
        chosen.add(j);
        const x = aftermarket[j]!;
        listings.push({
          kind: 'aftermarket',
          number: x.part.formattedOem,
          brand: x.part.manufacturer,
          alternate: rng.chance(0.35) ? part.oem : null,
        });
      }
      const pool = showcase ? showcasePool : (poolOf.get(p.makeKey) ?? stores);
      for (let k = 0; k < listings.length; k++) {
        const l = listings[k]!;
        const lr = rng.fork(`listing:${k}`);
        // A store lists a reference of a brand once: another store, or none, when the first pick already has it.
        let store: DemoMarketplaceStore | null = null;
        for (let attempt = 0; attempt < 3 && !store; attempt++) {
          const s = lr.pick(pool);
          if (seen.add(`${s.id}|${normalizeReference(l.number)}|${l.brand.toLowerCase()}`)) store = s;
        }
        if (!store) continue;
        products.push(product(seed, now, lr, part, p, l, store, k));
      }
    }
    yield { crossReferences: xrefs, products };
  }
}

function product(
  seed: number,
  now: number,
  rng: DemoRandom,
  part: DemoPart,
  p: { make: string; makeKey: string; model: string; engineCode: string; motorcycle: boolean },
  l: Listing,
  store: DemoMarketplaceStore,
  k: number,
): DemoMarketplaceProduct {
  const name = PART_NAMES.get(part.partType) ?? part.name;
  const brandInTitle = l.kind === 'oem' ? `original ${p.make}` : (SHORT_BRAND[l.brand] ?? l.brand);
  const title = `${name} ${brandInTitle} ${l.number} para ${p.make} ${p.model}`;
  const inventario = stock(rng);
  // Most stock counts are recent; some are older than 30 days, so availability varies.
  const ageMs = rng.chance(0.82) ? rng.next() ** 2 * 29 * DAY_MS : (31 + rng.next() * 210) * DAY_MS;
  const updated = new Date(now - Math.round(ageMs / 1000) * 1000);
  const created = new Date(updated.getTime() - rng.int(0, 400) * DAY_MS);
  const x = rng.next();
  const salesModel: 1 | 2 | 3 = x < 0.78 ? 1 : x < 0.91 ? 2 : 3;
  const compatibleVehicles = compatibility(rng, part, p.make, p.makeKey, p.model, p.engineCode);
  const cv = compatibleVehicles[0]!;
  const years = cv.years.length ? ` (${cv.years[0]}-${cv.years.at(-1)})` : '';
  const descripcion = [
    `${name} ${l.kind === 'oem' ? `original ${p.make}` : l.brand}, referencia ${l.number}.`,
    `Compatible con ${p.make} ${cv.full_models.join(', ')}${years}, motor ${p.engineCode}.`,
    rng.pick(CONDITIONS),
  ]
    .filter(Boolean)
    .join(' ');
  const dx = rng.next();
  return {
    id: demoId(seed, 'marketplace-product', `${part.partId}|${k}`),
    storeId: store.id,
    title,
    manufacturer_title: l.brand,
    descripcion,
    observaciones: rng.pick(store.country === 'CO' ? OBSERVATIONS_CO : OBSERVATIONS_MX),
    referencia_1: l.number,
    referencia_2: l.alternate,
    referencia_3: null,
    inventario,
    fecha_actualizacion: updated.toISOString(),
    actualPrice: price(rng, part.partType, l.kind, p.motorcycle, store.currency),
    hidePrices: rng.chance(salesModel === 3 ? 0.2 : 0.03),
    // The listing's photo: the part drawn as a product shot with the brand and number on the label.
    imagesURLs: [partPhotoUrl({ partType: part.partType, brand: l.brand, number: l.number, original: l.kind === 'oem' })],
    tiempos_de_entrega: dx < 0.45 ? DELIVERY_TIMES[0] : dx < 0.8 ? DELIVERY_TIMES[1] : DELIVERY_TIMES[2],
    minimum_order_quantity: part.partType === 'spark-plug' && part.amount > 1 && rng.chance(0.3) ? part.amount : 1,
    salesModel,
    cartTypeBySaleModel: rng.chance(0.15) ? 'favorites' : 'cart',
    quotationMaxQuantity: salesModel === 3 && inventario > 0 && rng.chance(0.6) ? rng.int(1, Math.min(inventario, 10)) : null,
    remainingTime: salesModel === 3 ? rng.pick([12, 24, 48, 72]) : 24,
    compatibleVehicles,
    category: CATEGORY_OF.get(part.partType) ?? null,
    confirmProductInAPI: rng.chance(0.04),
    state: inventario >= 1 ? 'published' : 'depleted',
    createdAt: created.toISOString(),
    updatedAt: updated.toISOString(),
    source: { kind: l.kind, oem: part.oem, partType: part.partType, make: p.make },
  };
}
