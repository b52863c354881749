import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { TestClient, eventually, startTestHttpApp, type TestHttpApp } from '@tuerca/platform/testing';
import { DEMO_PASSWORD, IdentityModule, seedIdentity } from '@tuerca/identity';
import { MarketplaceModule } from '@tuerca/marketplace';
import { NotificationsModule } from '@tuerca/notifications';
import { demoStores } from '@tuerca/demo-data';
import { WHATSAPP_TEST_TEMPLATES, WhatsAppCloudApiTestServer, type SentMessage } from './whatsapp-cloud-api-test-server.js';

type Row = Record<string, any>;
const SELLER = '573001112233';
const SECRET = 'app-secret-de-pruebas';
const [bogota] = demoStores();

/**
 * Issue 18's "a seller answers a quotation from WhatsApp", across the contexts: a person asks for availability
 * (marketplace, QuoteRequested) → the store's WhatsApp gets the template with its two buttons (notifications,
 * through the Cloud API to the local server that follows Meta's contract) → the seller taps 'Hay
 * disponibilidad' (signed webhook) → SellerRepliedOnWhatsApp → the marketplace answers the quotation as the
 * console does (SellerResponded: the window opens, the person is told) — once, and only from the store's number.
 */
describe('a seller answers a quotation from WhatsApp', () => {
  const wa = new WhatsAppCloudApiTestServer({
    token: 'EAAG-token',
    phoneNumberId: '106540352242922',
    appSecret: SECRET,
    businessNumber: '576015550000',
    templates: WHATSAPP_TEST_TEMPLATES,
  });
  let t: TestHttpApp;
  let seller: TestClient;
  let customer: TestClient;

  beforeAll(async () => {
    await wa.start();
    t = await startTestHttpApp([IdentityModule, MarketplaceModule, NotificationsModule], {
      NOTIFICATIONS_WHATSAPP: 'cloud-api',
      WHATSAPP_API_URL: wa.apiUrl,
      WHATSAPP_PHONE_NUMBER_ID: '106540352242922',
      WHATSAPP_TOKEN: 'EAAG-token',
      WHATSAPP_APP_SECRET: SECRET,
    });
    await seedIdentity(t.db('identity'));
    await t
      .db('marketplace')
      .em()
      .execute(
        `insert into stores (id, name, country, currency, city, is_virtual, path_prefix, show_product_references, mobile)
         values (?, ?, 'CO', 'COP', ?, false, ?, true, '+57 300 111 2233')`,
        [bogota!.id, bogota!.name, bogota!.city, bogota!.pathPrefix],
      );
    seller = new TestClient(t.url);
    customer = new TestClient(t.url);
    expect((await seller.post('/api/users/auth/login', { email: 'vendedor@tuerca.demo', password: DEMO_PASSWORD })).status).toBe(200);
    expect((await customer.post('/api/users/auth/login', { email: 'cliente@tuerca.demo', password: DEMO_PASSWORD })).status).toBe(200);
  });

  afterAll(async () => {
    await t?.close();
    await wa.stop();
  });

  const sql = (q: string, params: unknown[] = []) => t.db('marketplace').em().execute<Row[]>(q, params);

  it("the tap on 'Hay disponibilidad' answers the quotation once; another number's tap, a replay and a second tap change nothing", async () => {
    const created = await seller.post('/api/catalogo/products', {
      scenario: 'create',
      title: 'Kit de embrague LuK',
      manufacturer_title: 'LuK',
      descripcion: 'Kit de embrague completo',
      referencia_1: 'WA-620-3057',
      inventario: 4,
      actualPrice: 450000,
      salesModel: 3,
      remainingTime: 6,
    });
    expect(created.status).toBe(201);
    const productId = created.body.data.id as string;
    const asked = await customer.post('/api/cart/cartShoppingHeader/makeQuotation', {
      quantityquotation: '1',
      productidquotation: productId,
    });
    expect([200, 201]).toContain(asked.status);
    const quotationId = asked.body.data.quotationId as string;

    // The store's WhatsApp conversation receives the quotation template with the two buttons.
    const template: SentMessage = await eventually(
      async () => wa.conversation(SELLER).find((m) => JSON.stringify(m.body).includes(quotationId)) ?? null,
    );
    expect(template.body.template.name).toBe('tuerca_quote_requested');
    expect(template.body.template.components[0].parameters.map((p: Row) => p.text)).toEqual([
      expect.any(String),
      'Kit de embrague LuK',
      'WA-620-3057',
      '1',
    ]);

    const url = `${t.url}/api/notifications/whatsapp/webhook`;
    // Someone else who got the message forwarded taps 'No hay disponibilidad' first: not the store's number.
    expect((await wa.deliver(url, wa.tapBody('573005550000', template, 1))).status).toBe(200);
    const tap = wa.tapBody(SELLER, template, 0);
    expect((await wa.deliver(url, tap)).status).toBe(200);

    const answered = await eventually(async () => {
      const [q] = await sql(`select state, responded_by, remaining_time, window_expires_at from quotations where id = ?`, [quotationId]);
      return q && q.state !== 'awaiting' ? q : null;
    });
    expect(answered).toMatchObject({ state: 'available', responded_by: `whatsapp:+${SELLER}`, remaining_time: 6 });
    expect(answered.window_expires_at).not.toBeNull();

    // The person's results now offer the purchase ('Agregar'): the quote record says the seller answered.
    const view = (await customer.get(`/api/catalogo/products/${productId}`)).body.data;
    expect(view.quoteRecord).toMatchObject({ sale_id: quotationId, seller_response: 1, not_available: 0 });

    // A replay of the same tap, and a later tap on 'No hay disponibilidad', change nothing.
    await wa.deliver(url, tap);
    expect((await wa.deliver(url, wa.tapBody(SELLER, template, 1))).status).toBe(200);
    await eventually(async () => {
      const [r] = await sql(`select count(*)::int as n from processed_events where consumer_group like '%whatsapp-replies'`);
      return r!.n === 3 ? true : null;
    });
    const [q] = await sql(`select state from quotations where id = ?`, [quotationId]);
    expect(q!.state).toBe('available');
    const responded = await sql(`select envelope from outbox_events where type = 'SellerResponded' and aggregate_id = ?`, [quotationId]);
    expect(responded).toHaveLength(1);
    expect(responded[0]!.envelope.payload).toMatchObject({ quotationId, available: true, storeName: bogota!.name });

    // The person is told, as after the console's answer (WhatsApp 'seller-available' when they gave a number).
    const told = await eventually(async () => {
      const rows = await t
        .db('notifications')
        .em()
        .execute<Row[]>(`select template, status from messages where quotation_id = ? and event_type = 'SellerResponded'`, [quotationId]);
      return rows.length === 1 ? rows[0] : null;
    });
    expect(told!.template).toBe('seller-available');
  });
});
