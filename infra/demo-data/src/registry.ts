import { DemoRandom, demoId } from './random.js';
import { DEMO_MAKES, makeVin, type DemoMake, type DemoModel } from './vehicles.js';
import { catalogVehicleId, generationOf, type Market } from './catalog/platforms.js';

/**
 * The national-registry vehicles (RUNT-like for Colombia, REPUVE-like for Mexico) the built-in plate
 * provider answers from. Each one is a vehicle the catalogue sells — a platform in one of its
 * generations and markets — with a VIN of its own that the catalogue's VIN index holds too
 * (`registryVinsByVehicle`), so a plate leads to its VIN and the VIN to its exact catalogue vehicle.
 */
export interface DemoRegistryVehicle {
  id: string;
  plate: string;
  country: Market;
  makeKey: string;
  make: string;
  model: string;
  year: number;
  vin: string;
  engineCode: string;
  engineNumber: string;
  chassisNumber: string;
  cylinderCapacity: number;
  cylinders: number;
  fuel: string;
  vehicleClass: string;
  bodyType: string;
  doors: number;
  color: string;
  city: string;
  countryOfOrigin: string;
  /** The catalogue vehicle this VIN belongs to (not a registry field: for the catalogue's VIN index and tests). */
  catalogVehicleId: string;
  /** The production series of its platform (0 at scale 1). */
  series: number;
}

/** A plate the demo always has, with the vehicle it belongs to (the README lists them). */
export interface DemoPlate {
  plate: string;
  country: Market;
  makeKey: string;
  model: string;
  engineCode: string;
  year: number;
  color: string;
  city: string;
}

/**
 * Plates a person can try on a fresh demo: the same vehicles at every seed and scale. Each leads to
 * its exact catalogue vehicle (by its VIN). Colombian cars ABC123, motorcycles ABC12D; Mexican plates
 * three letters and three or four digits (NOM-001-SCT-2-2016).
 */
export const DEMO_PLATES: readonly DemoPlate[] = [
  {
    plate: 'AAC054',
    country: 'CO',
    makeKey: 'mazda',
    model: 'Mazda 3',
    engineCode: 'PE-VPS',
    year: 2018,
    color: 'Rojo',
    city: 'Bogotá D.C.',
  },
  {
    plate: 'VAP829',
    country: 'CO',
    makeKey: 'honda',
    model: 'City',
    engineCode: 'L15A',
    year: 2017,
    color: 'Gris Plata',
    city: 'Medellín',
  },
  { plate: 'UEC793', country: 'CO', makeKey: 'toyota', model: 'Hilux', engineCode: '1GD-FTV', year: 2019, color: 'Blanco', city: 'Cali' },
  {
    plate: 'IKL512',
    country: 'CO',
    makeKey: 'renault',
    model: 'Logan',
    engineCode: 'K7M',
    year: 2016,
    color: 'Gris Oscuro',
    city: 'Bogotá D.C.',
  },
  {
    plate: 'HXR340',
    country: 'CO',
    makeKey: 'chevrolet',
    model: 'Spark GT',
    engineCode: 'B12D1',
    year: 2015,
    color: 'Azul',
    city: 'Barranquilla',
  },
  { plate: 'FZN25E', country: 'CO', makeKey: 'yamaha', model: 'FZ 2.0', engineCode: '149 cc', year: 2019, color: 'Negro', city: 'Pereira' },
  {
    plate: 'BXK38D',
    country: 'CO',
    makeKey: 'bajaj',
    model: 'Boxer CT 100',
    engineCode: '99 cc',
    year: 2021,
    color: 'Rojo',
    city: 'Cúcuta',
  },
  { plate: 'KPL73F', country: 'CO', makeKey: 'akt', model: 'NKD 125', engineCode: '124 cc', year: 2020, color: 'Negro', city: 'Medellín' },
  {
    plate: 'HND58C',
    country: 'CO',
    makeKey: 'honda-motos',
    model: 'CB 190R',
    engineCode: '184 cc',
    year: 2022,
    color: 'Rojo',
    city: 'Bogotá D.C.',
  },
  {
    plate: 'PRA4521',
    country: 'MX',
    makeKey: 'nissan',
    model: 'Versa',
    engineCode: 'HR16DE',
    year: 2020,
    color: 'Blanco',
    city: 'Guadalajara',
  },
  {
    plate: 'JTR458',
    country: 'MX',
    makeKey: 'volkswagen',
    model: 'Jetta',
    engineCode: 'CBP',
    year: 2014,
    color: 'Gris Plata',
    city: 'León',
  },
];

