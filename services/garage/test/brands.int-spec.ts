import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { DEMO_MAKES } from '@tuerca/demo-data';
import { type ContextDatabase } from '@tuerca/platform';
import { TestClient, startTestHttpApp, type TestHttpApp } from '@tuerca/platform/testing';
import { IdentityModule, seedIdentity } from '@tuerca/identity';
// Billing serves the Metering port the context's lookups inject (METERING_PORT).
import { BillingModule } from '@tuerca/billing';
import { GarageModule, seedGarage } from '@tuerca/garage';

describe('vehicle brands over HTTP', () => {
  let t: TestHttpApp;
  let garage: ContextDatabase;
  let c: TestClient;

  beforeAll(async () => {
    t = await startTestHttpApp([IdentityModule, BillingModule, GarageModule]);
    garage = t.db('garage');
    await seedIdentity(t.db('identity'));
    await seedGarage(garage, { scale: 1 });
    await garage.em().execute(
      // Citroën (accented) is a demo make; Daewoo is an inactive brand.
      `insert into vehicle_brands (id, name, active, logo_file) values ('daewoo', 'Daewoo', false, 'daewoo.webp')`,
    );
    c = new TestClient(t.url); // a guest: brands are public
  });

  afterAll(async () => {
    await t?.close();
  });

  const q = (filter: unknown) => `filter=${encodeURIComponent(JSON.stringify(filter))}`;
  const names = (res: { body: any }) => (res.body.data as { name: string }[]).map((b) => b.name);
  const active = DEMO_MAKES.length;

  it('lists the active brands by name, 200 a page by default, on both paths', async () => {
    for (const path of ['/api/store/vehicleBrand', '/api/store/vehicleBrandWS']) {
      const res = await c.get(path);
      expect(res.status).toBe(200);
      expect(res.body.metadata).toMatchObject({ total: active, page: 0, pageSize: 200 });
      expect(res.headers.get('x-total-count')).toBe(String(active));
      expect(names(res)).toEqual([...names(res)].sort((a, b) => a.localeCompare(b, 'en')));
      expect(names(res)).not.toContain('Daewoo');
      expect(res.body.data).toContainEqual({
        id: 'chevrolet',
        name: 'Chevrolet',
        active: true,
        country_of_origin: 'Colombia',
        logo: '/themes/default/vehicle_brands/chevrolet.webp',
      });
    }
  });

  it('filters by name, accent- and case-insensitive', async () => {
    expect(names(await c.get(`/api/store/vehicleBrand?${q({ name: 'CITROEN' })}`))).toEqual(['Citroën']);
    expect(names(await c.get(`/api/store/vehicleBrandWS?${q({ name: 'citroë' })}`))).toEqual(['Citroën']);
    expect(names(await c.get(`/api/store/vehicleBrand?${q({ name: 'merc' })}`))).toEqual(['Mercedes-Benz']);
    expect(names(await c.get(`/api/store/vehicleBrand?${q({ name: '%' })}`))).toEqual([]);
    expect((await c.get(`/api/store/vehicleBrand?filter=%7Bnope`)).status).toBe(400);
  });

  it('takes scopes: showActiveBrands by default, showAllBrands adds inactive ones, an unknown scope is a 400', async () => {
    const all = await c.get('/api/store/vehicleBrand?scopes=showAllBrands');
    expect(all.body.metadata.total).toBe(active + 1);
    expect(names(all)).toContain('Daewoo');
    expect((await c.get('/api/store/vehicleBrand?scopes=showActiveBrands')).body.metadata.total).toBe(active);
    const bad = await c.get('/api/store/vehicleBrand?scopes=showActiveBrands,hackTheBrands');
    expect([bad.status, bad.body.errors]).toEqual([400, ['Alcance desconocido: hackTheBrands']]);
  });

  it('pages zero-based', async () => {
    const first = await c.get('/api/store/vehicleBrand?page=0&pageSize=10');
    const second = await c.get('/api/store/vehicleBrand?page=1&pageSize=10');
    const last = await c.get(`/api/store/vehicleBrand?page=${Math.floor(active / 10)}&pageSize=10`);
    expect(first.body.data).toHaveLength(10);
    expect(second.body.data).toHaveLength(10);
    expect(last.body.data).toHaveLength(active % 10);
    expect(new Set([...names(first), ...names(second)]).size).toBe(20);
    expect(second.body.metadata).toMatchObject({ page: 1, pageSize: 10, total: active });
    expect((await c.get('/api/store/vehicleBrand?pageSize=201')).status).toBe(400);
    expect((await c.get('/api/store/vehicleBrand?page=-1')).status).toBe(400);
  });

  it('answers one brand by id on both paths, 404 when unknown', async () => {
    for (const path of ['/api/store/vehicleBrand', '/api/store/vehicleBrandWS']) {
      const res = await c.get(`${path}/toyota`);
      expect(res.body).toEqual({ data: expect.objectContaining({ id: 'toyota', name: 'Toyota' }), metadata: {} });
      const missing = await c.get(`${path}/tesla`);
      expect([missing.status, missing.body.errors]).toEqual([404, ['Marca no encontrada']]);
    }
  });

  it('answers getAllBrands without paging (not taken for an id)', async () => {
    const res = await c.get('/api/store/vehicleBrand/getAllBrands');
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(active);
    expect((await c.get('/api/store/vehicleBrand/getAllBrands?scopes=showAllBrands')).body.data).toHaveLength(active + 1);
    expect((await c.get('/api/store/vehicleBrand/getAllBrands?scopes=nope')).status).toBe(400);
  });

  it('serves each brand’s wordmark as WebP by id or by brand name, cacheable by a CDN, 404 for an unknown brand', async () => {
    const logo = async (path: string, headers: Record<string, string> = {}) => {
      const res = await fetch(`${t.url}${path}`, { headers });
      return {
        status: res.status,
        headers: res.headers,
        type: res.headers.get('content-type'),
        data: Buffer.from(await res.arrayBuffer()),
      };
    };
    const byId = await logo('/themes/default/vehicle_brands/chevrolet.webp');
    expect(byId.status).toBe(200);
    expect(byId.type).toBe('image/webp');
    // A real WebP (RIFF container, WEBP form) that a decoder reads: the 256×128 wordmark.
    expect(byId.data.subarray(0, 4).toString('ascii')).toBe('RIFF');
    expect(byId.data.subarray(8, 12).toString('ascii')).toBe('WEBP');
    expect(await sharp(byId.data).metadata()).toMatchObject({ format: 'webp', width: 256, height: 128 });
    // In the make's colours: Chevrolet's badge is its near-black.
    const { dominant } = await sharp(byId.data).stats();
    expect(dominant.r + dominant.g + dominant.b).toBeLessThan(200);
    expect(byId.headers.get('cache-control')).toMatch(/^public, max-age=\d+/);
    const etag = byId.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await logo('/themes/default/vehicle_brands/chevrolet.webp', { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.data.length).toBe(0);

    const byName = await logo('/themes/tuerca/vehicle_brands/Chevrolet.webp');
    expect(byName.status).toBe(200);
    expect(byName.data.equals(byId.data)).toBe(true);
    const accented = await logo(`/themes/default/vehicle_brands/${encodeURIComponent('Citroën')}.webp`);
    expect(accented.status).toBe(200);
    expect(accented.data.equals(byId.data)).toBe(false); // each brand has its own

    for (const path of [
      '/themes/default/vehicle_brands/tesla.webp',
      '/themes/default/vehicle_brands/chevrolet.png',
      '/themes/default/vehicle_brands/..%2Fetc.webp',
    ]) {
      expect([path, (await logo(path)).status]).toEqual([path, 404]);
    }
  });
});
