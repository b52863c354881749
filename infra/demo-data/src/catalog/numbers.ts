import type { DemoRandom } from '../random.js';
import { hash32 } from '../random.js';
import type { PartType } from './reference.js';

/** A reference as the catalogue indexes it: non-alphanumerics stripped, upper case. */
export function normalizeReference(ref: string): string {
  return ref.replace(/[^0-9a-z]/gi, '').toUpperCase();
}

const DIGITS = '0123456789';
const LETTERS = 'ABCDEFGHJKLMNPRSTUVWXYZ';
const ALNUM = `${DIGITS}${LETTERS}`;
// Globals read once: a global read per call is slow inside a vm context (jest runs the specs in one).
const floor = Math.floor;
const chars = (rng: DemoRandom, set: string, n: number) => {
  let s = '';
  for (let i = 0; i < n; i++) s += set[floor(rng.next() * set.length)];
  return s;
};
const d = (rng: DemoRandom, n: number) => chars(rng, DIGITS, n);
const l = (rng: DemoRandom, n: number) => chars(rng, LETTERS, n);
const a = (rng: DemoRandom, n: number) => chars(rng, ALNUM, n);
/** A stable number from text, for groups derived from a part type when no real one is listed. */
const groups = new Map<string, string>();
const num = (text: string, n: number) => {
  const key = `${text}|${n}`;
  let g = groups.get(key);
  if (g === undefined) groups.set(key, (g = String(hash32(text) % 10 ** n).padStart(n, '0')));
  return g;
};

export interface OemContext {
  engineCode: string;
  model: string;
}

