import { describe, expect, it } from '@jest/globals';
import {
  compatibilitiesOf,
  hasCompleteCompatibilities,
  itemIdOfResource,
  itemOf,
  listingStatusOf,
  roundPrice,
  publicationAllowance,
  publicationRefusal,
} from './ml.rules.js';
import { feedXml, missingRequired, productInputOf } from '../merchant/merchant.rules.js';
import { TokenCipher } from './token-cipher.js';

const product = {
  id: '0b0a3a2e-6a52-4d8f-9d55-0a0d1f1c2b3a',
  storeId: '1b0a3a2e-6a52-4d8f-9d55-0a0d1f1c2b3a',
  title: 'Pastillas de freno delanteras',
  description: 'Juego de 4 pastillas',
  brand: 'Bosch',
  reference: '0986AB1234',
  stock: 3,
  price: 185000.4,
  images: ['https://img.example/p.webp'],
  compatibleVehicles: [{ make: 'Mazda', full_models: ['3', 'CX-30'], years: [2018, 2019], engines: [] }],
};

describe('MercadoLibre listing rules', () => {
  it('one compatibility per make, model and year, in the site vehicle domain, without repeats', () => {
    const c = compatibilitiesOf('MCO', [...product.compatibleVehicles, { make: 'MAZDA', full_models: ['3'], years: [2018], engines: [] }]);
    expect(c).toHaveLength(4);
    expect(c[0]).toEqual({
      domain_id: 'MCO-CARS_AND_VANS_FOR_COMPATIBILITIES',
      attributes: [
        { id: 'BRAND', value_name: 'Mazda' },
        { id: 'MODEL', value_name: '3' },
        { id: 'VEHICLE_YEAR', value_name: '2018' },
      ],
    });
    expect(compatibilitiesOf('MLM', [])).toEqual([]);
  });

  it('complete compatibilities need make, a model and a year on every vehicle', () => {
    expect(hasCompleteCompatibilities(product.compatibleVehicles)).toBe(true);
    expect(hasCompleteCompatibilities([{ make: 'Mazda', full_models: [], years: [2018], engines: [] }])).toBe(false);
    expect(hasCompleteCompatibilities([])).toBe(false);
  });

  it('the item: 60-character title, whole pesos in COP, cents in MXN, part number and brand attributes', () => {
    const item = itemOf(
      { ...product, title: 'x'.repeat(80) },
      { site: 'MCO', currency: 'COP', categoryId: 'MCO1747', listingType: 'gold_special' },
    );
    expect(item).toMatchObject({ category_id: 'MCO1747', price: 185000, currency_id: 'COP', available_quantity: 3, condition: 'new' });
    expect((item.title as string).length).toBe(60);
    expect(item.attributes).toContainEqual({ id: 'PART_NUMBER', value_name: '0986AB1234' });
    expect(roundPrice(99.456, 'MXN')).toBe(99.46);
  });

  it('statuses and notification resources', () => {
    expect(listingStatusOf('paused')).toBe('paused');
    expect(listingStatusOf('payment_required')).toBe('under_review');
    expect(itemIdOfResource('/items/MCO123456')).toBe('MCO123456');
    expect(itemIdOfResource('/orders/123')).toBeNull();
  });
});

describe('Google product data', () => {
  it('the feed carries the required attributes, escaped, and leaves out incomplete products', () => {
    const xml = feedXml(
      { name: 'Repuestos <La 68>', country: 'CO', currency: 'COP' },
      [product, { ...product, id: 'x', images: [] }],
      'https://tuerca.co',
    );
    expect(xml).toContain('<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">');
    expect(xml).toContain('Repuestos &lt;La 68&gt;');
    expect(xml).toContain('<g:price>185000.40 COP</g:price>');
    expect(xml).toContain('<g:availability>in_stock</g:availability>');
    expect(xml).toContain('<g:mpn>0986AB1234</g:mpn>');
    expect(xml).toContain('<g:shipping><g:country>CO</g:country></g:shipping>');
    expect(xml.match(/<item>/g)).toHaveLength(1);
    expect(missingRequired({ ...product, brand: ' ', images: [] })).toEqual(['image_link', 'brand']);
  });

  it('the Merchant API product input: micros, feed label and language', () => {
    const input = productInputOf(product, { country: 'MX', currency: 'MXN' }, 'https://tuerca.co');
    expect(input).toMatchObject({ offerId: product.id, contentLanguage: 'es', feedLabel: 'MX' });
    expect(input.productAttributes.price).toEqual({ amountMicros: '185000400000', currencyCode: 'MXN' });
  });
});

describe('token cipher', () => {
  it('round-trips, uses a fresh IV and refuses a tampered value', () => {
    const cipher = new TokenCipher('a-test-secret-of-at-least-32-characters');
    const a = cipher.encrypt('APP_USR-123');
    expect(a).not.toContain('APP_USR');
    expect(cipher.encrypt('APP_USR-123')).not.toBe(a);
    expect(cipher.decrypt(a)).toBe('APP_USR-123');
    const raw = Buffer.from(a.slice(3), 'base64');
    raw[raw.length - 1] ^= 1;
    expect(() => cipher.decrypt(`v1.${raw.toString('base64')}`)).toThrow();
  });
});

describe('publication allowance (spec 000 §1/§9 marketplace-integration plans, 30 days; §7 getFreepublicationsinML)', () => {
  const now = new Date('2026-03-01T12:00:00Z');
  const at = (days: number) => new Date(now.getTime() + days * 86_400_000);

  it('without a plan in force nothing may be listed; an ended plan counts for nothing', () => {
    expect(publicationRefusal(publicationAllowance(20, [], now), 0, 1)).toBe('no-plan');
    expect(publicationRefusal(publicationAllowance(20, [{ expiresAt: now }, { expiresAt: at(-3) }], now), 0, 1)).toBe('no-plan');
    expect(publicationRefusal(publicationAllowance(20, [], now), 5, 0)).toBeNull();
  });

  it('a plan in force allows up to its free publications; plans do not add up, the last one sets the end', () => {
    const allowance = publicationAllowance(20, [{ expiresAt: at(10) }, { expiresAt: at(30) }, { expiresAt: at(-1) }], now);
    expect(allowance).toEqual({ free: 20, planExpiresAt: at(30) });
    expect(publicationRefusal(allowance, 18, 2)).toBeNull();
    expect(publicationRefusal(allowance, 18, 3)).toBe('plan-exhausted');
  });
});
