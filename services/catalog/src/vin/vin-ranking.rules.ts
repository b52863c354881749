import type { VinEvidence } from '@tuerca/contracts';
import type { IndexedVehicle } from './catalogue-vehicles.index.js';
import type { DecodedVin, YearHypothesis } from './vin-decoder.js';
import { makeKeyOf, marketOf, modelMatch, nameKey, sameDisplacement } from './vin.rules.js';

/** At most this many candidates answer a VIN outside the index — ranked first, cut after. */
export const MAX_CANDIDATES = 10;

/**
 * Two readings of the year stay open only when nothing tells them apart; the recent reading's slightly higher
 * prior (a car still looking for parts is more often 15 than 45 years old) decides otherwise.
 */
const YEAR_TIE = 0.05;

export interface RankedCandidate {
  vehicle: IndexedVehicle;
  confidence: number;
  evidence: VinEvidence[];
}

/** The VIN's make and model as far as it tells them, for the answer and for the named not-in-catalogue text. */
export interface VinIdentity {
  make: string | null;
  model: string | null;
  years: number[];
  kind: DecodedVin['kind'];
}

export type VinRanking =
  | { kind: 'candidates'; identity: VinIdentity; candidates: RankedCandidate[] }
  /** The VIN names a make (and maybe a model) but the catalogue has no vehicle that fits: say so by name. */
  | { kind: 'notInCatalog'; identity: VinIdentity; label: string }
  /** Unknown WMI, impossible year or a VIN nobody was issued. */
  | { kind: 'notRegistered'; identity: VinIdentity | null };

export interface RankingInput {
  decoded: DecodedVin;
  /** The catalogue's vehicles of each make the VIN may be (by make key), and the brand as the catalogue writes it. */
  catalogue: Map<string, { brand: string; vehicles: IndexedVehicle[] }>;
  /** The person's country (CO/MX), the market to prefer when the VIN does not tell it. */
  visitorMarket: 'CO' | 'MX' | null;
}

interface YearScore {
  year: number;
  score: number;
  reasons: VinEvidence[];
  models: { name: string; source: 'vpic' | 'vds' }[];
  vpic: YearHypothesis['vpic'];
}

/** vPIC's body classes and the catalogue's Carrocería, in one vocabulary. */
function bodyFamily(body: string | null | undefined): string | null {
  const b = (body ?? '').toLowerCase();
  if (!b) return null;
  if (/moto/.test(b)) return 'motorcycle';
  if (/pick ?-?up|truck/.test(b)) return 'pickup';
  if (/suv|sport utility|crossover|cuv|mpv/.test(b)) return 'suv';
  if (/hatch/.test(b)) return 'hatchback';
  if (/sed[aá]n|saloon/.test(b)) return 'sedan';
  if (/wagon|familiar/.test(b)) return 'wagon';
  if (/van|minivan/.test(b)) return 'van';
  if (/coup/.test(b)) return 'coupe';
  return null;
}

function fuelFamily(fuel: string | null | undefined): string | null {
  const f = (fuel ?? '').toLowerCase();
  if (/diesel|di[ée]sel/.test(f)) return 'diesel';
  if (/electric|el[ée]ctrico/.test(f)) return 'electric';
  if (/hybrid|h[ií]brido/.test(f)) return 'hybrid';
  if (/gasoline|gasolina|flex/.test(f)) return 'gasoline';
  return null;
}

/** The model names the evidence gives under one year: the VDS scheme's when its years fit, and vPIC's. */
function modelsUnder(decoded: DecodedVin, h: YearHypothesis): { name: string; source: 'vpic' | 'vds' }[] {
  const out: { name: string; source: 'vpic' | 'vds' }[] = [];
  if (decoded.vds && decoded.vds.years[0] <= h.year && h.year <= decoded.vds.years[1])
    for (const name of decoded.vds.models) out.push({ name, source: 'vds' });
  if (h.vpic?.model) out.push({ name: h.vpic.model, source: 'vpic' });
  return out;
}

function fitsYear(v: IndexedVehicle, year: number): boolean {
  return v.yearFrom <= year && year <= v.yearTo;
}

function kindFits(decoded: DecodedVin, v: IndexedVehicle): boolean {
  if (decoded.kind === 'motorcycle') return v.motorcycle;
  if (decoded.kind === null) return true;
  return !v.motorcycle;
}

