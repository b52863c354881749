import { describe, expect, it } from '@jest/globals';
import { AI_COMPATIBILITY_SUFFIX, HOME_EXAMPLES, cleanReference, productInputSchema, purchaseDiscountRuleSchema } from '@tuerca/contracts';
import { crossReferences } from '../catalog/generate.js';
import { normalizeReference } from '../catalog/numbers.js';
import { demoPeople, demoStores } from '../people.js';
import { DEMO_PLATES } from '../registry.js';
import { DELIVERY_TIMES, marketplaceProducts, marketplaceStores, type DemoMarketplaceProduct } from './index.js';

const NOW = new Date('2026-11-22T12:00:00Z');
const DAY = 86_400_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

// Scale 1 once, shared (each test collects what breaks and asserts once: matchers in loops are slow).
const all: DemoMarketplaceProduct[] = [...marketplaceProducts(2026, 1, { now: NOW })];
const refs = [...crossReferences(2026, 1)];
const take = <T>(gen: Iterable<T>, n: number): T[] => {
  const out: T[] = [];
  for (const row of gen) {
    out.push(row);
    if (out.length >= n) break;
  }
  return out;
};
const stores = marketplaceStores(2026, 1);
const storeById = new Map(stores.map((s) => [s.id, s]));

describe('marketplace stores', () => {
  it('keeps the four demo stores with their ids, then six generated stores per scale unit', () => {
    expect(stores.slice(0, 4).map((s) => s.id)).toEqual(demoStores(2026).map((s) => s.id));
    expect(stores).toHaveLength(10);
    expect(marketplaceStores(2026, 100)).toHaveLength(604);
    expect(new Set(marketplaceStores(2026, 100).map((s) => s.id)).size).toBe(604);
    expect(marketplaceStores(2026, 3)).toEqual(marketplaceStores(2026, 3));
  });

  it('gives the demo stores their marketplace settings', () => {
    const [la68, valle, bajio, antioquia] = stores;
    expect(antioquia).toMatchObject({
      name: 'Motorepuestos Antioquia',
      isVirtual: true,
      pathPrefix: 'motorepuestos-antioquia',
      showProductReferences: false,
    });
    expect(la68!.purchaseDiscountRules.length).toBeGreaterThan(0);
    for (const r of la68!.purchaseDiscountRules) expect(purchaseDiscountRuleSchema.safeParse(r).success).toBe(true);
    expect(valle!.minimumPurchaseValue).toBeGreaterThan(0);
    expect(bajio).toMatchObject({ country: 'MX', currency: 'MXN', city: 'León' });
  });

  it('has real-looking mobile numbers, currencies by country and logos that are null or a path', () => {
    for (const s of marketplaceStores(2026, 20)) {
      expect(s.mobile).toMatch(s.country === 'CO' ? /^\+573\d{9}$/ : /^\+52\d{10}$/);
      expect(s.currency).toBe(s.country === 'CO' ? 'COP' : 'MXN');
      if (s.logotypeUrl !== null) expect(s.logotypeUrl).toMatch(/^\/themes\/tuerca\/stores\/[a-z0-9-]+\.svg$/);
      expect(s.name.length).toBeGreaterThanOrEqual(2);
    }
    const countries = marketplaceStores(2026, 20).map((s) => s.country);
    expect(countries).toContain('CO');
    expect(countries).toContain('MX');
  });
});

