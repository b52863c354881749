import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import simpleRestProvider from 'ra-data-simple-rest';
import { fetchUtils, type DataProvider } from 'ra-core';
import { TestClient, eventually, startTestHttpApp, type TestHttpApp } from '@tuerca/platform/testing';
import { DEMO_PASSWORD, IdentityModule, seedIdentity } from '@tuerca/identity';
import { demoStores } from '@tuerca/demo-data';
import { MarketplaceModule } from '@tuerca/marketplace';

const [bogota, , leon] = demoStores();

/**
 * The marketplace's operator-console resources (/admin-api/stores, products, quotations) driven by
 * ra-data-simple-rest's real dataProvider, with every role's view: operators all stores, sellers their own
 * store only (another store's ids are 404, its rows never listed), customers 403, guests 401.
 */
describe('marketplace /admin-api through ra-data-simple-rest', () => {
  let t: TestHttpApp;
  const clients: Record<string, TestClient> = {};
  const dp: Record<string, DataProvider> = {};

  function providerFor(client: TestClient): DataProvider {
    return simpleRestProvider(`${t.url}/admin-api`, (url: string, options: fetchUtils.Options = {}) => {
      const headers = new Headers(options.headers as HeadersInit | undefined);
      const sid = client.cookie('tuerca_sid');
      if (sid) headers.set('cookie', `tuerca_sid=${sid}`);
      return fetchUtils.fetchJson(url, { ...options, headers });
    });
  }

  async function statusOf(call: Promise<unknown>): Promise<number> {
    try {
      await call;
      return 200;
    } catch (err) {
      return (err as { status?: number }).status ?? -1;
    }
  }

  const product = (referencia_1: string, extra: Record<string, unknown> = {}) => ({
    title: `Filtro de aceite ${referencia_1}`,
    manufacturer_title: 'Mann',
    referencia_1,
    inventario: 5,
    actualPrice: 25000,
    salesModel: 1,
    ...extra,
  });

  beforeAll(async () => {
    t = await startTestHttpApp([IdentityModule, MarketplaceModule]);
    await seedIdentity(t.db('identity'));
    clients.guest = new TestClient(t.url);
    for (const [who, email] of [
      ['operator', 'operador@tuerca.demo'],
      ['adviser', 'asesor@tuerca.demo'],
      ['seller', 'vendedor@tuerca.demo'],
      ['mxSeller', 'refaccionaria@tuerca.demo'],
      ['customer', 'cliente@tuerca.demo'],
    ] as const) {
      clients[who] = new TestClient(t.url);
      expect((await clients[who].post('/api/users/auth/login', { email, password: DEMO_PASSWORD })).status).toBe(200);
    }
    for (const who of Object.keys(clients)) dp[who] = providerFor(clients[who]!);
    // The demo stores the demo sellers belong to, created by the operator through the console's resource.
    for (const s of [bogota!, leon!]) {
      const created = await dp.operator!.create('stores', { data: { name: s.name, country: s.country, city: s.city } });
      await t.db('marketplace').em().execute(`update stores set id = ? where id = ?`, [s.id, created.data.id]);
    }
  });

  afterAll(async () => {
    await t?.close();
  });

  it('stores: operators list, read, create and edit; a store admin edits only their own; no delete', async () => {
    const list = await dp.operator!.getList('stores', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'name', order: 'ASC' },
      filter: {},
    });
    expect(list.total).toBe(2);
    expect(list.data.map((s) => s.name)).toEqual(['Refaccionaria El Bajío', 'Repuestos La 68']);
    const one = await dp.operator!.getOne('stores', { id: bogota!.id });
    expect(one.data).toMatchObject({ name: 'Repuestos La 68', currency: 'COP', isVirtualStore: false });
    const many = await dp.operator!.getMany('stores', { ids: [bogota!.id, leon!.id] });
    expect(many.data).toHaveLength(2);
    const virtual = await dp.operator!.create('stores', {
      data: {
        name: 'Tienda Virtual Prueba',
        country: 'CO',
        isVirtualStore: true,
        pathPrefix: 'prueba',
        showProductReferences: false,
        purchaseDiscountRules: [{ price_range: [0, 100000], discount_percentage: 5 }],
      },
    });
    expect(virtual.data).toMatchObject({ isVirtualStore: true, pathPrefix: 'prueba', showProductReferences: false });
    const taken = await statusOf(dp.operator!.create('stores', { data: { name: 'Otra', pathPrefix: 'prueba' } }));
    expect(taken).toBe(409);
    const edited = await dp.operator!.update('stores', {
      id: virtual.data.id,
      data: { ...virtual.data, minimumPurchaseValue: 50000 },
      previousData: virtual.data,
    });
    expect(edited.data.minimumPurchaseValue).toBe(50000);
    // The store admin of León edits their store but cannot make it virtual; the Bogotá seller cannot edit it.
    const mine = await dp.mxSeller!.update('stores', {
      id: leon!.id,
      data: { name: 'Refaccionaria El Bajío León', isVirtualStore: true },
      previousData: {} as never,
    });
    expect(mine.data).toMatchObject({ name: 'Refaccionaria El Bajío León', isVirtualStore: false });
    expect(await statusOf(dp.mxSeller!.update('stores', { id: bogota!.id, data: { name: 'X' }, previousData: {} as never }))).toBe(404);
    expect(await statusOf(dp.seller!.update('stores', { id: bogota!.id, data: { name: 'X' }, previousData: {} as never }))).toBe(403);
    // Sellers list only their own store.
    expect(
      (
        await dp.seller!.getList('stores', { pagination: { page: 1, perPage: 10 }, sort: { field: 'name', order: 'ASC' }, filter: {} })
      ).data.map((s) => s.id),
    ).toEqual([bogota!.id]);
    expect(await statusOf(dp.seller!.getOne('stores', { id: leon!.id }))).toBe(404);
    expect(await statusOf(dp.operator!.delete('stores', { id: virtual.data.id }))).toBe(405);
    expect(
      await statusOf(
        dp.customer!.getList('stores', { pagination: { page: 1, perPage: 10 }, sort: { field: 'name', order: 'ASC' }, filter: {} }),
      ),
    ).toBe(403);
    expect(await statusOf(dp.guest!.getOne('stores', { id: bogota!.id }))).toBe(401);
  });

  it('products: a seller creates, lists, searches, edits, depletes, republishes and deletes only their own store’s', async () => {
    const created = await dp.seller!.create('products', { data: product('W 610/3') });
    expect(created.data).toMatchObject({ storeId: bogota!.id, referencia_1: 'W 610/3', state: 'published', available: true });
    const theirs = await dp.mxSeller!.create('products', { data: product('W 712/75') });
    const list = await dp.seller!.getList('products', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'title', order: 'ASC' },
      filter: {},
    });
    expect(list.data.map((p) => p.id)).toEqual([created.data.id]);
    expect(list.total).toBe(1);
    // Another store's rows never show, whatever the filter says.
    expect(
      (
        await dp.seller!.getList('products', {
          pagination: { page: 1, perPage: 25 },
          sort: { field: 'title', order: 'ASC' },
          filter: { storeId: leon!.id },
        })
      ).data,
    ).toEqual([]);
    expect((await dp.seller!.getMany('products', { ids: [created.data.id, theirs.data.id] })).data.map((p) => p.id)).toEqual([
      created.data.id,
    ]);
    for (const call of [
      dp.seller!.getOne('products', { id: theirs.data.id }),
      dp.seller!.update('products', { id: theirs.data.id, data: { inventario: 0 }, previousData: {} as never }),
      dp.seller!.delete('products', { id: theirs.data.id }),
    ])
      expect(await statusOf(call)).toBe(404);
    expect(await statusOf(dp.seller!.create('products', { data: { ...product('X-1'), storeId: leon!.id } }))).toBe(403);
    // Operators see both; search by reference prefix and by text.
    const byRef = await dp.operator!.getList('products', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'referencia_1', order: 'ASC' },
      filter: { reference: 'w712' },
    });
    expect(byRef.data.map((p) => p.id)).toEqual([theirs.data.id]);
    const byText = await dp.operator!.getList('products', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'referencia_1', order: 'ASC' },
      filter: { q: 'filtros aceite' },
    });
    expect(byText.total).toBe(2);
    const byStore = await dp.operator!.getManyReference('products', {
      target: 'storeId',
      id: leon!.id,
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'title', order: 'ASC' },
      filter: {},
    });
    expect(byStore.data.map((p) => p.id)).toEqual([theirs.data.id]);
    expect(
      await statusOf(
        dp.operator!.getList('products', { pagination: { page: 1, perPage: 25 }, sort: { field: 'password', order: 'ASC' }, filter: {} }),
      ),
    ).toBe(400);
    // Edit (the whole record comes back, as react-admin sends it), deplete, republish, delete.
    const edited = await dp.seller!.update('products', {
      id: created.data.id,
      data: { ...created.data, actualPrice: 27000 },
      previousData: created.data,
    });
    expect(edited.data).toMatchObject({ actualPrice: 27000, state: 'published' });
    const depleted = await dp.seller!.update('products', {
      id: created.data.id,
      data: { ...edited.data, state: 'depleted' },
      previousData: edited.data,
    });
    expect(depleted.data).toMatchObject({ inventario: 0, state: 'depleted', available: false });
    const again = await dp.seller!.update('products', {
      id: created.data.id,
      data: { ...depleted.data, state: 'published', inventario: 3 },
      previousData: depleted.data,
    });
    expect(again.data).toMatchObject({ inventario: 3, state: 'published', available: true });
    await dp.seller!.delete('products', { id: created.data.id });
    expect(await statusOf(dp.seller!.getOne('products', { id: created.data.id }))).toBe(404);
    // Advisers read; customers and guests are refused.
    expect((await dp.adviser!.getOne('products', { id: theirs.data.id })).data.id).toBe(theirs.data.id);
    expect(await statusOf(dp.adviser!.update('products', { id: theirs.data.id, data: { inventario: 1 }, previousData: {} as never }))).toBe(
      403,
    );
    expect(
      await statusOf(
        dp.customer!.getList('products', { pagination: { page: 1, perPage: 5 }, sort: { field: 'title', order: 'ASC' }, filter: {} }),
      ),
    ).toBe(403);
    expect(await statusOf(dp.guest!.getOne('products', { id: theirs.data.id }))).toBe(401);
  });

  it('quotations: the seller answers from the console and the shopper’s result changes state', async () => {
    const quoted = await dp.seller!.create('products', { data: product('HU 7008 Z', { salesModel: 3, inventario: 4 }) });
    const mx = await dp.mxSeller!.create('products', { data: product('HU 7020 Z', { salesModel: 3, inventario: 4 }) });
    await eventually(async () => ((await clients.customer!.get(`/api/catalogo/products/${quoted.data.id}`)).status === 200 ? true : null));
    await eventually(async () => ((await clients.customer!.get(`/api/catalogo/products/${mx.data.id}`)).status === 200 ? true : null));
    const ask = async (productId: string) =>
      (
        await clients.customer!.post('/api/cart/cartShoppingHeader/makeQuotation', {
          quantityquotation: '2',
          productidquotation: productId,
        })
      ).body.data.quotationId as string;
    const mine = await ask(quoted.data.id);
    const theirs = await ask(mx.data.id);
    const list = await dp.seller!.getList('quotations', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'requestedAt', order: 'DESC' },
      filter: { state: 'awaiting' },
    });
    expect(list.data.map((q) => q.id)).toEqual([mine]);
    expect(
      (
        await dp.operator!.getList('quotations', {
          pagination: { page: 1, perPage: 25 },
          sort: { field: 'requestedAt', order: 'DESC' },
          filter: {},
        })
      ).total,
    ).toBe(2);
    expect((await dp.seller!.getMany('quotations', { ids: [mine, theirs] })).data.map((q) => q.id)).toEqual([mine]);
    expect(
      (
        await dp.operator!.getManyReference('quotations', {
          target: 'productId',
          id: mx.data.id,
          pagination: { page: 1, perPage: 5 },
          sort: { field: 'requestedAt', order: 'DESC' },
          filter: {},
        })
      ).data.map((q) => q.id),
    ).toEqual([theirs]);
    expect(await statusOf(dp.seller!.getOne('quotations', { id: theirs }))).toBe(404);
    expect(await statusOf(dp.seller!.update('quotations', { id: theirs, data: { state: 'available' }, previousData: {} as never }))).toBe(
      404,
    );
    const answered = await dp.seller!.update('quotations', {
      id: mine,
      data: { state: 'available', remainingTime: 8 },
      previousData: list.data[0]!,
    });
    expect(answered.data).toMatchObject({ state: 'available', remainingTime: 8 });
    const view = (await clients.customer!.get(`/api/catalogo/products/${quoted.data.id}`)).body.data;
    expect(view.quoteRecord).toMatchObject({ sale_id: mine, seller_response: 1, not_available: 0 });
    expect(await statusOf(dp.seller!.update('quotations', { id: mine, data: { state: 'maybe' }, previousData: {} as never }))).toBe(400);
    expect(await statusOf(dp.seller!.create('quotations', { data: {} }))).toBe(405);
    expect(await statusOf(dp.seller!.delete('quotations', { id: mine }))).toBe(405);
    expect(await statusOf(dp.adviser!.update('quotations', { id: theirs, data: { state: 'available' }, previousData: {} as never }))).toBe(
      403,
    );
    expect(
      await statusOf(
        dp.customer!.getList('quotations', {
          pagination: { page: 1, perPage: 5 },
          sort: { field: 'requestedAt', order: 'DESC' },
          filter: {},
        }),
      ),
    ).toBe(403);
    expect(await statusOf(dp.guest!.getOne('quotations', { id: mine }))).toBe(401);
  });
});