type ModelMatch = typeof modelMatch;

/**
 * modelMatch kept for one ranking: a make's thousands of vehicles share a few dozen model names, and matching
 * one name normalizes both (Unicode, trim words) — per vehicle it was most of a cold VIN's ranking at scale 100.
 */
function modelMatcher(): ModelMatch {
  const known = new Map<string, number>();
  return (decoded, catalogue) => {
    const key = `${decoded}\u0000${catalogue}`;
    let score = known.get(key);
    if (score === undefined) known.set(key, (score = modelMatch(decoded, catalogue)));
    return score;
  };
}

/**
 * Scores each reading of position 10: its prior (position 7 for US and Canadian VINs), whether vPIC's
 * patterns decode a model under it (a strong witness for US-built VINs, a weak one elsewhere), whether the
 * VDS scheme's model years contain it, and whether the catalogue has the vehicle the VIN names that year.
 */
function scoreYears(decoded: DecodedVin, vehicles: IndexedVehicle[], match: ModelMatch): YearScore[] {
  // The models the VIN names under any reading: the catalogue's years count for those models only, so a year
  // where vPIC finds nothing is not made likely by the make's other models.
  const named = [...new Set(decoded.hypotheses.flatMap((h) => modelsUnder(decoded, h).map((m) => m.name)))];
  return decoded.hypotheses.map((h) => {
    let score = h.prior;
    if (h.vpic?.model) score += decoded.northAmerican ? 0.7 : 0.15;
    const vdsYears = decoded.vds ? decoded.vds.years[0] <= h.year && h.year <= decoded.vds.years[1] : null;
    if (vdsYears !== null) score += vdsYears ? 0.5 : -0.6;
    const carried = vehicles.some(
      (v) => kindFits(decoded, v) && fitsYear(v, h.year) && (named.length === 0 || named.some((m) => match(m, v.model) > 0)),
    );
    if (carried) score += 0.3;
    const reasons: VinEvidence[] = [
      { kind: 'year', value: String(h.year), source: vdsYears ? 'vds' : h.vpic?.model ? 'vpic' : carried ? 'catalogue' : 'wmi' },
    ];
    return { year: h.year, score, reasons, models: modelsUnder(decoded, h), vpic: h.vpic };
  });
}

/** Model names with the same model said once ('Mazda 3' and vPIC's 'Mazda3'; 'Dominar 200' and 'Pulsar NS 200'). */
function distinctModels(names: string[]): string[] {
  const out: string[] = [];
  for (const n of names) if (!out.some((o) => modelMatch(n, o) > 0)) out.push(n);
  return out;
}

/** 'Chevrolet Onix 2019', 'Fiat Uno 1991', 'Fiat 1991 o 2021'. */
export function vehicleLabel(identity: VinIdentity): string {
  return [identity.make, identity.model, identity.years.join(' o ')].filter(Boolean).join(' ');
}

/**
 * Ranks the catalogue's vehicles for a VIN outside its index (pure). Candidates must be of the VIN's make,
 * kind (a motorcycle VIN never opens a car) and one of its open model years, and — when the VIN names the
 * model — of that model; they are scored by the evidence they agree with, duplicates merged (the same vehicle
 * in the CO and MX catalogues counts once, the VIN's market or the person's kept), ranked, then cut.
 */
