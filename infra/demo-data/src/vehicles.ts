import { vinCheckDigitOf } from '@tuerca/contracts';
import type { DemoRandom } from './random.js';

/**
 * Makes sold in Colombia and Mexico with real model names, engines and the world manufacturer
 * identifiers (WMI) of the plants that build them for the region. The catalogue, the plate registry
 * and the garage all draw their vehicles from here, so a plate, its VIN and its catalogue vehicle agree.
 */
export type Fuel = 'Gasolina' | 'Diésel' | 'Híbrido' | 'Eléctrico';
export type VehicleClass = 'Automóvil' | 'Camioneta' | 'Campero' | 'Camión' | 'Motocicleta';

export interface DemoEngine {
  code: string;
  displacementCc: number;
  fuel: Fuel;
  cylinders: number;
}

export interface DemoModel {
  name: string;
  years: [number, number];
  engines: DemoEngine[];
  body: string;
  vehicleClass: VehicleClass;
  doors: number;
  /** Motorcycles: a rear drum brake (brake shoes) instead of a rear disc. */
  rearDrum?: boolean;
  /** Motorcycles: a carburettor instead of fuel injection. */
  carbureted?: boolean;
}

export interface DemoMake {
  key: string;
  name: string;
  /** Cars and pick-ups, or motorcycles (Honda and Suzuki motorcycles are catalogues of their own). */
  kind: 'car' | 'motorcycle';
  wmi: string;
  countryOfOrigin: string;
  /** Where the make's catalogue vehicles are sold. */
  markets: ('CO' | 'MX')[];
  /** The wordmark's colours (background, letters): the make's own colours, no artwork. */
  colors: [string, string];
  models: DemoModel[];
}

const gas = (code: string, cc: number, cyl = 4): DemoEngine => ({ code, displacementCc: cc, fuel: 'Gasolina', cylinders: cyl });
const diesel = (code: string, cc: number, cyl = 4): DemoEngine => ({ code, displacementCc: cc, fuel: 'Diésel', cylinders: cyl });
const hybrid = (code: string, cc: number, cyl = 4): DemoEngine => ({ code, displacementCc: cc, fuel: 'Híbrido', cylinders: cyl });
const electric = (code: string): DemoEngine => ({ code, displacementCc: 0, fuel: 'Eléctrico', cylinders: 0 });
const car = (name: string, years: [number, number], engines: DemoEngine[], body = 'Sedán', doors = 4): DemoModel => ({
  name,
  years,
  engines,
  body,
  vehicleClass: 'Automóvil',
  doors,
});
const hatch = (name: string, years: [number, number], engines: DemoEngine[]) => car(name, years, engines, 'Hatchback', 5);
const suv = (name: string, years: [number, number], engines: DemoEngine[], doors = 5): DemoModel => ({
  name,
  years,
  engines,
  body: 'SUV',
  vehicleClass: 'Camioneta',
  doors,
});
const pickup = (name: string, years: [number, number], engines: DemoEngine[]): DemoModel => ({
  name,
  years,
  engines,
  body: 'Pick-up doble cabina',
  vehicleClass: 'Camioneta',
  doors: 4,
});
const van = (name: string, years: [number, number], engines: DemoEngine[]): DemoModel => ({
  name,
  years,
  engines,
  body: 'Van',
  vehicleClass: 'Camioneta',
  doors: 5,
});
const truck = (name: string, years: [number, number], engines: DemoEngine[]): DemoModel => ({
  name,
  years,
  engines,
  body: 'Chasís cabinado',
  vehicleClass: 'Camión',
  doors: 2,
});
/**
 * A motorcycle: its displacement and cylinders; `drum` for a rear drum brake, `carb` for a carburettor.
 * Motorcycles are known by their displacement ('FZ 2.0 149 cc'): the engine code is it; two models of a
 * make with the same displacement share the engine (KTM's Duke 200 and RC 200).
 */
const moto = (
  name: string,
  years: [number, number],
  cc: number,
  options: { cylinders?: number; drum?: boolean; carb?: boolean; body?: string } = {},
): DemoModel => ({
  name,
  years,
  engines: [gas(`${cc} cc`, cc, options.cylinders ?? 1)],
  body: options.body ?? 'Motocicleta',
  vehicleClass: 'Motocicleta',
  doors: 0,
  rearDrum: options.drum ?? false,
  carbureted: options.carb ?? false,
});

type MakeInput = Omit<DemoMake, 'kind' | 'markets'> & { kind?: DemoMake['kind']; markets?: DemoMake['markets'] };
const make = (m: MakeInput): DemoMake => ({
  ...m,
  kind: m.kind ?? 'car',
  markets: m.markets ?? (m.kind === 'motorcycle' ? ['CO'] : ['CO', 'MX']),
});

