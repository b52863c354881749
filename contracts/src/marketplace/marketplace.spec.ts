import { describe, expect, it } from '@jest/globals';
import { t } from '../messages/format.js';
import {
  additionalDiscountFor,
  cleanReference,
  cutProviderName,
  isAiAssignedEngine,
  isProductAvailable,
  resultSortGroup,
} from './product.js';
import { quotationLimit, quotationQuantityProblem, quoteRecordFlags } from './quotation.js';
import { savedServiceOrderPrice, serviceOrderSchema, serviceOrderTotal } from './service-order.js';

const DAY = 24 * 3600 * 1000;
const now = new Date('2026-11-22T12:00:00Z');
const daysAgo = (n: number) => new Date(now.getTime() - n * DAY);

describe('availability (spec 000 §4, §9)', () => {
  it('needs stock of at least 1', () => {
    expect(isProductAvailable({ inventario: 0, fecha_actualizacion: now }, false, now)).toBe(false);
    expect(isProductAvailable({ inventario: 1, fecha_actualizacion: now }, false, now)).toBe(true);
  });
  it('needs the stock updated within 30 days outside virtual stores', () => {
    expect(isProductAvailable({ inventario: 5, fecha_actualizacion: daysAgo(30) }, false, now)).toBe(true);
    expect(isProductAvailable({ inventario: 5, fecha_actualizacion: new Date(daysAgo(30).getTime() - 1) }, false, now)).toBe(false);
    expect(isProductAvailable({ inventario: 5, fecha_actualizacion: daysAgo(400) }, true, now)).toBe(true);
    expect(isProductAvailable({ inventario: 0, fecha_actualizacion: now }, true, now)).toBe(false);
  });
});

describe('result sort order (spec 000 §4)', () => {
  const record = (seller_response: 0 | 1, not_available: 0 | 1) => ({
    sale_id: 'q',
    seller_response,
    not_available,
    quantity: 1,
    expiresAt: null,
  });
  it('puts sale, order, quotation awaiting / none / answered, then unavailable', () => {
    const groups = [
      resultSortGroup({ available: true, salesModel: 1, quoteRecord: null }),
      resultSortGroup({ available: true, salesModel: 2, quoteRecord: null }),
      resultSortGroup({ available: true, salesModel: 3, quoteRecord: record(0, 0) }),
      resultSortGroup({ available: true, salesModel: 3, quoteRecord: null }),
      resultSortGroup({ available: true, salesModel: 3, quoteRecord: record(1, 0) }),
      resultSortGroup({ available: true, salesModel: 3, quoteRecord: record(1, 1) }),
      resultSortGroup({ available: false, salesModel: 1, quoteRecord: null }),
    ];
    expect(groups).toEqual([0, 1, 2, 3, 4, 4, 5]);
  });
  it('maps quotation states to the quote record flags', () => {
    expect(quoteRecordFlags('awaiting')).toEqual({ seller_response: 0, not_available: 0 });
    expect(quoteRecordFlags('available')).toEqual({ seller_response: 1, not_available: 0 });
    expect(quoteRecordFlags('not_available')).toEqual({ seller_response: 1, not_available: 1 });
    expect(quoteRecordFlags('expired')).toBeNull();
    expect(quoteRecordFlags('ordered')).toBeNull();
  });
});

describe('quotation quantity (spec 000 §5)', () => {
  const limits = { inventario: 7, quotationMaxQuantity: null };
  const text = (raw: unknown, l: { inventario: number; quotationMaxQuantity: number | null } = limits) => {
    const p = quotationQuantityProblem(raw, l);
    return p ? t(p.key, p.params) : null;
  };
  it("refuses empty, '-', zero, negatives, decimals and words with 'La cantidad debe ser mayor a cero'", () => {
    for (const raw of ['', '-', ' ', '0', '-2', '1.5', 'dos', null, undefined]) expect(text(raw)).toBe('La cantidad debe ser mayor a cero');
  });
  it('refuses more than the stock, or than quotationMaxQuantity when set', () => {
    expect(text('8')).toBe('La cantidad disponible es de 7 unidades. Intenta con una cantidad menor.');
    expect(text('7')).toBeNull();
    expect(text(3, { inventario: 7, quotationMaxQuantity: 2 })).toBe(
      'La cantidad disponible es de 2 unidades. Intenta con una cantidad menor.',
    );
    expect(quotationLimit({ inventario: 7, quotationMaxQuantity: 2 })).toBe(2);
  });
});

describe('service-order price (spec 000 §5)', () => {
  it('computes total = actualPrice / (1 - utility/100) to two decimals', () => {
    expect(serviceOrderTotal(100, 30)).toBe(142.86);
    expect(serviceOrderTotal(85000, 25)).toBe(113333.33);
    expect(serviceOrderTotal(100, 0)).toBe(100);
  });
  it('saves the price by type_price', () => {
    expect(savedServiceOrderPrice(100, { type_price: 'no_utility' })).toEqual({ price: 100, total: null });
    expect(savedServiceOrderPrice(100, { type_price: 'manual_price', price: 120 })).toEqual({ price: 120, total: null });
    expect(savedServiceOrderPrice(100, { type_price: 'price_with_utility', utility: 20 })).toEqual({ price: 125, total: 125 });
  });
  it('requires price for manual_price and utility for price_with_utility, below 100%', () => {
    expect(serviceOrderSchema.safeParse({ type_price: 'manual_price' }).success).toBe(false);
    expect(serviceOrderSchema.safeParse({ type_price: 'price_with_utility' }).success).toBe(false);
    expect(serviceOrderSchema.safeParse({ type_price: 'price_with_utility', utility: 100 }).success).toBe(false);
    expect(serviceOrderSchema.safeParse({}).success).toBe(false);
    expect(serviceOrderSchema.safeParse({ type_price: 'no_utility' }).success).toBe(true);
  });
});

describe('small rules', () => {
  it('cuts the provider name to 21 characters', () => {
    expect(cutProviderName('Distribuidora Nacional de Autopartes')).toBe('Distribuidora Naciona');
    expect(cutProviderName('Corto')).toBe('Corto');
    expect(cutProviderName(null)).toBeNull();
  });
  it('marks AI-assigned engines by their suffix', () => {
    expect(isAiAssignedEngine('1.6 16V (IA)')).toBe(true);
    expect(isAiAssignedEngine('1.6 16V')).toBe(false);
  });
  it('normalises references as the catalogue does', () => {
    expect(cleanReference('0 986-494.001')).toBe('0986494001');
    expect(cleanReference('w 610/3')).toBe('W6103');
    // Accented and compatibility characters are taken apart before the letters are kept.
    expect(cleanReference('ñú-1½ ﬁltro')).toBe('NU112FILTRO');
  });
  it('gives the additional discount of the first matching purchase-discount rule', () => {
    const rules = [
      { price_range: [0, 50000] as [number, number], discount_percentage: 5 },
      { price_range: [50001, 1e9] as [number, number], discount_percentage: 10 },
    ];
    expect(additionalDiscountFor(40000, rules)).toEqual({ discount: 2000, discountPercentage: 5 });
    expect(additionalDiscountFor(100000, rules)).toEqual({ discount: 10000, discountPercentage: 10 });
    expect(additionalDiscountFor(null, rules)).toBeNull();
  });
});
