import { describe, expect, it } from '@jest/globals';
import { DEMO_MAKES, vinYearCode } from '@tuerca/demo-data';
import { countryOf, decodeVin, knownWmis, makeOfWmi, modelYearOf, regionOf } from './vin-decoder.js';

const NOV_2026 = new Date('2026-11-22T12:00:00Z');

/** A 17-character VIN with the given WMI, position 7 and year code (check digit not computed). */
const vin = (wmi: string, pos7: string, year: string) => `${wmi}ZZZ${pos7}00${year}A123456`;

describe('offline VIN decoding (DESIGN §7)', () => {
  it('knows every WMI of the demo makes, under the catalogue make key', () => {
    for (const make of DEMO_MAKES) expect(makeOfWmi(make.wmi)).toEqual({ key: make.key, name: make.name });
  });

  it('knows the common WMIs of the makes sold in Colombia and Mexico', () => {
    const expected: Record<string, string> = {
      '9BG': 'chevrolet',
      KL1: 'chevrolet',
      '1G1': 'chevrolet',
      VF1: 'renault',
      '93Y': 'renault',
      JM3: 'mazda',
      '3MZ': 'mazda',
      '3KP': 'kia',
      MAL: 'hyundai',
      '9BR': 'toyota',
      '3TM': 'toyota',
      '94D': 'nissan',
      '9BW': 'volkswagen',
      WVW: 'volkswagen',
      MAJ: 'ford',
      JS3: 'suzuki',
      '9C2': 'honda',
      ML3: 'mitsubishi',
      '8AD': 'peugeot',
      ZFA: 'fiat',
      '1J4': 'jeep',
      '1B3': 'dodge',
      WBX: 'bmw',
      W1K: 'mercedes-benz',
      WA1: 'audi',
      JF2: 'subaru',
      JYA: 'yamaha',
    };
    for (const [wmi, key] of Object.entries(expected)) expect(makeOfWmi(wmi)?.key).toBe(key);
    expect(new Set(knownWmis()).size).toBe(knownWmis().length);
    expect(makeOfWmi('ZZZ')).toBeNull();
    expect(decodeVin('9G1ZT53826F109149').make).toBeNull();
  });

  it('reads the model year of position 10 outside North America: the latest year not after next year', () => {
    expect(modelYearOf(vin('JM1', '0', vinYearCode(2018)), NOV_2026)).toBe(2018);
    expect(modelYearOf(vin('JM1', 'A', 'J'), NOV_2026)).toBe(2018);
    expect(modelYearOf(vin('9FB', '0', 'A'), NOV_2026)).toBe(2010);
    expect(modelYearOf(vin('9FB', '0', 'V'), NOV_2026)).toBe(2027);
    expect(modelYearOf(vin('9FB', '0', 'W'), NOV_2026)).toBe(1998);
    expect(modelYearOf(vin('9FB', '0', '9'), NOV_2026)).toBe(2009);
    expect(modelYearOf(vin('9FB', '0', 'W'), new Date('2027-06-01T00:00:00Z'))).toBe(2028);
    for (const year of [1998, 2005, 2015, 2024]) expect(modelYearOf(vin('WVW', '0', vinYearCode(year)), NOV_2026)).toBe(year);
  });

  it('uses position 7 for North American VINs: numeric is 1980–2009, a letter is 2010–2039', () => {
    expect(modelYearOf(vin('3N1', '5', 'A'), NOV_2026)).toBe(1980);
    expect(modelYearOf(vin('3N1', 'C', 'A'), NOV_2026)).toBe(2010);
    expect(modelYearOf(vin('1G1', '3', '6'), NOV_2026)).toBe(2006);
    expect(modelYearOf(vin('1G1', 'K', '6'), NOV_2026)).toBe(2036);
    expect(modelYearOf(vin('3VW', 'R', 'L'), NOV_2026)).toBe(2020);
    // The same code outside North America ignores position 7.
    expect(modelYearOf(vin('9BW', '5', 'L'), NOV_2026)).toBe(2020);
  });

  it('has no year for a position 10 that is not a year code', () => {
    for (const code of ['0', 'U', 'Z']) expect(modelYearOf(vin('JM1', '0', code), NOV_2026)).toBeNull();
  });

  it('tells region and country of manufacture from the first characters', () => {
    expect([regionOf('9GA'), countryOf('9GA')]).toEqual(['Sudamérica', 'Colombia']);
    expect([regionOf('9FB'), countryOf('9FB')]).toEqual(['Sudamérica', 'Colombia']);
    expect([regionOf('9BW'), countryOf('9BW')]).toEqual(['Sudamérica', 'Brasil']);
    expect(countryOf('93Y')).toBe('Brasil');
    expect(countryOf('8AD')).toBe('Argentina');
    expect([regionOf('3VW'), countryOf('3VW')]).toEqual(['Norteamérica', 'México']);
    expect([regionOf('1G1'), countryOf('1G1')]).toEqual(['Norteamérica', 'Estados Unidos']);
    expect(countryOf('2HG')).toBe('Canadá');
    expect([regionOf('JM1'), countryOf('JM1')]).toEqual(['Asia', 'Japón']);
    expect(countryOf('KNA')).toBe('Corea del Sur');
    expect(countryOf('LGX')).toBe('China');
    expect(countryOf('MA3')).toBe('India');
    expect(countryOf('MMB')).toBe('Tailandia');
    expect([regionOf('WBA'), countryOf('WBA')]).toEqual(['Europa', 'Alemania']);
    expect(countryOf('VF3')).toBe('Francia');
    expect(countryOf('ZFA')).toBe('Italia');
    expect([regionOf('AAV'), countryOf('AAV')]).toEqual(['África', 'Sudáfrica']);
    expect(regionOf('6T1')).toBe('Oceanía');
  });

  it('decodes a whole VIN typed in lowercase with I/O for 1/0', () => {
    expect(decodeVin('jm1bm1v30jo123456', NOV_2026)).toEqual({
      vin: 'JM1BM1V30J0123456',
      wmi: 'JM1',
      make: { key: 'mazda', name: 'Mazda' },
      year: 2018,
      region: 'Asia',
      country: 'Japón',
    });
    expect(decodeVin('JM1', NOV_2026).year).toBeNull();
  });
});
