import { vinCheckDigitOf } from '@tuerca/contracts';
import { DemoRandom, demoId } from './random.js';

/**
 * Makes sold in Colombia and Mexico with real model names, engines and the world manufacturer
 * identifiers (WMI) of the plants that build them for the region. The catalogue, the plate registry
 * and the garage all draw their vehicles from here, so a plate, its VIN and its catalogue vehicle agree.
 */
export interface DemoModel {
  name: string;
  years: [number, number];
  engines: { code: string; displacementCc: number; fuel: 'Gasolina' | 'Diésel' | 'Híbrido' | 'Eléctrico'; cylinders: number }[];
  body: string;
  vehicleClass: 'Automóvil' | 'Camioneta' | 'Campero' | 'Camión' | 'Motocicleta';
  doors: number;
}

export interface DemoMake {
  key: string;
  name: string;
  wmi: string;
  countryOfOrigin: string;
  models: DemoModel[];
}

const gas = (code: string, cc: number, cyl = 4) => ({ code, displacementCc: cc, fuel: 'Gasolina' as const, cylinders: cyl });
const diesel = (code: string, cc: number, cyl = 4) => ({ code, displacementCc: cc, fuel: 'Diésel' as const, cylinders: cyl });
const car = (name: string, years: [number, number], engines: DemoModel['engines'], body = 'Sedán', doors = 4): DemoModel => ({
  name,
  years,
  engines,
  body,
  vehicleClass: 'Automóvil',
  doors,
});
const suv = (name: string, years: [number, number], engines: DemoModel['engines'], doors = 5): DemoModel => ({
  name,
  years,
  engines,
  body: 'SUV',
  vehicleClass: 'Camioneta',
  doors,
});
const pickup = (name: string, years: [number, number], engines: DemoModel['engines']): DemoModel => ({
  name,
  years,
  engines,
  body: 'Pick-up doble cabina',
  vehicleClass: 'Camioneta',
  doors: 4,
});
const moto = (name: string, years: [number, number], cc: number): DemoModel => ({
  name,
  years,
  engines: [gas(`${cc}cc`, cc, 1)],
  body: 'Motocicleta',
  vehicleClass: 'Motocicleta',
  doors: 0,
});

