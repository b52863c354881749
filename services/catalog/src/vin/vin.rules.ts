/**
 * What a VIN says by itself, for Latin America (DESIGN §8): pure rules, tested without a database.
 */

/** Position 10: A = 1980/2010, …, Y = 2000/2030, 1 = 2001/2031, …, 9 = 2009/2039 (I, O, Q, U, Z and 0 never). */
export const YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY123456789';

/** The 17-character VIN (ISO 3779) is used from model year 1981 on: an earlier year is not a reading of position 10. */
export const FIRST_VIN_YEAR = 1981;

/**
 * The 30-year cycle of position 10 is told by position 7 only for vehicles built for the US and Canada
 * (49 CFR 565.15: numeric for 1980–2009, a letter for 2010–2039; WMIs starting 1, 2, 4, 5). Mexico's plants
 * (WMI 3…) build for their own market too, where position 7 follows no such rule (a 2014 Jetta from Puebla
 * has a 6 there), and so does the rest of the world.
 */
export function followsPosition7Rule(vin: string): boolean {
  return /^[1245]/.test(vin);
}

export interface YearReading {
  year: number;
  /** How much position 10 (with position 7 where it applies) favours this reading, 0–1. */
  prior: number;
}

/**
 * The model years position 10 allows, at most two, each with its prior: for US and Canadian VINs the year
 * position 7 points at comes first (the other stays possible: the rule binds light vehicles from 2010 on, and
 * a 1984 F-150 may have a letter there); elsewhere both readings of the cycle are open. Years before 1981 or
 * after next year are impossible. Empty when position 10 is not a year code.
 */
export function yearReadings(vin: string, now: Date): YearReading[] {
  const index = YEAR_CODES.indexOf(vin[9] ?? '');
  if (index < 0) return [];
  const latest = now.getUTCFullYear() + 1;
  const years = [1980 + index, 2010 + index].filter((y) => y >= FIRST_VIN_YEAR && y <= latest);
  if (years.length < 2) return years.map((year) => ({ year, prior: 1 }));
  if (followsPosition7Rule(vin)) {
    const preferred = /[0-9]/.test(vin[6] ?? '') ? years[0]! : years[1]!;
    return years.map((year) => ({ year, prior: year === preferred ? 0.9 : 0.3 })).sort((a, b) => b.prior - a.prior);
  }
  // Elsewhere the catalogue's years and the VIN's other evidence decide; the recent reading slightly first,
  // unless it is next year's (only brand-new cars carry it: a 'V' is far more often a 1997 than a 2027).
  if (years[1] === latest)
    return [
      { year: years[0]!, prior: 0.55 },
      { year: years[1]!, prior: 0.45 },
    ];
  return [
    { year: years[1]!, prior: 0.55 },
    { year: years[0]!, prior: 0.45 },
  ];
}

/**
 * A VIN nobody was issued: a run of eight or more identical characters after the WMI, or positions 10–17
 * all the same (9GAZZZ99999999999). Real serials count up and descriptor sections vary; such a VIN is typed
 * to try the system, and answering it with a list of vehicles would be a guess dressed as an answer.
 */
export function isImplausibleVin(vin: string): boolean {
  const tail = vin.slice(3);
  if (/(.)\1{7,}/.test(tail)) return true;
  return /^(.)\1{7}$/.test(vin.slice(9));
}

/** The WMI; makers of fewer than 1,000 vehicles a year have a 9 in position 3 and the rest in positions 12–14. */
export function wmiOf(vin: string): string {
  return vin.slice(0, 3);
}

export function smallMakerWmiOf(vin: string): string | null {
  return vin[2] === '9' ? `${vin.slice(0, 3)}${vin.slice(11, 14)}` : null;
}

// ---- Where it was built (positions 1–2, ISO 3780) ---------------------------------------------------------

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
  U: [['U', '7', 'Rumania']],
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
    ['2', '9', 'Brasil'],
  ],
};

export function countryOf(vin: string): string | null {
  const at = ORDER.indexOf(vin[1] ?? '');
  if (at < 0) return null;
  const range = (COUNTRIES[vin[0] ?? ''] ?? []).find(([from, to]) => ORDER.indexOf(from) <= at && at <= ORDER.indexOf(to));
  return range?.[2] ?? null;
}