/** OEM part numbers in each make's real format. */
export function oemNumber(makeKey: string, pt: PartType, rng: DemoRandom, ctx: OemContext): string {
  const g = pt.g ?? {};
  const jp = g.jp ?? num(pt.key, 5);
  const engineTag = normalizeReference(ctx.engineCode);
  switch (makeKey) {
    case 'toyota':
      return `${g.toyota ?? jp}-${rng.chance(0.5) ? a(rng, 5) : d(rng, 5)}`; // 90915-YZZD4, 04465-0K090
    case 'nissan':
      return `${jp}-${d(rng, 2)}${l(rng, 1)}${a(rng, 2)}`; // 15208-65F0E
    case 'hyundai':
    case 'kia':
      return `${g.hyundai ?? jp}-${rng.chance(0.5) ? d(rng, 5) : `${a(rng, 2)}${d(rng, 3)}`}`; // 26300-35504, 58101-1RA00
    case 'honda':
      return `${g.honda ?? jp}-${l(rng, 1)}${a(rng, 2)}-${rng.chance(0.6) ? `A${d(rng, 2)}` : d(rng, 3)}`; // 15400-PLM-A02
    case 'suzuki':
      return `${g.suzuki ?? jp}-${d(rng, 2)}${l(rng, 1)}${d(rng, 2)}`; // 16510-61A21
    case 'subaru':
      return `${jp}${l(rng, 2)}${d(rng, 3)}`; // 15208AA100
    case 'mitsubishi':
      return rng.chance(0.7) ? `M${rng.pick(['D', 'R', 'N', 'Z', 'Q'])}${d(rng, 6)}` : `${d(rng, 4)}A${d(rng, 3)}`; // MD360935, 1230A046
    case 'mazda': {
      const prefix = `${(engineTag.slice(0, 2) + 'XX').slice(0, 2)}${d(rng, 2)}`.replace(/[^A-Z0-9]/g, '0');
      return `${prefix}-${g.mz ?? num(pt.key, 2)}-${d(rng, 3)}${rng.chance(0.3) ? l(rng, 1) : ''}`; // LF10-14-302
    }
    case 'chevrolet':
      return `${rng.pick(['9', '2', '4', '5'])}${d(rng, 7)}`; // 96879797
    case 'renault':
      return `${rng.pick(['82', '77'])}${d(rng, 8)}`; // 8200768913
    case 'volkswagen':
    case 'audi':
      return `${d(rng, 1)}${rng.pick(['3C', '6J', 'K0', '5Q', '4F', '6R', 'J0'])} ${g.vw ?? num(pt.key, 3)} ${d(rng, 3)}${rng.chance(0.6) ? ` ${l(rng, rng.chance(0.8) ? 1 : 2)}` : ''}`; // 03C 115 561 H
    case 'ford': {
      const sep = rng.chance(0.5) ? '-' : ' ';
      const base = g.ford ?? num(pt.key, 4); // basic part numbers such as 6731, 2001, 6B209, 19N619
      return `${l(rng, 2)}${d(rng, 1)}${l(rng, 1)}Z${sep}${base}${sep}${l(rng, rng.chance(0.85) ? 1 : 2)}`; // DS7Z-6731-C, CM5Z 6731 A
    }
    case 'bmw':
      return `${g.bmw ?? `${num(pt.key, 2)} ${num(`${pt.key}/b`, 2)}`} ${d(rng, 1)} ${d(rng, 3)} ${d(rng, 3)}`; // 11 42 7 953 129
    case 'mercedes-benz': {
      const engineDigits = engineTag.replace(/\D/g, '').padEnd(3, '0').slice(0, 3);
      return `A ${engineDigits} ${g.mb ?? num(pt.key, 3)} ${d(rng, 2)} ${d(rng, 2)}`; // A 271 180 01 09
    }
    case 'peugeot':
      return `${g.psa ?? num(pt.key, 4)}.${a(rng, 2)}`; // 1109.AZ
    case 'fiat':
      return `${rng.pick(['4', '5', '7'])}${d(rng, 7)}`; // 46544820
    case 'jeep':
    case 'dodge':
      return `${rng.pick(['68', '05', '04'])}${d(rng, 6)}${rng.pick(['AA', 'AB', 'AC', 'AD'])}`; // 68191349AA (Mopar)
    case 'chery':
    case 'byd':
      return `${l(rng, 1)}${a(rng, 2)}-${d(rng, 7)}`; // T11-3501080
    case 'yamaha':
      return `${a(rng, 3)}-${rng.pick(['E', 'F', 'H', '2', '1'])}${d(rng, 4)}-${d(rng, 2)}`; // 5D7-E3440-00
    case 'bajaj':
      return `${l(rng, 2)}${d(rng, 6)}`; // JE531000
    // Makes that share a parent's numbering write numbers the same way.
    case 'lexus':
    case 'daihatsu':
      return `${g.toyota ?? jp}-${rng.chance(0.5) ? a(rng, 5) : d(rng, 5)}`;
    case 'infiniti':
      return `${jp}-${d(rng, 2)}${l(rng, 1)}${a(rng, 2)}`;
    case 'acura':
    case 'honda-motos':
    case 'hero':
      return `${g.honda ?? jp}-${l(rng, 1)}${a(rng, 2)}-${rng.chance(0.6) ? `A${d(rng, 2)}` : d(rng, 3)}`; // 17211-KWP-900
    case 'suzuki-motos':
      return `${g.suzuki ?? jp}-${d(rng, 2)}${l(rng, 1)}${d(rng, 2)}`; // 09482-00578
    case 'seat':
    case 'porsche':
      return `${d(rng, 1)}${rng.pick(['6F', '5F', 'KJ', '95B', '9A7'])} ${g.vw ?? num(pt.key, 3)} ${d(rng, 3)}${rng.chance(0.6) ? ` ${l(rng, 1)}` : ''}`; // 5F0 129 620 A
    case 'lincoln':
      return `${l(rng, 2)}${d(rng, 1)}${l(rng, 1)}Z-${g.ford ?? num(pt.key, 4)}-${l(rng, 1)}`; // LJ6Z-6731-A
    case 'mini':
      return `${g.bmw ?? `${num(pt.key, 2)} ${num(`${pt.key}/b`, 2)}`} ${d(rng, 1)} ${d(rng, 3)} ${d(rng, 3)}`; // 11 42 8 570 590
    case 'citroen':
      return `${g.psa ?? num(pt.key, 4)}.${a(rng, 2)}`; // 1109.CK (PSA)
    case 'ram':
    case 'chrysler':
      return `${rng.pick(['68', '05', '04'])}${d(rng, 6)}${rng.pick(['AA', 'AB', 'AC', 'AD'])}`; // Mopar
    case 'gmc':
    case 'cadillac':
    case 'buick':
      return `${rng.pick(['9', '2', '8'])}${d(rng, 7)}`; // GM: 12 digits-free 8-digit numbers (ACDelco cross)
    case 'alfa-romeo':
      return `${rng.pick(['4', '5', '7'])}${d(rng, 7)}`; // FCA, like Fiat
    case 'volvo':
      return `3${d(rng, 7)}`; // 31338236
    case 'mg':
      return `10${d(rng, 6)}`; // SAIC 10366580
    case 'land-rover':
      return `LR${d(rng, 6)}`; // LR011279
    case 'jaguar':
      return `${rng.pick(['T2H', 'T4A', 'J9C'])}${d(rng, 4)}`; // T2H4470
    case 'isuzu':
      return `8-9${d(rng, 4)}-${d(rng, 3)}-${d(rng, 1)}`; // 8-97947-587-0
    case 'hino':
      return `${l(rng, 1)}${d(rng, 4)}-${d(rng, 5)}`; // S1560-72390
    case 'ssangyong':
      return `${rng.pick(['5', '6'])}${d(rng, 9)}`; // 6611803009
    case 'mahindra':
      return `${d(rng, 4)}${l(rng, 2)}${d(rng, 4)}${l(rng, 1)}`; // 0305BC0051N
    case 'geely':
      return `${rng.pick(['1', '4'])}0${d(rng, 8)}`; // 1016050284
    case 'jac':
      return `${d(rng, 7)}${l(rng, 2)}${d(rng, 3)}`; // 1026100GD050
    case 'great-wall':
      return `${d(rng, 7)}-${l(rng, 2)}${d(rng, 2)}`; // 1017100-ED01
    case 'dfsk':
      return `${d(rng, 7)}-${l(rng, 1)}${d(rng, 3)}`;
    case 'changan':
      return `${l(rng, 1)}${d(rng, 6)}-${d(rng, 4)}`; // S101033-0100
    case 'foton':
      return `${l(rng, 1)}${d(rng, 11)}`; // E04930300002
    case 'jmc':
      return `${d(rng, 7)}${l(rng, 3)}`; // 1012010TAR
    case 'gac':
      return `${d(rng, 7)}${l(rng, 3)}${d(rng, 4)}`;
    case 'baic':
      return `A00${d(rng, 6)}`;
    case 'freightliner':
      return `A${d(rng, 2)}-${d(rng, 5)}-${d(rng, 3)}`; // A06-65432-000
    case 'kenworth':
      return `K${d(rng, 3)}-${d(rng, 4)}`; // K303-4567
    case 'akt':
      return `AK${d(rng, 7)}`;
    case 'tvs':
      return `N${d(rng, 7)}`; // N9120440
    case 'ktm':
      return `${rng.pick(['9', '7', '5'])}${d(rng, 10)}`; // 90112013000
    case 'kawasaki':
      return `${d(rng, 5)}-${d(rng, 4)}`; // 16097-0008
    case 'royal-enfield':
      return `${d(rng, 6)}/${l(rng, 1)}`; // 888421/A
    case 'italika':
      return `${d(rng, 2)}${l(rng, 2)}${d(rng, 4)}`;
    default:
      return `${jp}-${a(rng, 5)}`;
  }
}

