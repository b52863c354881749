import { DemoRandom, demoId } from '../random.js';
import { DEFAULT_SEED, demoStores } from '../people.js';

/** A purchase-discount rule as the marketplace keeps it (spec 000 §3): [from, to] in the store's currency. */
export interface DemoDiscountRule {
  price_range: [number, number];
  discount_percentage: number;
}

/** A marketplace store: the shared demo stores (same ids everywhere) plus generated ones at larger scales. */
export interface DemoMarketplaceStore {
  id: string;
  name: string;
  country: 'CO' | 'MX';
  currency: 'COP' | 'MXN';
  city: string;
  isVirtual: boolean;
  pathPrefix: string | null;
  /** Null, or a path with no data behind it (the consoles fall back to the store's initials). */
  logotypeUrl: string | null;
  showStoreLogoInProduct: boolean;
  showProductReferences: boolean;
  showStoreNameToUser: boolean;
  showProvider: boolean;
  providerName: string | null;
  purchaseDiscountRules: DemoDiscountRule[];
  minimumPurchaseValue: number;
  mobile: string;
}

/** Generated stores per scale unit (scale 1: the four demo stores and six more; scale 100: 604). */
export const GENERATED_STORES_PER_SCALE = 6;

const CO_CITIES: [city: string, weight: number][] = [
  ['Bogotá', 8],
  ['Medellín', 5],
  ['Cali', 4],
  ['Barranquilla', 3],
  ['Bucaramanga', 2],
  ['Cartagena', 2],
  ['Pereira', 2],
  ['Cúcuta', 2],
  ['Ibagué', 1],
  ['Manizales', 1],
  ['Villavicencio', 1],
  ['Pasto', 1],
  ['Santa Marta', 1],
  ['Neiva', 1],
  ['Armenia', 1],
  ['Tunja', 1],
];
/** Mexican cities with their telephone area code (mobile numbers are 10 digits: area code + subscriber). */
const MX_CITIES: [city: string, weight: number, area: string][] = [
  ['Ciudad de México', 8, '55'],
  ['Guadalajara', 5, '33'],
  ['Monterrey', 5, '81'],
  ['Puebla', 3, '222'],
  ['Querétaro', 2, '442'],
  ['León', 2, '477'],
  ['Toluca', 2, '722'],
  ['Tijuana', 2, '664'],
  ['Mérida', 1, '999'],
  ['San Luis Potosí', 1, '444'],
  ['Aguascalientes', 1, '449'],
  ['Chihuahua', 1, '614'],
  ['Hermosillo', 1, '662'],
  ['Morelia', 1, '443'],
  ['Culiacán', 1, '667'],
];
const CO_KINDS = [
  'Repuestos',
  'Autopartes',
  'Lubricentro y Repuestos',
  'Frenos y Embragues',
  'Importadora de Repuestos',
  'Distribuidora de Autopartes',
  'Motorepuestos',
];
const MX_KINDS = ['Refaccionaria', 'Autopartes', 'Refacciones', 'Distribuidora de Refacciones', 'Refaccionaria y Lubricantes'];
const CO_NAMES = [
  'El Triunfo',
  'La 80',
  'La 30',
  'San Jorge',
  'Don Pedro',
  'Los Andes',
  'El Progreso',
  'Santa Fe',
  'La Nacional',
  'El Cruce',
  'La Rueda',
  'Central',
  'del Norte',
  'del Sur',
  'El Motor',
  'Hermanos Gómez',
  'La Séptima',
  'El Piñón',
  'Caribe',
  'Cafetera',
];
const MX_NAMES = [
  'El Güero',
  'La Central',
  'Hermanos Ramírez',
  'San Miguel',
  'Del Bajío',
  'El Pistón',
  'Guadalupe',
  'Los Altos',
  'La Pasadita',
  'Del Valle',
  'El Rayo',
  'Santa Cruz',
  'Norteña',
  'La Económica',
  'Don Chuy',
  'Express',
];

