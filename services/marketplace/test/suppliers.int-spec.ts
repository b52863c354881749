import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { TestClient, eventually, startTestHttpApp, type TestHttpApp } from '@tuerca/platform/testing';
import { DEMO_PASSWORD, IdentityModule, seedIdentity } from '@tuerca/identity';
import { MarketplaceModule } from '@tuerca/marketplace';
import { NotificationsModule } from '@tuerca/notifications';

const APPLY = '/api/store/supplierApplications';
const ADMIN = '/admin-api/supplier-applications';

type Row = Record<string, any>;

/** Joining as a supplier (issue #16): the application, the operator's review, the store, the seller's invitation. */
describe('suppliers: apply, review, store and seller account', () => {
  let t: TestHttpApp;
  let operator: TestClient;
  let customer: TestClient;
  let guest: TestClient;

  beforeAll(async () => {
    t = await startTestHttpApp([IdentityModule, MarketplaceModule, NotificationsModule]);
    await seedIdentity(t.db('identity'));
    operator = new TestClient(t.url);
    customer = new TestClient(t.url);
    guest = new TestClient(t.url);
    expect((await operator.post('/api/users/auth/login', { email: 'operador@tuerca.demo', password: DEMO_PASSWORD })).status).toBe(200);
    expect((await customer.post('/api/users/auth/login', { email: 'cliente@tuerca.demo', password: DEMO_PASSWORD })).status).toBe(200);
  });

  afterAll(async () => {
    await t?.close();
  });

  const sql = <T = Row>(schema: string, q: string, params: unknown[] = []) => t.db(schema).em().execute<T[]>(q, params);
  const colombian = (extra: Row = {}) => ({
    country: 'CO',
    company: 'Repuestos El Pistón SAS',
    tax_id: '800.197.268-4',
    city: 'Medellín',
    contact_name: 'Marta Gómez',
    email: 'Marta@ElPiston.co',
    whatsapp: '300 555 1234',
    sells: 'Frenos, suspensión y filtros para Mazda y Chevrolet',
    ...extra,
  });

  it('checks the NIT and RFC check digits and the WhatsApp number; bad input writes nothing', async () => {
    const before = await sql('marketplace', 'select count(*)::int as n from supplier_applications');
    const nit = await guest.post(APPLY, colombian({ tax_id: '800197268-5' }));
    expect(nit.status).toBe(400);
    expect(nit.body.errors).toContain('El NIT no es válido: revisa el número y su dígito de verificación.');
    const rfc = await guest.post(APPLY, colombian({ country: 'MX', tax_id: 'WMT970714R11', whatsapp: '55 1234 5678' }));
    expect(rfc.status).toBe(400);
    expect(rfc.body.errors).toContain('El RFC no es válido: revisa las letras, la fecha y los tres últimos caracteres.');
    const phone = await guest.post(APPLY, colombian({ whatsapp: '12' }));
    expect(phone.status).toBe(400);
    const missing = await guest.post(APPLY, { country: 'CO' });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toContain('¡Este campo es requerido!');
    expect(await sql('marketplace', 'select count(*)::int as n from supplier_applications')).toEqual(before);
  });

  it('anyone applies once per tax id; only operators review', async () => {
    guest = new TestClient(t.url);
    const res = await guest.post(APPLY, colombian());
    expect(res.status).toBe(201);
    expect(res.body.metadata.message).toBe('Recibimos tu solicitud. Te escribiremos al correo cuando la revisemos.');
    const again = await guest.post(APPLY, colombian({ tax_id: '8001972684' }));
    expect(again.status).toBe(409);
    expect(again.body.errors).toEqual(['Ya hay una solicitud en revisión con este NIT o RFC.']);

    expect((await guest.get(ADMIN)).status).toBe(401);
    expect((await customer.get(ADMIN)).status).toBe(403);
    expect((await customer.post(`${ADMIN}/${res.body.data.id}/approve`, {})).status).toBe(403);

    const list = await operator.get(`${ADMIN}?filter=${encodeURIComponent(JSON.stringify({ status: 'pending', q: 'pistón' }))}`);
    expect(list.status).toBe(200);
    expect(list.headers.get('content-range')).toMatch(/^supplier-applications 0-0\/1$/);
    expect(list.body[0]).toMatchObject({
      id: res.body.data.id,
      tax_id: '800197268-4',
      email: 'marta@elpiston.co',
      whatsapp: '+573005551234',
      status: 'pending',
    });
    expect((await operator.get(`${ADMIN}/not-an-id`)).status).toBe(404);
  });

  it('approval creates the store and, through identity, the seller account the invitation e-mail opens', async () => {
    guest = new TestClient(t.url);
    const app = (await guest.post(APPLY, colombian({ company: 'Autopartes La 80', tax_id: '899999068-1', email: 'ventas@la80.co' }))).body
      .data;
    const approved = await operator.post(`${ADMIN}/${app.id}/approve`, {});
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: 'approved', reviewed_by: expect.any(String) });
    const [store] = await sql('marketplace', 'select name, country, currency, city, mobile from stores where id = ?', [
      approved.body.store_id,
    ]);
    expect(store).toEqual({ name: 'Autopartes La 80', country: 'CO', currency: 'COP', city: 'Medellín', mobile: '+573005551234' });
    expect((await operator.post(`${ADMIN}/${app.id}/approve`, {})).status).toBe(409);

    // identity invites; notifications e-mails the link.
    const [mail] = await eventually(async () => {
      const rows = await sql('notifications', `select * from messages where template = 'seller-invited' and recipient = ?`, [
        'ventas@la80.co',
      ]);
      return rows.length === 1 ? rows : null;
    });
    expect(mail!.text).toContain('aprobamos a Autopartes La 80 como proveedor de Tuerca');
    const token = /\/users\/page\/invitacion\?token=([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;

    const seller = new TestClient(t.url);
    expect((await seller.post('/api/users/auth/acceptInvitation', { token, password: 'corta' })).status).toBe(400);
    const accepted = await seller.post('/api/users/auth/acceptInvitation', { token, password: 'Frenos-La80-2026!' });
    expect(accepted.status).toBe(200);
    expect(accepted.body.data.user).toMatchObject({ email: 'ventas@la80.co', storeId: approved.body.store_id, name: 'Marta Gómez' });
    expect(accepted.body.data.user.roles.sort()).toEqual(['seller', 'store_admin']);
    expect((await new TestClient(t.url).post('/api/users/auth/acceptInvitation', { token, password: 'Frenos-La80-2026!' })).status).toBe(
      400,
    );
    const again = new TestClient(t.url);
    expect((await again.post('/api/users/auth/login', { email: 'ventas@la80.co', password: 'Frenos-La80-2026!' })).status).toBe(200);
  });

  it('a person who already has an account gets the store on it and a login link', async () => {
    const app = (await guest.post(APPLY, colombian({ company: 'Lubricantes Camila', tax_id: '860002964-4', email: 'cliente@tuerca.demo' })))
      .body.data;
    const approved = (await operator.post(`${ADMIN}/${app.id}/approve`, {})).body;
    const [mail] = await eventually(async () => {
      const rows = await sql('notifications', `select * from messages where template = 'seller-invited' and recipient = ?`, [
        'cliente@tuerca.demo',
      ]);
      return rows.length === 1 ? rows : null;
    });
    expect(mail!.text).toContain('la agregamos a tu cuenta. Inicia sesión en');
    const [user] = await sql('identity', 'select roles, store_id from users where email = ?', ['cliente@tuerca.demo']);
    expect(user!.store_id).toBe(approved.store_id);
    expect(user!.roles).toEqual(expect.arrayContaining(['customer', 'seller', 'store_admin']));
  });

  it('a rejection keeps the reason and frees the tax id for a new application', async () => {
    guest = new TestClient(t.url);
    const app = (await guest.post(APPLY, colombian({ country: 'MX', tax_id: 'TME840315KT6', whatsapp: '55 1234 5678', city: 'León' }))).body
      .data;
    expect((await operator.post(`${ADMIN}/${app.id}/reject`, {})).status).toBe(400);
    const rejected = await operator.post(`${ADMIN}/${app.id}/reject`, { reason: 'No vende autopartes' });
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({ status: 'rejected', rejection_reason: 'No vende autopartes', store_id: null });
    expect((await operator.post(`${ADMIN}/${app.id}/approve`, {})).status).toBe(409);
    expect((await guest.post(APPLY, colombian({ country: 'MX', tax_id: 'TME840315KT6', whatsapp: '55 1234 5678' }))).status).toBe(201);
  });

  it('limits the public application per visitor: a clear 429 in Spanish, nothing written', async () => {
    const visitor = new TestClient(t.url);
    const body = colombian({ company: 'Frenos del Norte', tax_id: '890903938-8', email: 'frenos@norte.co' });
    expect((await visitor.post(APPLY, body)).status).toBe(201);
    for (let i = 0; i < 4; i++) expect((await visitor.post(APPLY, body)).status).toBe(409);
    const before = await sql('marketplace', 'select count(*)::int as n from supplier_applications');
    const refused = await visitor.post(APPLY, colombian({ company: 'Otra', tax_id: '860034313-7', email: 'otra@norte.co' }));
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe('Too many requests');
    expect(refused.body.errors[0]).toMatch(/^Demasiados intentos\. Intenta de nuevo en \d+ minutos?\.$/);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await sql('marketplace', 'select count(*)::int as n from supplier_applications')).toEqual(before);
    // Another visitor is not affected.
    expect(
      (await new TestClient(t.url).post(APPLY, colombian({ company: 'Otra', tax_id: '860034313-7', email: 'otra@norte.co' }))).status,
    ).toBe(201);
  });
});
