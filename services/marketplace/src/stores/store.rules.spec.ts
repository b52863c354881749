import { describe, expect, it } from '@jest/globals';
import { storeInputSchema, type StoreView } from '@tuerca/contracts';
import { currencyOf, storeAdminEdit } from './store.rules.js';

const view: StoreView = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Refaccionaria El Bajío',
  country: 'MX',
  currency: 'MXN',
  city: 'León',
  isVirtualStore: false,
  pathPrefix: null,
  logotypeUrl: null,
  showStoreLogoInProduct: false,
  showProductReferences: true,
  showStoreNameToUser: true,
  showProvider: true,
  providerName: null,
  purchaseDiscountRules: [],
  minimumPurchaseValue: 0,
  mobile: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('store rules', () => {
  it('sells in its country’s currency', () => {
    expect(currencyOf('CO')).toBe('COP');
    expect(currencyOf('MX')).toBe('MXN');
  });

  it('lets a store admin run their store but not switch its country, make it virtual or change its prefix (issue 20 §9)', () => {
    const asked = storeInputSchema.parse({ ...view, city: 'León, Gto.', isVirtualStore: true, pathPrefix: 'bajio' });
    expect(storeAdminEdit(view, asked)).toMatchObject({ city: 'León, Gto.', isVirtualStore: false, pathPrefix: null, country: 'MX' });
    expect(storeAdminEdit(view, storeInputSchema.parse({ ...view, country: 'CO' }))).toBe('country');
  });

  it('takes logos at http(s) addresses or the site’s own paths only', () => {
    expect(storeInputSchema.safeParse({ ...view, logotypeUrl: 'javascript:alert(1)' }).success).toBe(false);
    expect(storeInputSchema.safeParse({ ...view, logotypeUrl: 'data:image/png;base64,AAAA' }).success).toBe(false);
    expect(storeInputSchema.safeParse({ ...view, logotypeUrl: '//evil.example/x.png' }).success).toBe(false);
    expect(storeInputSchema.safeParse({ ...view, logotypeUrl: '/themes/tuerca/stores/bajio.svg' }).success).toBe(true);
    expect(storeInputSchema.safeParse({ ...view, logotypeUrl: 'https://cdn.tuerca.co/bajio.svg' }).success).toBe(true);
  });
});
