import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { openVehicleToken } from '@tuerca/contracts';
import { type ContextDatabase } from '@tuerca/platform';
import { TestClient, startTestHttpApp, type TestHttpApp } from '@tuerca/platform/testing';
import { IdentityModule, seedIdentity, DEMO_PASSWORD } from '@tuerca/identity';
// Billing serves the Metering port the context's lookups inject (METERING_PORT).
import { BillingModule } from '@tuerca/billing';
import { GarageModule, seedGarage } from '@tuerca/garage';

const BASE = '/api/garage/vehicle';

// Smallest real files of each type (magic bytes are what the garage checks).
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]),
  Buffer.alloc(64, 1),
  Buffer.from([0xff, 0xd9]),
]);
const WEBP = Buffer.from('UklGRhwAAABXRUJQVlA4TA8AAAAvAkAAACjFFZDvgdL/GBgA', 'base64');

const colombian = (plate: string, extra: Record<string, unknown> = {}) => ({
  country: 'CO',
  brand_id: 'chevrolet',
  brand: 'Chevrolet',
  model: 'Spark GT',
  year: 2015,
  vin: '9GAMF48D5FB012345',
  cylinder_capacity: '1206',
  license_plate: plate,
  class: 'Automóvil',
  body_type: 'Hatchback',
  number_of_doors: 5,
  engine_number: 'B12D1-778812',
  chassis_number: '9GAMF48D5FB012345',
  fuel_type: 'Gasolina',
  color: 'Rojo',
  transit_agency: 'Secretaría de Movilidad de Bogotá',
  complement: 'Llantas nuevas',
  ...extra,
});

const mexican = (plate: string, extra: Record<string, unknown> = {}) => ({
  country: 'MX',
  brand: 'nissan',
  model: 'Tsuru',
  year: 2012,
  vin: '3N1EB31S2CK123456',
  cylinder_capacity: '1597',
  license_plate: plate,
  number_of_cylinders: 4,
  number_of_axes: 2,
  version: 'GS I',
  city: 'Guadalajara',
  country_of_origin: 'México',
  ...extra,
});

