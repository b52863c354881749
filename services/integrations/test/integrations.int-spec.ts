import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CommandBus } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import {
  AppParameterChanged,
  ConsultationsCredited,
  ProductUpdated,
  SYSTEM_ACTOR,
  UserUpdated,
  brandLabelKey,
  type ProductSnapshot,
} from '@tuerca/contracts';
import { recordEvent } from '@tuerca/platform';
import { DEFAULT_SEED, demoPeople, marketplaceProducts } from '@tuerca/demo-data';
import { TestClient, eventually, startTestHttpApp, type TestHttpApp } from '@tuerca/platform/testing';
import { DEMO_PASSWORD, IdentityModule, seedIdentity } from '@tuerca/identity';
import { ApplyMarketplaceEvent, IntegrationsModule, ListingDuties, seedIntegrations } from '@tuerca/integrations';
import { MercadoLibreTestServer, MerchantApiTestServer } from './mercadolibre-api-test-server.js';

type Row = Record<string, any>;
const NOW = new Date();

/**
 * issue 18: MercadoLibre (OAuth, listings with compatibilities, pause, 429 retried, refresh, notifications),
 * Google Merchant Center (feed and Merchant API) and PIES brand compatibilities, against local servers that
 * follow MercadoLibre's and Google's published contracts.
 */