/**
 * 56 car and truck makes and 11 motorcycle makes sold in Colombia and Mexico, with real model names
 * and years. Engine codes are the makers' where they are public (K7M, G4FC, 1GD-FTV…), so an engine
 * shared by two makes (Kia and Hyundai's G4FC, Chevrolet and Isuzu's 4JJ1, Fiat and RAM's E.torQ) has
 * the same aftermarket parts; a motorcycle's engine is its displacement ('149 cc').
 */
export const DEMO_MAKES: DemoMake[] = [
  make({
    key: 'chevrolet',
    name: 'Chevrolet',
    wmi: '9GA',
    countryOfOrigin: 'Colombia',
    colors: ['#1F1F1F', '#D1A33C'],
    models: [
      hatch('Spark GT', [2011, 2022], [gas('B12D1', 1206)]),
      car('Aveo Emotion', [2008, 2017], [gas('F16D3', 1598)]),
      car('Sail', [2013, 2020], [gas('LCU', 1399)]),
      car('Onix', [2020, 2025], [gas('B10XE Turbo', 999, 3)]),
      suv('Tracker', [2013, 2025], [gas('LUJ Turbo', 1364)]),
      pickup('D-Max', [2010, 2024], [diesel('4JJ1', 2999)]),
      suv('Captiva', [2008, 2019], [gas('LE5', 2384)]),
    ],
  }),
  make({
    key: 'renault',
    name: 'Renault',
    wmi: '9FB',
    countryOfOrigin: 'Colombia',
    colors: ['#FFCC33', '#000000'],
    models: [
      car('Logan', [2005, 2024], [gas('K7M', 1598), gas('H4M', 1598)]),
      hatch('Sandero', [2008, 2024], [gas('K7M', 1598)]),
      hatch('Stepway', [2009, 2024], [gas('H4M', 1598)]),
      suv('Duster', [2012, 2025], [gas('F4R', 1998), gas('H4M', 1598)]),
      hatch('Kwid', [2019, 2025], [gas('B4D', 999, 3)]),
      suv('Koleos', [2017, 2023], [gas('2TR', 2488)]),
    ],
  }),
  make({
    key: 'mazda',
    name: 'Mazda',
    wmi: 'JM1',
    countryOfOrigin: 'Japón',
    colors: ['#101010', '#E0E0E0'],
    models: [
      hatch('Mazda 2', [2008, 2025], [gas('P5-VPS', 1496)]),
      car('Mazda 3', [2004, 2025], [gas('PE-VPS', 1998), gas('Z6', 1598)]),
      suv('CX-3', [2016, 2023], [gas('PE-VPS', 1998)]),
      suv('CX-5', [2013, 2025], [gas('PY-VPS', 2488)]),
      pickup('BT-50', [2008, 2021], [diesel('WLAT', 2499)]),
    ],
  }),
  make({
    key: 'kia',
    name: 'Kia',
    wmi: 'KNA',
    countryOfOrigin: 'Corea del Sur',
    colors: ['#05141F', '#FFFFFF'],
    models: [
      hatch('Picanto', [2004, 2025], [gas('G3LA', 998, 3), gas('G4LA', 1248)]),
      car('Rio', [2006, 2025], [gas('G4FC', 1396), gas('G4FG', 1591)]),
      car('Cerato', [2009, 2023], [gas('G4FG', 1591), gas('G4NA', 1999)]),
      suv('Sportage', [2005, 2025], [gas('G4NA', 1999), diesel('D4HA', 1995)]),
      suv('Sorento', [2010, 2024], [gas('G4KE', 2359)]),
    ],
  }),
  make({
    key: 'hyundai',
    name: 'Hyundai',
    wmi: 'KMH',
    countryOfOrigin: 'Corea del Sur',
    colors: ['#002C5F', '#FFFFFF'],
    models: [
      hatch('Grand i10', [2014, 2024], [gas('G4LA', 1248)]),
      car('Accent', [2006, 2023], [gas('G4FC', 1396), gas('G4FA', 1396)]),
      suv('Tucson', [2005, 2025], [gas('G4NA', 1999), diesel('D4HA', 1995)]),
      suv('Creta', [2017, 2025], [gas('G4FG', 1591)]),
      suv('Santa Fe', [2007, 2024], [gas('G4KE', 2359)]),
    ],
  }),
  make({
    key: 'toyota',
    name: 'Toyota',
    wmi: 'JTD',
    countryOfOrigin: 'Japón',
    colors: ['#EB0A1E', '#FFFFFF'],
    models: [
      car('Corolla', [2003, 2025], [gas('1ZZ-FE', 1794), gas('2ZR-FE', 1798)]),
      hatch('Yaris', [2006, 2024], [gas('2NZ-FE', 1299), gas('1NZ-FE', 1497)]),
      pickup('Hilux', [2006, 2025], [diesel('1KD-FTV', 2982), diesel('1GD-FTV', 2755), gas('2TR-FE', 2694)]),
      suv('Fortuner', [2008, 2025], [gas('2TR-FE', 2694), diesel('1GD-FTV', 2755)]),
      suv('RAV4', [2006, 2025], [gas('2AR-FE', 2494)]),
      suv('Land Cruiser Prado', [2003, 2024], [gas('1GR-FE', 3956, 6), diesel('1KD-FTV', 2982)]),
    ],
  }),
  make({
    key: 'nissan',
    name: 'Nissan',
    wmi: '3N1',
    countryOfOrigin: 'México',
    colors: ['#C3002F', '#FFFFFF'],
    models: [
      hatch('March', [2012, 2024], [gas('HR16DE', 1598)]),
      car('Versa', [2012, 2025], [gas('HR16DE', 1598)]),
      car('Sentra', [2007, 2025], [gas('MR20DE', 1997)]),
      car('Tsuru', [2000, 2017], [gas('GA16DE', 1597)]),
      pickup('Frontier', [2008, 2025], [diesel('YD25DDTi', 2488)]),
      suv('X-Trail', [2008, 2025], [gas('QR25DE', 2488)]),
      suv('Kicks', [2017, 2025], [gas('HR16DE', 1598)]),
    ],
  }),
  make({
    key: 'volkswagen',
    name: 'Volkswagen',
    wmi: '3VW',
    countryOfOrigin: 'México',
    colors: ['#001E50', '#FFFFFF'],
    models: [
      hatch('Gol', [2009, 2023], [gas('CFZ', 1598)]),
      car('Jetta', [2006, 2025], [gas('CBP', 1984), gas('CZD Turbo', 1395)]),
      car('Vento', [2014, 2022], [gas('CLS', 1598)]),
      hatch('Polo', [2010, 2024], [gas('CWV', 1598)]),
      suv('Tiguan', [2009, 2025], [gas('CCZ Turbo', 1984)]),
      pickup('Amarok', [2011, 2024], [diesel('CNFA', 1968)]),
    ],
  }),
  make({
    key: 'ford',
    name: 'Ford',
    wmi: '3FA',
    countryOfOrigin: 'México',
    colors: ['#003478', '#FFFFFF'],
    models: [
      car('Fiesta', [2011, 2019], [gas('Sigma', 1596)]),
      car('Focus', [2005, 2018], [gas('Duratec HE 2.0', 1999)]),
      pickup('Ranger', [2012, 2025], [diesel('P4AT', 2198), diesel('P5AT', 3198, 5)]),
      suv('Escape', [2008, 2025], [gas('Duratec 2.5', 2488)]),
      suv('EcoSport', [2004, 2022], [gas('Sigma', 1596), gas('Duratec HE 2.0', 1999)]),
      suv('Explorer', [2011, 2025], [gas('Cyclone', 3496, 6)]),
    ],
  }),
  make({
    key: 'suzuki',
    name: 'Suzuki',
    wmi: 'MA3',
    countryOfOrigin: 'India',
    colors: ['#E30613', '#FFFFFF'],
    models: [
      hatch('Swift', [2010, 2025], [gas('K12B', 1197), gas('M13A', 1328)]),
      suv('Vitara', [2015, 2025], [gas('M16A', 1586)]),
      suv('Jimny', [2010, 2025], [gas('K15B', 1462)], 3),
      hatch('Alto', [2009, 2020], [gas('F8D', 796, 3)]),
    ],
  }),
  make({
    key: 'honda',
    name: 'Honda',
    wmi: 'JHM',
    countryOfOrigin: 'Japón',
    colors: ['#CC0000', '#FFFFFF'],
    models: [
      car('Civic', [2006, 2025], [gas('R18A', 1799), gas('K20C', 1996)]),
      car('City', [2009, 2024], [gas('L15A', 1497)]),
      suv('CR-V', [2007, 2025], [gas('K24Z', 2354)]),
      suv('HR-V', [2016, 2025], [gas('R18Z', 1799)]),
    ],
  }),
  make({
    key: 'mitsubishi',
    name: 'Mitsubishi',
    wmi: 'MMB',
    countryOfOrigin: 'Tailandia',
    colors: ['#E60012', '#FFFFFF'],
    models: [
      pickup('L200', [2008, 2025], [diesel('4D56', 2477), diesel('4N15', 2442)]),
      suv('Montero Sport', [2010, 2025], [diesel('4N15', 2442)]),
      suv('Outlander', [2008, 2024], [gas('4B12', 2360)]),
      hatch('Mirage', [2013, 2024], [gas('3A92', 1193, 3)]),
    ],
  }),
  make({
    key: 'peugeot',
    name: 'Peugeot',
    wmi: 'VF3',
    countryOfOrigin: 'Francia',
    colors: ['#1A1A1A', '#FFFFFF'],
    models: [
      hatch('208', [2013, 2025], [gas('EC5', 1587)]),
      car('301', [2013, 2022], [gas('EC5', 1587)]),
      suv('2008', [2014, 2025], [gas('EP6', 1598)]),
      suv('3008', [2010, 2025], [gas('EP6 THP', 1598)]),
    ],
  }),
  make({
    key: 'fiat',
    name: 'Fiat',
    wmi: '9BD',
    countryOfOrigin: 'Brasil',
    colors: ['#9B1B30', '#FFFFFF'],
    models: [
      hatch('Uno', [2005, 2021], [gas('Fire 1.4', 1368)]),
      hatch('Palio', [2005, 2018], [gas('Fire 1.4', 1368)]),
      pickup('Strada', [2008, 2025], [gas('E.torQ', 1598)]),
      hatch('Mobi', [2017, 2024], [gas('Fire 1.0', 999)]),
    ],
  }),
  make({
    key: 'jeep',
    name: 'Jeep',
    wmi: '1C4',
    countryOfOrigin: 'Estados Unidos',
    colors: ['#2E3B1F', '#FFFFFF'],
    models: [
      suv('Wrangler', [2007, 2025], [gas('Pentastar', 3604, 6)], 3),
      suv('Grand Cherokee', [2011, 2025], [gas('Pentastar', 3604, 6)]),
      suv('Compass', [2007, 2025], [gas('Tigershark', 2360)]),
    ],
  }),
  make({
    key: 'dodge',
    name: 'Dodge',
    wmi: '3C4',
    countryOfOrigin: 'México',
    colors: ['#BA0C2F', '#FFFFFF'],
    models: [suv('Journey', [2009, 2020], [gas('World Engine', 2360)]), car('Attitude', [2015, 2025], [gas('3A92', 1193, 3)])],
  }),
  make({
    key: 'bmw',
    name: 'BMW',
    wmi: 'WBA',
    countryOfOrigin: 'Alemania',
    colors: ['#0066B1', '#FFFFFF'],
    models: [
      car('Serie 3', [2006, 2025], [gas('N20B20', 1997), gas('B48B20', 1998)]),
      suv('X1', [2010, 2025], [gas('B38A15', 1499, 3), gas('N20B20', 1997)]),
      suv('X3', [2011, 2025], [gas('B48B20', 1998)]),
    ],
  }),
  make({
    key: 'mercedes-benz',
    name: 'Mercedes-Benz',
    wmi: 'WDD',
    countryOfOrigin: 'Alemania',
    colors: ['#222222', '#C0C0C0'],
    models: [
      car('Clase C', [2008, 2025], [gas('M274', 1991)]),
      suv('GLA', [2015, 2025], [gas('M270', 1595)]),
      hatch('Clase A', [2013, 2025], [gas('M282', 1332)]),
    ],
  }),
  make({
    key: 'audi',
    name: 'Audi',
    wmi: 'WAU',
    countryOfOrigin: 'Alemania',
    colors: ['#000000', '#FFFFFF'],
    models: [
      car('A3', [2008, 2025], [gas('CZE', 1395)]),
      car('A4', [2009, 2025], [gas('CDN', 1984)]),
      suv('Q5', [2010, 2025], [gas('CDN', 1984)]),
    ],
  }),
  make({
    key: 'subaru',
    name: 'Subaru',
    wmi: 'JF1',
    countryOfOrigin: 'Japón',
    colors: ['#013C74', '#FFFFFF'],
    models: [suv('Forester', [2009, 2025], [gas('FB20', 1995)]), suv('XV', [2013, 2024], [gas('FB20', 1995)])],
  }),
  make({
    key: 'chery',
    name: 'Chery',
    wmi: 'LVV',
    countryOfOrigin: 'China',
    colors: ['#9E1B32', '#FFFFFF'],
    models: [suv('Tiggo 2', [2018, 2024], [gas('SQRE4G15', 1497)]), suv('Tiggo 7', [2019, 2025], [gas('SQRF4J15 Turbo', 1498)])],
  }),
  make({
    key: 'byd',
    name: 'BYD',
    wmi: 'LGX',
    countryOfOrigin: 'China',
    colors: ['#C8102E', '#FFFFFF'],
    models: [suv('Song Plus', [2022, 2025], [hybrid('BYD472QA DM-i', 1498)]), hatch('Dolphin', [2023, 2025], [electric('TZ200XSQ')])],
  }),
  make({
    key: 'citroen',
    name: 'Citroën',
    wmi: 'VF7',
    countryOfOrigin: 'Francia',
    colors: ['#A6192E', '#FFFFFF'],
    models: [
      hatch('C3', [2010, 2025], [gas('EC5', 1587)]),
      car('C-Elysée', [2013, 2020], [gas('EC5', 1587)]),
      suv('C4 Cactus', [2015, 2024], [gas('EB2 PureTech', 1199, 3)]),
    ],
  }),
  make({
    key: 'seat',
    name: 'SEAT',
    wmi: 'VSS',
    countryOfOrigin: 'España',
    colors: ['#33302E', '#F0F0F0'],
    models: [
      hatch('Ibiza', [2009, 2024], [gas('CJZ TSI', 1197)]),
      hatch('León', [2013, 2024], [gas('CZCA TSI', 1395)]),
      suv('Arona', [2018, 2025], [gas('DKLA TSI', 999, 3)]),
    ],
  }),
  make({
    key: 'volvo',
    name: 'Volvo',
    wmi: 'YV1',
    countryOfOrigin: 'Suecia',
    colors: ['#003057', '#FFFFFF'],
    models: [
      suv('XC40', [2018, 2025], [gas('B4204T', 1969)]),
      suv('XC60', [2018, 2025], [gas('B4204T', 1969)]),
      suv('XC90', [2016, 2025], [gas('B4204T', 1969)]),
    ],
  }),
  make({
    key: 'land-rover',
    name: 'Land Rover',
    wmi: 'SAL',
    countryOfOrigin: 'Reino Unido',
    colors: ['#005A2B', '#FFFFFF'],
    models: [
      suv('Range Rover Evoque', [2012, 2025], [gas('204PT Ingenium', 1997)]),
      suv('Discovery Sport', [2015, 2025], [gas('204PT Ingenium', 1997)]),
      suv('Defender', [2020, 2025], [gas('PT204 P300', 1997)]),
    ],
  }),
  make({
    key: 'jaguar',
    name: 'Jaguar',
    wmi: 'SAJ',
    countryOfOrigin: 'Reino Unido',
    colors: ['#1C1C1C', '#D4AF37'],
    models: [suv('F-Pace', [2017, 2025], [gas('204PT Ingenium', 1997)]), car('XE', [2016, 2023], [gas('204PT Ingenium', 1997)])],
  }),
  make({
    key: 'porsche',
    name: 'Porsche',
    wmi: 'WP1',
    countryOfOrigin: 'Alemania',
    colors: ['#000000', '#C9A227'],
    models: [suv('Cayenne', [2011, 2025], [gas('MCU V6', 2995, 6)]), suv('Macan', [2015, 2025], [gas('DLH', 1984)])],
  }),
  make({
    key: 'mini',
    name: 'MINI',
    wmi: 'WMW',
    countryOfOrigin: 'Reino Unido',
    colors: ['#000000', '#FFFFFF'],
    models: [
      hatch('Cooper', [2007, 2025], [gas('N12B16', 1598), gas('B38A15', 1499, 3)]),
      suv('Countryman', [2011, 2025], [gas('B38A15', 1499, 3)]),
    ],
  }),
  make({
    key: 'ram',
    name: 'RAM',
    wmi: '3C6',
    countryOfOrigin: 'México',
    colors: ['#000000', '#B4B4B4'],
    models: [pickup('700', [2015, 2025], [gas('E.torQ', 1598)]), pickup('1500', [2009, 2025], [gas('Hemi 5.7', 5654, 8)])],
  }),
  make({
    key: 'chrysler',
    name: 'Chrysler',
    wmi: '2C3',
    countryOfOrigin: 'Canadá',
    markets: ['MX'],
    colors: ['#0C2340', '#FFFFFF'],
    models: [car('300', [2011, 2023], [gas('Pentastar', 3604, 6)]), van('Pacifica', [2017, 2025], [gas('Pentastar', 3604, 6)])],
  }),
  make({
    key: 'gmc',
    name: 'GMC',
    wmi: '1GT',
    countryOfOrigin: 'Estados Unidos',
    markets: ['MX'],
    colors: ['#CC0000', '#FFFFFF'],
    models: [
      suv('Yukon', [2015, 2025], [gas('L83 V8', 5328, 8)]),
      suv('Acadia', [2017, 2025], [gas('LCV', 2457)]),
      suv('Terrain', [2010, 2025], [gas('LCV', 2457)]),
    ],
  }),
  make({
    key: 'cadillac',
    name: 'Cadillac',
    wmi: '1GY',
    countryOfOrigin: 'Estados Unidos',
    markets: ['MX'],
    colors: ['#1A1A1A', '#B08D57'],
    models: [suv('Escalade', [2015, 2025], [gas('L86 V8', 6162, 8)]), suv('XT5', [2017, 2025], [gas('LGX V6', 3564, 6)])],
  }),
  make({
    key: 'buick',
    name: 'Buick',
    wmi: 'KL4',
    countryOfOrigin: 'Corea del Sur',
    markets: ['MX'],
    colors: ['#1D1D1D', '#D0D0D0'],
    models: [
      suv('Encore', [2013, 2022], [gas('LUJ Turbo', 1364)]),
      suv('Envision', [2016, 2025], [gas('LTG Turbo', 1998)]),
      suv('Enclave', [2008, 2025], [gas('LLT V6', 3564, 6)]),
    ],
  }),
  make({
    key: 'lincoln',
    name: 'Lincoln',
    wmi: '5LM',
    countryOfOrigin: 'Estados Unidos',
    markets: ['MX'],
    colors: ['#1C2833', '#E5E5E5'],
    models: [suv('Nautilus', [2019, 2025], [gas('EcoBoost 2.0', 1999)]), suv('Aviator', [2020, 2025], [gas('EcoBoost 3.0 V6', 2956, 6)])],
  }),
  make({
    key: 'acura',
    name: 'Acura',
    wmi: '5J8',
    countryOfOrigin: 'Estados Unidos',
    markets: ['MX'],
    colors: ['#000000', '#C0C0C0'],
    models: [suv('RDX', [2007, 2025], [gas('K20C4', 1996)]), suv('MDX', [2007, 2025], [gas('J35Y', 3471, 6)])],
  }),
  make({
    key: 'infiniti',
    name: 'Infiniti',
    wmi: 'JNK',
    countryOfOrigin: 'Japón',
    markets: ['MX'],
    colors: ['#1B1B1B', '#FFFFFF'],
    models: [suv('QX50', [2014, 2025], [gas('KR20DDET', 1997)]), car('Q50', [2014, 2024], [gas('VR30DDTT', 2997, 6)])],
  }),
  make({
    key: 'lexus',
    name: 'Lexus',
    wmi: 'JTH',
    countryOfOrigin: 'Japón',
    colors: ['#1A1A1A', '#C5C5C5'],
    models: [
      suv('NX', [2015, 2025], [gas('8AR-FTS', 1998)]),
      suv('RX', [2009, 2025], [gas('2GR-FKS', 3456, 6)]),
      suv('UX', [2019, 2025], [hybrid('M20A-FXS', 1987)]),
    ],
  }),
  make({
    key: 'daihatsu',
    name: 'Daihatsu',
    wmi: 'JDA',
    countryOfOrigin: 'Japón',
    markets: ['CO'],
    colors: ['#E60012', '#FFFFFF'],
    models: [suv('Terios', [2006, 2017], [gas('3SZ-VE', 1495)]), hatch('Sirion', [2006, 2013], [gas('K3-VE', 1298)])],
  }),
  make({
    key: 'isuzu',
    name: 'Isuzu',
    wmi: 'MPA',
    countryOfOrigin: 'Tailandia',
    colors: ['#C8102E', '#FFFFFF'],
    models: [pickup('D-Max', [2012, 2025], [diesel('4JJ1', 2999)]), truck('NPR', [2008, 2025], [diesel('4HK1', 5193)])],
  }),
  make({
    key: 'hino',
    name: 'Hino',
    wmi: 'JHD',
    countryOfOrigin: 'Japón',
    colors: ['#D7000F', '#FFFFFF'],
    models: [truck('Serie 300 Dutro', [2010, 2025], [diesel('N04C', 4009)]), truck('Serie 500', [2010, 2025], [diesel('J08E', 7684, 6)])],
  }),
  make({
    key: 'ssangyong',
    name: 'SsangYong',
    wmi: 'KPT',
    countryOfOrigin: 'Corea del Sur',
    markets: ['CO'],
    colors: ['#00205B', '#FFFFFF'],
    models: [
      suv('Rexton', [2013, 2025], [diesel('D22DTR', 2157)]),
      suv('Korando', [2011, 2025], [gas('G15DTF', 1497)]),
      suv('Tivoli', [2016, 2025], [gas('G16F', 1597)]),
    ],
  }),
  make({
    key: 'alfa-romeo',
    name: 'Alfa Romeo',
    wmi: 'ZAR',
    countryOfOrigin: 'Italia',
    markets: ['MX'],
    colors: ['#8F0B1E', '#FFFFFF'],
    models: [car('Giulia', [2017, 2025], [gas('952 Turbo', 1995)]), suv('Stelvio', [2018, 2025], [gas('952 Turbo', 1995)])],
  }),
  make({
    key: 'mahindra',
    name: 'Mahindra',
    wmi: 'MA1',
    countryOfOrigin: 'India',
    markets: ['CO'],
    colors: ['#C4161C', '#FFFFFF'],
    models: [suv('Scorpio', [2012, 2025], [diesel('mHawk', 2179)]), pickup('Pik Up', [2012, 2025], [diesel('mHawk', 2179)])],
  }),
  make({
    key: 'jac',
    name: 'JAC',
    wmi: 'LJ1',
    countryOfOrigin: 'China',
    colors: ['#D71920', '#FFFFFF'],
    models: [
      suv('S2', [2016, 2022], [gas('HFC4GA3', 1499)]),
      suv('JS4', [2021, 2025], [gas('HFC4GB1.5T', 1499)]),
      pickup('T8', [2019, 2025], [diesel('HFC4DA1', 1999)]),
    ],
  }),
  make({
    key: 'great-wall',
    name: 'Great Wall',
    wmi: 'LGW',
    countryOfOrigin: 'China',
    markets: ['CO'],
    colors: ['#00205B', '#FFFFFF'],
    models: [pickup('Wingle 5', [2011, 2022], [diesel('GW4D20', 1996)]), pickup('Poer', [2021, 2025], [diesel('GW4D20M', 1996)])],
  }),
  make({
    key: 'changan',
    name: 'Changan',
    wmi: 'LS5',
    countryOfOrigin: 'China',
    colors: ['#0A3D91', '#FFFFFF'],
    models: [
      suv('CS15', [2017, 2023], [gas('JL473Q', 1499)]),
      suv('CS35 Plus', [2019, 2025], [gas('JL473ZQ5', 1399)]),
      car('Alsvin', [2020, 2025], [gas('JL473Q', 1499)]),
    ],
  }),
  make({
    key: 'dfsk',
    name: 'DFSK',
    wmi: 'LVZ',
    countryOfOrigin: 'China',
    markets: ['CO'],
    colors: ['#E60012', '#FFFFFF'],
    models: [suv('Glory 580', [2017, 2025], [gas('SFG15T', 1498)]), truck('K01', [2014, 2025], [gas('DK12', 1206)])],
  }),
  make({
    key: 'foton',
    name: 'Foton',
    wmi: 'LVB',
    countryOfOrigin: 'China',
    colors: ['#00418E', '#FFFFFF'],
    models: [pickup('Tunland', [2013, 2025], [diesel('ISF2.8', 2776)]), truck('Aumark', [2012, 2025], [diesel('ISF3.8', 3760)])],
  }),
  make({
    key: 'jmc',
    name: 'JMC',
    wmi: 'LEF',
    countryOfOrigin: 'China',
    markets: ['CO'],
    colors: ['#004C97', '#FFFFFF'],
    models: [pickup('Vigus', [2017, 2025], [diesel('JX4D25', 2499)]), truck('N720', [2016, 2025], [diesel('JX493ZLQ4', 2771)])],
  }),
  make({
    key: 'mg',
    name: 'MG',
    wmi: 'LSJ',
    countryOfOrigin: 'China',
    colors: ['#7A1818', '#F5F0E6'],
    models: [
      suv('ZS', [2018, 2025], [gas('15S4C', 1498)]),
      car('MG5', [2021, 2025], [gas('15S4C', 1498)]),
      suv('HS', [2019, 2025], [gas('15E4E Turbo', 1490)]),
    ],
  }),
  make({
    key: 'geely',
    name: 'Geely',
    wmi: 'L6T',
    countryOfOrigin: 'China',
    colors: ['#1C3F94', '#FFFFFF'],
    models: [suv('Coolray', [2020, 2025], [gas('JLH-3G15TD', 1477, 3)]), car('Emgrand', [2012, 2025], [gas('JLC-4G15', 1498)])],
  }),
  make({
    key: 'gac',
    name: 'GAC',
    wmi: 'LMG',
    countryOfOrigin: 'China',
    markets: ['MX'],
    colors: ['#2B2B2B', '#E7E7E7'],
    models: [suv('GS4', [2021, 2025], [gas('4A15J1 Turbo', 1499)]), suv('GS8', [2022, 2025], [gas('4B20J1 Turbo', 1991)])],
  }),
  make({
    key: 'baic',
    name: 'BAIC',
    wmi: 'LNB',
    countryOfOrigin: 'China',
    colors: ['#1E2A5A', '#FFFFFF'],
    models: [suv('X35', [2020, 2025], [gas('A151', 1499)]), suv('X55', [2021, 2025], [gas('A156 Turbo', 1499)])],
  }),
  make({
    key: 'freightliner',
    name: 'Freightliner',
    wmi: '3AK',
    countryOfOrigin: 'México',
    colors: ['#1A1A1A', '#FFFFFF'],
    models: [truck('Cascadia', [2008, 2025], [diesel('DD15', 14800, 6)]), truck('M2 106', [2003, 2025], [diesel('ISB6.7', 6690, 6)])],
  }),
  make({
    key: 'kenworth',
    name: 'Kenworth',
    wmi: '3WK',
    countryOfOrigin: 'México',
    colors: ['#9D2235', '#FFFFFF'],
    models: [truck('T680', [2013, 2025], [diesel('X15', 14900, 6)]), truck('T370', [2010, 2025], [diesel('PX-9', 8900, 6)])],
  }),
  // Motorcycles: more than half of Colombia's registered fleet.
  make({
    key: 'honda-motos',
    name: 'Honda Motos',
    kind: 'motorcycle',
    wmi: '9C2',
    countryOfOrigin: 'Brasil',
    colors: ['#CC0000', '#FFFFFF'],
    models: [
      moto('CB 125F', [2016, 2025], 124),
      moto('CB 190R', [2016, 2025], 184),
      moto('XR 150L', [2015, 2025], 149, { drum: true, carb: true }),
      moto('XRE 300', [2010, 2025], 291),
    ],
  }),
  make({
    key: 'suzuki-motos',
    name: 'Suzuki Motos',
    kind: 'motorcycle',
    wmi: 'JS1',
    countryOfOrigin: 'Japón',
    colors: ['#0033A0', '#FFFFFF'],
    models: [
      moto('GN 125', [2000, 2025], 124, { drum: true, carb: true }),
      moto('Gixxer 150', [2015, 2025], 155),
      moto('DR 150', [2019, 2025], 149, { drum: true }),
    ],
  }),
  make({
    key: 'yamaha',
    name: 'Yamaha',
    kind: 'motorcycle',
    wmi: '9C6',
    countryOfOrigin: 'Brasil',
    colors: ['#1B2A78', '#FFFFFF'],
    models: [
      moto('FZ 2.0', [2012, 2025], 149),
      moto('XTZ 125', [2010, 2025], 124, { drum: true, carb: true }),
      moto('NMAX', [2016, 2025], 155, { body: 'Motocicleta (scooter)' }),
      moto('XTZ 250', [2008, 2025], 249),
    ],
  }),
  make({
    key: 'bajaj',
    name: 'Bajaj',
    kind: 'motorcycle',
    wmi: 'MD2',
    countryOfOrigin: 'India',
    colors: ['#005BAC', '#FFFFFF'],
    models: [
      moto('Pulsar NS 200', [2013, 2025], 199),
      moto('Boxer CT 100', [2010, 2025], 99, { drum: true, carb: true }),
      moto('Discover 125', [2013, 2025], 124, { drum: true, carb: true }),
      moto('Pulsar 180', [2008, 2025], 178, { drum: true, carb: true }),
    ],
  }),
  make({
    key: 'akt',
    name: 'AKT',
    kind: 'motorcycle',
    wmi: '9F9',
    countryOfOrigin: 'Colombia',
    colors: ['#E4032E', '#FFFFFF'],
    models: [
      moto('NKD 125', [2011, 2025], 124, { drum: true, carb: true }),
      moto('Special 110', [2012, 2025], 109, { drum: true, carb: true }),
      moto('CR4 125', [2020, 2025], 124, { drum: true }),
    ],
  }),
  make({
    key: 'hero',
    name: 'Hero',
    kind: 'motorcycle',
    wmi: 'MBL',
    countryOfOrigin: 'India',
    colors: ['#E31E24', '#FFFFFF'],
    models: [
      moto('Eco Deluxe', [2014, 2025], 97, { drum: true, carb: true }),
      moto('Hunk 160R', [2021, 2025], 163),
      moto('Xpulse 200', [2020, 2025], 199),
    ],
  }),
  make({
    key: 'tvs',
    name: 'TVS',
    kind: 'motorcycle',
    wmi: 'MD6',
    countryOfOrigin: 'India',
    colors: ['#1C3F94', '#FFFFFF'],
    models: [
      moto('Apache RTR 160', [2012, 2025], 159),
      moto('Sport 100', [2015, 2025], 99, { drum: true, carb: true }),
      moto('Raider 125', [2022, 2025], 124, { drum: true }),
    ],
  }),
  make({
    key: 'ktm',
    name: 'KTM',
    kind: 'motorcycle',
    wmi: 'VBK',
    countryOfOrigin: 'Austria',
    colors: ['#FF6600', '#000000'],
    models: [moto('Duke 200', [2012, 2025], 199), moto('Duke 390', [2013, 2025], 373), moto('RC 200', [2014, 2025], 199)],
  }),
  make({
    key: 'kawasaki',
    name: 'Kawasaki',
    kind: 'motorcycle',
    wmi: 'JKA',
    countryOfOrigin: 'Japón',
    markets: ['CO', 'MX'],
    colors: ['#69BE28', '#000000'],
    models: [
      moto('Ninja 400', [2018, 2025], 399, { cylinders: 2 }),
      moto('Versys-X 300', [2017, 2025], 296, { cylinders: 2 }),
      moto('Z400', [2019, 2025], 399, { cylinders: 2 }),
    ],
  }),
  make({
    key: 'royal-enfield',
    name: 'Royal Enfield',
    kind: 'motorcycle',
    wmi: 'ME3',
    countryOfOrigin: 'India',
    markets: ['CO', 'MX'],
    colors: ['#1A1A1A', '#C9A66B'],
    models: [moto('Classic 350', [2012, 2025], 349), moto('Himalayan', [2016, 2025], 411)],
  }),
  make({
    key: 'italika',
    name: 'Italika',
    kind: 'motorcycle',
    wmi: '3SC',
    countryOfOrigin: 'México',
    markets: ['MX'],
    colors: ['#E2001A', '#FFFFFF'],
    models: [
      moto('FT150', [2010, 2025], 150, { drum: true, carb: true }),
      moto('DM150', [2012, 2025], 150, { drum: true, carb: true }),
      moto('Vort-X 200', [2016, 2025], 200),
    ],
  }),
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
