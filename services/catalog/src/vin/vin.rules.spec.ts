import { describe, expect, it } from '@jest/globals';
import { vdsModelOf } from './vds.schemes.js';
import { countryOf, followsPosition7Rule, isImplausibleVin, makeKeyOf, marketOf, modelMatch, yearReadings } from './vin.rules.js';

const NOW = new Date('2026-11-24T12:00:00Z');
const years = (vin: string) => yearReadings(vin, NOW).map((r) => r.year);

describe('VIN rules for Latin America', () => {
  describe('model year (position 10)', () => {
    it('gives one year when the other reading of the cycle is impossible', () => {
      expect(years('1HGCM82633A004352')).toEqual([2003]); // 2033 is in the future
      expect(years('JTDBT923771012345')).toEqual([2007]);
      expect(years('9BD146000Y3000001')).toEqual([2000]); // Y: 2030 is in the future
    });

    it('puts the year position 7 points at first for US and Canadian VINs, and keeps the other open', () => {
      expect(followsPosition7Rule('2FTCF15F2ECA55516')).toBe(true);
      // A 1984 F-150: a digit in position 7.
      expect(yearReadings('2FTCF15F2ECA55516', NOW)).toEqual([
        { year: 1984, prior: 0.9 },
        { year: 2014, prior: 0.3 },
      ]);
      expect(yearReadings('1FAHP3FN8AW139719', NOW)).toEqual([{ year: 2010, prior: 1 }]); // 1980 predates the 17-character VIN
    });

    it('does not apply position 7 to Mexican, Colombian or Brazilian VINs: both readings stay open, the recent first', () => {
      expect(followsPosition7Rule('3VWDJ2166EM068639')).toBe(false);
      expect(years('3VWDJ2166EM068639')).toEqual([2014, 1984]);
      expect(years('9FBLSRAHBBM000001')).toEqual([2011, 1981]);
      expect(years('9BD146000M3000001')).toEqual([2021, 1991]);
      // Next year's models are new cars: the older reading comes first.
      expect(years('9BWZZZ377VT004251')).toEqual([1997, 2027]);
    });

    it('has no year for a position 10 that is not a year code, nor before 1981', () => {
      expect(years('9BD146000U3000001')).toEqual([]);
      expect(years('9BD14600003000001')).toEqual([]);
      expect(years('9BD146000A3000001')).toEqual([2010]); // 1980 predates the 17-character VIN
    });
  });

  it('refuses VINs nobody was issued (long runs of one character)', () => {
    expect(isImplausibleVin('9GAZZZ99999999999')).toBe(true);
    expect(isImplausibleVin('JM1AAAAAAAAAAAAAA')).toBe(true);
    expect(isImplausibleVin('5N1NJ01CXST000001')).toBe(false);
    expect(isImplausibleVin('3VWDJ2166EM068639')).toBe(false);
  });

  it('knows where a VIN was built, and the market that implies', () => {
    expect(countryOf('9FBLSRAHBBM000001')).toBe('Colombia');
    expect(countryOf('9GASA58M9BB000001')).toBe('Colombia');
    expect(countryOf('9BWZZZ377VT004251')).toBe('Brasil');
    expect(countryOf('3VWDJ2166EM068639')).toBe('México');
    expect(countryOf('MA3FB32S000000000')).toBe('India');
    expect(marketOf('Colombia')).toBe('CO');
    expect(marketOf('México')).toBe('MX');
    expect(marketOf('Brasil')).toBeNull();
  });

  it('compares model names as people write them, including the other names a model has', () => {
    expect(modelMatch('Mazda3', 'Mazda 3')).toBe(1);
    expect(modelMatch('CR-V', 'CR-V')).toBe(1);
    expect(modelMatch('Rogue', 'X-Trail')).toBe(1);
    expect(modelMatch('Dominar NS200', 'Pulsar NS 200')).toBe(1);
    expect(modelMatch('Civic Hybrid', 'Civic')).toBe(0.8);
    expect(modelMatch('Outlander ES', 'Outlander')).toBe(0.8);
    expect(modelMatch('Corolla Matrix', 'Corolla')).toBe(0);
    expect(modelMatch('Land Cruiser', 'Land Cruiser Prado')).toBe(0);
    expect(modelMatch('Accord', 'Civic')).toBe(0);
    expect(makeKeyOf('Bajaj Auto')).toBe('bajaj');
    expect(makeKeyOf('Mercedes-Benz')).toBe('mercedes-benz');
    expect(makeKeyOf('Citroën')).toBe('citroen');
  });

  it('reads the model from the VDS where the make writes it', () => {
    expect(vdsModelOf('3VWDJ2166EM068639')?.entry).toMatchObject({ models: ['Jetta'], years: [2010, 2018] });
    expect(vdsModelOf('3CZRU5H35GM739695')?.entry.models).toEqual(['HR-V']);
    expect(vdsModelOf('JM1BL1SF3A1267720')?.entry.models).toEqual(['Mazda 3']);
    expect(vdsModelOf('9BD146000M3000001')?.entry).toMatchObject({ models: ['Uno'], years: [1984, 2013] });
    const logan = vdsModelOf('9FB4SREB4FM000001');
    expect(logan?.entry.models).toContain('Logan');
    expect(logan?.body).toBe('Sedan');
    expect(vdsModelOf('9FBXXXXXXXX000001')).toBeNull();
  });
});
