import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CommandBus } from '@nestjs/cqrs';
import type { ProductView } from '@tuerca/contracts';
import pg from 'pg';
import { Clock, FEED_HEARTBEAT_MS, FEED_TIMEOUT_MS } from '@tuerca/platform';
import { TestClient, eventually, startTestHttpApp, type TestHttpApp } from '@tuerca/platform/testing';
import { DEMO_PASSWORD, IdentityModule, seedIdentity } from '@tuerca/identity';
import { demoStores } from '@tuerca/demo-data';
import { MarketplaceModule } from '@tuerca/marketplace';
import { ReferenceAnswerCache } from '../src/search/reference-answers.cache.js';
import { ReplaceCrossReferences } from '../src/search/replace-cross-references.command.js';

const P = '/api/catalogo/products';
const DAY = 24 * 3600 * 1000;
const [bogota] = demoStores();

const product = (referencia_1: string, extra: Record<string, unknown> = {}) => ({
  scenario: 'create',
  title: `Filtro de aceite ${referencia_1}`,
  manufacturer_title: 'Mann',
  descripcion: 'Filtro de aceite de rosca',
  referencia_1,
  inventario: 10,
  actualPrice: 100,
  salesModel: 1,
  ...extra,
});

type Lookup = { products: ProductView[]; productSubstitutions: ProductView[]; showSubstitutions: boolean };

/**
 * The part-number lookup's cache (marketplace README, "Part-number lookup from memory"): a cached answer follows
 * every change of what it shows — a product update, a cross-reference change, a quotation answer, and the clock
 * passing a product's 30 days — at the first lookup after a change this process committed, and as soon as the
 * change notice arrives (within FEED_HEARTBEAT_MS + FEED_TIMEOUT_MS at worst) for a change another process committed.
 */
