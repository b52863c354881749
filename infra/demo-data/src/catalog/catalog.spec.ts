import { describe, expect, it } from '@jest/globals';
import { DEMO_MAKES, vinCheckDigit } from '../vehicles.js';
import {
  CROSS_REFERENCE_TYPES,
  CROSS_REFERENCE_WAYS,
  FRAME_NUMBER_FORMAT,
  JAPANESE_MARKET_MAKES,
  NAME_TRANSLATIONS,
  OEM_FORMATS,
  PART_TYPE_BY_KEY,
  PART_TYPES,
  QUICK_GROUPS,
  TOP_CATEGORIES,
  UNIT_TEMPLATES,
  catalogCategories,
  catalogCounts,
  catalogParts,
  catalogPass,
  catalogQuickGroups,
  catalogUnits,
  catalogVehicles,
  catalogs,
  crossReferences,
  normalizeReference,
  type DemoCrossReference,
  type DemoQuickGroup,
} from './index.js';

/**
 * The demo catalogue's guarantees, checked over the whole of scale 1 (one pass, shared). Checks collect
 * what breaks and assert once: jest's matchers in a loop of 90,000 rows cost a minute.
 */
const SEED = 2026;
const rows = [...catalogPass(SEED, 1)];
const allParts = rows.flatMap((r) => r.parts);
const allRefs = rows.flatMap((r) => r.crossReferences);
const vehicles = [...catalogVehicles(SEED, 1)];

const take = <T>(gen: Iterable<T>, n: number): T[] => {
  const out: T[] = [];
  for (const row of gen) {
    out.push(row);
    if (out.length >= n) break;
  }
  return out;
};

/** The highest number of OEM numbers one aftermarket number crosses. */
function maxFanOut(refs: Iterable<DemoCrossReference>): number {
  const by = new Map<string, Set<string>>();
  for (const x of refs) {
    if (x.part.manufacturer === x.manufacturer) continue;
    const k = `${x.part.manufacturer}|${x.part.oemNormalized}`;
    let set = by.get(k);
    if (!set) by.set(k, (set = new Set()));
    set.add(x.oemNormalized);
  }
  let max = 0;
  for (const set of by.values()) max = Math.max(max, set.size);
  return max;
}