/** Regexes for OEM numbers per make (used by tests and by importers that want to sanity-check). */
export const OEM_FORMATS: Record<string, RegExp> = {
  toyota: /^\d{5}-[0-9A-Z]{5}$/,
  nissan: /^[0-9A-Z]{5}-[0-9A-Z]{5}$/,
  hyundai: /^\d{5}-[0-9A-Z]{5}$/,
  kia: /^\d{5}-[0-9A-Z]{5}$/,
  honda: /^\d{5}-[0-9A-Z]{3}-[0-9A-Z]{3}$/,
  suzuki: /^\d{5}-\d{2}[A-Z]\d{2}$/,
  subaru: /^\d{5}[A-Z]{2}\d{3}$/,
  mitsubishi: /^(M[DRNZQ]\d{6}|\d{4}A\d{3})$/,
  mazda: /^[0-9A-Z]{4}-\d{2}-\d{3}[A-Z]?$/,
  chevrolet: /^\d{8}$/,
  renault: /^\d{10}$/,
  volkswagen: /^\d[0-9A-Z]{2} \d{3} \d{3}( [A-Z]{1,2})?$/,
  audi: /^\d[0-9A-Z]{2} \d{3} \d{3}( [A-Z]{1,2})?$/,
  ford: /^[A-Z]{2}\d[A-Z]Z([- ])[0-9A-Z]{4,6}\1[A-Z]{1,2}$/,
  bmw: /^\d{2} \d{2} \d \d{3} \d{3}$/,
  'mercedes-benz': /^A \d{3} \d{3} \d{2} \d{2}$/,
  peugeot: /^\d{4}\.[0-9A-Z]{2}$/,
  fiat: /^\d{8}$/,
  jeep: /^\d{8}A[A-D]$/,
  dodge: /^\d{8}A[A-D]$/,
  chery: /^[A-Z][0-9A-Z]{2}-\d{7}$/,
  byd: /^[A-Z][0-9A-Z]{2}-\d{7}$/,
  yamaha: /^[0-9A-Z]{3}-[0-9A-Z]\d{4}-\d{2}$/,
  bajaj: /^[A-Z]{2}\d{6}$/,
  lexus: /^\d{5}-[0-9A-Z]{5}$/,
  daihatsu: /^\d{5}-[0-9A-Z]{5}$/,
  infiniti: /^[0-9A-Z]{5}-[0-9A-Z]{5}$/,
  acura: /^\d{5}-[0-9A-Z]{3}-[0-9A-Z]{3}$/,
  'honda-motos': /^\d{5}-[0-9A-Z]{3}-[0-9A-Z]{3}$/,
  hero: /^\d{5}-[0-9A-Z]{3}-[0-9A-Z]{3}$/,
  'suzuki-motos': /^\d{5}-\d{2}[A-Z]\d{2}$/,
  seat: /^\d[0-9A-Z]{2,3} \d{3} \d{3}( [A-Z])?$/,
  porsche: /^\d[0-9A-Z]{2,3} \d{3} \d{3}( [A-Z])?$/,
  lincoln: /^[A-Z]{2}\d[A-Z]Z-[0-9A-Z]{4,6}-[A-Z]$/,
  mini: /^\d{2} \d{2} \d \d{3} \d{3}$/,
  citroen: /^\d{4}\.[0-9A-Z]{2}$/,
  ram: /^\d{8}A[A-D]$/,
  chrysler: /^\d{8}A[A-D]$/,
  gmc: /^\d{8}$/,
  cadillac: /^\d{8}$/,
  buick: /^\d{8}$/,
  'alfa-romeo': /^\d{8}$/,
  volvo: /^3\d{7}$/,
  mg: /^10\d{6}$/,
  'land-rover': /^LR\d{6}$/,
  jaguar: /^(T2H|T4A|J9C)\d{4}$/,
  isuzu: /^8-9\d{4}-\d{3}-\d$/,
  hino: /^[A-Z]\d{4}-\d{5}$/,
  ssangyong: /^[56]\d{9}$/,
  mahindra: /^\d{4}[A-Z]{2}\d{4}[A-Z]$/,
  geely: /^[14]0\d{8}$/,
  jac: /^\d{7}[A-Z]{2}\d{3}$/,
  'great-wall': /^\d{7}-[A-Z]{2}\d{2}$/,
  dfsk: /^\d{7}-[A-Z]\d{3}$/,
  changan: /^[A-Z]\d{6}-\d{4}$/,
  foton: /^[A-Z]\d{11}$/,
  jmc: /^\d{7}[A-Z]{3}$/,
  gac: /^\d{7}[A-Z]{3}\d{4}$/,
  baic: /^A00\d{6}$/,
  freightliner: /^A\d{2}-\d{5}-\d{3}$/,
  kenworth: /^K\d{3}-\d{4}$/,
  akt: /^AK\d{7}$/,
  tvs: /^N\d{7}$/,
  ktm: /^\d{11}$/,
  kawasaki: /^\d{5}-\d{4}$/,
  'royal-enfield': /^\d{6}\/[A-Z]$/,
  italika: /^\d{2}[A-Z]{2}\d{4}$/,
};