/** The catalogue's market a plant most likely built the vehicle for: Colombian plants for CO, Mexican for MX. */
export function marketOf(country: string | null): 'CO' | 'MX' | null {
  if (country === 'Colombia') return 'CO';
  if (country === 'México') return 'MX';
  return null;
}

// ---- Names ------------------------------------------------------------------------------------------------

/** Lower case, no accents, letters and digits only: 'Mazda3' and 'Mazda 3', 'CR-V' and 'CRV' compare equal. */
export function nameKey(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/** The catalogue's make key of a make name ('Mercedes-Benz' → 'mercedes-benz', 'Bajaj Auto' → 'bajaj'). */
export function makeKeyOf(make: string): string {
  const key = make
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return MAKE_ALIASES[key] ?? key;
}

/** vPIC's make names that differ from the catalogue's. */
const MAKE_ALIASES: Record<string, string> = {
  'bajaj-auto': 'bajaj',
  'mercedes-amg': 'mercedes-benz',
  'great-wall-motor': 'great-wall',
  'sundiro-honda-motorcycle-co-ltd': 'honda',
};

/**
 * Names a model carries in the US (what vPIC decodes) and in Colombia and Mexico (the catalogue's), from each
 * model's Wikipedia article ("Also called"): the same vehicle under another badge.
 */
const MODEL_ALIASES: Record<string, string[]> = {
  rogue: ['xtrail'],
  xtrail: ['rogue'],
  trax: ['tracker'],
  tracker: ['trax'],
  forte: ['cerato'],
  cerato: ['forte'],
  jazz: ['fit'],
  fit: ['jazz'],
  triton: ['l200'],
  l200: ['triton'],
  pajerosport: ['monterosport'],
  monterosport: ['pajerosport'],
  polosedan: ['vento'],
  vento: ['polosedan'],
  // Bajaj sells the Pulsar NS 160/200 in Brazil as Dominar 160/200, from 2026 Dominar NS160/NS200 (one code,
  // two names: idlesign/vininfo, details/bajaj.py).
  dominar160: ['pulsarns160'],
  dominarns160: ['pulsarns160'],
  pulsarns160: ['dominar160', 'dominarns160'],
  dominar200: ['pulsarns200'],
  dominarns200: ['pulsarns200'],
  pulsarns200: ['dominar200', 'dominarns200'],
};

/** Words that qualify a model without naming another one ('Civic Hybrid', 'Outlander ES', 'Traverse AWD'). */
const TRIM_WORDS = new Set([
  'hybrid',
  'sedan',
  'hatchback',
  'coupe',
  'convertible',
  'wagon',
  'pickup',
  'cab',
  'van',
  'awd',
  '4wd',
  '2wd',
  'fwd',
  'rwd',
  '4x4',
  'es',
  'se',
  'le',
  'lx',
  'ex',
  'gt',
  'gl',
  'gls',
  'sport',
  'base',
  'plus',
]);

function withoutTrim(name: string): string {
  const words = name.trim().split(/\s+/);
  while (words.length > 1 && TRIM_WORDS.has(nameKey(words.at(-1)!))) words.pop();
  return words.join(' ');
}

/**
 * How well a decoded model name matches a catalogue model name: 1 the same model (or the same vehicle under
 * its other name), 0.8 the same once trim words are set aside ('Civic Hybrid' is a Civic), 0 otherwise — a
 * 'Corolla Matrix' is not a Corolla, nor a 'Land Cruiser' a 'Land Cruiser Prado'.
 */
export function modelMatch(decoded: string, catalogue: string): number {
  const same = (a: string, b: string) => a !== '' && (a === b || (MODEL_ALIASES[a] ?? []).includes(b));
  const a = nameKey(decoded);
  const b = nameKey(catalogue);
  if (same(a, b)) return 1;
  return same(nameKey(withoutTrim(decoded)), nameKey(withoutTrim(catalogue))) ? 0.8 : 0;
}

/** Whether two engine displacements (cc) are the same engine size as people quote it (1.6 L = 1596–1598 cc). */
export function sameDisplacement(a: number, b: number): boolean {
  return Math.abs(a - b) <= 60;
}
