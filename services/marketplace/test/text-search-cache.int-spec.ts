import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ProductView } from '@tuerca/contracts';
import { Clock } from '@tuerca/platform';
import { TestClient, eventually, startTestHttpApp, type TestHttpApp } from '@tuerca/platform/testing';
import { DEMO_PASSWORD, IdentityModule, seedIdentity } from '@tuerca/identity';
import { demoStores } from '@tuerca/demo-data';
import { MarketplaceModule } from '@tuerca/marketplace';
import { TextAnswerCache } from '../src/search/text-answers.cache.js';

const P = '/api/catalogo/products';
const DAY = 24 * 3600 * 1000;
const [bogota] = demoStores();

const product = (title: string, referencia_1: string, extra: Record<string, unknown> = {}) => ({
  scenario: 'create',
  title,
  manufacturer_title: 'Valeo',
  descripcion: 'Repuesto nuevo en caja',
  referencia_1,
  inventario: 10,
  actualPrice: 100,
  salesModel: 1,
  ...extra,
});

interface Found {
  ids: string[];
  groups: number[];
  total: number;
  corrected: string | undefined;
  rows: ProductView[];
}

/**
 * The text search's cache (marketplace README, "Text search from memory"): the matches' shared order is kept per
 * process and follows every change of what it shows by the first search after the change is in the search read
 * model — a product update, a quotation asked and answered (the person's part, never cached), and the clock
 * passing a product's 30 days — in the spec's per-person order (spec 000 §4).
 */