describe('part-number lookup served from the cache', () => {
  let t: TestHttpApp;
  let clock: Clock;
  let cache: ReferenceAnswerCache;
  let seller: TestClient;
  let cliente: TestClient;

  const lookup = async (client: TestClient, reference: string): Promise<Lookup> => {
    const res = await client.get(`${P}/searchProductByReference?reference=${encodeURIComponent(reference)}`);
    expect(res.status).toBe(200);
    return res.body.data as Lookup;
  };
  /** The search read model's row of a product, read directly (what the lookup must follow). */
  const searchRow = async (id: string) =>
    (
      await t
        .db('marketplace')
        .em()
        .execute<{ actual_price: string; inventario: number }[]>(
          'select actual_price, inventario from product_search where product_id = ?',
          [id],
        )
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
    cache = t.app.get(ReferenceAnswerCache);
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

  it('answers a repeated lookup from memory, and follows a product update at the next lookup', async () => {
    const id = await publish(product('W712/75'));
    const first = await lookup(cliente, 'W712/75');
    expect(first.products.map((p) => [p.id, p.actualPrice])).toEqual([[id, 100]]);
    const loads = cache.loads;
    // Another person, the same reference: the same answer, not read again.
    expect((await lookup(seller, 'w 712 75')).products.map((p) => p.id)).toEqual([id]);
    expect((await lookup(cliente, 'W712/75')).products.map((p) => p.id)).toEqual([id]);
    expect(cache.loads).toBe(loads);

    expect((await seller.request('PATCH', `${P}/${id}`, { scenario: 'stockAndPrice', inventario: 3, actualPrice: 250 })).status).toBe(200);
    await eventually(async () => Number((await searchRow(id))?.actual_price) === 250);
    // The first lookup after the read model changed shows it.
    expect((await lookup(cliente, 'W712/75')).products[0]).toMatchObject({ id, actualPrice: 250, inventario: 3 });
    expect(cache.loads).toBe(loads + 1);
  });

  it('follows a cross-reference change at the next lookup', async () => {
    const oem = await publish(product('15400-PLM-A02', { manufacturer_title: 'Honda' }));
    const aftermarket = await publish(product('W610/6', { actualPrice: 80 }));
    expect(await lookup(cliente, '15400-PLM-A02')).toMatchObject({ showSubstitutions: false, productSubstitutions: [] });
    await lookup(cliente, '15400-PLM-A02');
    // The catalogue publishes the OEM number's cross-references (what the consumer of CrossReferencesPublished runs).
    await t.app.get(CommandBus).execute(
      new ReplaceCrossReferences({
        oemNormalized: '15400PLMA02',
        oem: '15400-PLM-A02',
        manufacturer: 'HONDA',
        references: [{ manufacturer: 'MANN', partFormatted: 'W 610/6', partNormalized: 'W6106', type: 'replacement', way: 'forward' }],
      }),
    );
    const after = await lookup(cliente, '15400-PLM-A02');
    expect(after.products.map((p) => p.id)).toEqual([oem]);
    expect(after.showSubstitutions).toBe(true);
    expect(after.productSubstitutions.map((p) => [p.id, p.substitutionItem?.reference])).toEqual([[aftermarket, 'W 610/6']]);
    // And taken away again.
    await t.app
      .get(CommandBus)
      .execute(new ReplaceCrossReferences({ oemNormalized: '15400PLMA02', oem: '15400-PLM-A02', manufacturer: 'HONDA', references: [] }));
    expect((await lookup(cliente, '15400-PLM-A02')).productSubstitutions).toEqual([]);
  });

  it("follows a quotation's answer at the next lookup, for the person who asked only", async () => {
    const id = await publish(product('QC-77', { salesModel: 3, inventario: 5 }));
    expect((await lookup(cliente, 'QC-77')).products[0]).toMatchObject({ id, quoteRecord: null, sortGroup: 3 });
    const asked = await cliente.post('/api/cart/cartShoppingHeader/makeQuotation', { quantityquotation: '2', productidquotation: id });
    expect(asked.status).toBe(200);
    expect((await lookup(cliente, 'QC-77')).products[0]).toMatchObject({ quoteRecord: { seller_response: 0 }, sortGroup: 2 });
    const loads = cache.loads;
    const answered = await seller.post('/api/cart/page/sendQuotationToClientAjax', { quotationId: asked.body.data.quotationId });
    expect(answered.status).toBe(200);
    expect((await lookup(cliente, 'QC-77')).products[0]).toMatchObject({
      quoteRecord: { seller_response: 1, not_available: 0, quantity: 2 },
      sortGroup: 4,
    });
    // The seller, who asked nothing, reads the same cached answer without a record.
    expect((await lookup(seller, 'QC-77')).products[0]).toMatchObject({ quoteRecord: null, sortGroup: 3 });
    // The answer is the person's part: the shared part was not read again.
    expect(cache.loads).toBe(loads);
  });

  it('follows a product update, a cross-reference change and a quotation answer committed by another process, as its notice arrives', async () => {
    // Another process of the deployment: its own connection, none of this process's units of work.
    const other = new pg.Client({ connectionString: t.database.url });
    await other.connect();
    const bound = FEED_HEARTBEAT_MS + FEED_TIMEOUT_MS;
    try {
      const id = await publish(product('XP-90', { actualPrice: 90 }));
      const aftermarket = await publish(product('XP-91-AM', { actualPrice: 50, manufacturer_title: 'Bosch' }));
      const quoted = await publish(product('XP-92', { salesModel: 3, inventario: 4 }));
      expect((await lookup(cliente, 'XP-90')).products.map((p) => p.actualPrice)).toEqual([90]);
      expect((await lookup(cliente, 'XP-90')).productSubstitutions).toEqual([]);
      const asked = await cliente.post('/api/cart/cartShoppingHeader/makeQuotation', {
        quantityquotation: '1',
        productidquotation: quoted,
      });
      expect(asked.status).toBe(200);
      expect((await lookup(cliente, 'XP-92')).products[0]).toMatchObject({ quoteRecord: { seller_response: 0 } });
      const loads = cache.loads;
      expect((await lookup(cliente, 'XP-90')).products[0]!.actualPrice).toBe(90);
      expect(cache.loads).toBe(loads);

      // Its consumer writes the read model (a stock and price update)…
      await other.query(`update marketplace.product_search set actual_price = 175 where product_id = $1`, [id]);
      await eventually(async () => (await lookup(cliente, 'XP-90')).products[0]!.actualPrice === 175, bound);
      // …the catalogue's cross-references of the number…
      await other.query(
        `insert into marketplace.cross_references (oem, part, oem_formatted, oem_manufacturer, part_formatted, part_manufacturer, type, way)
         values ('XP90', 'XP91AM', 'XP-90', 'MANN', 'XP-91-AM', 'BOSCH', 'replacement', 'forward')`,
      );
      await eventually(async () => (await lookup(cliente, 'XP-90')).productSubstitutions.map((p) => p.id).includes(aftermarket), bound);
      // …and the seller's answer to the person's quotation (the person's part, dropped by the notice that names them).
      await other.query(
        `update marketplace.quotations set state = 'available', remaining_time = 24, price = 120, responded_at = now(),
           window_expires_at = now() + interval '24 hours' where id = $1`,
        [asked.body.data.quotationId],
      );
      await eventually(async () => (await lookup(cliente, 'XP-92')).products[0]!.quoteRecord?.seller_response === 1, bound);
      // The seller, who asked nothing, never had a record.
      expect((await lookup(seller, 'XP-92')).products[0]).toMatchObject({ quoteRecord: null });
    } finally {
      await other.end();
    }
  });

  it('follows the clock: a product is unavailable from the moment its stock is 30 days old', async () => {
    const fresh = await publish(product('CLK-30', { actualPrice: 300 }));
    const old = await publish(product('CLK-30', { actualPrice: 100, manufacturer_title: 'Bosch' }));
    // The cheaper one's stock was confirmed 20 days ago: it turns unavailable 10 days from now.
    await t
      .db('marketplace')
      .em()
      .execute(`update product_search set fecha_actualizacion = ? where product_id = ?`, [new Date(clock.now().getTime() - 20 * DAY), old]);
    const before = await lookup(cliente, 'CLK-30');
    expect(before.products.map((p) => [p.id, p.available])).toEqual([
      [old, true],
      [fresh, true],
    ]);
    try {
      clock.advance(9 * DAY);
      expect((await lookup(cliente, 'CLK-30')).products.map((p) => [p.id, p.available])).toEqual([
        [old, true],
        [fresh, true],
      ]);
      clock.advance(DAY + 60_000);
      const after = await lookup(cliente, 'CLK-30');
      expect(after.products.map((p) => [p.id, p.available, p.sortGroup])).toEqual([
        [fresh, true, 0],
        [old, false, 5],
      ]);
    } finally {
      clock.reset();
    }
    // Back at today's clock, the answer read in the future is not served.
    expect((await lookup(cliente, 'CLK-30')).products.map((p) => p.id)).toEqual([old, fresh]);
  });
});