describe('garage vehicles over HTTP', () => {
  let t: TestHttpApp;
  let garage: ContextDatabase;
  let storageDir: string;
  let cliente: TestClient;
  let taller: TestClient;

  beforeAll(async () => {
    storageDir = mkdtempSync(join(tmpdir(), 'tuerca-garage-test-'));
    t = await startTestHttpApp([IdentityModule, BillingModule, GarageModule], { STORAGE_DIR: storageDir });
    garage = t.db('garage');
    await seedIdentity(t.db('identity'));
    await seedGarage(garage, { scale: 1 });
    cliente = new TestClient(t.url);
    taller = new TestClient(t.url);
    expect((await cliente.post('/api/users/auth/login', { email: 'cliente@tuerca.demo', password: DEMO_PASSWORD })).status).toBe(200);
    expect((await taller.post('/api/users/auth/login', { email: 'taller@tuerca.demo', password: DEMO_PASSWORD })).status).toBe(200);
  });

  afterAll(async () => {
    await t?.close();
    if (storageDir) rmSync(storageDir, { recursive: true, force: true });
  });

  const patch = (c: TestClient, path: string, body: unknown) => c.request('PATCH', path, body);
  const del = (c: TestClient, path: string) => c.request('DELETE', path);
  const eventsOf = async (type: string, aggregateId: string) =>
    Number(
      (
        await garage
          .em()
          .execute<{ n: string }[]>(`select count(*) as n from outbox_events where type = ? and aggregate_id = ?`, [type, aggregateId])
      )[0]!.n,
    );
  const create = async (c: TestClient, body: unknown) => {
    const res = await c.post(`${BASE}/`, body);
    expect([res.status, res.body.errors]).toEqual([201, undefined]);
    return res.body.data as Record<string, any>;
  };
  const image = (data: Buffer, contentType: string, kind = 'photo') => ({ kind, contentType, dataBase64: data.toString('base64') });

  it('asks for a login on every route', async () => {
    const guest = new TestClient(t.url);
    const id = '00000000-0000-4000-8000-000000000000';
    const calls: [string, string][] = [
      ['GET', `${BASE}/`],
      ['GET', BASE],
      ['POST', `${BASE}/`],
      ['PATCH', `${BASE}/${id}`],
      ['DELETE', `${BASE}/${id}`],
      ['GET', `${BASE}/countVehicles`],
      ['GET', `${BASE}/getVehicleImages?id=${id}`],
      ['PATCH', `${BASE}/saveVehicleImages`],
      ['GET', `${BASE}/images/${id}`],
    ];
    for (const [method, path] of calls) {
      const res = await guest.request(method, path, method === 'GET' || method === 'DELETE' ? undefined : {});
      expect([method, path, res.status, res.body.message]).toEqual([method, path, 401, 'Login required']);
    }
  });

  it('creates a Colombian vehicle with its field set, the brand from the list, and one event', async () => {
    const v = await create(cliente, colombian('abc-123', { brand: 'lo que sea' }));
    expect(v).toMatchObject({
      country: 'CO',
      brand_id: 'chevrolet',
      brand: 'Chevrolet',
      model: 'Spark GT',
      year: 2015,
      VIN: '9GAMF48D5FB012345',
      cylinder_capacity: '1206',
      license_plate: 'ABC123',
      engine_number: 'B12D1-778812',
      chassis_number: '9GAMF48D5FB012345',
      fuel_type: 'Gasolina',
      color: 'Rojo',
      transit_agency: 'Secretaría de Movilidad de Bogotá',
      city: null,
      complement: 'Llantas nuevas',
      is_verified: false,
      is_test: false,
      property_card_image: null,
      catalogToken: expect.stringMatching(/^vt1\./),
      source: 'manual',
    });
    expect(v).not.toHaveProperty('number_of_axes');
    expect(await eventsOf('VehicleSavedToGarage', v.id)).toBe(1);
    const [envelope] = await garage.em().execute<{ envelope: any }[]>(`select envelope from outbox_events where aggregate_id = ?`, [v.id]);
    expect(envelope!.envelope.payload).toMatchObject({
      vehicleId: v.id,
      licensePlate: 'ABC123',
      brand: 'Chevrolet',
      source: 'manual',
      country: 'CO',
    });
  });

  it('creates a Mexican vehicle with its field set; a brand typed by name is looked up in the list', async () => {
    const v = await create(cliente, mexican('JKL1234'));
    expect(v).toMatchObject({
      country: 'MX',
      brand_id: 'nissan',
      brand: 'Nissan',
      number_of_cylinders: 4,
      number_of_axes: 2,
      version: 'GS I',
      city: 'Guadalajara',
      country_of_origin: 'México',
      license_plate: 'JKL1234',
    });
    expect(v).not.toHaveProperty('engine_number');
  });

  it('applies the form rules of §5 with the Spanish texts, writing nothing', async () => {
    const before = await cliente.get(`${BASE}/countVehicles`);
    const cases: [Record<string, unknown>, string][] = [
      [colombian('YRA100', { year: 1900 }), 'Año inválido'],
      [colombian('YRA101', { year: 2156 }), 'Año inválido'],
      [colombian('YRA102', { year: 'dos mil' }), 'Año inválido'],
      [colombian('VIN100', { vin: '9GAMF48D5FB01234' }), 'El VIN debe ser de 17 caracteres'],
      [colombian('VIN101', { vin: '9GAMF48D5FB0123456' }), 'El VIN debe ser de 17 caracteres'],
      [colombian('AB12'), 'Debe tener al menos 5 caracteres'],
      [colombian('ABC123456'), 'Debe tener como máximo 8 caracteres'],
      [colombian('ABC12*'), 'Solo letras y números'],
      [colombian('OBS100', { complement: 'x'.repeat(513) }), 'Debe tener como máximo 512 caracteres'],
      [colombian('BRD100', { brand_id: 'tesla-motors' }), 'Elige una marca de la lista'],
      [colombian('BRD101', { brand_id: undefined, brand: 'Marca Inventada' }), 'Elige una marca de la lista'],
      [colombian('MOD100', { model: '' }), '¡Este campo es requerido!'],
      [colombian('CYL100', { cylinder_capacity: undefined }), '¡Este campo es requerido!'],
    ];
    for (const [body, text] of cases) {
      const res = await cliente.post(`${BASE}/`, body);
      expect([res.status, res.body.errors]).toEqual([400, expect.arrayContaining([text])]);
    }
    // The boundaries themselves are valid.
    const oldest = await create(cliente, colombian('YRB190', { year: 1901, vin: null, complement: 'x'.repeat(512) }));
    const newest = await create(cliente, colombian('YRB215', { year: 2155, vin: null }));
    expect([oldest.year, newest.year]).toEqual([1901, 2155]);
    expect((await cliente.get(`${BASE}/countVehicles`)).body.data).toBe(before.body.data + 2);
  });

  it('keeps one vehicle per plate and person (409), but another person may have the same plate', async () => {
    await create(cliente, colombian('DUP111'));
    const again = await cliente.post(`${BASE}/`, colombian('dup 111'));
    expect(again.status).toBe(409);
    expect(again.body.errors).toEqual(['Ya tienes un vehículo con la placa DUP111 en tu garaje']);
    await create(taller, colombian('DUP111'));
  });

  it('changes a vehicle partially, keeps the country, and emits VehicleUpdated once', async () => {
    const v = await create(cliente, colombian('UPD111'));
    const res = await patch(cliente, `${BASE}/${v.id}`, { model: 'Spark', color: 'Azul', year: 2016 });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: v.id,
      model: 'Spark',
      color: 'Azul',
      year: 2016,
      brand: 'Chevrolet',
      engine_number: 'B12D1-778812',
    });
    expect(await eventsOf('VehicleUpdated', v.id)).toBe(1);

    const byName = await patch(cliente, `${BASE}/${v.id}`, { brand: 'mazdá' });
    expect(byName.body.data).toMatchObject({ brand: 'Mazda', brand_id: 'mazda' });

    const country = await patch(cliente, `${BASE}/${v.id}`, { country: 'MX' });
    expect([country.status, country.body.errors]).toEqual([400, ['El país del vehículo no se puede cambiar']]);
    const badYear = await patch(cliente, `${BASE}/${v.id}`, { year: 1800 });
    expect([badYear.status, badYear.body.errors]).toEqual([400, ['Año inválido']]);
    await create(cliente, colombian('UPD222'));
    const taken = await patch(cliente, `${BASE}/${v.id}`, { license_plate: 'upd222' });
    expect([taken.status, taken.body.errors]).toEqual([409, ['Ya tienes un vehículo con la placa UPD222 en tu garaje']]);
    expect(await eventsOf('VehicleUpdated', v.id)).toBe(2);
  });

  it('locks every field of a verified vehicle', async () => {
    const v = await create(cliente, colombian('VER111'));
    await garage.em().execute(`update vehicles set is_verified = true where id = ?`, [v.id]);
    for (const change of [{ model: 'Otro' }, { complement: 'nota' }, {}]) {
      const res = await patch(cliente, `${BASE}/${v.id}`, change);
      expect([res.status, res.body.message, res.body.errors]).toEqual([
        409,
        'Vehicle verified',
        ['Este vehículo está verificado; sus datos no se pueden modificar.'],
      ]);
    }
    const card = await patch(cliente, `${BASE}/saveVehicleImages`, { id: v.id, images: [image(PNG, 'image/png', 'property_card')] });
    expect(card.status).toBe(409);
    expect(await eventsOf('VehicleUpdated', v.id)).toBe(0);
    const list = await cliente.get(`${BASE}/?filter=${encodeURIComponent(JSON.stringify({ searchInColumns: 'VER111' }))}`);
    expect(list.body.data[0]).toMatchObject({ id: v.id, is_verified: true, model: 'Spark GT' });
  });

  it('searches by vehicle, plate and VIN, accent- and case-insensitive, with paging and x-total-count', async () => {
    const searcher = new TestClient(t.url);
    await searcher.post('/api/users/auth/login', { email: 'asesor@tuerca.demo', password: DEMO_PASSWORD });
    await create(searcher, colombian('SRC001', { brand_id: 'renault', model: 'Logan', vin: 'VF1LSRC0011111111' }));
    await create(searcher, colombian('SRC002', { brand_id: 'renault', model: 'Sandero Stepway', vin: null }));
    await create(searcher, colombian('SRC003', { brand_id: 'kia', model: 'Picanto Ión', vin: 'KNAPICANTO0000003' }));
    await create(searcher, mexican('MXS0001', { brand: 'Toyota', model: 'Corolla', vin: null }));
    const search = async (text: unknown) => {
      const res = await searcher.get(`${BASE}/?filter=${encodeURIComponent(JSON.stringify({ searchInColumns: text }))}`);
      expect(res.status).toBe(200);
      return res;
    };
    const plates = (res: { body: any }) => (res.body.data as { license_plate: string }[]).map((v) => v.license_plate).sort();
    expect(plates(await search('RENAULT'))).toEqual(['SRC001', 'SRC002']);
    expect(plates(await search('renault logan'))).toEqual(['SRC001']);
    expect(plates(await search('picanto ion'))).toEqual(['SRC003']);
    expect(plates(await search('src-003'))).toEqual(['SRC003']);
    expect(plates(await search('vf1lsrc001'))).toEqual(['SRC001']);
    expect(plates(await search({ value: 'corolla' }))).toEqual(['MXS0001']);
    expect(plates(await search('nada que ver'))).toEqual([]);
    expect(plates(await search('100%'))).toEqual([]);

    const all = await searcher.get(`${BASE}/`);
    expect(all.headers.get('x-total-count')).toBe('4');
    expect(all.body.metadata).toMatchObject({ total: 4, page: 0, pageSize: 20 });
    const page1 = await searcher.get(`${BASE}/?page=1&pageSize=3`);
    expect(page1.body.data).toHaveLength(1);
    expect(page1.body.metadata).toMatchObject({ total: 4, page: 1, pageSize: 3 });
    expect(page1.headers.get('x-total-count')).toBe('4');
    const page0 = await searcher.get(`${BASE}?page=0&pageSize=3`);
    expect(new Set([...page0.body.data, ...page1.body.data].map((v: { id: string }) => v.id)).size).toBe(4);
    expect((await searcher.get(`${BASE}/?pageSize=100`)).status).toBe(200);
    expect((await searcher.get(`${BASE}/?pageSize=101`)).status).toBe(400);
    expect((await searcher.get(`${BASE}/?filter=nojson`)).status).toBe(400);
    expect((await searcher.get(`${BASE}/countVehicles`)).body).toEqual({ data: 4, metadata: {} });
  });

  it('gives each vehicle with a VIN the opaque token the catalogue takes, and keeps a VIN it does not show whole', async () => {
    const v = await create(taller, colombian('CAT111', { vin: '9GAMF48D5FB0CAT11' }));
    expect(await openVehicleToken(v.catalogToken, t.config.SESSION_SECRET)).toBe('9GAMF48D5FB0CAT11');
    expect(v.catalogToken).not.toContain('9GAMF48D5FB0CAT11');
    // The person typed it: whole in their garage. A masked value sent back as a change leaves it as it is.
    expect(v.VIN).toBe('9GAMF48D5FB0CAT11');
    const noVin = await create(taller, colombian('CAT112', { vin: null }));
    expect(noVin.catalogToken).toBeNull();
    const [row] = await garage.em().execute<{ id: string }[]>(`select id from vehicles where license_plate = 'CAT111'`);
    await garage.em().execute(`update vehicles set registry_fields = '{vin}' where id = ?`, [row!.id]);
    const masked = (await taller.get(`${BASE}/?filter=${encodeURIComponent(JSON.stringify({ searchInColumns: 'CAT111' }))}`)).body.data[0];
    expect(masked.VIN).toBe('9GA••••••••••AT11');
    const back = await taller.request('PATCH', `${BASE}/${v.id}`, { ...masked, model: 'Spark GT LT' });
    expect(back.status).toBe(200);
    expect(back.body.data).toMatchObject({ model: 'Spark GT LT', VIN: '9GA••••••••••AT11' });
    const [kept] = await garage.em().execute<{ vin: string }[]>(`select vin from vehicles where id = ?`, [v.id]);
    expect(kept!.vin).toBe('9GAMF48D5FB0CAT11');
    // Typing the VIN makes it the person's own: whole again.
    const typed = await taller.request('PATCH', `${BASE}/${v.id}`, { vin: '9GAMF48D5FB0CAT12' });
    expect(typed.body.data.VIN).toBe('9GAMF48D5FB0CAT12');
  });

  it('removes a vehicle softly, once, with one event; the plate is free again', async () => {
    const v = await create(cliente, colombian('DEL111'));
    const res = await del(cliente, `${BASE}/${v.id}`);
    expect(res.status).toBe(200);
    expect((await del(cliente, `${BASE}/${v.id}`)).status).toBe(404);
    expect(await eventsOf('VehicleRemovedFromGarage', v.id)).toBe(1);
    const [row] = await garage.em().execute<{ deleted_at: Date | null }[]>(`select deleted_at from vehicles where id = ?`, [v.id]);
    expect(row!.deleted_at).not.toBeNull();
    expect((await patch(cliente, `${BASE}/${v.id}`, { model: 'X' })).status).toBe(404);
    await create(cliente, colombian('DEL111'));
  });

  it('stores images checked by their bytes and size, readable by their owner only', async () => {
    const v = await create(cliente, colombian('IMG111'));
    const saved = await patch(cliente, `${BASE}/saveVehicleImages`, {
      id: v.id,
      images: [image(PNG, 'image/png'), image(JPEG, 'image/jpeg'), image(WEBP, 'image/webp', 'property_card')],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.map((i: { kind: string; contentType: string }) => `${i.kind} ${i.contentType}`).sort()).toEqual([
      'photo image/jpeg',
      'photo image/png',
      'property_card image/webp',
    ]);
    expect(await eventsOf('VehicleUpdated', v.id)).toBe(1); // the property card is a field of the vehicle

    const listed = await cliente.get(`${BASE}/getVehicleImages?id=${v.id}`);
    expect(listed.body.data).toHaveLength(3);
    const png = listed.body.data.find((i: { contentType: string }) => i.contentType === 'image/png');
    const card = listed.body.data.find((i: { kind: string }) => i.kind === 'property_card');
    const vehicle = (await cliente.get(`${BASE}/?filter=${encodeURIComponent(JSON.stringify({ searchInColumns: 'IMG111' }))}`)).body
      .data[0];
    expect(vehicle.property_card_image).toBe(card.url);

    const file = await fetch(`${t.url}${png.url}`, { headers: { cookie: `tuerca_sid=${cliente.cookie('tuerca_sid')}` } });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await file.arrayBuffer()).equals(PNG)).toBe(true);
    const stranger = await fetch(`${t.url}${png.url}`, { headers: { cookie: `tuerca_sid=${taller.cookie('tuerca_sid')}` } });
    expect(stranger.status).toBe(404);
    expect((await fetch(`${t.url}${png.url}`)).status).toBe(401);

    // Type by content, not by what the client says.
    const fake = await patch(cliente, `${BASE}/saveVehicleImages`, {
      id: v.id,
      images: [image(Buffer.from('<svg onload=alert(1)>'), 'image/png')],
    });
    expect([fake.status, fake.body.errors]).toEqual([400, ['El archivo debe ser una imagen JPEG, PNG o WebP']]);
    const mismatch = await patch(cliente, `${BASE}/saveVehicleImages`, { id: v.id, images: [image(PNG, 'image/jpeg')] });
    expect([mismatch.status, mismatch.body.errors]).toEqual([400, ['El contenido del archivo no corresponde al tipo image/jpeg']]);
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const tooBig = await patch(cliente, `${BASE}/saveVehicleImages`, { id: v.id, images: [image(big, 'image/png')] });
    expect([tooBig.status, tooBig.body.errors]).toEqual([400, ['Cada imagen debe pesar como máximo 5 MB']]);
    const tooMany = await patch(cliente, `${BASE}/saveVehicleImages`, {
      id: v.id,
      images: Array.from({ length: 8 }, () => image(PNG, 'image/png')),
    });
    expect([tooMany.status, tooMany.body.errors]).toEqual([400, ['Un vehículo puede tener como máximo 10 imágenes']]);
    expect((await cliente.get(`${BASE}/getVehicleImages?id=${v.id}`)).body.data).toHaveLength(3);

    // A new property card replaces the old one; removing an image deletes it.
    const replaced = await patch(cliente, `${BASE}/saveVehicleImages`, {
      id: v.id,
      images: [image(PNG, 'image/png', 'property_card')],
      removeImageIds: [png.id],
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body.data.map((i: { kind: string }) => i.kind).sort()).toEqual(['photo', 'property_card']);
    expect((await fetch(`${t.url}${card.url}`, { headers: { cookie: `tuerca_sid=${cliente.cookie('tuerca_sid')}` } })).status).toBe(404);
  });

  it("answers 404 for another person's vehicle on every id-taking route, changing nothing", async () => {
    const mine = await create(taller, colombian('OWN111'));
    const theirs = cliente;
    const saved = await patch(taller, `${BASE}/saveVehicleImages`, { id: mine.id, images: [image(PNG, 'image/png')] });
    const imageUrl = saved.body.data[0].url as string;
    const attempts = [
      await patch(theirs, `${BASE}/${mine.id}`, { model: 'Robado' }),
      await del(theirs, `${BASE}/${mine.id}`),
      await theirs.get(`${BASE}/getVehicleImages?id=${mine.id}`),
      await patch(theirs, `${BASE}/saveVehicleImages`, { id: mine.id, images: [image(PNG, 'image/png')] }),
      await theirs.get(imageUrl),
    ];
    expect(attempts.map((r) => r.status)).toEqual([404, 404, 404, 404, 404]);
    // Same answer as an id that does not exist at all.
    const ghost = '6f1c2a1e-0000-4000-8000-000000000000';
    expect((await patch(theirs, `${BASE}/${ghost}`, { model: 'x' })).status).toBe(404);
    expect((await del(theirs, `${BASE}/not-a-uuid`)).status).toBe(404);
    const still = (await taller.get(`${BASE}/?filter=${encodeURIComponent(JSON.stringify({ searchInColumns: 'OWN111' }))}`)).body.data[0];
    expect(still).toMatchObject({ id: mine.id, model: 'Spark GT' });
    expect((await taller.get(`${BASE}/getVehicleImages?id=${mine.id}`)).body.data).toHaveLength(1);
    expect(await eventsOf('VehicleUpdated', mine.id)).toBe(0);
    expect(await eventsOf('VehicleRemovedFromGarage', mine.id)).toBe(0);
    // Lists and counts are per person.
    const theirList = await theirs.get(`${BASE}/?filter=${encodeURIComponent(JSON.stringify({ searchInColumns: 'OWN111' }))}`);
    expect(theirList.body.data).toEqual([]);
  });

  it('leaves unknown paths under the garage a 404', async () => {
    expect((await cliente.get(`${BASE}/noExiste`)).status).toBe(404);
    expect((await cliente.post(`${BASE}/noExiste`, {})).status).toBe(404);
  });
});
