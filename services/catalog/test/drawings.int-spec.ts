import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { TestClient, startTestHttpApp, type TestHttpApp } from '@tuerca/platform/testing';
import { IdentityModule, seedIdentity } from '@tuerca/identity';
import { BillingModule } from '@tuerca/billing';
import { CatalogModule, seedCatalog } from '@tuerca/catalog';

/**
 * The catalogue's pictures (issue 15): exploded diagrams drawn from a unit's parts and product photos drawn
 * from a part type, served as a CDN caches them.
 */
describe('diagrams and product photos', () => {
  let t: TestHttpApp;
  const sql = <T>(query: string, params: unknown[] = []) => t.db('catalog').em().execute<T[]>(query, params);

  beforeAll(async () => {
    t = await startTestHttpApp([IdentityModule, BillingModule, CatalogModule]);
    await seedIdentity(t.db('identity'));
    await seedCatalog(t.db('catalog'), { seed: 2026, scale: 1 });
  }, 180000);

  afterAll(async () => {
    await t?.close();
  });

  async function unitOf(catalogCode: string, code: string) {
    const [unit] = await sql<{ unit_id: string; image_map: { code: string }[] }>(
      `select unit_id, image_map from units where catalog_code = ? and code = ? order by unit_id limit 1`,
      [catalogCode, code],
    );
    const parts = await sql<{ code_on_image: string; part_type: string }>(`select code_on_image, part_type from parts where unit_id = ?`, [
      unit!.unit_id,
    ]);
    return { ...unit!, parts };
  }

  it.each([
    ['CHEV', '110-010', 'front-disc'],
    ['YAMA', '106-020', 'rear-sprocket'],
  ])('draws a %s unit %s from its parts: one drawing per part, one callout per position, cacheable', async (catalog, code, partType) => {
    const unit = await unitOf(catalog, code);
    const url = `/api/catalogo/catalogV2/units/${unit.unit_id}/image.svg`;
    const res = await fetch(`${t.url}${url}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(res.headers.get('cache-control')).toMatch(/^public, max-age=\d+/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const svg = await res.text();
    const drawn = [...svg.matchAll(/<g class="part" data-code="([^"]+)" data-part-type="([^"]+)">/g)].map((m) => `${m[1]}:${m[2]}`);
    expect(drawn.sort()).toEqual(unit.parts.map((p) => `${p.code_on_image}:${p.part_type}`).sort());
    const callouts = [...svg.matchAll(/<g class="callout" data-code="([^"]+)">/g)].map((m) => m[1]);
    expect(callouts.sort()).toEqual(unit.image_map.map((b) => b.code).sort());
    expect(svg).toContain(`data-part-type="${partType}"`);
    // A real SVG a rasteriser reads, and the same drawing again as 304 for a client that holds it.
    expect(await sharp(Buffer.from(svg)).metadata()).toMatchObject({ format: 'svg', width: 800, height: 600 });
    const again = await fetch(`${t.url}${url}`, { headers: { 'if-none-match': res.headers.get('etag')! } });
    expect(again.status).toBe(304);
  });

  it('writes a drawing in the language asked for, with the same Spanish fallback as the names, marked', async () => {
    const unit = await unitOf('CHEV', '110-010');
    const base = `${t.url}/api/catalogo/catalogV2/units/${unit.unit_id}/image.svg`;
    const es = await (await fetch(base)).text();
    expect(es).toContain('xml:lang="es"');
    expect(es).toContain('>110-010 Frenos delanteros</text>');
    expect(es).toMatch(/>\d+ posiciones · ilustración</);
    expect(es).not.toContain('data-language-fallback');
    const pt = await (await fetch(`${base}?language=pt_PT`)).text();
    expect(pt).toContain('xml:lang="pt-PT"');
    expect(pt).toContain('>110-010 Travões dianteiros</text>');
    expect(pt).toContain('<title>Disco de travão dianteiro</title>');
    expect(pt).toContain('>Tuerca · catálogo de peças</text>');
    expect(pt).toMatch(/>\d+ posições · ilustração</);
    const en = await (await fetch(`${base}?language=en_US`)).text();
    expect(en).toContain('>110-010 Front brakes</text>');
    expect(en).toContain('>Tuerca · parts catalogue</text>');
    expect(en).not.toContain('data-language-fallback');
    // A language the catalogue has no names in: the Spanish drawing, marked as such.
    const de = await (await fetch(`${base}?language=de_DE`)).text();
    expect(de).toContain('xml:lang="es"');
    expect(de).toContain('data-language-fallback="true"');
    expect(de).toContain('>110-010 Frenos delanteros</text>');
    expect((await fetch(`${base}?language=xx_XX`)).status).toBe(400);
  });

  it('answers an unknown unit 404', async () => {
    expect((await fetch(`${t.url}/api/catalogo/catalogV2/units/nope/image.svg`)).status).toBe(404);
  });

  it('renders a product photo of a part type with the brand and the number on the label, as WebP', async () => {
    const guest = new TestClient(t.url);
    const url = `/api/catalogo/catalogV2/partPhotos/fuel-filter/photo.webp?brand=Mann-Filter&number=${encodeURIComponent('WK 616/1')}`;
    const res = await fetch(`${t.url}${url}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toMatch(/^public, max-age=\d+/);
    const webp = Buffer.from(await res.arrayBuffer());
    expect(await sharp(webp).metadata()).toMatchObject({ format: 'webp', width: 480, height: 480 });
    const other = Buffer.from(await (await fetch(`${t.url}${url.replace('WK%20616%2F1', 'WK%20712%2F1')}`)).arrayBuffer());
    expect(other.equals(webp)).toBe(false); // the label says the number
    const unknown = await guest.get('/api/catalogo/catalogV2/partPhotos/flux-capacitor/photo.webp?brand=X&number=1');
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors).toEqual(['No tenemos una foto para el tipo de pieza flux-capacitor.']);
    const bad = await guest.get('/api/catalogo/catalogV2/partPhotos/fuel-filter/photo.webp?brand=&number=1');
    expect(bad.status).toBe(400);
  });
});