describe('demo catalogue', () => {
  it('is deterministic: same seed equal, another seed different, scale 2 begins with scale 1', () => {
    // A few hundred rows tell a sequence from another; the whole of scale 1 is checked by the tests below.
    const again = take(catalogParts(SEED), 500);
    expect(again).toEqual(allParts.slice(0, 500));
    expect(take(catalogParts(SEED + 1), 300).map((p) => p.oem)).not.toEqual(allParts.slice(0, 300).map((p) => p.oem));
    expect(take(catalogVehicles(SEED + 1), 20)[0]!.vins).not.toEqual(vehicles[0]!.vins);
    expect(take(catalogUnits(SEED), 5)).toEqual(take(catalogUnits(SEED), 5));
    expect(take(catalogParts(SEED, 2), 500)).toEqual(allParts.slice(0, 500));
  });

  it('has one catalogue per make, its features what it serves', () => {
    const list = catalogs(SEED);
    expect(list).toHaveLength(DEMO_MAKES.length);
    expect(new Set(list.map((c) => c.code)).size).toBe(list.length);
    expect(list.find((c) => c.makeKey === 'chevrolet')!.code).toBe('CHEV');
    const withQuick = list.filter((c) => c.features.some((f) => f.name === 'quickgroups'));
    expect(withQuick.length).toBeGreaterThan(15);
    expect(withQuick.length).toBeLessThan(list.length);
    // Frame numbers only where the catalogue indexes them; a VIN index everywhere.
    const framesOf = new Set(vehicles.filter((v) => v.frames.length > 0).map((v) => v.catalog));
    for (const c of list) {
      const names = c.features.map((f) => f.name);
      expect(names).toContain('vinsearch');
      expect(names.includes('framesearch')).toBe(framesOf.has(c.code));
    }
  });

  it('gives OEM numbers in each make’s format', () => {
    const catalogToMake = new Map(catalogs(SEED).map((c) => [c.code, c.makeKey]));
    const seenMakes = new Set<string>();
    const wrong: string[] = [];
    for (const part of allParts) {
      const make = catalogToMake.get(part.catalogCode)!;
      seenMakes.add(make);
      if (!OEM_FORMATS[make]!.test(part.oem)) wrong.push(`${make} ${part.oem}`);
      if (part.oemNormalized !== normalizeReference(part.oem)) wrong.push(`${part.oem} normalised`);
    }
    expect(wrong).toEqual([]);
    expect(seenMakes.size).toBe(DEMO_MAKES.length);
    expect(normalizeReference('03C 115 561 h')).toBe('03C115561H');
    expect(normalizeReference('HU 719/7 x')).toBe('HU7197X');
  });

  it('draws every unit as an exploded view: one drawing per part, one callout per position, the image map around the callouts', () => {
    const codesByUnit = new Map<string, string[]>();
    for (const p of allParts) codesByUnit.set(p.unitId, [...(codesByUnit.get(p.unitId) ?? []), p.codeOnImage]);
    const problems: string[] = [];
    let checked = 0;
    for (const unit of take(catalogUnits(SEED), 400)) {
      checked++;
      const stack: string[] = [];
      for (const m of unit.svg.matchAll(/<(\/?)([a-zA-Z]+)[^>]*?(\/?)>/g)) {
        if (m[1]) {
          if (stack.pop() !== m[2]) problems.push(`${unit.unitId}: unbalanced ${m[2]}`);
        } else if (!m[3]) stack.push(m[2]!);
      }
      if (stack.length) problems.push(`${unit.unitId}: unclosed ${stack.join(',')}`);
      if (/NaN|undefined/.test(unit.svg)) problems.push(`${unit.unitId}: NaN`);
      const callouts = [
        ...unit.svg.matchAll(
          /<g class="callout" data-code="([^"]+)"><line[^>]*\/><circle cx="(\d+)" cy="(\d+)" r="(\d+)"[^>]*\/><text[^>]*>([^<]+)<\/text><\/g>/g,
        ),
      ];
      if (callouts.length !== unit.imageMap.length) problems.push(`${unit.unitId}: ${callouts.length} callouts`);
      for (const [, code, cx, cy, r, label] of callouts) {
        const box = unit.imageMap.find((b) => b.code === code);
        const [x, y, rad] = [Number(cx), Number(cy), Number(r)];
        if (label !== code || !box) problems.push(`${unit.unitId}: callout ${code}`);
        else if (box.x1 > x - rad || box.x2 < x + rad || box.y1 > y - rad || box.y2 < y + rad || box.x1 < 0 || box.y2 > 600)
          problems.push(`${unit.unitId}: box ${code} does not hold its callout`);
      }
      // One drawing per part, one callout per position.
      const drawnParts = [...unit.svg.matchAll(/<g class="part" data-code="([^"]+)"/g)].map((m) => m[1]).sort();
      if (drawnParts.join() !== [...(codesByUnit.get(unit.unitId) ?? [])].sort().join())
        problems.push(`${unit.unitId}: drawn ${drawnParts.join()}`);
      const codes = unit.imageMap.map((b) => b.code).sort();
      if (codes.join() !== [...(codesByUnit.get(unit.unitId) ?? [])].sort().join()) problems.push(`${unit.unitId}: codes ${codes.join()}`);
    }
    expect(problems).toEqual([]);
    expect(checked).toBe(400);
  });

  it('gives typed, directed cross-references from real aftermarket brands', () => {
    const problems: string[] = [];
    const types = new Set<string>();
    const brands = new Set<string>();
    const oems = new Set(allParts.map((p) => `${p.catalogCode}|${p.oemNormalized}`));
    for (const r of allRefs) {
      types.add(r.type);
      brands.add(r.part.manufacturer);
      if (!(CROSS_REFERENCE_WAYS as readonly string[]).includes(r.way)) problems.push(`${r.id} way ${r.way}`);
      if (r.part.formattedOem.length <= 2 || r.part.oemNormalized !== normalizeReference(r.part.formattedOem))
        problems.push(`${r.id} number`);
      // Every cross-referenced OEM number is a catalogue part.
      if (!oems.has(`${r.catalogCode}|${r.oemNormalized}`)) problems.push(`${r.id} OEM ${r.oem} not in the catalogue`);
      const n = r.part.formattedOem;
      if (r.part.manufacturer === 'Mann-Filter' && r.partType === 'oil-filter' && !/^(W \d{3}\/\d{2}|HU \d{3}\/\d x)$/.test(n))
        problems.push(n);
      if (r.part.manufacturer === 'Bosch' && r.partType === 'spark-plug' && !/^0 242 2\d{2} \d{3}$/.test(n)) problems.push(n);
      if (r.part.manufacturer === 'Brembo' && r.partType === 'front-pads' && !/^P \d{2} \d{3}X?$/.test(n)) problems.push(n);
    }
    expect(problems).toEqual([]);
    expect([...types].sort()).toEqual([...CROSS_REFERENCE_TYPES].sort());
    for (const b of ['Bosch', 'Mann-Filter', 'NGK', 'Denso', 'Gates', 'SKF', 'Monroe', 'Brembo', 'Valeo', 'KYB', 'Fram', 'DID', 'EBC'])
      expect(brands).toContain(b);
    expect(new Set(allRefs.map((r) => r.id)).size).toBe(allRefs.length);
  });

  it('joins by every cross-reference parts of one part type and one fitment: the same part (all of scale 1)', () => {
    const problems: string[] = [];
    // What each OEM number is: one part type and fitment.
    const oemIs = new Map<string, string>();
    for (const p of allParts) {
      const what = `${p.partType}|${p.fitment}`;
      if ((oemIs.get(p.oemNormalized) ?? what) !== what) problems.push(`OEM ${p.oem} is ${oemIs.get(p.oemNormalized)} and ${what}`);
      oemIs.set(p.oemNormalized, what);
    }
    // Every number a cross-reference names is one part, whichever OEM numbers name it, and no other part's OEM number.
    const numberIs = new Map<string, string>();
    for (const x of allRefs) {
      const oem = oemIs.get(x.oemNormalized)!;
      if (oem !== `${x.partType}|${x.fitment}`) problems.push(`${x.id}: row says ${x.partType}|${x.fitment}, OEM is ${oem}`);
      const seen = numberIs.get(x.part.oemNormalized) ?? oemIs.get(x.part.oemNormalized);
      if (seen && seen !== oem) problems.push(`${x.part.manufacturer} ${x.part.formattedOem} is ${seen} and ${oem}`);
      numberIs.set(x.part.oemNormalized, oem);
      const pt = PART_TYPE_BY_KEY.get(x.partType)!;
      if (x.fitment.split(':')[0] !== (pt.universal ? 'design' : pt.engine ? 'engine' : 'vehicle'))
        problems.push(`${x.id}: fitment ${x.fitment}`);
    }
    expect(problems).toEqual([]);
    // The issue's case: a brake disc's substitutes are brake discs of that vehicle.
    const disc = allParts.find((p) => p.partType === 'front-disc' && p.catalogCode === 'CHEV')!;
    const subs = new Set(allRefs.filter((x) => x.oemNormalized === disc.oemNormalized).map((x) => x.part.oemNormalized));
    const others = allRefs.filter((x) => subs.has(x.part.oemNormalized));
    expect(new Set(others.map((x) => `${x.partType}|${x.fitment}`))).toEqual(new Set([`front-disc|${disc.fitment}`]));
    // Kia's and Hyundai's G4FC: one engine, so the same aftermarket oil filter crosses both makes.
    const g4fc = allRefs.filter(
      (x) => x.fitment.startsWith('engine:G4FC|') && x.partType === 'oil-filter' && x.part.manufacturer === 'Mann-Filter',
    );
    expect(new Set(g4fc.map((x) => x.manufacturer))).toEqual(new Set(['Kia', 'Hyundai']));
    expect(new Set(g4fc.map((x) => x.part.oemNormalized)).size).toBe(1);
  });

  it('gives universal parts (bulbs, plugs, belts) a fan-out that stays the same at larger scales', () => {
    const one = maxFanOut(allRefs);
    // An H4 bulb fits every make: one OEM number per make, not one per model.
    expect(one).toBeLessThanOrEqual(DEMO_MAKES.length);
    expect(maxFanOut(crossReferences(SEED, 2))).toBe(one);
    const h4 = allRefs.filter((x) => x.part.manufacturer === 'Osram' && x.part.formattedOem === '64193');
    expect(new Set(h4.map((x) => x.manufacturer)).size).toBeGreaterThan(50);
    const belts = allRefs.filter((x) => x.partType === 'accessory-belt' && x.part.manufacturer === 'Gates');
    for (const x of belts) expect(x.part.formattedOem).toMatch(/^\dPK\d{3,4}$/);
  });

  it('has more than 54 makes, 8 or more of them motorcycles with their own catalogues and units', () => {
    const list = catalogs(SEED);
    expect(list.length).toBeGreaterThanOrEqual(55);
    const motorcycles = list.filter((c) => c.motorcycles).map((c) => c.brand);
    expect(motorcycles.length).toBeGreaterThanOrEqual(8);
    expect(motorcycles).toEqual(expect.arrayContaining(['AKT', 'Hero', 'TVS', 'KTM', 'Bajaj', 'Yamaha', 'Honda Motos', 'Suzuki Motos']));
    // Honda's and Suzuki's motorcycles beside their cars, with the motorcycle plants' WMIs.
    const wmi = (key: string) => DEMO_MAKES.find((m) => m.key === key)!.wmi;
    expect(list.find((c) => c.makeKey === 'honda')!.motorcycles).toBe(false);
    expect(wmi('honda-motos')).toBe('9C2');
    expect(wmi('suzuki-motos')).not.toBe(wmi('suzuki'));
    // A motorcycle catalogue has motorcycle units: the chain kit, not a timing belt.
    const makeOf = new Map(rows.map((r) => [r.ref.platform.platformId, r.ref.platform.makeKey]));
    const yamaha = new Set(allParts.filter((p) => makeOf.get(p.platformId) === 'yamaha').map((p) => p.partType));
    for (const pt of ['chain', 'front-sprocket', 'rear-sprocket', 'fork-seal', 'battery']) expect(yamaha).toContain(pt);
    expect(yamaha).not.toContain('timing-belt');
    // An engine code shared by two makes is one engine: the same displacement and fuel.
    const engines = new Map<string, string>();
    const clashes: string[] = [];
    for (const m of DEMO_MAKES.filter((x) => x.kind === 'car'))
      for (const model of m.models)
        for (const e of model.engines) {
          const what = `${e.displacementCc}|${e.fuel}`;
          if ((engines.get(e.code) ?? what) !== what) clashes.push(e.code);
          engines.set(e.code, what);
        }
    expect(clashes).toEqual([]);
  });

  it('gives catalogue vehicles VINs with valid check digits and their make’s WMI, and frame numbers', () => {
    const makeByName = new Map(DEMO_MAKES.map((m) => [m.name, m]));
    const seenVins = new Set<string>();
    const problems: string[] = [];
    let frames = 0;
    for (const v of vehicles) {
      const make = makeByName.get(v.brand)!;
      const names = v.attributes.map((a) => a.name);
      for (const n of ['Año', 'Motor', 'Cilindrada', 'Combustible', 'Transmisión', 'Mercado'])
        if (!names.includes(n)) problems.push(`${v.name}: ${n}`);
      for (const vin of v.vins) {
        if (!/^[A-HJ-NPR-Z0-9]{17}$/.test(vin) || vin[8] !== vinCheckDigit(vin) || vin.slice(0, 3) !== make.wmi) problems.push(vin);
        seenVins.add(vin);
      }
      if (!make.markets.includes(v.market)) problems.push(`${v.name} sold in ${v.market}`);
      if (JAPANESE_MARKET_MAKES.has(make.key)) {
        if (v.frames.length === 0) problems.push(`${v.name}: no frames`);
        for (const f of v.frames) if (!FRAME_NUMBER_FORMAT.test(f)) problems.push(f);
        frames += v.frames.length;
      } else if (v.frames.length) problems.push(`${v.name}: frames`);
    }
    expect(problems).toEqual([]);
    expect(seenVins.size).toBe(catalogCounts(1).vins);
    expect(frames).toBe(catalogCounts(1).frames);
    const prado = vehicles.find((v) => v.name.startsWith('Land Cruiser Prado') && v.name.includes('1GR-FE'))!;
    expect(prado.frames[0]).toMatch(/^GRJ150-\d{7}$/);
    expect(vehicles.find((v) => v.brand === 'Yamaha')!.name).toMatch(/^[\w .-]+ \d+ cc \(\d{4}-\d{4}\)$/);
  });

  it('names categories and quick groups in Spanish and English, quick groups at most four levels deep', () => {
    const cats = catalogCategories(SEED);
    expect(cats.length).toBeGreaterThanOrEqual(12);
    for (const c of [...cats, ...cats.flatMap((x) => x.childrens)]) {
      expect(c.name.length).toBeGreaterThan(2);
      expect(c.nameEn.length).toBeGreaterThan(2);
    }
    const depth = (g: DemoQuickGroup): number => 1 + Math.max(0, ...g.childGroups.map(depth));
    const groups = catalogQuickGroups(SEED);
    expect(Math.max(...groups.map(depth))).toBe(4);
    const leaves = (g: DemoQuickGroup): DemoQuickGroup[] => (g.childGroups.length ? g.childGroups.flatMap(leaves) : [g]);
    for (const leaf of groups.flatMap(leaves)) expect(leaf.partTypes.length).toBeGreaterThan(0);
    const subIds = new Set(cats.flatMap((c) => c.childrens.map((s) => s.categoryId)));
    for (const u of take(catalogUnits(SEED, 1, { svg: false }), 200)) expect(subIds.has(u.categoryId)).toBe(true);
  });

  it('counts what the generators yield, linearly in the scale', () => {
    const one = catalogCounts(1);
    // Three units of scale show linearity as well as ten, at a third of the cost.
    const three = catalogCounts(3);
    for (const k of ['platforms', 'vehicles', 'units', 'parts'] as const) expect(three[k]).toBe(one[k] * 3);
    // A design's cross-references are emitted once per make, whatever the scale.
    expect(three.crossReferences).toBeLessThan(one.crossReferences * 3);
    expect(three.crossReferences).toBeGreaterThan(one.crossReferences * 2.7);
    let units = 0;
    for (const u of catalogUnits(SEED, 1, { svg: false })) units += u ? 1 : 0;
    expect({ vehicles: vehicles.length, units, parts: allParts.length, refs: allRefs.length }).toEqual({
      vehicles: one.vehicles,
      units: one.units,
      parts: one.parts,
      refs: one.crossReferences,
    });
  });

  it('names every category, unit, part type and quick group in European Portuguese too', () => {
    const spanish = new Set<string>();
    for (const c of TOP_CATEGORIES) {
      spanish.add(c.es);
      for (const [, es] of c.subs) spanish.add(es);
    }
    for (const x of [...PART_TYPES, ...UNIT_TEMPLATES]) spanish.add(x.es);
    const walk = (g: (typeof QUICK_GROUPS)[number]): void => {
      spanish.add(g.es);
      (g.children ?? []).forEach(walk);
    };
    QUICK_GROUPS.forEach(walk);
    const pt = NAME_TRANSLATIONS.pt_PT!;
    expect([...spanish].filter((es) => !pt[es])).toEqual([]);
    // No stale entries: each one names something the catalogue has.
    expect(Object.keys(pt).filter((es) => !spanish.has(es))).toEqual([]);
    expect(pt['Disco de freno delantero']).toBe('Disco de travão dianteiro');
  });
});
