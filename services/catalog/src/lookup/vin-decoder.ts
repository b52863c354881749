import { isNorthAmericanVin, normalizeVin } from '@tuerca/contracts';

/**
 * Offline VIN decoding, the fallback after the catalogue's own VIN index (DESIGN §7). It plays the
 * role NHTSA vPIC decoding would (make from the WMI, model year from position 10, where the vehicle
 * was built from the first characters) without a native SQLite addon: a plain table of the world
 * manufacturer identifiers of the makes sold in Colombia and Mexico.
 */

export interface VinMake {
  /** The catalogue's make key (catalogs.make_key). */
  key: string;
  name: string;
}

export interface DecodedVin {
  vin: string;
  wmi: string;
  make: VinMake | null;
  year: number | null;
  region: string | null;
  country: string | null;
}

const MAKE_NAMES: Record<string, string> = {
  chevrolet: 'Chevrolet',
  renault: 'Renault',
  mazda: 'Mazda',
  kia: 'Kia',
  hyundai: 'Hyundai',
  toyota: 'Toyota',
  nissan: 'Nissan',
  volkswagen: 'Volkswagen',
  ford: 'Ford',
  suzuki: 'Suzuki',
  honda: 'Honda',
  mitsubishi: 'Mitsubishi',
  peugeot: 'Peugeot',
  fiat: 'Fiat',
  jeep: 'Jeep',
  dodge: 'Dodge',
  bmw: 'BMW',
  'mercedes-benz': 'Mercedes-Benz',
  audi: 'Audi',
  subaru: 'Subaru',
  chery: 'Chery',
  byd: 'BYD',
  yamaha: 'Yamaha',
  bajaj: 'Bajaj',
};

/** WMIs by make key: the plants that build for the region, and the common imports. */
const WMIS_BY_MAKE: Record<string, string[]> = {
  chevrolet: ['9GA', '9BG', '8AG', '3G1', '3GN', '3GC', 'KL1', 'KL8', '1G1', '1GC', '1GN'],
  renault: ['9FB', '93Y', '8A1', 'VF1'],
  mazda: ['JM1', 'JM3', '3MZ', 'MM0'],
  kia: ['KNA', 'KND', 'KNE', '3KP'],
  hyundai: ['KMH', 'KM8', 'MAL'],
  toyota: ['JTD', 'JTE', 'JTM', 'JTN', '9BR', '8AJ', 'MR0', 'MR2', '3TM'],
  nissan: ['3N1', '3N6', 'JN1', 'JN8', '94D'],
  volkswagen: ['3VW', '9BW', '8AW', 'WVW', 'WV1', 'WV2', 'WVG'],
  ford: ['3FA', '9BF', '8AF', '1FA', '1FM', '1FT', 'MAJ'],
  suzuki: ['MA3', 'JS2', 'JS3'],
  honda: ['JHM', 'JHL', '1HG', '2HG', '3HG', '9C2'],
  mitsubishi: ['MMB', 'ML3', 'JA3', 'JA4'],
  peugeot: ['VF3', '8AD'],
  fiat: ['9BD', '8AP', 'ZFA'],
  jeep: ['1C4', '1J4', '1J8'],
  dodge: ['3C4', '1B3', '2B3'],
  bmw: ['WBA', 'WBS', 'WBX'],
  'mercedes-benz': ['WDD', 'WDB', 'WDC', 'W1K', 'W1N'],
  audi: ['WAU', 'WA1', 'TRU'],
  subaru: ['JF1', 'JF2'],
  chery: ['LVV'],
  byd: ['LGX', 'LC0'],
  yamaha: ['9C6', 'JYA', 'ME1'],
  bajaj: ['MD2'],
};

const MAKE_BY_WMI: ReadonlyMap<string, VinMake> = new Map(
  Object.entries(WMIS_BY_MAKE).flatMap(([key, wmis]) => wmis.map((wmi) => [wmi, { key, name: MAKE_NAMES[key]! }] as const)),
);

/** The WMIs this decoder knows (for tests and diagnostics). */
export function knownWmis(): string[] {
  return [...MAKE_BY_WMI.keys()];
}

export function makeOfWmi(wmi: string): VinMake | null {
  return MAKE_BY_WMI.get(wmi.toUpperCase()) ?? null;
}

// ---- Model year (position 10) ----------------------------------------------------------------------

/** A = 1980/2010, ..., Y = 2000/2030, 1 = 2001/2031, ..., 9 = 2009/2039 (I, O, Q, U, Z and 0 are never used). */
const YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY123456789';

