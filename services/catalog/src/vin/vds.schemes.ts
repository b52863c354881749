/**
 * Makes whose VIN descriptor section (VDS, positions 4–9) carries the model in a known place: the chassis
 * or type code the make also prints in its own documents. Where a VIN is not in vPIC (vehicles built for
 * Latin America) this is what names the model and, with the model's years, resolves the 30-year cycle of
 * position 10 (a 1991 Uno is not a 2021 one). Codes and years are the models' own designations as their
 * Wikipedia articles give them ("Model code" / "Chassis code" in each model's infobox): Honda Civic, Fit,
 * City, CR-V, HR-V, Accord; Mazda2, Mazda3, Mazda6, CX-3, CX-5; Volkswagen Gol, Fox, Polo, Golf, Jetta,
 * Tiguan, Amarok, Passat; Fiat Uno, Palio. Renault's model family (position 5) and body (position 4), and
 * the model codes of Bajaj and Dafra motorcycles built in Brazil and India, are as idlesign/vininfo decodes
 * them (src/vininfo/details/renault.py, bajaj.py, dafra.py — https://github.com/idlesign/vininfo).
 */

export interface VdsModel {
  code: string;
  /** The catalogue's names for the model (the first is the one shown). */
  models: string[];
  years: [number, number];
  /** The make, when it is not the WMI's (Dafra assembles Bajaj's Dominar in Manaus). */
  make?: string;
}

export interface VdsScheme {
  make: string;
  wmis: readonly string[];
  /** 1-based, inclusive: where the code sits in the VIN. */
  from: number;
  to: number;
  entries: readonly VdsModel[];
  /** Where the body is written, and what each code means (vPIC's words: 'Sedan', 'Hatchback', …). */
  body?: { at: number; codes: Record<string, string> };
}

const m = (code: string, models: string[], from: number, to: number): VdsModel => ({ code, models, years: [from, to] });
const OPEN = 2100;
/** A code that names the model but says nothing about its years. */
const ANY = 1981;