describe('text search served from the cache', () => {
  let t: TestHttpApp;
  let clock: Clock;
  let cache: TextAnswerCache;
  let seller: TestClient;
  let cliente: TestClient;

  const search = async (client: TestClient, filter: Record<string, unknown>, paging = ''): Promise<Found> => {
    const res = await client.get(`${P}?filter=${encodeURIComponent(JSON.stringify(filter))}${paging}`);
    expect(res.status).toBe(200);
    const rows = res.body.data as ProductView[];
    return {
      ids: rows.map((p) => p.id),
      groups: rows.map((p) => p.sortGroup),
      total: res.body.metadata.total as number,
      corrected: res.body.metadata.corrected as string | undefined,
      rows,
    };
  };
  const searchRow = async (id: string) =>
    (
      await t
        .db('marketplace')
        .em()
        .execute<{ actual_price: string }[]>('select actual_price from product_search where product_id = ?', [id])
    )[0];
  const publish = async (body: Record<string, unknown>): Promise<string> => {
    const res = await seller.post(P, body);
    expect(res.status).toBe(201);
    const id = res.body.data.id as string;
    await eventually(async () => (await searchRow(id)) ?? null);
    return id;
  };

  beforeAll(async () => {
    t = await startTestHttpApp([IdentityModule, MarketplaceModule]);
    clock = t.app.get(Clock);
    cache = t.app.get(TextAnswerCache);
    await seedIdentity(t.db('identity'));
    await t
      .db('marketplace')
      .em()
      .execute(
        `insert into stores (id, name, country, currency, city, is_virtual, path_prefix, show_product_references, mobile)
         values (?, ?, 'CO', 'COP', ?, false, null, true, '+573001112233')`,
        [bogota!.id, bogota!.name, bogota!.city],
      );
    seller = new TestClient(t.url);
    cliente = new TestClient(t.url);
    expect((await seller.post('/api/users/auth/login', { email: 'vendedor@tuerca.demo', password: DEMO_PASSWORD })).status).toBe(200);
    expect((await cliente.post('/api/users/auth/login', { email: 'cliente@tuerca.demo', password: DEMO_PASSWORD })).status).toBe(200);
  });

  afterAll(async () => {
    clock?.reset();
    await t?.close();
  });

  it('answers a repeated search from memory, pages it with its total, and follows a product update at the next search', async () => {
    const cheap = await publish(product('Radiador de aluminio Spark', 'RAD-1', { actualPrice: 100 }));
    const dear = await publish(product('Radiador de cobre Spark', 'RAD-2', { actualPrice: 300 }));
    const first = await search(cliente, { search: 'radiador spark' });
    expect(first).toMatchObject({ ids: [cheap, dear], total: 2 });
    const loads = cache.loads;
    // Another person, the same words: the same matches, not read again; a page of one, and past the last page.
    expect((await search(seller, { search: 'radiador spark' })).ids).toEqual([cheap, dear]);
    expect(await search(cliente, { search: 'radiador spark' }, '&page=1&pageSize=1')).toMatchObject({ ids: [dear], total: 2 });
    expect(await search(cliente, { search: 'radiador spark' }, '&page=5&pageSize=1')).toMatchObject({ ids: [], total: 2 });
    expect(cache.loads).toBe(loads);
    // A typo is corrected once per cached answer, and says so.
    expect(await search(cliente, { search: 'radiadr spark' })).toMatchObject({ ids: [cheap, dear], corrected: 'radiador spark' });

    expect((await seller.request('PATCH', `${P}/${cheap}`, { scenario: 'stockAndPrice', inventario: 3, actualPrice: 500 })).status).toBe(
      200,
    );
    await eventually(async () => Number((await searchRow(cheap))?.actual_price) === 500);
    const after = await search(cliente, { search: 'radiador spark' });
    expect(after.ids).toEqual([dear, cheap]);
    expect(after.rows[1]).toMatchObject({ actualPrice: 500, inventario: 3 });
  });

  it("orders a person's quotation items by their state, for that person only, without reading the matches again", async () => {
    const a = await publish(product('Termostato motor Aveo', 'TER-1', { salesModel: 3, inventario: 5, actualPrice: 100 }));
    const b = await publish(product('Termostato motor Aveo', 'TER-2', { salesModel: 3, inventario: 5, actualPrice: 200 }));
    const sale = await publish(product('Termostato motor Aveo', 'TER-3', { salesModel: 1, actualPrice: 900 }));
    expect(await search(cliente, { search: 'termostato aveo' })).toMatchObject({ ids: [sale, a, b], groups: [0, 3, 3] });
    const loads = cache.loads;
    const asked = await cliente.post('/api/cart/cartShoppingHeader/makeQuotation', { quantityquotation: '1', productidquotation: b });
    expect(asked.status).toBe(200);
    // spec 000 §4: awaiting response before no record.
    const awaiting = await search(cliente, { search: 'termostato aveo' });
    expect(awaiting).toMatchObject({ ids: [sale, b, a], groups: [0, 2, 3] });
    expect(awaiting.rows[1]!.quoteRecord).toMatchObject({ seller_response: 0 });
    const answered = await seller.post('/api/cart/page/sendQuotationToClientAjax', { quotationId: asked.body.data.quotationId });
    expect(answered.status).toBe(200);
    // Answered: after no record.
    expect(await search(cliente, { search: 'termostato aveo' })).toMatchObject({ ids: [sale, a, b], groups: [0, 3, 4] });
    // The seller asked nothing: the shared order, without records.
    const forSeller = await search(seller, { search: 'termostato aveo' });
    expect(forSeller).toMatchObject({ ids: [sale, a, b], groups: [0, 3, 3] });
    expect(forSeller.rows.every((r) => r.quoteRecord === null)).toBe(true);
    expect(cache.loads).toBe(loads);
  });

  it('follows the clock: a match is unavailable, last and out of onlyAvailable from the moment its stock is 30 days old', async () => {
    const fresh = await publish(product('Bomba de gasolina Logan', 'BGL-1', { actualPrice: 300 }));
    const old = await publish(product('Bomba de gasolina Logan', 'BGL-2', { actualPrice: 100 }));
    await t
      .db('marketplace')
      .em()
      .execute(`update product_search set fecha_actualizacion = ? where product_id = ?`, [new Date(clock.now().getTime() - 20 * DAY), old]);
    expect((await search(cliente, { search: 'bomba gasolina logan' })).ids).toEqual([old, fresh]);
    expect((await search(cliente, { search: 'bomba gasolina logan', onlyAvailable: true })).ids).toEqual([old, fresh]);
    try {
      clock.advance(9 * DAY);
      expect((await search(cliente, { search: 'bomba gasolina logan' })).ids).toEqual([old, fresh]);
      clock.advance(DAY + 60_000);
      expect(await search(cliente, { search: 'bomba gasolina logan' })).toMatchObject({ ids: [fresh, old], groups: [0, 5] });
      expect(await search(cliente, { search: 'bomba gasolina logan', onlyAvailable: true })).toMatchObject({ ids: [fresh], total: 1 });
    } finally {
      clock.reset();
    }
    // Back at today's clock, the answer read in the future is not served.
    expect((await search(cliente, { search: 'bomba gasolina logan' })).ids).toEqual([old, fresh]);
  });
});
