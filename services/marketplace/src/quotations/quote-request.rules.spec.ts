import { describe, expect, it } from '@jest/globals';
import { addMatches, rankSellers, type SellerCandidate } from './quote-request.rules.js';

const store = (id: string) => ({ storeId: id, storeName: `Tienda ${id}` });

describe('rankSellers: who a quotation request reaches', () => {
  it('puts the stores that cover the most parts first, part numbers over names, the make breaking ties', () => {
    const found = new Map<string, SellerCandidate>();
    addMatches(found, [store('a'), store('b')], { position: 0, by: 'name' });
    addMatches(found, [store('b')], { position: 1, by: 'reference' });
    addMatches(found, [store('c')], { position: 0, by: 'reference' });
    addMatches(found, [store('c'), store('d')], { make: true });
    addMatches(found, [store('a')], { position: 1, by: 'name' });
    const ranked = rankSellers([...found.values()], 5).map((c) => c.storeId);
    // a and b cover two parts (b by a part number); c one part plus the make; d only the make, so it is not asked.
    expect(ranked).toEqual(['b', 'a', 'c']);
  });

  it('falls back to the stores of the make only when nobody lists any of the parts', () => {
    const found = new Map<string, SellerCandidate>();
    addMatches(found, [store('c'), store('d')], { make: true });
    expect(rankSellers([...found.values()], 5).map((c) => c.storeId)).toEqual(['c', 'd']);
  });

  it('keeps at most max stores and never a store that matches nothing', () => {
    const none: SellerCandidate = { ...store('z'), byReference: new Set(), byName: new Set(), sellsMake: false };
    const many = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((id) => ({
      ...store(id),
      byReference: new Set([0]),
      byName: new Set<number>(),
      sellsMake: false,
    }));
    expect(rankSellers([none, ...many], 5)).toHaveLength(5);
    expect(rankSellers([none], 5)).toEqual([]);
  });

  it('counts a part once when the store matches it both ways', () => {
    const found = new Map<string, SellerCandidate>();
    addMatches(found, [store('a')], { position: 0, by: 'name' });
    addMatches(found, [store('a')], { position: 0, by: 'reference' });
    addMatches(found, [store('b')], { position: 0, by: 'name' });
    addMatches(found, [store('b')], { position: 1, by: 'name' });
    expect(rankSellers([...found.values()], 5).map((c) => c.storeId)).toEqual(['b', 'a']);
  });
});
