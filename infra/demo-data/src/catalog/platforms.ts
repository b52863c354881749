import { demoId } from '../random.js';
import { DEMO_MAKES, type DemoMake, type DemoModel } from '../vehicles.js';
import type { DemoPlatform } from './types.js';

/**
 * The catalogue's platforms (model × engine × production series) and the vehicles they are sold as
 * (platform × generation × market). The catalogue, the plate registry and the marketplace all derive
 * their vehicles from here, so a plate, its VIN and its catalogue vehicle agree.
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
  citroen: 'CITR',
  seat: 'SEAT',
  volvo: 'VOLV',
  'land-rover': 'LROV',
  jaguar: 'JAGU',
  porsche: 'PORS',
  mini: 'MINI',
  ram: 'RAM',
  chrysler: 'CHRY',
  gmc: 'GMC',
  cadillac: 'CADI',
  buick: 'BUIC',
  lincoln: 'LINC',
  acura: 'ACUR',
  infiniti: 'INFI',
  lexus: 'LEXU',
  daihatsu: 'DAIH',
  isuzu: 'ISUZ',
  hino: 'HINO',
  ssangyong: 'SSAN',
  'alfa-romeo': 'ALFA',
  mahindra: 'MAHI',
  jac: 'JAC',
  'great-wall': 'GWM',
  changan: 'CHAN',
  dfsk: 'DFSK',
  foton: 'FOTO',
  jmc: 'JMC',
  mg: 'MG',
  geely: 'GEEL',
  gac: 'GAC',
  baic: 'BAIC',
  freightliner: 'FRTL',
  kenworth: 'KENW',
  'honda-motos': 'HONM',
  'suzuki-motos': 'SUZM',
  akt: 'AKT',
  hero: 'HERO',
  tvs: 'TVS',
  ktm: 'KTM',
  kawasaki: 'KAWA',
  'royal-enfield': 'RENF',
  italika: 'ITAL',
};
export function catalogCode(makeKey: string): string {
  return CATALOG_CODES[makeKey] ?? makeKey.slice(0, 4).toUpperCase();
}

export type Market = 'CO' | 'MX';
const GENERATION_YEARS = 6;

/** The markets a make's catalogue vehicles are sold in (each is a vehicle of its own: names and VINs differ). */
export function marketsOf(make: DemoMake): readonly Market[] {
  return make.markets;
}

/**
 * The key aftermarket makers catalogue an engine's parts under: the engine code for cars (Kia's and
 * Hyundai's G4FC are one engine), make and code for motorcycles (the demo's own codes).
 */
export function engineFamily(makeKey: string, engineCode: string, motorcycle: boolean): string {
  return motorcycle ? `${makeKey}|${engineCode}` : engineCode;
}

export interface PlatformRef {
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
              carbureted: model.carbureted === true,
              rearDrum: model.rearDrum === true,
              family: engineFamily(make.key, engine.code, model.vehicleClass === 'Motocicleta'),
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

/** A model's generations in the catalogue: blocks of six model years. */
export function generations(years: [number, number]): [number, number][] {
  const out: [number, number][] = [];
  for (let from = years[0]; from <= years[1]; from += GENERATION_YEARS) out.push([from, Math.min(from + GENERATION_YEARS - 1, years[1])]);
  return out;
}

/** The key of one catalogue vehicle: a platform sold in a market from a generation's first year. */
export function catalogVehicleKey(platformKey: string, from: number, market: Market): string {
  return `${platformKey}|${from}|${market}`;
}

export function catalogVehicleId(seed: number, platformKey: string, from: number, market: Market): string {
  return demoId(seed, 'catalog-vehicle', catalogVehicleKey(platformKey, from, market));
}

/** The generation of a model that holds a model year (null outside the model's years). */
export function generationOf(years: [number, number], year: number): [number, number] | null {
  return generations(years).find(([from, to]) => from <= year && year <= to) ?? null;
}
