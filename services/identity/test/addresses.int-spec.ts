import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ContextDatabase } from '@tuerca/platform';
import { TestClient, startTestHttpApp, type TestHttpApp } from '@tuerca/platform/testing';
import { IdentityModule, seedIdentity, DEMO_PASSWORD } from '@tuerca/identity';

const PATH = '/api/users/userAdditionalAddress';

const medellin = {
  country: 'CO',
  label: 'Taller',
  receiverName: 'Ana Gómez',
  phone: '300 123 4567',
  departmentCode: '05',
  municipalityCode: '05001',
  neighborhood: 'Laureles',
  addressLine: 'Calle 10 # 43A-30, bodega 2',
  notes: 'Timbre azul',
};

const leon = {
  country: 'MX',
  receiverName: 'Luis Pérez',
  phone: '+52 477 123 4567',
  stateCode: '11',
  municipality: 'León',
  neighborhood: 'Centro',
  postalCode: '37000',
  addressLine: 'Av. Madero 120, local 3',
};

describe('shipping addresses over HTTP', () => {
  let t: TestHttpApp;
  const clients: Record<string, TestClient> = {};

  beforeAll(async () => {
    t = await startTestHttpApp([IdentityModule], { RATE_LIMIT_LOGIN_PER_IP: '1000', RATE_LIMIT_LOGIN_PER_ACCOUNT: '1000' });
    await seedIdentity(t.app.get(ContextDatabase, { strict: false }));
    for (const who of ['cliente', 'taller', 'refaccionaria']) {
      clients[who] = new TestClient(t.url);
      const res = await clients[who].post('/api/users/auth/login', { email: `${who}@tuerca.demo`, password: DEMO_PASSWORD });
      expect(res.status).toBe(200);
    }
  });

  afterAll(async () => {
    await t?.close();
  });

  it('a guest is asked to log in', async () => {
    const guest = new TestClient(t.url);
    expect((await guest.get(PATH)).body).toMatchObject({ statusCode: 401, message: 'Login required' });
    expect((await guest.post(PATH, medellin)).status).toBe(401);
  });

  it('saves a Colombian address with DANE names and an E.164 phone; the first is the default', async () => {
    const c = clients.cliente!;
    const res = await c.post(PATH, medellin);
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      country: 'CO',
      label: 'Taller',
      receiverName: 'Ana Gómez',
      phone: '+573001234567',
      regionCode: '05',
      regionName: 'Antioquia',
      cityCode: '05001',
      cityName: 'Medellín',
      neighborhood: 'Laureles',
      postalCode: null,
      addressLine: 'Calle 10 # 43A-30, bodega 2',
      notes: 'Timbre azul',
      isDefault: true,
    });
    const list = await c.get(`${PATH}?getters=all`);
    expect(list.status).toBe(200);
    expect(list.body.metadata).toMatchObject({ total: 1, page: 0, pageSize: 20 });
    expect(list.headers.get('x-total-count')).toBe('1');
  });

  it('a second address is not the default until chosen; choosing it moves the default', async () => {
    const c = clients.cliente!;
    const second = await c.post(PATH, leon);
    expect(second.status).toBe(201);
    expect(second.body.data).toMatchObject({ country: 'MX', regionName: 'Guanajuato', cityCode: null, cityName: 'León', isDefault: false });
    const moved = await c.request('PATCH', `${PATH}/${second.body.data.id}`, { ...leon, isDefault: true });
    expect(moved.status).toBe(200);
    expect(moved.body.data.isDefault).toBe(true);
    const list = (await c.get(PATH)).body.data as { id: string; isDefault: boolean }[];
    expect(list.map((a) => a.isDefault)).toEqual([true, false]);
    expect(list[0]!.id).toBe(second.body.data.id);
  });

  it('edits an address (the whole address is sent again)', async () => {
    const c = clients.cliente!;
    const [, co] = (await c.get(PATH)).body.data as { id: string }[];
    const res = await c.request('PATCH', `${PATH}/${co!.id}`, { ...medellin, municipalityCode: '05266', notes: null });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ cityName: 'Envigado', notes: null, isDefault: false });
    expect((await c.get(`${PATH}/${co!.id}`)).body.data.cityName).toBe('Envigado');
  });

  it("another person's address id answers 404 to read, change or delete, and never shows up in their list (BOLA)", async () => {
    const owner = clients.cliente!;
    const other = clients.taller!;
    const [mine] = (await owner.get(PATH)).body.data as { id: string }[];
    for (const res of [
      await other.get(`${PATH}/${mine!.id}`),
      await other.request('PATCH', `${PATH}/${mine!.id}`, medellin),
      await other.request('DELETE', `${PATH}/${mine!.id}`),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ message: 'Not found', errors: ['Dirección no encontrada'] });
      expect(JSON.stringify(res.body)).not.toContain('León');
    }
    expect((await other.get(PATH)).body.data).toEqual([]);
    expect((await owner.get(`${PATH}/${mine!.id}`)).status).toBe(200);
  });

  it('deleting the default hands the default to the remaining address', async () => {
    const c = clients.cliente!;
    const [def, rest] = (await c.get(PATH)).body.data as { id: string }[];
    const removed = await c.request('DELETE', `${PATH}/${def!.id}`);
    expect(removed.status).toBe(200);
    expect(removed.body.data.id).toBe(def!.id);
    const list = (await c.get(PATH)).body.data as { id: string; isDefault: boolean }[];
    expect(list).toEqual([expect.objectContaining({ id: rest!.id, isDefault: true })]);
    expect((await c.request('DELETE', `${PATH}/${def!.id}`)).status).toBe(404);
  });

  describe('bad input is a 400 with Spanish text', () => {
    const cases: [string, unknown, string, string][] = [
      [
        'a phone of another country',
        { ...medellin, phone: '+1 202 555 0100' },
        'phone',
        'Escribe un teléfono válido de Colombia (+57) o de México (+52) con 10 dígitos',
      ],
      [
        'a municipality of another department',
        { ...medellin, municipalityCode: '11001' },
        'municipalityCode',
        'Elige un municipio del departamento elegido',
      ],
      ['an unknown department', { ...medellin, departmentCode: '42' }, 'departmentCode', 'Elige un departamento de la lista'],
      [
        'a postal code of another state',
        { ...leon, postalCode: '64000' },
        'postalCode',
        'El código postal 64000 no corresponde a Guanajuato',
      ],
      ['a Mexican address without colonia', { ...leon, neighborhood: '' }, 'neighborhood', 'Escribe la colonia'],
      ['a NUL byte', { ...medellin, addressLine: 'Calle 1\u0000 # 2-3' }, 'body', 'Los textos no pueden contener caracteres nulos.'],
      ['another country', { ...medellin, country: 'AR' }, 'country', 'Valor inválido'],
    ];
    it.each(cases)('%s', async (_label, body, path, text) => {
      const res = await clients.taller!.post(PATH, body);
      expect(res.status).toBe(400);
      expect(res.body.details).toEqual(expect.arrayContaining([expect.objectContaining({ path, message: text })]));
      expect(res.body.errors).toContain(text);
    });

    it('an id that is not one', async () => {
      const res = await clients.taller!.get(`${PATH}/no-es-un-id`);
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual(['Valor inválido']);
    });
  });

  it('concurrent saves of one person (a double click) leave exactly one default and never a 5xx', async () => {
    const c = clients.refaccionaria!;
    const answers = await Promise.all(Array.from({ length: 6 }, () => c.post(PATH, { ...leon, isDefault: true })));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201, 201]);
    const list = (await c.get(PATH)).body.data as { isDefault: boolean }[];
    expect(list).toHaveLength(6);
    expect(list.filter((a) => a.isDefault)).toHaveLength(1);
  });

  it('a person keeps at most 20 addresses (409 in Spanish)', async () => {
    const c = clients.refaccionaria!;
    for (let i = 6; i < 20; i++) expect((await c.post(PATH, { ...leon, label: `Sucursal ${i}` })).status).toBe(201);
    const over = await c.post(PATH, leon);
    expect(over.status).toBe(409);
    expect(over.body).toMatchObject({
      message: 'Too many addresses',
      errors: ['Puedes guardar hasta 20 direcciones. Elimina alguna para agregar otra.'],
    });
    const page = await c.get(`${PATH}?page=1&pageSize=15`);
    expect(page.body.data).toHaveLength(5);
    expect(page.body.metadata).toMatchObject({ total: 20, page: 1, pageSize: 15 });
  });
});
