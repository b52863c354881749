import { Injectable } from '@nestjs/common';
import { Clock } from '@tuerca/platform';
import { vdsModelOf } from './vds.schemes.js';
import { countryOf, followsPosition7Rule, isImplausibleVin, smallMakerWmiOf, wmiOf, yearReadings } from './vin.rules.js';
import { VpicReader, type VpicDecoding } from './vpic.reader.js';
import { REGIONAL_WMIS, type VehicleKind } from './wmi.table.js';

/** One reading of position 10 and what vPIC's patterns say under it. */
export interface YearHypothesis {
  year: number;
  prior: number;
  vpic: VpicDecoding | null;
}

/** Everything the VIN says by itself, before the catalogue is asked. */
export interface DecodedVin {
  vin: string;
  wmi: string;
  /**
   * The makes the VIN may be, best first: `decided` when the regional table or vPIC's patterns name it; vPIC's
   * WMI list may name several for a shared plant (Nissan and Infiniti).
   */
  makes: { name: string; source: 'wmi' | 'vpic' | 'vds'; decided: boolean }[];
  kind: VehicleKind | 'mixed' | null;
  country: string | null;
  implausible: boolean;
  /** The model the make's VDS scheme names, with the model's years, and the body when the scheme writes it. */
  vds: { models: string[]; years: [number, number]; body: string | null } | null;
  hypotheses: YearHypothesis[];
  /** Built for the US or Canada: position 7 tells the cycle and vPIC is a strong witness. */
  northAmerican: boolean;
}

const REGIONAL = new Map(REGIONAL_WMIS.map((r) => [r.wmi, r]));

/** Decodes a VIN with the regional WMI table, the makes' VDS schemes and NHTSA vPIC. */
@Injectable()
export class VinDecoder {
  constructor(
    private readonly vpic: VpicReader,
    private readonly clock: Clock,
  ) {}

  async decode(vin: string): Promise<DecodedVin> {
    const wmi = wmiOf(vin);
    const small = smallMakerWmiOf(vin);
    const regional = REGIONAL.get(wmi) ?? null;
    const vpicCode = small && (await this.vpic.wmi(small)) ? small : wmi;
    const vpicWmi = await this.vpic.wmi(vpicCode);
    const hypotheses: YearHypothesis[] = [];
    for (const reading of yearReadings(vin, this.clock.now())) {
      hypotheses.push({ ...reading, vpic: vpicWmi ? await this.vpic.decode(vin, vpicCode, reading.year) : null });
    }
    const vds = vdsModelOf(vin);
    const makes: DecodedVin['makes'] = [];
    if (vds?.entry.make) makes.push({ name: vds.entry.make, source: 'vds', decided: true });
    if (regional) makes.push({ name: regional.make, source: 'wmi', decided: true });
    const patternMake = hypotheses.find((h) => h.vpic?.make)?.vpic?.make;
    if (patternMake) makes.push({ name: patternMake, source: 'vpic', decided: true });
    const wmiMakes = vpicWmi?.makes ?? [];
    for (const name of wmiMakes) makes.push({ name, source: 'vpic', decided: wmiMakes.length === 1 });
    const patternKind = hypotheses.find((h) => h.vpic?.kind)?.vpic?.kind ?? null;
    return {
      vin,
      wmi,
      makes: makes.filter((m, i) => makes.findIndex((x) => x.name.toLowerCase() === m.name.toLowerCase()) === i),
      kind: regional?.kind ?? patternKind ?? vpicWmi?.kind ?? null,
      country: regional?.country ?? countryOf(vin),
      implausible: isImplausibleVin(vin),
      vds: vds ? { models: vds.entry.models, years: vds.entry.years, body: vds.body } : null,
      hypotheses,
      northAmerican: followsPosition7Rule(vin),
    };
  }
}