/**
 * The model year of position 10. North American VINs (WMI 1–5) tell the 30-year cycle by position 7:
 * numeric → 1980–2009, letter → 2010–2039 (49 CFR 565.15). Elsewhere the most recent year of the
 * cycle that is not later than next year. Null when position 10 is not a year code.
 */
export function modelYearOf(vin: string, now: Date = new Date()): number | null {
  const index = YEAR_CODES.indexOf(vin[9] ?? '');
  if (index < 0) return null;
  if (isNorthAmericanVin(vin)) return /[0-9]/.test(vin[6] ?? '') ? 1980 + index : 2010 + index;
  const latest = now.getUTCFullYear() + 1;
  let year = 1980 + index;
  while (year + 30 <= latest) year += 30;
  return year;
}

// ---- Where it was built (positions 1–2, ISO 3779) --------------------------------------------------

const ORDER = 'ABCDEFGHJKLMNPRSTUVWXYZ1234567890';

/** Country ranges by first character: [from, to, country] on the second character, in ORDER. */
const COUNTRIES: Record<string, [string, string, string][]> = {
  A: [['A', 'H', 'Sudáfrica']],
  J: [['A', '0', 'Japón']],
  K: [['L', 'R', 'Corea del Sur']],
  L: [['A', '0', 'China']],
  M: [
    ['A', 'E', 'India'],
    ['F', 'K', 'Indonesia'],
    ['L', 'R', 'Tailandia'],
  ],
  S: [
    ['A', 'M', 'Reino Unido'],
    ['N', 'T', 'Alemania'],
    ['U', 'Z', 'Polonia'],
  ],
  T: [
    ['A', 'H', 'Suiza'],
    ['J', 'P', 'República Checa'],
    ['R', 'V', 'Hungría'],
  ],
  V: [
    ['A', 'E', 'Austria'],
    ['F', 'R', 'Francia'],
    ['S', 'W', 'España'],
  ],
  W: [['A', '0', 'Alemania']],
  X: [
    ['L', 'R', 'Países Bajos'],
    ['S', 'W', 'Rusia'],
  ],
  Y: [
    ['A', 'E', 'Bélgica'],
    ['F', 'K', 'Finlandia'],
    ['S', 'W', 'Suecia'],
  ],
  Z: [['A', 'R', 'Italia']],
  '1': [['A', '0', 'Estados Unidos']],
  '2': [['A', '0', 'Canadá']],
  '3': [
    ['A', 'W', 'México'],
    ['X', '7', 'Costa Rica'],
  ],
  '4': [['A', '0', 'Estados Unidos']],
  '5': [['A', '0', 'Estados Unidos']],
  '6': [['A', 'W', 'Australia']],
  '7': [['A', 'E', 'Nueva Zelanda']],
  '8': [
    ['A', 'E', 'Argentina'],
    ['F', 'K', 'Chile'],
    ['L', 'R', 'Ecuador'],
    ['S', 'W', 'Perú'],
    ['X', '2', 'Venezuela'],
  ],
  '9': [
    ['A', 'E', 'Brasil'],
    ['F', 'K', 'Colombia'],
    ['L', 'R', 'Paraguay'],
    ['S', 'W', 'Uruguay'],
    ['3', '9', 'Brasil'],
  ],
};

export function regionOf(vin: string): string | null {
  const c = vin[0] ?? '';
  if (/[A-H]/.test(c)) return 'África';
  if (/[J-R]/.test(c)) return 'Asia';
  if (/[S-Z]/.test(c)) return 'Europa';
  if (/[1-5]/.test(c)) return 'Norteamérica';
  if (/[67]/.test(c)) return 'Oceanía';
  if (/[89]/.test(c)) return 'Sudamérica';
  return null;
}

export function countryOf(vin: string): string | null {
  const at = ORDER.indexOf(vin[1] ?? '');
  if (at < 0) return null;
  const range = (COUNTRIES[vin[0] ?? ''] ?? []).find(([from, to]) => ORDER.indexOf(from) <= at && at <= ORDER.indexOf(to));
  return range?.[2] ?? null;
}

/** Decodes make, model year and place of manufacture of a VIN. Pure: `now` fixes the current year. */
export function decodeVin(raw: string, now: Date = new Date()): DecodedVin {
  const vin = normalizeVin(raw);
  const wmi = vin.slice(0, 3);
  return {
    vin,
    wmi,
    make: makeOfWmi(wmi),
    year: vin.length === 17 ? modelYearOf(vin, now) : null,
    region: regionOf(vin),
    country: countryOf(vin),
  };
}