export const VDS_SCHEMES: readonly VdsScheme[] = [
  {
    make: 'Honda',
    wmis: ['JHM', 'JHL', '1HG', '2HG', '3HG', '19X', '2HK', '5J6', '3CZ', '93H', 'MAK', 'MHR', 'LHG', 'SHH', 'SHS'],
    from: 4,
    to: 5,
    entries: [
      m('FA', ['Civic'], 2005, 2011),
      m('FD', ['Civic'], 2005, 2011),
      m('FB', ['Civic'], 2011, 2015),
      m('FC', ['Civic'], 2015, 2021),
      m('FK', ['Civic'], 2016, 2021),
      m('FE', ['Civic'], 2021, OPEN),
      m('GD', ['Fit', 'Jazz'], 2001, 2008),
      m('GE', ['Fit', 'Jazz'], 2007, 2014),
      m('GK', ['Fit', 'Jazz'], 2013, 2020),
      m('GM', ['City'], 2008, 2020),
      m('GN', ['City'], 2019, OPEN),
      m('RD', ['CR-V'], 1995, 2006),
      m('RE', ['CR-V'], 2006, 2012),
      m('RM', ['CR-V'], 2011, 2016),
      m('RW', ['CR-V'], 2016, 2022),
      m('RS', ['CR-V'], 2022, OPEN),
      m('RU', ['HR-V'], 2013, 2022),
      m('RV', ['HR-V'], 2021, OPEN),
      m('CM', ['Accord'], 2002, 2008),
      m('CP', ['Accord'], 2007, 2012),
      m('CR', ['Accord'], 2012, 2017),
      m('CV', ['Accord'], 2017, 2022),
    ],
  },
  {
    make: 'Mazda',
    wmis: ['JM1', 'JM3', 'JMZ', '3MZ', '3MD', '9FC'],
    from: 4,
    to: 5,
    entries: [
      m('BK', ['Mazda 3'], 2003, 2009),
      m('BL', ['Mazda 3'], 2008, 2013),
      m('BM', ['Mazda 3'], 2013, 2019),
      m('BN', ['Mazda 3'], 2013, 2019),
      m('BP', ['Mazda 3'], 2018, OPEN),
      m('DE', ['Mazda 2'], 2007, 2014),
      m('DJ', ['Mazda 2'], 2014, OPEN),
      m('DL', ['Mazda 2'], 2014, OPEN),
      m('DK', ['CX-3'], 2015, OPEN),
      m('KE', ['CX-5'], 2011, 2017),
      m('KF', ['CX-5'], 2016, OPEN),
      m('GH', ['Mazda 6'], 2007, 2013),
      m('GJ', ['Mazda 6'], 2012, OPEN),
      m('GL', ['Mazda 6'], 2012, OPEN),
    ],
  },
  {
    make: 'Volkswagen',
    wmis: ['9BW', '3VW', '3VV', '8AW', 'WVW', 'WVG', 'WV1', 'WV2', 'MEX', 'LFV', 'VWV'],
    from: 7,
    to: 8,
    entries: [
      m('5U', ['Gol', 'Voyage', 'Saveiro'], 2008, 2023),
      m('5Z', ['Fox', 'CrossFox', 'Suran'], 2003, 2021),
      m('9N', ['Polo'], 2001, 2009),
      m('6R', ['Polo', 'Vento'], 2009, 2017),
      m('AW', ['Polo'], 2017, OPEN),
      m('1J', ['Golf', 'Bora', 'Jetta'], 1997, 2015),
      m('1K', ['Jetta', 'Golf', 'Bora'], 2003, 2014),
      m('16', ['Jetta'], 2010, 2018),
      m('BU', ['Jetta'], 2018, OPEN),
      m('AU', ['Golf'], 2012, 2020),
      m('5N', ['Tiguan'], 2007, 2017),
      m('AD', ['Tiguan'], 2016, OPEN),
      m('2H', ['Amarok'], 2010, 2022),
      m('3C', ['Passat'], 2005, 2015),
    ],
  },
  {
    make: 'Fiat',
    wmis: ['9BD', '8AP'],
    from: 4,
    to: 6,
    entries: [m('146', ['Uno'], 1984, 2013), m('178', ['Palio', 'Strada', 'Siena'], 1996, 2020)],
  },
  {
    // GM do Brasil: one public sample so far — a 2018 "ONIX 10MT JOYE", 9BGKL48U0JB118848, in the sample answer of
    // RodrigodeJesus/placa-fipe-api (index.js). More lines are to be added as they are confirmed.
    make: 'Chevrolet',
    wmis: ['9BG'],
    from: 4,
    to: 5,
    entries: [m('KL', ['Onix'], 2016, 2019)],
  },
  {
    make: 'Renault',
    wmis: ['VF1', '9FB', '93Y', '8A1', 'MEE'],
    from: 5,
    to: 5,
    entries: [m('S', ['Logan', 'Sandero', 'Stepway', 'Duster'], 2004, OPEN), m('Y', ['Koleos'], 2007, OPEN)],
    body: { at: 4, codes: { '4': 'Sedan', L: 'Sedan', '5': 'Hatchback', B: 'Hatchback', S: 'Wagon', H: 'Pickup', U: 'Pickup' } },
  },
  {
    make: 'Bajaj',
    wmis: ['92T', 'MD2'],
    from: 4,
    to: 6,
    entries: [
      m('A92', ['Dominar 160', 'Pulsar NS 160'], ANY, OPEN),
      m('A36', ['Dominar 200', 'Pulsar NS 200'], ANY, OPEN),
      m('A67', ['Dominar 400'], ANY, OPEN),
      m('B65', ['Dominar 250'], ANY, OPEN),
      m('C41', ['Pulsar N150'], ANY, OPEN),
      m('B54', ['Pulsar N160'], ANY, OPEN),
      m('B97', ['Pulsar N250'], ANY, OPEN),
    ],
  },
  {
    make: 'Dafra',
    wmis: ['95V'],
    from: 4,
    to: 5,
    entries: [
      m('CA', ['Speed 150'], 2008, OPEN),
      m('CB', ['Kansas 150'], 2008, OPEN),
      { ...m('2A', ['Dominar 160'], 2008, OPEN), make: 'Bajaj' },
      { ...m('2B', ['Dominar 200', 'Pulsar NS 200'], 2008, OPEN), make: 'Bajaj' },
      { ...m('3B', ['Dominar 400'], 2008, OPEN), make: 'Bajaj' },
    ],
  },
];

/** The models a VIN's descriptor section names, with their years (and its body), when its make's scheme is known. */
export function vdsModelOf(vin: string): { scheme: VdsScheme; entry: VdsModel; body: string | null } | null {
  const wmi = vin.slice(0, 3);
  for (const scheme of VDS_SCHEMES) {
    if (!scheme.wmis.includes(wmi)) continue;
    const code = vin.slice(scheme.from - 1, scheme.to);
    const entry = scheme.entries.find((e) => e.code === code);
    if (entry) return { scheme, entry, body: scheme.body?.codes[vin[scheme.body.at - 1] ?? ''] ?? null };
  }
  return null;
}
