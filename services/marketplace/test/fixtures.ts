import { randomUUID } from 'node:crypto';
import { expect } from '@jest/globals';
import { TestClient, type TestHttpApp } from '@tuerca/platform/testing';
import { DEMO_PASSWORD } from '@tuerca/identity';
import { demoStores, type DemoStore } from '@tuerca/demo-data';

/** What the marketplace's HTTP specs share: the demo stores in the marketplace's copy, the demo people, an address. */

export const PRODUCTS = '/api/catalogo/products';
export const CART = '/api/cart/CartShopingPending';
export const HEADER = '/api/cart/cartShoppingHeader';

export const [bogota, cali, leon] = demoStores() as [DemoStore, DemoStore, DemoStore, ...DemoStore[]];

/**
 * The demo stores as identity's store events would have written them into the marketplace's copy (the specs run
 * the marketplace without identity's relay). `mobile` is the store's WhatsApp number.
 */
export async function insertStores(
  t: TestHttpApp,
  stores: readonly DemoStore[],
  mobile: (s: DemoStore) => string = (s) => (s.country === 'MX' ? '+524771112233' : '+573001112233'),
): Promise<void> {
  const em = t.db('marketplace').em();
  for (const s of stores)
    await em.execute(
      `insert into stores (id, name, country, currency, city, is_virtual, path_prefix, show_product_references, mobile) values (?, ?, ?, ?, ?, false, null, true, ?)`,
      [s.id, s.name, s.country, s.country === 'MX' ? 'MXN' : 'COP', s.city, mobile(s)],
    );
}

export type DemoPerson = 'cliente' | 'taller' | 'vendedor' | 'refaccionaria' | 'operador' | 'asesor';

/** Each demo person logged in on a client of their own (password DEMO_PASSWORD), and their user ids. */
export async function logIn<K extends DemoPerson>(t: TestHttpApp, people: readonly K[]) {
  const who = {} as Record<K, TestClient>;
  const ids = {} as Record<K, string>;
  for (const key of people) {
    who[key] = new TestClient(t.url);
    const res = await who[key].post('/api/users/auth/login', { email: `${key}@tuerca.demo`, password: DEMO_PASSWORD });
    expect(res.status).toBe(200);
    ids[key] = res.body.data.user.id as string;
  }
  return { who, ids };
}

/** A saved address in Bogotá as identity answers it (userAdditionalAddress), sent back as the checkout's choice. */
export function bogotaAddress(label = 'Casa', notes: string | null = 'Apartamento 402') {
  return {
    addressId: randomUUID(),
    address: {
      country: 'CO',
      label,
      receiverName: 'Ana Gómez',
      phone: '+573005551234',
      regionCode: '11',
      regionName: 'Bogotá D.C.',
      cityCode: '11001',
      cityName: 'Bogotá D.C.',
      neighborhood: 'Las Ferias',
      postalCode: null,
      addressLine: 'Calle 68 # 12-30',
      notes,
    },
  };
}
