import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { t as message } from '@tuerca/contracts';
import { TestClient, eventually, startTestHttpApp, type TestHttpApp } from '@tuerca/platform/testing';
import { DEMO_PASSWORD, IdentityModule, seedIdentity } from '@tuerca/identity';
import { demoStores } from '@tuerca/demo-data';
import { MarketplaceModule } from '@tuerca/marketplace';
import { BillingModule } from '@tuerca/billing';

const BUYERS = 200;
const STOCK = 7;
const [bogota] = demoStores();

/** Runs `work` over `items` with at most `limit` at once (logins hash passwords: two cores). */
async function pool<T, R>(items: T[], limit: number, work: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await work(items[i]!, i);
      }
    }),
  );
  return out;
}

describe('stock is never oversold', () => {
  let t: TestHttpApp;
  const buyers: TestClient[] = [];
  let productId: string;

  beforeAll(async () => {
    // Two hundred people log in from one address here.
    t = await startTestHttpApp([IdentityModule, BillingModule, MarketplaceModule], { RATE_LIMIT_LOGIN_PER_IP: '10000' });
    await seedIdentity(t.db('identity'));
    await t
      .db('marketplace')
      .em()
      .execute(`insert into stores (id, name, country, currency, city, mobile) values (?, ?, 'CO', 'COP', ?, '+573001112233')`, [
        bogota!.id,
        bogota!.name,
        bogota!.city,
      ]);
    const operator = new TestClient(t.url);
    await operator.post('/api/users/auth/login', { email: 'operador@tuerca.demo', password: DEMO_PASSWORD });
    const seller = new TestClient(t.url);
    await seller.post('/api/users/auth/login', { email: 'vendedor@tuerca.demo', password: DEMO_PASSWORD });
    const created = await seller.post('/api/catalogo/products', {
      scenario: 'create',
      title: 'Kit de embrague Luk 620 3043 00',
      manufacturer_title: 'LuK',
      referencia_1: '620 3043 00',
      inventario: STOCK,
      actualPrice: 689000,
      salesModel: 1,
    });
    expect(created.status).toBe(201);
    productId = created.body.data.id;
    const run = randomUUID().slice(0, 8);
    await pool(
      Array.from({ length: BUYERS }, (_, i) => i),
      4,
      async (i) => {
        const email = `comprador${i}-${run}@tuerca.test`;
        const res = await operator.post('/admin-api/users', {
          email,
          password: DEMO_PASSWORD,
          name: `Comprador ${i}`,
          mobile: `+5730000${String(i).padStart(5, '0')}`,
          roles: ['customer'],
        });
        expect(res.status).toBe(201);
        const buyer = new TestClient(t.url);
        expect((await buyer.post('/api/users/auth/login', { email, password: DEMO_PASSWORD })).status).toBe(200);
        expect((await buyer.post('/api/cart/page/add', { productId, quantity: 1 })).status).toBe(200);
        buyers[i] = buyer;
      },
    );
  }, 240_000);

  afterAll(async () => {
    await t?.close();
  });

  it(`${BUYERS} concurrent purchases of a product with stock ${STOCK}: exactly ${STOCK} succeed, stock 0, every refusal a 409 in Spanish, no 5xx`, async () => {
    const results = await Promise.all(
      buyers.map((b) => b.post('/api/cart/cartShoppingHeader/makePurchase', { acceptTerms: true }, { 'idempotency-key': randomUUID() })),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.filter((s) => s === 200)).toHaveLength(STOCK);
    const refusals = results.filter((r) => r.status !== 200);
    expect(refusals).toHaveLength(BUYERS - STOCK);
    for (const r of refusals) {
      expect(r.status).toBe(409);
      expect(r.body.errors).toHaveLength(1);
      expect([
        'El producto seleccionado no está disponible',
        ...Array.from({ length: STOCK }, (_, n) => message('quotation.quantityExceedsStock', { quantity: n + 1 })),
      ]).toContain(r.body.errors[0]);
    }
    const db = t.db('marketplace').em();
    const [p] = await db.execute<{ inventario: number; state: string }[]>('select inventario, state from products where id = ?', [
      productId,
    ]);
    expect(p).toEqual({ inventario: 0, state: 'depleted' });
    const [held] = await db.execute<{ n: number; units: number }[]>(
      `select count(distinct t.id)::int as n, sum(l.quantity)::int as units from transactions t join transaction_lines l on l.transaction_id = t.id where l.product_id = ?`,
      [productId],
    );
    expect(held).toEqual({ n: STOCK, units: STOCK });
    // The search read model follows the stock through ProductUpdated.
    await eventually(async () => {
      const [row] = await db.execute<{ inventario: number }[]>('select inventario from product_search where product_id = ?', [productId]);
      return row?.inventario === 0 ? true : null;
    });
  }, 120_000);
});
