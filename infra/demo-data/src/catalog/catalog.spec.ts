import { describe, expect, it } from '@jest/globals';
import { DEMO_MAKES, vinCheckDigit } from '../vehicles.js';
import {
  CROSS_REFERENCE_TYPES,
  CROSS_REFERENCE_WAYS,
  FRAME_NUMBER_FORMAT,
  JAPANESE_MARKET_MAKES,
  OEM_FORMATS,
  batched,
  catalogCategories,
  catalogCounts,
  catalogParts,
  catalogQuickGroups,
  catalogUnits,
  catalogVehicles,
  catalogs,
  crossReferences,
  generateCatalog,
  normalizeReference,
  type DemoPart,
  type DemoQuickGroup,
} from './index.js';

const SEED = 2026;
const take = <T>(gen: Iterable<T>, n: number): T[] => {
  const out: T[] = [];
  for (const row of gen) {
    out.push(row);
    if (out.length >= n) break;
  }
  return out;
};

describe('demo catalogue', () => {
  it('is deterministic: same seed equal, another seed different, independent of call order', () => {
    const a = take(catalogParts(SEED), 300);
    take(crossReferences(SEED), 50); // other generators in between change nothing
    const b = take(catalogParts(SEED), 300);
    expect(b).toEqual(a);
    expect(take(catalogParts(SEED + 1), 300).map((p) => p.oem)).not.toEqual(a.map((p) => p.oem));
    expect(take(catalogVehicles(SEED), 20)).toEqual(take(catalogVehicles(SEED), 20));
    expect(take(catalogVehicles(SEED), 20)[0]!.vins).not.toEqual(take(catalogVehicles(SEED + 1), 20)[0]!.vins);
    expect(take(catalogUnits(SEED), 5)).toEqual(take(catalogUnits(SEED), 5));
    // Scale 2 repeats the scale-1 rows first, unchanged.
    expect(take(catalogParts(SEED, 2), 300)).toEqual(a);
  });

  it('has one catalogue per make with features, some without quick groups', () => {
    const list = catalogs(SEED);
    expect(list).toHaveLength(DEMO_MAKES.length);
    expect(new Set(list.map((c) => c.code)).size).toBe(list.length);
    expect(list.find((c) => c.makeKey === 'chevrolet')!.code).toBe('CHEV');
    const withQuick = list.filter((c) => c.features.some((f) => f.name === 'quickgroups'));
    expect(withQuick.length).toBeGreaterThan(15);
    expect(withQuick.length).toBeLessThan(list.length);
    for (const c of list) expect(c.features.map((f) => f.name)).toContain('vinsearch');
  });

  it('gives OEM numbers in each make’s format', () => {
    const seenMakes = new Set<string>();
    const catalogToMake = new Map(catalogs(SEED).map((c) => [c.code, c.makeKey]));
    for (const part of catalogParts(SEED)) {
      const make = catalogToMake.get(part.catalogCode)!;
      seenMakes.add(make);
      expect(`${make} ${part.oem}`).toMatch(new RegExp(`^${make} ${OEM_FORMATS[make]!.source.slice(1)}`));
      expect(part.oemNormalized).toBe(normalizeReference(part.oem));
      expect(Number(part.attributes.find((a) => a.name === 'amount')!.value)).toBe(part.amount);
    }
    expect(seenMakes.size).toBe(DEMO_MAKES.length);
    expect(normalizeReference('03C 115 561 h')).toBe('03C115561H');
    expect(normalizeReference('HU 719/7 x')).toBe('HU7197X');
  });

  it('draws well-formed SVG whose callouts match the image map and the parts', () => {
    const partsByUnit = new Map<string, DemoPart[]>();
    for (const p of take(catalogParts(SEED), 2000)) partsByUnit.set(p.unitId, [...(partsByUnit.get(p.unitId) ?? []), p]);
    let checked = 0;
    for (const unit of take(catalogUnits(SEED), 400)) {
      const parts = partsByUnit.get(unit.unitId);
      if (!parts) continue;
      checked++;
      expect(unit.svg).toContain('viewBox="0 0 800 600"');
      // Balanced tags.
      const stack: string[] = [];
      for (const m of unit.svg.matchAll(/<(\/?)([a-zA-Z]+)[^>]*?(\/?)>/g)) {
        if (m[1]) expect(stack.pop()).toBe(m[2]);
        else if (!m[3]) stack.push(m[2]!);
      }
      expect(stack).toEqual([]);
      expect(unit.svg).not.toMatch(/NaN|undefined/);
      const callouts = [
        ...unit.svg.matchAll(
          /<g class="callout" data-code="([^"]+)"><line[^>]*\/><circle cx="(\d+)" cy="(\d+)" r="(\d+)"[^>]*\/><text[^>]*>([^<]+)<\/text><\/g>/g,
        ),
      ];
      expect(callouts.length).toBe(unit.imageMap.length);
      for (const [, code, cx, cy, r, label] of callouts) {
        expect(label).toBe(code);
        const box = unit.imageMap.find((b) => b.code === code)!;
        expect(box).toBeDefined();
        expect(box.x1).toBeLessThanOrEqual(Number(cx) - Number(r));
        expect(box.x2).toBeGreaterThanOrEqual(Number(cx) + Number(r));
        expect(box.y1).toBeLessThanOrEqual(Number(cy) - Number(r));
        expect(box.y2).toBeGreaterThanOrEqual(Number(cy) + Number(r));
        expect(box.x1).toBeGreaterThanOrEqual(0);
        expect(box.y2).toBeLessThanOrEqual(600);
      }
      expect(unit.imageMap.map((b) => b.code).sort()).toEqual(parts.map((p) => p.codeOnImage).sort());
    }
    expect(checked).toBeGreaterThan(50);
  });

  it('gives typed, directed cross-references from real aftermarket brands', () => {
    const refs = [...crossReferences(SEED)];
    const types = new Set(refs.map((r) => r.type));
    for (const r of refs) {
      expect(CROSS_REFERENCE_TYPES).toContain(r.type);
      expect(CROSS_REFERENCE_WAYS).toContain(r.way);
      expect(r.part.formattedOem.length).toBeGreaterThan(2);
      expect(r.part.oemNormalized).toBe(normalizeReference(r.part.formattedOem));
    }
    expect([...types].sort()).toEqual([...CROSS_REFERENCE_TYPES].sort());
    const brands = new Set(refs.map((r) => r.part.manufacturer));
    for (const b of ['Bosch', 'Mann-Filter', 'NGK', 'Denso', 'Gates', 'SKF', 'Monroe', 'Brembo', 'Valeo', 'KYB', 'Fram'])
      expect(brands).toContain(b);
    const mann = refs.filter((r) => r.part.manufacturer === 'Mann-Filter' && r.partType === 'oil-filter');
    for (const r of mann) expect(r.part.formattedOem).toMatch(/^(W \d{3}\/\d{2}|HU \d{3}\/\d x)$/);
    for (const r of refs.filter((x) => x.part.manufacturer === 'Bosch' && x.partType === 'spark-plug'))
      expect(r.part.formattedOem).toMatch(/^0 242 2\d{2} \d{3}$/);
    for (const r of refs.filter((x) => x.part.manufacturer === 'Brembo' && x.partType === 'front-pads'))
      expect(r.part.formattedOem).toMatch(/^P \d{2} \d{3}X?$/);
    // Every cross-referenced OEM number is a catalogue part.
    const oems = new Set<string>();
    for (const p of catalogParts(SEED)) oems.add(`${p.catalogCode}|${p.oemNormalized}`);
    for (const r of refs) expect(oems.has(`${r.catalogCode}|${r.oemNormalized}`)).toBe(true);
    expect(new Set(refs.map((r) => r.id)).size).toBe(refs.length);
  });

  it('gives catalogue vehicles VINs with valid check digits and their make’s WMI, and frame numbers', () => {
    const makeByName = new Map(DEMO_MAKES.map((m) => [m.name, m]));
    const seenVins = new Set<string>();
    let frames = 0;
    for (const v of catalogVehicles(SEED)) {
      const make = makeByName.get(v.brand)!;
      expect(v.attributes.map((a) => a.name)).toEqual(
        expect.arrayContaining(['Año', 'Motor', 'Cilindrada', 'Combustible', 'Transmisión', 'Carrocería', 'Mercado']),
      );
      for (const vin of v.vins) {
        expect(vin).toMatch(/^[A-HJ-NPR-Z0-9]{17}$/);
        expect(vin[8]).toBe(vinCheckDigit(vin));
        expect(vin.slice(0, 3)).toBe(make.wmi);
        seenVins.add(vin);
      }
      if (JAPANESE_MARKET_MAKES.has(make.key)) {
        expect(v.frames.length).toBeGreaterThan(0);
        for (const f of v.frames) expect(f).toMatch(FRAME_NUMBER_FORMAT);
        frames += v.frames.length;
      } else expect(v.frames).toEqual([]);
    }
    expect(seenVins.size).toBe(catalogCounts(1).vins);
    expect(frames).toBe(catalogCounts(1).frames);
    const prado = [...catalogVehicles(SEED)].find((v) => v.name.startsWith('Land Cruiser Prado') && v.name.includes('1GR-FE'))!;
    expect(prado.frames[0]).toMatch(/^GRJ150-\d{7}$/);
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
    const units = take(catalogUnits(SEED, 1, { svg: false }), 200);
    const subIds = new Set(cats.flatMap((c) => c.childrens.map((s) => s.categoryId)));
    for (const u of units) expect(subIds.has(u.categoryId)).toBe(true);
  });

  it('counts scale linearly and match what the generators yield; prints timings', () => {
    const one = catalogCounts(1);
    const ten = catalogCounts(10);
    for (const k of ['platforms', 'vehicles', 'units', 'parts', 'crossReferences'] as const) expect(ten[k]).toBe(one[k] * 10);
    const hundred = catalogCounts(100);
    const started = Date.now();
    const cat = generateCatalog(SEED, { scale: 1 });
    let vehicles = 0;
    let units = 0;
    let parts = 0;
    let refs = 0;
    let svgBytes = 0;
    for (const v of cat.vehicles()) vehicles += v ? 1 : 0;
    for (const u of cat.units()) {
      units++;
      svgBytes += u.svg.length;
    }
    for (const batch of batched(cat.parts(), 1000)) parts += batch.length;
    for (const batch of batched(cat.crossReferences(), 5000)) refs += batch.length;
    const seconds = (Date.now() - started) / 1000;
    expect({ vehicles, units, parts, refs }).toEqual({
      vehicles: one.vehicles,
      units: one.units,
      parts: one.parts,
      refs: one.crossReferences,
    });
    console.log(
      `catalogue scale 1: ${JSON.stringify(one)} generated in ${seconds.toFixed(2)} s (SVG ${(svgBytes / 1e6).toFixed(1)} MB); ` +
        `scale 100 would be ${JSON.stringify(hundred)}`,
    );
  });
});