/** Registry vehicles per scale unit (the pinned plates included). */
export const REGISTRY_VEHICLES_PER_SCALE = 400;
/** Colombia's registered fleet is more than half motorcycles (RUNT); the demo registry follows it. */
const CO_MOTORCYCLE_SHARE = 0.55;
const CO_SHARE = 0.75;
/** Registry VIN serials start here, above any serial the catalogue's own VINs use, so none repeats. */
const REGISTRY_SERIAL_BASE = 500_000;

const COLORS = ['Blanco', 'Gris Plata', 'Negro', 'Rojo', 'Azul', 'Gris Oscuro', 'Beige', 'Verde'];
const CITIES_CO = [
  'Bogotá D.C.',
  'Medellín',
  'Cali',
  'Barranquilla',
  'Bucaramanga',
  'Pereira',
  'Cartagena',
  'Cúcuta',
  'Ibagué',
  'Villavicencio',
];
const CITIES_MX = ['Ciudad de México', 'Guadalajara', 'Monterrey', 'Puebla', 'León', 'Querétaro', 'Tijuana', 'Mérida'];

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const letters = (rng: DemoRandom, n: number) => Array.from({ length: n }, () => rng.pick([...LETTERS])).join('');
const digits = (rng: DemoRandom, n: number) => Array.from({ length: n }, () => String(rng.int(0, 9))).join('');

/** Colombian plates: cars ABC123, motorcycles ABC12D. */
export function colombianPlate(rng: DemoRandom, motorcycle: boolean): string {
  return motorcycle ? `${letters(rng, 3)}${digits(rng, 2)}${letters(rng, 1)}` : `${letters(rng, 3)}${digits(rng, 3)}`;
}

/** Mexican private plates (NOM-001-SCT-2-2016): three letters and three or four digits. */
export function mexicanPlate(rng: DemoRandom): string {
  return `${letters(rng, 3)}${digits(rng, rng.chance(0.5) ? 3 : 4)}`;
}

const isMotorcycle = (m: DemoModel) => m.vehicleClass === 'Motocicleta';

interface Choice {
  make: DemoMake;
  model: DemoModel;
  engine: DemoModel['engines'][number];
  year: number;
  country: Market;
  series: number;
  color: string;
  city: string;
}

function pinnedChoice(p: DemoPlate): Choice {
  const make = DEMO_MAKES.find((m) => m.key === p.makeKey);
  const model = make?.models.find((m) => m.name === p.model);
  const engine = model?.engines.find((e) => e.code === p.engineCode);
  if (!make || !model || !engine || !generationOf(model.years, p.year) || !make.markets.includes(p.country))
    throw new Error(`demo plate ${p.plate} names no catalogue vehicle`);
  return { make, model, engine, year: p.year, country: p.country, series: 0, color: p.color, city: p.city };
}

function randomChoice(rng: DemoRandom, scale: number, makes: Record<Market, { cars: DemoMake[]; motorcycles: DemoMake[] }>): Choice {
  const country: Market = rng.chance(CO_SHARE) ? 'CO' : 'MX';
  // Mexican motorcycle plates are not in the demo registry (their series differ by state).
  const motorcycle = country === 'CO' && makes.CO.motorcycles.length > 0 && rng.chance(CO_MOTORCYCLE_SHARE);
  const make = rng.pick(motorcycle ? makes[country].motorcycles : makes[country].cars);
  const model = rng.pick(make.models.filter((m) => isMotorcycle(m) === motorcycle));
  const engine = rng.pick(model.engines);
  const year = rng.int(model.years[0], model.years[1]);
  const series = scale > 1 ? rng.int(0, scale - 1) : 0;
  return {
    make,
    model,
    engine,
    year,
    country,
    series,
    color: rng.pick(COLORS),
    city: country === 'CO' ? rng.pick(CITIES_CO) : rng.pick(CITIES_MX),
  };
}