export function rankVin({ decoded, catalogue, visitorMarket }: RankingInput): VinRanking {
  const makeNames = decoded.makes.map((m) => m.name);
  if (decoded.implausible || makeNames.length === 0 || decoded.hypotheses.length === 0)
    return {
      kind: 'notRegistered',
      identity: makeNames.length ? { make: makeNames[0]!, model: null, years: [], kind: decoded.kind } : null,
    };
  // The make the VIN names (the regional table or vPIC's patterns); when only vPIC's WMI list speaks and it
  // lists several (a plant shared by Nissan and Infiniti), the one the catalogue carries.
  const decided = decoded.makes.find((m) => m.decided);
  const makeKey = decided
    ? makeKeyOf(decided.name)
    : (decoded.makes.map((m) => makeKeyOf(m.name)).find((k) => catalogue.has(k)) ?? makeKeyOf(makeNames[0]!));
  const entry = catalogue.get(makeKey);
  const makeName = entry?.brand ?? decoded.makes.find((m) => makeKeyOf(m.name) === makeKey)?.name ?? makeNames[0]!;
  const vehicles = entry?.vehicles ?? [];

  const match = modelMatcher();
  const years = scoreYears(decoded, vehicles, match).sort((a, b) => b.score - a.score || b.year - a.year);
  const best = years[0]!.score;
  const open = years.filter((y) => y.score >= best - YEAR_TIE);
  const modelNames = distinctModels(open.flatMap((y) => y.models.map((m) => m.name)));
  const identity: VinIdentity = {
    make: makeName,
    model: modelNames.length > 0 ? modelNames.join(' / ') : null,
    years: open.map((y) => y.year).sort((a, b) => a - b),
    kind: decoded.kind,
  };

  const market = marketOf(decoded.country) ?? visitorMarket;
  const scored: RankedCandidate[] = [];
  for (const v of vehicles) {
    if (!kindFits(decoded, v)) continue;
    const year = open.find((y) => fitsYear(v, y.year));
    if (!year) continue;
    const modelScore = year.models.length === 0 ? null : Math.max(...year.models.map((m) => match(m.name, v.model)));
    if (modelScore === 0) continue;
    const evidence: VinEvidence[] = [{ kind: 'make', value: makeName, source: decoded.makes[0]!.source }];
    let score = 0.3;
    if (decoded.kind) evidence.push({ kind: 'kind', value: decoded.kind === 'motorcycle' ? 'Motocicleta' : 'Automóvil', source: 'wmi' });
    score += open.length === 1 ? 0.2 : 0.1;
    evidence.push(...year.reasons);
    if (modelScore !== null) {
      // A VDS code naming a family of models (Logan, Sandero, Stepway, Duster) says less than one naming one model.
      score += (distinctModels(year.models.map((m) => m.name)).length > 1 ? 0.15 : 0.3) * modelScore;
      const source = year.models.find((m) => match(m.name, v.model) === modelScore)!.source;
      evidence.push({ kind: 'model', value: v.model, source });
    }
    const vpic = year.vpic;
    if (vpic?.engineModel && v.engineCode && nameKey(vpic.engineModel).startsWith(nameKey(v.engineCode))) {
      score += 0.1;
      evidence.push({ kind: 'engine', value: v.engineCode, source: 'vpic' });
    } else if (vpic?.displacementCc && v.displacementCc && sameDisplacement(vpic.displacementCc, v.displacementCc)) {
      score += 0.06;
      evidence.push({ kind: 'engine', value: `${(v.displacementCc / 1000).toFixed(1)} L`, source: 'vpic' });
    }
    const body = bodyFamily(vpic?.body) ?? bodyFamily(decoded.vds?.body);
    if (body && body === bodyFamily(v.body)) {
      score += 0.06;
      evidence.push({ kind: 'body', value: v.body!, source: bodyFamily(vpic?.body) ? 'vpic' : 'vds' });
    }
    const fuel = fuelFamily(vpic?.fuel);
    if (fuel && fuel === fuelFamily(v.fuel)) {
      score += 0.02;
      evidence.push({ kind: 'fuel', value: v.fuel!, source: 'vpic' });
    }
    if (market && v.market === market) {
      score += 0.04;
      evidence.push({
        kind: 'market',
        value: market === 'CO' ? 'Colombia' : 'México',
        source: marketOf(decoded.country) ? 'wmi' : 'visitor',
      });
    }
    scored.push({ vehicle: v, confidence: Math.min(0.95, Math.round(score * 100) / 100), evidence });
  }

  scored.sort(
    (a, b) =>
      b.confidence - a.confidence ||
      a.vehicle.yearTo - a.vehicle.yearFrom - (b.vehicle.yearTo - b.vehicle.yearFrom) ||
      a.vehicle.name.localeCompare(b.vehicle.name, 'es') ||
      a.vehicle.vehicleId.localeCompare(b.vehicle.vehicleId),
  );
  // The same vehicle in the CO and MX catalogues (same catalogue and name) counts once: the better-ranked,
  // which is the one of the VIN's market (or the person's) when either is known.
  const seen = new Set<string>();
  const merged = scored.filter((c) => {
    const key = `${c.vehicle.catalogCode}|${c.vehicle.name}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  if (merged.length === 0) return { kind: 'notInCatalog', identity, label: vehicleLabel(identity) };
  return { kind: 'candidates', identity, candidates: merged.slice(0, MAX_CANDIDATES) };
}
