import { describe, expect, it } from '@jest/globals';
import { AI_COMPATIBILITY_SUFFIX, cleanReference, productInputSchema, purchaseDiscountRuleSchema } from '@tuerca/contracts';
import { crossReferences } from '../catalog/generate.js';
import { normalizeReference } from '../catalog/numbers.js';
import { demoPeople, demoStores } from '../people.js';
import { DELIVERY_TIMES, marketplaceProducts, marketplaceStores, type DemoMarketplaceProduct } from './index.js';

const NOW = new Date('2026-11-22T12:00:00Z');
const DAY = 86_400_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const all: DemoMarketplaceProduct[] = [...marketplaceProducts(2026, 1, { now: NOW })];
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
    const again = [...marketplaceProducts(2026, 1, { now: NOW })];
    expect(again).toEqual(all);
    const other = marketplaceProducts(7, 1, { now: NOW }).next().value!;
    expect(other.id).not.toBe(all[0]!.id);
  });

  it('makes about ten thousand products per scale unit', () => {
    expect(all.length).toBeGreaterThan(9000);
    expect(all.length).toBeLessThan(11000);
    let n = 0;
    for (const p of marketplaceProducts(2026, 2, { now: NOW })) if (p) n++;
    expect(n / all.length).toBeGreaterThan(1.9);
    expect(n / all.length).toBeLessThan(2.1);
  });

  it('writes valid seller products with unique ids and one listing per store, reference and brand', () => {
    expect(new Set(all.map((p) => p.id)).size).toBe(all.length);
    expect(new Set(all.map((p) => `${p.storeId}|${cleanReference(p.referencia_1)}|${p.manufacturer_title.toLowerCase()}`)).size).toBe(
      all.length,
    );
    for (const p of all) {
      expect(p.id).toMatch(UUID);
      expect(storeById.has(p.storeId)).toBe(true);
      const parsed = productInputSchema.safeParse(p);
      if (!parsed.success) throw new Error(`${p.id}: ${parsed.error.message}`);
      expect(p.title).toContain(` ${p.referencia_1} para ${p.source.make} `);
      expect(p.state).toBe(p.inventario >= 1 ? 'published' : 'depleted');
      expect(DELIVERY_TIMES).toContain(p.tiempos_de_entrega);
      expect(Date.parse(p.fecha_actualizacion)).toBeLessThanOrEqual(NOW.getTime());
      expect(Date.parse(p.createdAt)).toBeLessThanOrEqual(Date.parse(p.updatedAt));
    }
  });

  it('uses the catalogue numbers: OEM listings under the make, aftermarket ones under a cross-reference brand', () => {
    const xr = new Map<string, Set<string>>();
    for (const x of crossReferences(2026, 1)) {
      const k = x.oemNormalized;
      if (!xr.has(k)) xr.set(k, new Set());
      xr.get(k)!.add(`${x.part.manufacturer}|${x.part.formattedOem}`);
    }
    for (const p of all) {
      if (p.source.kind === 'oem') {
        expect(p.referencia_1).toBe(p.source.oem);
        expect(p.manufacturer_title).toBe(p.source.make);
      } else {
        expect(xr.get(normalizeReference(p.source.oem))?.has(`${p.manufacturer_title}|${p.referencia_1}`)).toBe(true);
      }
    }
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
    for (const p of all) {
      const store = storeById.get(p.storeId)!;
      if (store.currency === 'COP') {
        expect(Number.isInteger(p.actualPrice / 100)).toBe(true);
        expect(p.actualPrice).toBeGreaterThanOrEqual(1000);
      } else expect(p.actualPrice).toBeLessThan(20000);
      if (p.salesModel === 3) expect(p.quotationMaxQuantity === null || p.quotationMaxQuantity <= Math.max(1, p.inventario)).toBe(true);
      else expect(p.quotationMaxQuantity).toBeNull();
      expect(p.compatibleVehicles[0]!.full_models.length).toBeGreaterThan(0);
      expect(p.compatibleVehicles[0]!.years.length).toBeGreaterThan(0);
      expect(p.category).toBeTruthy();
    }
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
});