/** Aftermarket numbers in each brand's real style. */
export function aftermarketNumber(brand: string, partType: string, type: string, rng: DemoRandom): string {
  const pt = partType;
  switch (brand) {
    case 'Mann-Filter':
      if (pt === 'oil-filter') return rng.chance(0.5) ? `W ${d(rng, 3)}/${d(rng, 2)}` : `HU ${d(rng, 3)}/${d(rng, 1)} x`;
      if (pt === 'air-filter') return `C ${d(rng, 4)}/${d(rng, 1)}`;
      if (pt === 'cabin-filter') return rng.chance(0.5) ? `CU ${d(rng, 4)}` : `CUK ${d(rng, 4)}`;
      return `WK ${d(rng, 3)}/${d(rng, 1)}`;
    case 'Bosch': {
      const prefix: Record<string, string> = {
        'spark-plug': '0 242 2',
        'oil-filter': '0 986 452',
        'air-filter': 'F 026 400',
        'cabin-filter': '1 987 432',
        'fuel-filter': '0 450 905',
        'front-pads': '0 986 494',
        'rear-pads': '0 986 487',
        'front-disc': '0 986 479',
        injector: '0 280 156',
        'fuel-pump': '0 580 200',
        'ignition-coil': '0 221 504',
        'o2-sensor': '0 258 986',
        alternator: '0 986 049',
        starter: '0 986 022',
        'glow-plug': '0 250 202',
        'wiper-driver': '3 397 118',
        'wiper-passenger': '3 397 118',
        'oil-pressure-sensor': '0 986 345',
        'throttle-body': '0 280 750',
        'abs-sensor': '0 265 007',
        'glow-relay': '0 281 003',
        'voltage-regulator': '0 986 190',
      };
      const p = prefix[pt] ?? '0 986 4';
      return p.length === 7 ? `${p}${d(rng, 2)} ${d(rng, 3)}` : `${p} ${d(rng, 3)}`;
    }
    case 'NGK':
      if (pt === 'glow-plug') return `Y-${d(rng, 3)}J`;
      if (pt === 'ignition-coil') return `U5${d(rng, 3)}`;
      if (pt === 'o2-sensor') return `OZA${d(rng, 3)}-EE${rng.int(1, 60)}`;
      if (type === 'code') return d(rng, 4); // stock number
      if (type === 'tuning') return rng.chance(0.5) ? `ILKAR${rng.int(6, 8)}${rng.pick(['B', 'C', 'D'])}11` : `BKR${rng.int(5, 7)}EIX-11`;
      return rng.pick([
        `BKR${rng.int(5, 7)}E-11`,
        `BPR${rng.int(5, 7)}ES`,
        `LKR${rng.int(6, 7)}${rng.pick(['A', 'B', 'C', 'E'])}-9`,
        `DCPR${rng.int(6, 7)}E`,
      ]);
    case 'Denso':
      if (pt === 'spark-plug')
        return type === 'code'
          ? d(rng, 4)
          : rng.pick([
              `K${rng.pick(['16', '20'])}TT`,
              `K${rng.pick(['16', '20'])}R-U11`,
              `SK${rng.pick(['16', '20'])}R11`,
              `IK${rng.pick(['16', '20', '22'])}TT`,
            ]);
      if (pt === 'glow-plug') return `DG-${d(rng, 3)}`;
      if (pt === 'ignition-coil') return `673-${d(rng, 4)}`;
      if (pt === 'o2-sensor') return `234-${d(rng, 4)}`;
      if (pt === 'alternator') return `210-${d(rng, 4)}`;
      if (pt === 'radiator') return `221-${d(rng, 4)}`;
      if (pt === 'injector') return `297500-${d(rng, 4)}`;
      return `951-${d(rng, 4)}`;
    case 'Champion':
      return rng.chance(0.5) ? `RC${rng.int(9, 14)}YC` : `OE${d(rng, 3)}`;
    case 'Gates':
      if (type === 'part whole') return pt === 'timing-belt' ? `K0${d(rng, 5)}XS` : `KP${d(rng, 5)}XS`;
      if (pt === 'timing-belt') return `5${d(rng, 3)}XS`;
      if (pt === 'water-pump') return `WP0${d(rng, 3)}`;
      if (pt === 'thermostat') return `TH${d(rng, 5)}G1`;
      if (pt === 'upper-hose' || pt === 'lower-hose') return `05-${d(rng, 4)}`;
      return `T${rng.pick(['3', '4'])}${d(rng, 4)}`;
    case 'Dayco':
      return `94${d(rng, 3)}`;
    case 'Continental':
      return `CT${d(rng, 4)}`;
    case 'SKF':
      if (type === 'part whole')
        return pt === 'timing-belt' ? `VKMA ${d(rng, 5)}` : pt === 'water-pump' ? `VKMC ${d(rng, 5)}` : `VKBA ${d(rng, 4)}`;
      if (pt === 'water-pump') return `VKPC ${d(rng, 5)}`;
      if (pt === 'wheel-bearing') return `BAH-0${d(rng, 3)}`;
      if (pt === 'strut-mount') return `VKDA 35${d(rng, 3)}`;
      if (pt === 'release-bearing') return `VKC ${d(rng, 4)}`;
      if (pt === 'idler-pulley') return `VKM 2${d(rng, 4)}`;
      return `VKM ${rng.pick(['7', '3', '1'])}${d(rng, 4)}`;
    case 'Monroe':
      if (pt === 'strut-mount') return `MK${d(rng, 3)}`;
      if (type === 'part whole') return `PK${d(rng, 3)}`;
      return rng.chance(0.6) ? `G${d(rng, 5)}` : `7${d(rng, 4)}`; // G16412, 72389
    case 'KYB':
      if (pt.startsWith('spring')) return `R${rng.pick(['A', 'H'])}${d(rng, 4)}`;
      return `${rng.pick(['33', '34'])}${d(rng, 4)}`; // 333285
    case 'Sachs':
      if (pt === 'clutch-kit') return `3000 9${d(rng, 2)} ${d(rng, 3)}`;
      if (pt === 'clutch-disc') return `1878 0${d(rng, 2)} ${d(rng, 3)}`;
      return `${d(rng, 3)} ${d(rng, 3)}`; // 313 476
    case 'Bilstein':
      return `24-${d(rng, 6)}`; // B6
    case 'Eibach':
      return `E10-${d(rng, 2)}-0${d(rng, 2)}-0${d(rng, 1)}-22`;
    case 'Brembo':
      if (pt === 'front-disc') return `09.${l(rng, 1)}${d(rng, 3)}.${d(rng, 2)}`;
      if (pt === 'rear-drum') return `14.${d(rng, 4)}.10`;
      if (pt === 'rear-pads') return `S ${d(rng, 2)} ${d(rng, 3)}`;
      return `P ${d(rng, 2)} ${d(rng, 3)}${type === 'tuning' ? 'X' : ''}`; // P 83 027
    case 'Valeo':
      if (pt === 'clutch-kit' || pt === 'clutch-disc') return `82${d(rng, 4)}`; // 826317
      if (pt === 'release-bearing') return `804${d(rng, 3)}`;
      if (pt.startsWith('wiper-')) return pt === 'wiper-motor' ? `579${d(rng, 3)}` : `574${d(rng, 3)}`;
      if (pt === 'radiator') return `73${d(rng, 4)}`;
      if (pt === 'fan') return `696${d(rng, 3)}`;
      if (pt === 'starter') return `438${d(rng, 3)}`;
      return `439${d(rng, 3)}`;
    case 'LuK':
      return `6${d(rng, 2)} ${d(rng, 4)} 00`;
    case 'Mahle':
      if (pt === 'oil-filter') return rng.chance(0.5) ? `OC ${d(rng, 3)}` : `OX ${d(rng, 3)}D`;
      if (pt === 'cabin-filter') return `LA ${d(rng, 3)}`;
      if (pt === 'fuel-filter') return `KL ${d(rng, 3)}`;
      if (pt === 'radiator-cap') return `CRB ${d(rng, 2)} 000P`;
      return `TX ${d(rng, 2)} ${d(rng, 2)}D`;
    case 'Fram':
      if (pt === 'oil-filter') return `PH${d(rng, 4)}A`; // PH6017A
      if (pt === 'air-filter') return `CA${d(rng, 5)}`;
      return `CF${d(rng, 5)}`;
    case 'Wix':
      if (pt === 'oil-filter') return rng.chance(0.5) ? `51${d(rng, 3)}` : `WL${d(rng, 4)}`;
      if (pt === 'air-filter') return rng.chance(0.5) ? `46${d(rng, 3)}` : `WA${d(rng, 4)}`;
      return `33${d(rng, 3)}`;
    case 'Febi':
      return rng.chance(0.5) ? d(rng, 5) : `1${d(rng, 5)}`; // 27148, 101234
    case 'TRW': {
      const p: Record<string, string> = {
        'front-pads': 'GDB',
        'front-disc': 'DF',
        caliper: 'BHN',
        'rear-pads': 'GS',
        'rear-drum': 'DB',
        'wheel-cylinder': 'BWF',
        'tie-rod-end': 'JTE',
        'inner-tie-rod': 'JAR',
        'ball-joint': 'JBJ',
        'lower-arm': 'JTC',
        'stabilizer-link': 'JTS',
      };
      return `${p[pt] ?? 'JTE'}${d(rng, 4)}`;
    }
    case 'Elring':
      return `${d(rng, 3)}.${d(rng, 3)}`;
    case 'Victor Reinz':
      return `${pt === 'head-gasket' ? '61' : '71'}-${d(rng, 5)}-${d(rng, 2)}`;
    case 'Melling':
      return `M${d(rng, 3)}`;
    case 'Walker':
      return `2${d(rng, 4)}`;
    case 'Depo':
      return `${d(rng, 3)}-${d(rng, 4)}${rng.pick(['L', 'R'])}-${rng.pick(['L', 'R'])}D-EM`;
    case 'Osram':
      return `${d(rng, 5)}${type === 'tuning' ? 'NBS' : ''}`;
    case 'Philips':
      return `${d(rng, 5)}${rng.pick(['C1', 'PRC1', 'B1'])}`;
    // Motorcycle brands
    case 'Athena':
      return type === 'part whole' ? `P400${d(rng, 3)}${d(rng, 3)}` : `S410${d(rng, 3)}${d(rng, 3)}`; // P400210850125, S410210001030
    case 'Vesrah':
      if (pt === 'front-pads' || pt === 'rear-pads') return `SD-${d(rng, 3)}`;
      if (pt === 'brake-shoes') return `VB-${d(rng, 3)}`;
      if (pt === 'clutch-plates') return `VC-${d(rng, 3)}`;
      return `VG-${d(rng, 4)}`;
    case 'Hiflofiltro':
      return pt === 'air-filter' ? `HFA${d(rng, 4)}` : `HF${d(rng, 3)}`; // HF204, HFA1112
    case 'K&N':
      return pt === 'air-filter' ? `${l(rng, 2)}-${d(rng, 4)}` : `KN-${d(rng, 3)}`; // HA-1509, KN-204
    case 'Ricks':
      return `${rng.pick(['10', '11', '14', '21', '27'])}-${d(rng, 3)}`; // 10-018 regulator, 21-603 stator
    case 'EBC':
      if (pt === 'brake-shoes') return `${d(rng, 3)}G`;
      if (pt === 'clutch-plates') return `CK${d(rng, 4)}`;
      if (pt === 'front-disc') return `MD${d(rng, 4)}`;
      return type === 'tuning' ? `FA${d(rng, 3)}HH` : `FA${d(rng, 3)}`; // FA196HH
    case 'Galfer':
      return `DF${d(rng, 3)}CW`;
    case 'YSS':
      return type === 'tuning' ? `MZ456-${d(rng, 3)}TRL` : `OB222-${d(rng, 3)}P`;
    case 'Fiem':
      return `${d(rng, 2)}${l(rng, 2)}${d(rng, 4)}`;
    case 'NTN':
      return `${rng.pick(['6', '4'])}${d(rng, 3)}LLU${d(rng, 1)}`;
    case 'Koyo':
      return `${rng.pick(['6', '4'])}${d(rng, 3)}RS${d(rng, 1)}`;
    case 'Vertex':
      return `${d(rng, 5)}${rng.pick(['A', 'B', 'C', 'D'])}`; // 23378A
    case 'Wiseco':
      return `${d(rng, 4)}M0${d(rng, 4)}`;
    case 'Mikuni':
      return `VM${rng.pick(['16', '18', '20', '22', '24', '26'])}-${d(rng, 3)}`;
    case 'Keihin':
      return `PB${rng.pick(['16', '18', '20', '22'])}-${d(rng, 4)}`;
    case 'DID':
    case 'RK':
      return `${d(rng, 3)}${l(rng, 2)}${d(rng, 3)}`;
    case 'JT Sprockets':
      return pt === 'front-sprocket' ? `JTF${d(rng, 4)}.${rng.int(13, 17)}` : `JTR${d(rng, 4)}.${rng.int(36, 48)}`; // JTF1263.15
    case 'Sunstar':
      return `${pt === 'front-sprocket' ? '3' : '2'}${d(rng, 4)}-${rng.int(13, 48)}`;
    case 'Motion Pro':
      return `0${rng.pick(['2', '3', '4', '5'])}-${d(rng, 4)}`; // 02-0345
    case 'All Balls':
      return `${rng.pick(['22', '55', '56'])}-${d(rng, 4)}`; // 55-107
    case 'Yuasa':
      return `Y${l(rng, 2)}${d(rng, 2)}-${l(rng, 2)}`;
    case 'MAC':
      return `MT${d(rng, 4)}`;
    default:
      return `${l(rng, 2)}${d(rng, 5)}`;
  }
}