describe('integrations: MercadoLibre, Google Merchant Center, PIES brands', () => {
  let t: TestHttpApp;
  let ml: MercadoLibreTestServer;
  let gmc: MerchantApiTestServer;
  let seller: TestClient;
  let otherSeller: TestClient;
  let operator: TestClient;
  let guest: TestClient;
  const people = demoPeople(DEFAULT_SEED);
  const storeId = people.find((p) => p.email === 'vendedor@tuerca.demo')!.storeId!;
  const products = [...marketplaceProducts(DEFAULT_SEED, 1, { now: NOW })].filter((p) => p.storeId === storeId && p.state === 'published');
  const fitting = products.filter((p) => p.compatibleVehicles.some((v) => v.full_models.length > 0 && v.years.length > 0)).slice(0, 2);

  const sql = <T = Row>(q: string, params: unknown[] = []) => t.db('integrations').em().execute<T[]>(q, params);
  const listing = async (productId: string, channel = 'mercadolibre') =>
    (await sql(`select * from channel_listings where channel = ? and product_id = ?`, [channel, productId]))[0];
  const settled = (productId: string, channel = 'mercadolibre') =>
    eventually(async () => {
      const l = await listing(productId, channel);
      return l && l.sync_due_at === null ? l : undefined;
    });

  const sellerId = people.find((p) => p.email === 'vendedor@tuerca.demo')!.id;
  const DAY = 86_400_000;
  /** Billing's and identity's events, as they arrive through the outbox (recorded here, consumed by integrations.mirror). */
  const announce = (...events: [Parameters<typeof recordEvent>[1], unknown, string][]) =>
    t.db('integrations').transactional(async (em) => {
      for (const [definition, payload, aggregateId] of events)
        recordEvent(em, definition, payload as never, { aggregateId, actor: SYSTEM_ACTOR });
    });
  /** A plan credit as billing announces it (ConsultationsCredited). */
  const credited = (userId: string, expiresAt: Date, type = 'marketplace_integration', source = 'purchase') =>
    [
      ConsultationsCredited,
      { balanceId: randomUUID(), userId, type, amount: 1, expiresAt: expiresAt.toISOString(), source, reason: null },
      userId,
    ] as [typeof ConsultationsCredited, unknown, string];
  const count = async (table: string) => (await sql<{ n: number }>(`select count(*)::int as n from ${table}`))[0]!.n;

  beforeAll(async () => {
    ml = await new MercadoLibreTestServer().start();
    gmc = await new MerchantApiTestServer().start();
    t = await startTestHttpApp([IdentityModule, IntegrationsModule], {
      ML_API_URL: ml.url,
      ML_AUTH_URL: ml.url,
      ML_CLIENT_ID: ml.clientId,
      ML_CLIENT_SECRET: ml.clientSecret,
      GMC_MODE: 'merchant-api',
      GMC_API_URL: gmc.url,
      GMC_ACCOUNT_ID: '4242',
      GMC_DATA_SOURCE_ID: '77',
      GMC_ACCESS_TOKEN: gmc.token,
      INTEGRATIONS_MAX_ATTEMPTS: '3',
      // No background sweep during the test: alarms are armed after each commit.
      INTEGRATIONS_SYNC_SWEEP_SECONDS: '3600',
    });
    await seedIdentity(t.db('identity'));
    await seedIntegrations(t.db('integrations'), { now: NOW });
    const login = async (email: string) => {
      const c = new TestClient(t.url);
      expect((await c.post('/api/users/auth/login', { email, password: DEMO_PASSWORD })).status).toBe(200);
      return c;
    };
    seller = await login('vendedor@tuerca.demo');
    otherSeller = await login('refaccionaria@tuerca.demo');
    operator = await login('operador@tuerca.demo');
    guest = new TestClient(t.url);
    expect(fitting).toHaveLength(2);
  });

  afterAll(async () => {
    await t?.close();
    await ml?.close();
    await gmc?.close();
  });

  describe('PIES brand compatibilities (/api/integrations/...)', () => {
    it('lists the Auto Care table by brand_name and the store brand labels still unmapped', async () => {
      expect((await guest.get('/api/integrations/brandPIES')).status).toBe(401);
      const brand = products[0]!.manufacturer_title;
      const found = await seller.get(
        `/api/integrations/brandPIES?filter=${encodeURIComponent(JSON.stringify({ brand_name: brand.toLowerCase() }))}&scopes=active&getters=x`,
      );
      expect(found.status).toBe(200);
      expect(found.body.data.map((b: Row) => b.brand_name)).toContain(brand);
      const labels = await seller.get('/api/integrations/brandCompatibilitiesPIES/productBrandsCompatibilities');
      expect(labels.status).toBe(200);
      // Every label of the store's products (depleted ones too), once however it is written.
      const everyLabel = [...marketplaceProducts(DEFAULT_SEED, 1, { now: NOW })]
        .filter((p) => p.storeId === storeId)
        .map((p) => brandLabelKey(p.manufacturer_title));
      expect(labels.body.metadata.total).toBe(new Set(everyLabel).size);
      expect(labels.body.data.every((r: Row) => r.compatibility === null)).toBe(true);
      const one = await seller.get(
        `/api/integrations/brandCompatibilitiesPIES/productBrandsCompatibilities?filter=${encodeURIComponent(JSON.stringify({ product_brand: brand }))}`,
      );
      expect(one.body.data[0]).toMatchObject({ product_brand: brand, compatibility: null });
      expect(one.body.data[0].products).toBeGreaterThan(0);
      // Operators name the store; sellers may not look at another one.
      expect((await operator.get('/api/integrations/brandCompatibilitiesPIES/productBrandsCompatibilities')).status).toBe(400);
      expect(
        (
          await otherSeller.get(
            `/api/integrations/brandCompatibilitiesPIES/productBrandsCompatibilities?filter=${encodeURIComponent(JSON.stringify({ store_id: storeId }))}`,
          )
        ).status,
      ).toBe(403);
    });

    it('maps a label once per store, changes it with updateOne, removes it with deleteOne; bad input is Spanish 4xx', async () => {
      const brand = products[0]!.manufacturer_title;
      const code = (await seller.get(`/api/integrations/brandPIES?filter=${encodeURIComponent(JSON.stringify({ brand_name: brand }))}`))
        .body.data[0].brand_aaiaid;
      const bad = await seller.post('/api/integrations/brandCompatibilitiesPIES', { product_brand: brand, brand_aaiaid: 'B1' });
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toContain('El código de marca PIES (BrandAAIAID) debe tener cuatro letras.');
      const unknown = await seller.post('/api/integrations/brandCompatibilitiesPIES', { product_brand: brand, brand_aaiaid: 'QQQQ' });
      expect(unknown.status).toBe(400);
      expect(unknown.body.errors).toContain('La marca PIES QQQQ no está en la tabla de marcas de Auto Care.');
      const made = await seller.post('/api/integrations/brandCompatibilitiesPIES', {
        product_brand: ` ${brand.toUpperCase()} `,
        brand_aaiaid: code.toLowerCase(),
      });
      expect(made.status).toBe(201);
      expect(made.body.data).toMatchObject({ store_id: storeId, brand_aaiaid: code });
      const twice = await seller.post('/api/integrations/brandCompatibilitiesPIES', { product_brand: brand, brand_aaiaid: code });
      expect(twice.status).toBe(409);
      const mapped = await seller.get(
        `/api/integrations/brandCompatibilitiesPIES/productBrandsCompatibilities?filter=${encodeURIComponent(JSON.stringify({ mapped: true }))}`,
      );
      expect(mapped.body.data).toHaveLength(1);
      expect(mapped.body.data[0].compatibility.id).toBe(made.body.data.id);

      const id = made.body.data.id as string;
      // Another store's seller: the mapping does not exist for them.
      expect(
        (
          await otherSeller.request(
            'DELETE',
            `/api/integrations/brandCompatibilitiesPIES/deleteOne?data=${encodeURIComponent(JSON.stringify({ id }))}`,
          )
        ).status,
      ).toBe(404);
      const other = (await seller.get('/api/integrations/brandPIES?pageSize=2')).body.data.find(
        (b: Row) => b.brand_aaiaid !== code,
      ).brand_aaiaid;
      const changed = await seller.get(
        `/api/integrations/brandCompatibilitiesPIES/updateOne?data=${encodeURIComponent(JSON.stringify({ id, brand_aaiaid: other }))}`,
      );
      expect(changed.status).toBe(200);
      expect(changed.body.data.brand_aaiaid).toBe(other);
      expect((await seller.get('/api/integrations/brandCompatibilitiesPIES/updateOne?data=nojson')).status).toBe(400);
      const removed = await seller.request(
        'DELETE',
        `/api/integrations/brandCompatibilitiesPIES/deleteOne?data=${encodeURIComponent(JSON.stringify({ id }))}`,
      );
      expect(removed.status).toBe(200);
      expect(removed.body.metadata.message).toBe('La asociación de marca se eliminó.');
      expect(await sql('select count(*)::int as n from brand_compatibilities')).toEqual([{ n: 0 }]);
    });

    it('an operator imports the brand table: new codes inserted, known ones renamed', async () => {
      expect((await seller.post('/admin-api/pies-brands/import', { brands: [{ brand_aaiaid: 'ZZZZ', brand_name: 'Zeta' }] })).status).toBe(
        403,
      );
      const res = await operator.post('/admin-api/pies-brands/import', {
        brands: [
          { brand_aaiaid: 'zzzz', brand_name: 'Zeta Frenos' },
          { brand_aaiaid: 'ZZZY', brand_name: 'Zeta Filtros', brand_owner: 'Zeta SA' },
        ],
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ inserted: 2, updated: 0 });
      expect(
        (await operator.post('/admin-api/pies-brands/import', { brands: [{ brand_aaiaid: 'ZZZZ', brand_name: 'Zeta Frenos SA' }] })).body,
      ).toEqual({ inserted: 0, updated: 1 });
      const zeta = await seller.get(`/api/integrations/brandPIES?filter=${encodeURIComponent('{"brand_name":"zeta"}')}`);
      expect(zeta.body.data.map((b: Row) => b.brand_name)).toEqual(['Zeta Filtros', 'Zeta Frenos SA']);
    });
  });

  describe('MercadoLibre', () => {
    it('connects the store by OAuth 2.0 authorization code; tokens are encrypted at rest; a state works once', async () => {
      expect((await guest.get('/api/integrations/mercadolibre/authorize')).status).toBe(401);
      const decide = (at: URL, decision: 'allow' | 'deny') =>
        fetch(`${ml.url}/authorization`, {
          method: 'POST',
          redirect: 'manual',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            client_id: at.searchParams.get('client_id')!,
            redirect_uri: at.searchParams.get('redirect_uri')!,
            state: at.searchParams.get('state')!,
            decision,
          }),
        });
      // Not allowing it leaves the store unconnected.
      const other = new URL((await seller.get('/api/integrations/mercadolibre/authorize')).body.data.authorization_url);
      const denied = new URL((await decide(other, 'deny')).headers.get('location')!);
      expect(denied.searchParams.get('error')).toBe('access_denied');
      const refused = await guest.get(`${denied.pathname}${denied.search}`);
      expect(refused.headers.get('location')).toMatch(/mercadolibre=denied$/);
      const start = await seller.get('/api/integrations/mercadolibre/authorize');
      expect(start.status).toBe(200);
      const auth = new URL(start.body.data.authorization_url);
      expect(auth.origin + auth.pathname).toBe(`${ml.url}/authorization`);
      expect(auth.searchParams.get('client_id')).toBe(ml.clientId);
      expect(auth.searchParams.get('redirect_uri')).toBe(`${t.config.PUBLIC_URL}/api/integrations/mercadolibre/callback`);
      // The seller sees MercadoLibre's authorization page and allows the application; MercadoLibre sends the
      // browser back with code and state.
      const page = await fetch(auth);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('Permitir');
      const authorized = await decide(auth, 'allow');
      const back = new URL(authorized.headers.get('location')!);
      const callback = await guest.get(`${back.pathname}${back.search}`);
      expect(callback.status).toBe(303);
      expect(callback.headers.get('location')).toMatch(/\/admin\/channels\?mercadolibre=connected$/);
      const again = await guest.get(`${back.pathname}${back.search}`);
      expect(again.headers.get('location')).toMatch(/mercadolibre=invalid$/);

      const connection = await seller.get('/api/integrations/mercadolibre/connection');
      expect(connection.body.data).toMatchObject({
        state: 'connected',
        site_id: 'MCO',
        ml_user_id: ml.seller.id,
        ml_nickname: ml.seller.nickname,
      });
      const [row] = await sql('select access_token_enc, refresh_token_enc from ml_connections where store_id = ?', [storeId]);
      expect(row!.access_token_enc).toMatch(/^v1\./);
      expect(JSON.stringify(row)).not.toMatch(/APP_USR|TG-/);
      const token = ml.calls('POST', /^\/oauth\/token$/)[0]!;
      expect(token.body).toMatchObject({ grant_type: 'authorization_code', client_secret: ml.clientSecret });
    });

    it('needs a marketplace-integration plan in force (billing events), and refuses more listings than its free publications', async () => {
      const noPlan =
        'Para publicar en Mercado Libre tu tienda necesita un plan de Integración con Mercado Libre vigente (dura 30 días). Lo encuentras en los planes para tiendas.';
      const one = await seller.post('/api/integrations/mercadolibre/publish', { product_ids: [fitting[0]!.id] });
      expect(one.status).toBe(409);
      expect(one.body.message).toBe('Exhausted MercadoLibre publications');
      expect(one.body.errors).toContain(noPlan);
      // A plan of another type, one that already ended and a trial lift nothing.
      await announce(
        credited(sellerId, new Date(Date.now() + 30 * DAY), 'orders'),
        credited(sellerId, new Date(Date.now() - DAY)),
        credited(sellerId, new Date(Date.now() + 30 * DAY), 'marketplace_integration', 'trial'),
      );
      await eventually(async () => ((await count('integration_plans')) === 1 ? true : null));
      expect((await seller.post('/api/integrations/mercadolibre/publish', { product_ids: [fitting[0]!.id] })).body.errors).toContain(
        noPlan,
      );
      expect(await count('channel_listings')).toBe(0);

      // The seller buys the 30-day plan: its free publications cap the open listings.
      const ends = new Date(Date.now() + 30 * DAY);
      await announce(credited(sellerId, ends));
      await eventually(async () => ((await count('integration_plans')) === 2 ? true : null));
      const indicators = await seller.get('/api/catalogo/products/indicatorsForProductsInML');
      expect(indicators.body.data.free_publications).toEqual({
        amount: 20,
        used: 0,
        remaining: 20,
        plan_active: true,
        plan_expires_at: ends.toISOString(),
      });
      const all = products.map((p) => p.id);
      expect(all.length).toBeGreaterThan(20);
      const res = await seller.post('/api/integrations/mercadolibre/publish', { product_ids: all });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('Exhausted MercadoLibre publications');
      expect(res.body.errors).toContain(
        'Ya usas todas las publicaciones gratis de tu plan en Mercado Libre (20); pausa o cierra una para publicar otra.',
      );
      expect(await count('channel_listings')).toBe(0);
    });

    it('publishes in the worker with compatibilities; a 429 is retried; a product without vehicles fails visibly', async () => {
      const bare = products.find((p) => !fitting.includes(p))!;
      // The bare product loses its vehicles (as a ProductUpdated from the marketplace would say).
      await t.app.get(CommandBus).execute(
        new ApplyMarketplaceEvent({
          eventId: '00000000-0000-4000-8000-000000000001',
          type: ProductUpdated.name,
          version: 1,
          occurredAt: new Date().toISOString(),
          payload: { product: snapshot(bare, { compatibleVehicles: [] }) },
        } as never),
      );
      ml.failNext('POST', /^\/items$/, 429, { message: 'too many requests', error: 'local_rate_limited', status: 429, cause: [] });
      const res = await seller.post('/api/integrations/mercadolibre/publish', { product_ids: [...fitting.map((p) => p.id), bare.id] });
      expect(res.status).toBe(202);
      expect(res.body.metadata.message).toBe('3 productos quedaron en cola para publicarse en Mercado Libre.');

      for (const p of fitting) {
        const l = await settled(p.id);
        expect(l).toMatchObject({ status: 'active', attempts: 0, last_error: null });
        const item = ml.items.get(l.external_id)!;
        expect(item.body).toMatchObject({ currency_id: 'COP', condition: 'new', seller_custom_field: p.id, category_id: 'MCO1747' });
        expect(item.compatibilities.length).toBeGreaterThan(0);
        expect(item.compatibilities[0].domain_id).toBe('MCO-CARS_AND_VANS_FOR_COMPATIBILITIES');
        expect(l.compatibilities).toBe(item.compatibilities.length);
      }
      expect(ml.calls('POST', /^\/items$/).length).toBe(3); // two items, one refused with 429 first
      const failed = await settled(bare.id);
      expect(failed).toMatchObject({ status: 'error', external_id: null });
      expect(failed.last_error).toBe('El producto no tiene vehículos compatibles y Mercado Libre los exige en autopartes.');
    });

    it('indicatorsForProductsInML counts the store listings, compatibilities and free publications', async () => {
      const res = await seller.get('/api/catalogo/products/indicatorsForProductsInML');
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        store_id: storeId,
        connected: true,
        published: 2,
        paused: 0,
        with_errors: 1,
        free_publications: { amount: 20, used: 2, remaining: 18, plan_active: true },
      });
      expect(res.body.data.products).toBe(products.length);
      expect((await otherSeller.get(`/api/catalogo/products/indicatorsForProductsInML?storeId=${storeId}`)).status).toBe(403);
      const seen = await operator.get(`/api/catalogo/products/indicatorsForProductsInML?storeId=${storeId}`);
      expect(seen.body.data.published).toBe(2);
      // An operator acting for the store counts the plans of the people identity says work for it.
      expect(seen.body.data.free_publications.plan_active).toBe(false);
      await announce([UserUpdated, { userId: sellerId, roles: ['seller'], downloadPartsCatalog: false, storeId, active: true }, sellerId]);
      await eventually(async () => ((await count('store_members')) === 1 ? true : null));
      const after = await operator.get(`/api/catalogo/products/indicatorsForProductsInML?storeId=${storeId}`);
      expect(after.body.data.free_publications).toMatchObject({ plan_active: true, used: 2 });
    });

    it('billing lowering the free publications caps new listings at once', async () => {
      const spare: typeof products = [];
      for (const p of products) if (spare.length === 0 && !fitting.includes(p) && !(await listing(p.id))) spare.push(p);
      const setFree = async (value: number) => {
        await announce([
          AppParameterChanged,
          { name: 'freePublicationsInML', value, previous: 20, changedBy: 'operador' },
          'freePublicationsInML',
        ]);
        await eventually(async () =>
          (await sql(`select value from settings where name = 'freePublicationsInML'`))[0]?.value === value ? true : null,
        );
      };
      const used = (await seller.get('/api/catalogo/products/indicatorsForProductsInML')).body.data.free_publications.used as number;
      await setFree(used);
      const refused = await seller.post('/api/integrations/mercadolibre/publish', { product_ids: [spare[0]!.id] });
      expect(refused.status).toBe(409);
      expect(refused.body.errors).toContain(
        `Ya usas todas las publicaciones gratis de tu plan en Mercado Libre (${used}); pausa o cierra una para publicar otra.`,
      );
      expect(await listing(spare[0]!.id)).toBeUndefined();
      await setFree(20);
    });

    it('changeStateInML pauses through the worker, refreshing an expired token; other stores get 404', async () => {
      const p = fitting[0]!;
      expect((await seller.request('PATCH', `/api/catalogo/products/${p.id}/changeStateInML`, { state: 'borrado' })).status).toBe(400);
      expect((await otherSeller.request('PATCH', `/api/catalogo/products/${p.id}/changeStateInML`, { state: 'paused' })).status).toBe(404);
      ml.expireTokens();
      const res = await seller.request('PATCH', `/api/catalogo/products/${p.id}/changeStateInML`, { state: 'paused' });
      expect(res.status).toBe(200);
      expect(res.body.metadata.message).toBe('La publicación quedará pausada en Mercado Libre.');
      const l = await settled(p.id);
      expect(l.status).toBe('paused');
      expect(ml.items.get(l.external_id)!.status).toBe('paused');
      expect(ml.calls('POST', /^\/oauth\/token$/).some((c) => c.body.grant_type === 'refresh_token')).toBe(true);
    });

    it('a product change syncs stock and price; a change made on MercadoLibre comes back through its notification', async () => {
      const p = fitting[1]!;
      await t.app.get(CommandBus).execute(
        new ApplyMarketplaceEvent({
          eventId: '00000000-0000-4000-8000-000000000002',
          type: ProductUpdated.name,
          version: 1,
          occurredAt: new Date().toISOString(),
          payload: { product: snapshot(p, { inventario: 7, actualPrice: 123456 }) },
        } as never),
      );
      await t.app.get(ListingDuties).arm(null, [`ml-${p.id}`]);
      const l = await settled(p.id);
      expect(ml.items.get(l.external_id)!.body).toMatchObject({ available_quantity: 7, price: 123456 });

      ml.setStatus(l.external_id, 'paused');
      const forged = await guest.post('/api/integrations/mercadolibre/notifications', {
        resource: `/items/${l.external_id}`,
        user_id: 999,
        topic: 'items',
      });
      expect(forged.body.data.accepted).toBe(false);
      const note = await guest.post('/api/integrations/mercadolibre/notifications', {
        resource: `/items/${l.external_id}`,
        user_id: Number(ml.seller.id),
        topic: 'items',
        application_id: 1,
        attempts: 1,
      });
      expect(note.status).toBe(200);
      expect(note.body.data.accepted).toBe(true);
      const after = await settled(p.id);
      expect(after).toMatchObject({ status: 'paused', desired_status: 'paused' });
      expect(ml.items.get(l.external_id)!.status).toBe('paused');
    });

    it('the operator console lists listings with their errors and retries one', async () => {
      const list = await operator.get(`/admin-api/channel-listings?filter=${encodeURIComponent('{"status":"error"}')}`);
      expect(list.status).toBe(200);
      expect(list.headers.get('content-range')).toMatch(/\/1$/);
      expect(list.body[0].last_error).toMatch(/vehículos compatibles/);
      expect((await seller.get('/admin-api/channel-listings')).status).toBe(403);
      const stores = await operator.get(`/admin-api/channel-stores?filter=${encodeURIComponent(JSON.stringify({ id: [storeId] }))}`);
      expect(stores.body[0]).toMatchObject({ id: storeId, ml_state: 'connected', ml_published: 0, ml_paused: 2, ml_errors: 1 });
      const retried = await operator.post(`/admin-api/channel-listings/${list.body[0].id}/retry`, {});
      expect(retried.status).toBe(200);
      expect(retried.body.attempts).toBe(0);
    });
  });

  describe('Google Merchant Center', () => {
    it('sends the store products through the Merchant API, serves the feed, and deleteAllProductsOfGMC withdraws them', async () => {
      const res = await seller.post('/api/integrations/googleMerchant/enable', {});
      expect(res.status).toBe(200);
      expect(res.body.data.feed_url).toBe(`${t.config.PUBLIC_URL}/api/integrations/googleMerchant/feed/${storeId}`);
      const p = fitting[0]!;
      const l = await settled(p.id, 'google_merchant');
      expect(l.status).toBe('active');
      const input = gmc.products.get(l.external_id)!;
      expect(input).toMatchObject({ offerId: p.id, contentLanguage: 'es', feedLabel: 'CO' });
      expect(input.productAttributes).toMatchObject({
        brand: p.manufacturer_title,
        mpn: p.referencia_1,
        condition: 'NEW',
        price: { currencyCode: 'COP' },
      });
      expect(gmc.received[0]!.path).toContain('dataSource=accounts%2F4242%2FdataSources%2F77');

      await eventually(
        async () =>
          (await sql(`select count(*)::int as n from channel_listings where channel = 'google_merchant' and sync_due_at is not null`))[0]!
            .n === 0,
      );
      const feed = await fetch(`${t.url}/api/integrations/googleMerchant/feed/${storeId}`);
      expect(feed.headers.get('content-type')).toMatch(/application\/xml/);
      const xml = await feed.text();
      expect(xml).toContain(`<g:id>${p.id}</g:id>`);
      for (const tag of [
        'g:title',
        'g:description',
        'g:link',
        'g:image_link',
        'g:availability',
        'g:price',
        'g:brand',
        'g:mpn',
        'g:condition',
        'g:shipping',
      ])
        expect(xml).toContain(`<${tag}>`);

      expect((await otherSeller.request('DELETE', `/api/catalogo/products/${storeId}/deleteAllProductsOfGMC`)).status).toBe(403);
      const withdrawn = await seller.request('DELETE', `/api/catalogo/products/${storeId}/deleteAllProductsOfGMC`);
      expect(withdrawn.status).toBe(200);
      expect(withdrawn.body.metadata.message).toBe('Los productos de tu tienda se retirarán de Google Merchant Center.');
      await eventually(async () => gmc.products.size === 0);
      expect((await fetch(`${t.url}/api/integrations/googleMerchant/feed/${storeId}`)).status).toBe(404);
    });
  });
});