const weighted = <T extends [string, number, ...unknown[]]>(rng: DemoRandom, items: T[]): T => {
  const total = items.reduce((s, i) => s + i[1], 0);
  let x = rng.next() * total;
  for (const item of items) if ((x -= item[1]) < 0) return item;
  return items.at(-1)!;
};
const digits = (rng: DemoRandom, n: number) => Array.from({ length: n }, () => rng.int(0, 9)).join('');
/** A Colombian mobile number (+57 3xx xxx xxxx). */
const coMobile = (rng: DemoRandom) => `+573${rng.int(0, 5)}${rng.int(0, 9)}${digits(rng, 7)}`;
/** A Mexican mobile number (+52, ten digits starting with the city's area code). */
const mxMobile = (rng: DemoRandom, area: string) => `+52${area}${digits(rng, 10 - area.length)}`;
const slug = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/** The four demo stores every context agrees on, with their marketplace settings. */
function demoMarketplaceStores(seed: number): DemoMarketplaceStore[] {
  const [bogota, cali, leon, antioquia] = demoStores(seed);
  const base = (s: NonNullable<typeof bogota>) => ({
    id: s.id,
    name: s.name,
    country: s.country,
    currency: s.country === 'CO' ? ('COP' as const) : ('MXN' as const),
    city: s.city,
    isVirtual: s.virtual,
    pathPrefix: s.pathPrefix,
  });
  return [
    {
      ...base(bogota!),
      logotypeUrl: '/themes/tuerca/stores/repuestos-la-68.svg',
      showStoreLogoInProduct: true,
      showProductReferences: true,
      showStoreNameToUser: true,
      showProvider: true,
      providerName: 'Distribuidora La 68 S.A.S.',
      // Bigger purchases, bigger discount (COP).
      purchaseDiscountRules: [
        { price_range: [300000, 999999], discount_percentage: 3 },
        { price_range: [1000000, 50000000], discount_percentage: 5 },
      ],
      minimumPurchaseValue: 0,
      mobile: '+573114567890',
    },
    {
      ...base(cali!),
      logotypeUrl: null,
      showStoreLogoInProduct: false,
      showProductReferences: true,
      showStoreNameToUser: true,
      showProvider: false,
      providerName: null,
      purchaseDiscountRules: [],
      minimumPurchaseValue: 150000,
      mobile: '+573162345678',
    },
    {
      ...base(leon!),
      logotypeUrl: '/themes/tuerca/stores/refaccionaria-el-bajio.svg',
      showStoreLogoInProduct: true,
      showProductReferences: true,
      showStoreNameToUser: true,
      showProvider: true,
      providerName: 'Refaccionaria El Bajío',
      purchaseDiscountRules: [],
      minimumPurchaseValue: 0,
      mobile: '+524777654321',
    },
    {
      ...base(antioquia!),
      logotypeUrl: null,
      showStoreLogoInProduct: false,
      showProductReferences: false,
      showStoreNameToUser: true,
      showProvider: false,
      providerName: null,
      purchaseDiscountRules: [],
      minimumPurchaseValue: 0,
      mobile: '+573045551234',
    },
  ];
}

/** One generated store, derived from (seed, its index) only. */
function generatedStore(seed: number, index: number): DemoMarketplaceStore {
  const rng = new DemoRandom(seed).fork(`marketplace-store:${index}`);
  const country = rng.chance(0.6) ? 'CO' : 'MX';
  let city: string;
  let mobile: string;
  let name: string;
  if (country === 'CO') {
    city = weighted(rng, CO_CITIES)[0];
    mobile = coMobile(rng);
    name = `${rng.pick(CO_KINDS)} ${rng.pick(CO_NAMES)}`;
  } else {
    const [c, , area] = weighted(rng, MX_CITIES);
    city = c;
    mobile = mxMobile(rng, area);
    name = `${rng.pick(MX_KINDS)} ${rng.pick(MX_NAMES)}`;
  }
  // Same name in another city: the city tells them apart, as real chains do.
  if (rng.chance(0.5)) name = `${name} ${city}`;
  const currency = country === 'CO' ? 'COP' : 'MXN';
  const hasLogo = rng.chance(0.4);
  const rules: DemoDiscountRule[] = rng.chance(0.15)
    ? country === 'CO'
      ? [{ price_range: [500000, 50000000], discount_percentage: rng.pick([2, 3, 5]) }]
      : [{ price_range: [2500, 250000], discount_percentage: rng.pick([2, 3, 5]) }]
    : [];
  const showProvider = rng.chance(0.5);
  return {
    id: demoId(seed, 'marketplace-store', index),
    name,
    country,
    currency,
    city,
    isVirtual: false,
    pathPrefix: null,
    logotypeUrl: hasLogo ? `/themes/tuerca/stores/${slug(name)}-${index}.svg` : null,
    showStoreLogoInProduct: hasLogo && rng.chance(0.5),
    showProductReferences: true,
    showStoreNameToUser: rng.chance(0.9),
    showProvider,
    providerName: showProvider ? `${name} S.A.${country === 'CO' ? 'S.' : ' de C.V.'}` : null,
    purchaseDiscountRules: rules,
    minimumPurchaseValue: rng.chance(0.2) ? (country === 'CO' ? rng.pick([50000, 100000, 200000]) : rng.pick([300, 500, 1000])) : 0,
    mobile,
  };
}

/** Every marketplace store at a scale: the demo stores first, then GENERATED_STORES_PER_SCALE × scale more. */
export function marketplaceStores(seed = DEFAULT_SEED, scale = 1): DemoMarketplaceStore[] {
  const out = demoMarketplaceStores(seed);
  for (let i = 0; i < GENERATED_STORES_PER_SCALE * Math.max(1, Math.floor(scale)); i++) out.push(generatedStore(seed, i));
  return out;
}