const cache = new Map<string, DemoRegistryVehicle[]>();

/**
 * The registry: the pinned demo plates first, then random vehicles up to 400 per scale unit. Each
 * vehicle's VIN has its make's WMI and its model year's code and is unique (serials per WMI above
 * those of the catalogue's own VINs).
 */
export function demoRegistryVehicles(seed: number, scale = 1): DemoRegistryVehicle[] {
  scale = Math.max(1, Math.floor(scale));
  const cacheKey = `${seed}|${scale}`;
  const cached = cache.get(cacheKey);
  if (cached) return cached;
  const rng = new DemoRandom(seed).fork('registry');
  const withModels = (market: Market, moto: boolean) =>
    DEMO_MAKES.filter((m) => m.markets.includes(market) && m.models.some((x) => isMotorcycle(x) === moto));
  const makes = {
    CO: { cars: withModels('CO', false), motorcycles: withModels('CO', true) },
    MX: { cars: withModels('MX', false), motorcycles: withModels('MX', true) },
  };
  const seen = new Set(DEMO_PLATES.map((p) => p.plate));
  const serials = new Map<string, number>();
  const out: DemoRegistryVehicle[] = [];
  const total = REGISTRY_VEHICLES_PER_SCALE * scale;
  const add = (plate: string, c: Choice, vr: DemoRandom) => {
    const [from] = generationOf(c.model.years, c.year)!;
    const serial = (serials.get(c.make.wmi) ?? REGISTRY_SERIAL_BASE) + 1;
    serials.set(c.make.wmi, serial);
    const vin = makeVin(vr, c.make, c.year, serial);
    const platformKey = `${c.make.key}|${c.model.name}|${c.engine.code}|s${c.series}`;
    out.push({
      id: demoId(seed, 'registry-vehicle', plate),
      plate,
      country: c.country,
      makeKey: c.make.key,
      make: c.make.name,
      model: c.model.name,
      year: c.year,
      vin,
      engineCode: c.engine.code,
      engineNumber: `${c.engine.code
        .replace(/[^A-Z0-9]/gi, '')
        .slice(0, 6)
        .toUpperCase()}${digits(vr, 6)}`,
      chassisNumber: vin,
      cylinderCapacity: c.engine.displacementCc,
      cylinders: c.engine.cylinders,
      fuel: c.engine.fuel,
      vehicleClass: c.model.vehicleClass,
      bodyType: c.model.body,
      doors: c.model.doors,
      color: c.color,
      city: c.city,
      countryOfOrigin: c.make.countryOfOrigin,
      catalogVehicleId: catalogVehicleId(seed, platformKey, from, c.country),
      series: c.series,
    });
  };
  for (const p of DEMO_PLATES) add(p.plate, pinnedChoice(p), rng.fork(`pinned:${p.plate}`));
  while (out.length < total) {
    const c = randomChoice(rng, scale, makes);
    const plate = c.country === 'CO' ? colombianPlate(rng, isMotorcycle(c.model)) : mexicanPlate(rng);
    if (seen.has(plate)) continue;
    seen.add(plate);
    add(plate, c, rng);
  }
  if (cache.size > 4) cache.clear();
  cache.set(cacheKey, out);
  return out;
}

/** The registry's VINs by catalogue vehicle: the catalogue's VIN index holds them beside its own. */
export function registryVinsByVehicle(seed: number, scale = 1): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const v of demoRegistryVehicles(seed, scale)) {
    const list = out.get(v.catalogVehicleId);
    if (list) list.push(v.vin);
    else out.set(v.catalogVehicleId, [v.vin]);
  }
  return out;
}