/** The marketplace's snapshot of a demo product (what its events carry). */
function snapshot(
  p: ReturnType<typeof marketplaceProducts> extends Iterable<infer T> ? T : never,
  changes: Partial<ProductSnapshot> = {},
): ProductSnapshot {
  return {
    id: p.id,
    storeId: p.storeId,
    title: p.title,
    manufacturer_title: p.manufacturer_title,
    descripcion: p.descripcion,
    observaciones: p.observaciones,
    referencia_1: p.referencia_1,
    referencia_2: p.referencia_2,
    referencia_3: p.referencia_3,
    inventario: p.inventario,
    fecha_actualizacion: p.fecha_actualizacion,
    actualPrice: p.actualPrice,
    hidePrices: p.hidePrices,
    imagesURLs: p.imagesURLs,
    productUrl: p.id,
    tiempos_de_entrega: p.tiempos_de_entrega,
    minimum_order_quantity: p.minimum_order_quantity,
    salesModel: p.salesModel,
    cartTypeBySaleModel: p.cartTypeBySaleModel,
    quotationMaxQuantity: p.quotationMaxQuantity,
    remainingTime: p.remainingTime,
    compatibleVehicles: p.compatibleVehicles,
    category: p.category,
    confirmProductInAPI: p.confirmProductInAPI,
    state: 'published',
    updatedAt: new Date().toISOString(),
    ...changes,
  };
}