export const DEMO_MAKES: DemoMake[] = [
  {
    key: 'chevrolet',
    name: 'Chevrolet',
    wmi: '9GA',
    countryOfOrigin: 'Colombia',
    models: [
      car('Spark GT', [2011, 2022], [gas('B12D1', 1206)], 'Hatchback', 5),
      car('Aveo Emotion', [2008, 2017], [gas('F16D3', 1598)]),
      car('Sail', [2013, 2020], [gas('LCU', 1399)]),
      car('Onix', [2020, 2025], [gas('B10XE Turbo', 999, 3)]),
      suv('Tracker', [2013, 2025], [gas('LUJ Turbo', 1364)]),
      pickup('D-Max', [2010, 2024], [diesel('4JJ1', 2999)]),
      suv('Captiva', [2008, 2019], [gas('LE5', 2384)]),
    ],
  },
  {
    key: 'renault',
    name: 'Renault',
    wmi: '9FB',
    countryOfOrigin: 'Colombia',
    models: [
      car('Logan', [2005, 2024], [gas('K7M', 1598), gas('H4M', 1598)]),
      car('Sandero', [2008, 2024], [gas('K7M', 1598)], 'Hatchback', 5),
      car('Stepway', [2009, 2024], [gas('H4M', 1598)], 'Hatchback', 5),
      suv('Duster', [2012, 2025], [gas('F4R', 1998), gas('H4M', 1598)]),
      car('Kwid', [2019, 2025], [gas('B4D', 999, 3)], 'Hatchback', 5),
      suv('Koleos', [2017, 2023], [gas('2TR', 2488)]),
    ],
  },
  {
    key: 'mazda',
    name: 'Mazda',
    wmi: 'JM1',
    countryOfOrigin: 'Japón',
    models: [
      car('Mazda 2', [2008, 2025], [gas('P5-VPS', 1496)], 'Hatchback', 5),
      car('Mazda 3', [2004, 2025], [gas('PE-VPS', 1998), gas('Z6', 1598)]),
      suv('CX-3', [2016, 2023], [gas('PE-VPS', 1998)]),
      suv('CX-5', [2013, 2025], [gas('PY-VPS', 2488)]),
      pickup('BT-50', [2008, 2021], [diesel('WLAT', 2499)]),
    ],
  },
  {
    key: 'kia',
    name: 'Kia',
    wmi: 'KNA',
    countryOfOrigin: 'Corea del Sur',
    models: [
      car('Picanto', [2004, 2025], [gas('G3LA', 998, 3), gas('G4LA', 1248)], 'Hatchback', 5),
      car('Rio', [2006, 2025], [gas('G4FC', 1396), gas('G4FG', 1591)]),
      car('Cerato', [2009, 2023], [gas('G4FG', 1591), gas('G4NA', 1999)]),
      suv('Sportage', [2005, 2025], [gas('G4NA', 1999), diesel('D4HA', 1995)]),
      suv('Sorento', [2010, 2024], [gas('G4KE', 2359)]),
    ],
  },
  {
    key: 'hyundai',
    name: 'Hyundai',
    wmi: 'KMH',
    countryOfOrigin: 'Corea del Sur',
    models: [
      car('Grand i10', [2014, 2024], [gas('G4LA', 1248)], 'Hatchback', 5),
      car('Accent', [2006, 2023], [gas('G4FC', 1396), gas('G4FA', 1396)]),
      suv('Tucson', [2005, 2025], [gas('G4NA', 1999), diesel('D4HA', 1995)]),
      suv('Creta', [2017, 2025], [gas('G4FG', 1591)]),
      suv('Santa Fe', [2007, 2024], [gas('G4KE', 2359)]),
    ],
  },
  {
    key: 'toyota',
    name: 'Toyota',
    wmi: 'JTD',
    countryOfOrigin: 'Japón',
    models: [
      car('Corolla', [2003, 2025], [gas('1ZZ-FE', 1794), gas('2ZR-FE', 1798)]),
      car('Yaris', [2006, 2024], [gas('2NZ-FE', 1299), gas('1NZ-FE', 1497)], 'Hatchback', 5),
      pickup('Hilux', [2006, 2025], [diesel('1KD-FTV', 2982), diesel('1GD-FTV', 2755), gas('2TR-FE', 2694)]),
      suv('Fortuner', [2008, 2025], [gas('2TR-FE', 2694), diesel('1GD-FTV', 2755)]),
      suv('RAV4', [2006, 2025], [gas('2AR-FE', 2494)]),
      suv('Land Cruiser Prado', [2003, 2024], [gas('1GR-FE', 3956, 6), diesel('1KD-FTV', 2982)]),
    ],
  },
  {
    key: 'nissan',
    name: 'Nissan',
    wmi: '3N1',
    countryOfOrigin: 'México',
    models: [
      car('March', [2012, 2024], [gas('HR16DE', 1598)], 'Hatchback', 5),
      car('Versa', [2012, 2025], [gas('HR16DE', 1598)]),
      car('Sentra', [2007, 2025], [gas('MR20DE', 1997)]),
      car('Tsuru', [2000, 2017], [gas('GA16DE', 1597)]),
      pickup('Frontier', [2008, 2025], [diesel('YD25DDTi', 2488)]),
      suv('X-Trail', [2008, 2025], [gas('QR25DE', 2488)]),
      suv('Kicks', [2017, 2025], [gas('HR16DE', 1598)]),
    ],
  },
  {
    key: 'volkswagen',
    name: 'Volkswagen',
    wmi: '3VW',
    countryOfOrigin: 'México',
    models: [
      car('Gol', [2009, 2023], [gas('CFZ', 1598)], 'Hatchback', 5),
      car('Jetta', [2006, 2025], [gas('CBP', 1984), gas('CZD Turbo', 1395)]),
      car('Vento', [2014, 2022], [gas('CLS', 1598)]),
      car('Polo', [2010, 2024], [gas('CWV', 1598)], 'Hatchback', 5),
      suv('Tiguan', [2009, 2025], [gas('CCZ Turbo', 1984)]),
      pickup('Amarok', [2011, 2024], [diesel('CNFA', 1968)]),
    ],
  },
  {
    key: 'ford',
    name: 'Ford',
    wmi: '3FA',
    countryOfOrigin: 'México',
    models: [
      car('Fiesta', [2011, 2019], [gas('Sigma', 1596)]),
      car('Focus', [2005, 2018], [gas('Duratec', 1999)]),
      pickup('Ranger', [2012, 2025], [diesel('P4AT', 2198), diesel('P5AT', 3198, 5)]),
      suv('Escape', [2008, 2025], [gas('Duratec', 2488)]),
      suv('EcoSport', [2004, 2022], [gas('Sigma', 1596), gas('Duratec', 1999)]),
      suv('Explorer', [2011, 2025], [gas('Cyclone', 3496, 6)]),
    ],
  },
  {
    key: 'suzuki',
    name: 'Suzuki',
    wmi: 'MA3',
    countryOfOrigin: 'India',
    models: [
      car('Swift', [2010, 2025], [gas('K12B', 1197), gas('M13A', 1328)], 'Hatchback', 5),
      suv('Vitara', [2015, 2025], [gas('M16A', 1586)]),
      suv('Jimny', [2010, 2025], [gas('K15B', 1462)], 3),
      car('Alto', [2009, 2020], [gas('F8D', 796, 3)], 'Hatchback', 5),
    ],
  },
  {
    key: 'honda',
    name: 'Honda',
    wmi: 'JHM',
    countryOfOrigin: 'Japón',
    models: [
      car('Civic', [2006, 2025], [gas('R18A', 1799), gas('K20C', 1996)]),
      car('City', [2009, 2024], [gas('L15A', 1497)]),
      suv('CR-V', [2007, 2025], [gas('K24Z', 2354)]),
      suv('HR-V', [2016, 2025], [gas('R18Z', 1799)]),
    ],
  },
  {
    key: 'mitsubishi',
    name: 'Mitsubishi',
    wmi: 'MMB',
    countryOfOrigin: 'Tailandia',
    models: [
      pickup('L200', [2008, 2025], [diesel('4D56', 2477), diesel('4N15', 2442)]),
      suv('Montero Sport', [2010, 2025], [diesel('4N15', 2442)]),
      suv('Outlander', [2008, 2024], [gas('4B12', 2360)]),
      car('Mirage', [2013, 2024], [gas('3A92', 1193, 3)], 'Hatchback', 5),
    ],
  },
  {
    key: 'peugeot',
    name: 'Peugeot',
    wmi: 'VF3',
    countryOfOrigin: 'Francia',
    models: [
      car('208', [2013, 2025], [gas('EC5', 1587)], 'Hatchback', 5),
      car('301', [2013, 2022], [gas('EC5', 1587)]),
      suv('2008', [2014, 2025], [gas('EP6', 1598)]),
      suv('3008', [2010, 2025], [gas('EP6 THP', 1598)]),
    ],
  },
  {
    key: 'fiat',
    name: 'Fiat',
    wmi: '9BD',
    countryOfOrigin: 'Brasil',
    models: [
      car('Uno', [2005, 2021], [gas('Fire', 1368)], 'Hatchback', 5),
      car('Palio', [2005, 2018], [gas('Fire', 1368)], 'Hatchback', 5),
      pickup('Strada', [2008, 2025], [gas('E.torQ', 1598)]),
      car('Mobi', [2017, 2024], [gas('Fire', 999)], 'Hatchback', 5),
    ],
  },
  {
    key: 'jeep',
    name: 'Jeep',
    wmi: '1C4',
    countryOfOrigin: 'Estados Unidos',
    models: [
      suv('Wrangler', [2007, 2025], [gas('Pentastar', 3604, 6)], 3),
      suv('Grand Cherokee', [2011, 2025], [gas('Pentastar', 3604, 6)]),
      suv('Compass', [2007, 2025], [gas('Tigershark', 2360)]),
    ],
  },
  {
    key: 'dodge',
    name: 'Dodge',
    wmi: '3C4',
    countryOfOrigin: 'México',
    models: [suv('Journey', [2009, 2020], [gas('World Engine', 2360)]), car('Attitude', [2015, 2025], [gas('3A92', 1193, 3)])],
  },
  {
    key: 'bmw',
    name: 'BMW',
    wmi: 'WBA',
    countryOfOrigin: 'Alemania',
    models: [
      car('Serie 3', [2006, 2025], [gas('N20B20', 1997), gas('B48B20', 1998)]),
      suv('X1', [2010, 2025], [gas('B38A15', 1499, 3), gas('N20B20', 1997)]),
      suv('X3', [2011, 2025], [gas('B48B20', 1998)]),
    ],
  },
  {
    key: 'mercedes-benz',
    name: 'Mercedes-Benz',
    wmi: 'WDD',
    countryOfOrigin: 'Alemania',
    models: [
      car('Clase C', [2008, 2025], [gas('M274', 1991)]),
      suv('GLA', [2015, 2025], [gas('M270', 1595)]),
      car('Clase A', [2013, 2025], [gas('M282', 1332)], 'Hatchback', 5),
    ],
  },
  {
    key: 'audi',
    name: 'Audi',
    wmi: 'WAU',
    countryOfOrigin: 'Alemania',
    models: [
      car('A3', [2008, 2025], [gas('CZE', 1395)]),
      car('A4', [2009, 2025], [gas('CDN', 1984)]),
      suv('Q5', [2010, 2025], [gas('CDN', 1984)]),
    ],
  },
  {
    key: 'subaru',
    name: 'Subaru',
    wmi: 'JF1',
    countryOfOrigin: 'Japón',
    models: [suv('Forester', [2009, 2025], [gas('FB20', 1995)]), suv('XV', [2013, 2024], [gas('FB20', 1995)])],
  },
  {
    key: 'chery',
    name: 'Chery',
    wmi: 'LVV',
    countryOfOrigin: 'China',
    models: [suv('Tiggo 2', [2018, 2024], [gas('SQRE4G15', 1497)]), suv('Tiggo 7', [2019, 2025], [gas('SQRF4J15 Turbo', 1498)])],
  },
  {
    key: 'byd',
    name: 'BYD',
    wmi: 'LGX',
    countryOfOrigin: 'China',
    models: [
      suv('Song Plus', [2022, 2025], [{ code: 'BYD472QA DM-i', displacementCc: 1498, fuel: 'Híbrido', cylinders: 4 }]),
      car('Dolphin', [2023, 2025], [{ code: 'TZ200XSQ', displacementCc: 0, fuel: 'Eléctrico', cylinders: 0 }], 'Hatchback', 5),
    ],
  },
  {
    key: 'yamaha',
    name: 'Yamaha',
    wmi: '9C6',
    countryOfOrigin: 'Colombia',
    models: [moto('FZ 2.0', [2012, 2025], 149), moto('XTZ 125', [2010, 2025], 124), moto('NMAX', [2016, 2025], 155)],
  },
  {
    key: 'bajaj',
    name: 'Bajaj',
    wmi: 'MD2',
    countryOfOrigin: 'India',
    models: [moto('Pulsar NS 200', [2013, 2025], 199), moto('Boxer CT 100', [2010, 2025], 99)],
  },
];

const YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY123456789';
const VIN_CHARS = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';

/** ISO 3779 check digit (position 9): the same rule the product checks VINs with. */
export const vinCheckDigit = vinCheckDigitOf;

/** Model year code (position 10): A = 1980/2010, ... 9 = 2009/2039. */
export function vinYearCode(year: number): string {
  return YEAR_CODES[(year - 1980) % 30]!;
}

/** A VIN of `make` for `year`; pass `serial` (unique per make) when VINs must never repeat. */
export function makeVin(rng: DemoRandom, make: DemoMake, year: number, serialNumber?: number): string {
  const body = Array.from({ length: 5 }, () => rng.pick([...VIN_CHARS])).join('');
  const plant = rng.pick([...VIN_CHARS]);
  const serial = String(serialNumber ?? rng.int(0, 999999)).padStart(6, '0');
  const draft = `${make.wmi}${body}0${vinYearCode(year)}${plant}${serial}`;
  return `${draft.slice(0, 8)}${vinCheckDigit(draft)}${draft.slice(9)}`;
}

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

export interface DemoRegistryVehicle {
  id: string;
  plate: string;
  country: 'CO' | 'MX';
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
}

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

/** The national-registry vehicles (RUNT-like for Colombia, REPUVE-like for Mexico): 400 per scale unit. */
export function demoRegistryVehicles(seed: number, scale = 1): DemoRegistryVehicle[] {
  const rng = new DemoRandom(seed).fork('registry');
  const out: DemoRegistryVehicle[] = [];
  const seen = new Set<string>();
  const total = 400 * scale;
  while (out.length < total) {
    const make = rng.pick(DEMO_MAKES);
    const model = rng.pick(make.models);
    const engine = rng.pick(model.engines);
    const year = rng.int(model.years[0], model.years[1]);
    const country = rng.chance(0.75) ? 'CO' : 'MX';
    const motorcycle = model.vehicleClass === 'Motocicleta';
    if (country === 'MX' && motorcycle) continue;
    const plate = country === 'CO' ? colombianPlate(rng, motorcycle) : mexicanPlate(rng);
    if (seen.has(plate)) continue;
    seen.add(plate);
    const vin = makeVin(rng, make, year);
    out.push({
      id: demoId(seed, 'registry-vehicle', plate),
      plate,
      country,
      makeKey: make.key,
      make: make.name,
      model: model.name,
      year,
      vin,
      engineCode: engine.code,
      engineNumber: `${engine.code
        .replace(/[^A-Z0-9]/gi, '')
        .slice(0, 6)
        .toUpperCase()}${digits(rng, 6)}`,
      chassisNumber: vin,
      cylinderCapacity: engine.displacementCc,
      cylinders: engine.cylinders,
      fuel: engine.fuel,
      vehicleClass: model.vehicleClass,
      bodyType: model.body,
      doors: model.doors,
      color: rng.pick(COLORS),
      city: country === 'CO' ? rng.pick(CITIES_CO) : rng.pick(CITIES_MX),
      countryOfOrigin: make.countryOfOrigin,
    });
  }
  return out;
}