describe('marketplace products', () => {
  it('is deterministic for a seed, scale and time, and differs with the seed', () => {
    // A few hundred products tell a sequence from another; the whole of scale 1 is checked by the tests below.
    expect(take(marketplaceProducts(2026, 1, { now: NOW }), 300)).toEqual(all.slice(0, 300));
    const other = marketplaceProducts(7, 1, { now: NOW }).next().value!;
    expect(other.id).not.toBe(all[0]!.id);
  });

  it('makes about ten thousand products per scale unit', () => {
    expect(all.length).toBeGreaterThan(9000);
    expect(all.length).toBeLessThan(11000);
  });

  it('writes valid seller products with unique ids and one listing per store, reference and brand', () => {
    expect(new Set(all.map((p) => p.id)).size).toBe(all.length);
    expect(new Set(all.map((p) => `${p.storeId}|${cleanReference(p.referencia_1)}|${p.manufacturer_title.toLowerCase()}`)).size).toBe(
      all.length,
    );
    const problems: string[] = [];
    for (const p of all) {
      const parsed = productInputSchema.safeParse(p);
      if (!parsed.success) problems.push(`${p.id}: ${parsed.error.message}`);
      if (!UUID.test(p.id) || !storeById.has(p.storeId)) problems.push(`${p.id}: id or store`);
      if (!p.title.includes(` ${p.referencia_1} para ${p.source.make} `)) problems.push(`${p.id}: title ${p.title}`);
      if (p.state !== (p.inventario >= 1 ? 'published' : 'depleted')) problems.push(`${p.id}: state`);
      if (!(DELIVERY_TIMES as readonly string[]).includes(p.tiempos_de_entrega)) problems.push(`${p.id}: delivery`);
      if (Date.parse(p.fecha_actualizacion) > NOW.getTime() || Date.parse(p.createdAt) > Date.parse(p.updatedAt))
        problems.push(`${p.id}: dates`);
    }
    expect(problems).toEqual([]);
  });

  it('uses the catalogue numbers: OEM listings under the make, aftermarket ones under a cross-reference brand', () => {
    const xr = new Map<string, Set<string>>();
    for (const x of refs) {
      const k = x.oemNormalized;
      if (!xr.has(k)) xr.set(k, new Set());
      xr.get(k)!.add(`${x.part.manufacturer}|${x.part.formattedOem}`);
    }
    const problems: string[] = [];
    for (const p of all) {
      if (p.source.kind === 'oem') {
        if (p.referencia_1 !== p.source.oem || p.manufacturer_title !== p.source.make) problems.push(`${p.id}: OEM listing`);
      } else if (!xr.get(normalizeReference(p.source.oem))?.has(`${p.manufacturer_title}|${p.referencia_1}`))
        problems.push(`${p.id}: not a cross-reference`);
    }
    expect(problems).toEqual([]);
    const brands = new Set(all.filter((p) => p.source.kind === 'aftermarket').map((p) => p.manufacturer_title));
    for (const b of ['Bosch', 'Mann-Filter', 'NGK']) expect(brands).toContain(b);
    expect(all.some((p) => /^Filtro de aceite Mann [WH]/.test(p.title))).toBe(true);
  });

  it('has OEM numbers several stores sell, with substitutes from other stores', () => {
    const byOem = new Map<string, DemoMarketplaceProduct[]>();
    for (const p of all) {
      if (!byOem.has(p.source.oem)) byOem.set(p.source.oem, []);
      byOem.get(p.source.oem)!.push(p);
    }
    const rich = [...byOem.values()].filter(
      (ps) =>
        new Set(ps.filter((p) => p.source.kind === 'oem').map((p) => p.storeId)).size >= 2 &&
        new Set(ps.filter((p) => p.source.kind === 'aftermarket').map((p) => p.storeId)).size >= 2,
    );
    expect(rich.length).toBeGreaterThan(100);
  });

  it('spreads prices, stock, dates, sale models and compatibility realistically', () => {
    const n = all.length;
    const share = (f: (p: DemoMarketplaceProduct) => boolean) => all.filter(f).length / n;
    expect(share((p) => p.inventario === 0)).toBeGreaterThan(0.05);
    expect(share((p) => p.inventario === 0)).toBeLessThan(0.25);
    const old = share((p) => NOW.getTime() - Date.parse(p.fecha_actualizacion) > 30 * DAY);
    expect(old).toBeGreaterThan(0.08);
    expect(old).toBeLessThan(0.3);
    expect(share((p) => p.salesModel === 1)).toBeGreaterThan(0.7);
    expect(share((p) => p.salesModel === 2)).toBeGreaterThan(0.05);
    expect(share((p) => p.salesModel === 3)).toBeGreaterThan(0.04);
    expect(share((p) => p.cartTypeBySaleModel === 'favorites')).toBeGreaterThan(0.05);
    expect(share((p) => p.cartTypeBySaleModel === 'favorites')).toBeLessThan(0.3);
    const ai = share((p) => p.compatibleVehicles.some((v) => v.engines.some((e) => e.endsWith(AI_COMPATIBILITY_SUFFIX))));
    expect(ai).toBeGreaterThan(0.06);
    expect(ai).toBeLessThan(0.14);
    const problems: string[] = [];
    for (const p of all) {
      const store = storeById.get(p.storeId)!;
      if (store.currency === 'COP' ? !Number.isInteger(p.actualPrice / 100) || p.actualPrice < 1000 : p.actualPrice >= 20000)
        problems.push(`${p.id}: price ${p.actualPrice} ${store.currency}`);
      if (
        p.salesModel === 3
          ? !(p.quotationMaxQuantity === null || p.quotationMaxQuantity <= Math.max(1, p.inventario))
          : p.quotationMaxQuantity !== null
      )
        problems.push(`${p.id}: quotation quantity`);
      const cv = p.compatibleVehicles[0]!;
      if (cv.full_models.length === 0 || cv.years.length === 0 || !p.category) problems.push(`${p.id}: compatibility or category`);
    }
    expect(problems).toEqual([]);
    const filters = all
      .filter((p) => p.source.partType === 'oil-filter' && storeById.get(p.storeId)!.currency === 'COP')
      .map((p) => p.actualPrice);
    const median = filters.sort((a, b) => a - b)[Math.floor(filters.length / 2)]!;
    expect(median).toBeGreaterThan(10000);
    expect(median).toBeLessThan(70000);
  });

  it("stocks the demo accounts' stores, with a few quotation items in stock", () => {
    const people = demoPeople(2026);
    for (const email of ['vendedor@tuerca.demo', 'tienda@tuerca.demo', 'refaccionaria@tuerca.demo']) {
      const storeId = people.find((p) => p.email === email)!.storeId!;
      const own = all.filter((p) => p.storeId === storeId);
      expect(own.length).toBeGreaterThan(300);
      expect(own.filter((p) => p.salesModel === 3 && p.inventario > 0).length).toBeGreaterThan(5);
    }
  });

  it('sells the home page’s examples: the part number and its substitutes, the text; the plate is a demo plate', () => {
    const example = normalizeReference(HOME_EXAMPLES.partNumber);
    // The catalogue crosses it to OEM numbers (its substitutes), as the catalogue writes it.
    const crossed = refs.filter((x) => x.part.oemNormalized === example);
    expect(crossed.length).toBeGreaterThan(0);
    expect(crossed[0]!.part.formattedOem).toBe(HOME_EXAMPLES.partNumber);
    const substitutes = new Set(crossed.map((x) => x.oemNormalized));
    for (const x of refs) if (substitutes.has(x.oemNormalized)) substitutes.add(x.part.oemNormalized);
    substitutes.delete(example);
    // Sold where a first visit lands: the Colombian marketplace.
    const sold = (ref: string) =>
      all.filter(
        (p) => cleanReference(p.referencia_1) === ref && storeById.get(p.storeId)!.country === 'CO' && !storeById.get(p.storeId)!.isVirtual,
      );
    expect(sold(example).length).toBeGreaterThan(0);
    expect([...substitutes].flatMap(sold).length).toBeGreaterThan(0);
    const words = HOME_EXAMPLES.text.split(' ');
    expect(all.filter((p) => words.every((w) => p.title.toLowerCase().includes(w))).length).toBeGreaterThan(20);
    expect(DEMO_PLATES.map((p) => p.plate)).toContain(HOME_EXAMPLES.plate);
  });
});
