import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { TestClient, eventually, startTestHttpApp, type TestHttpApp } from '@tuerca/platform/testing';
import { DEMO_PASSWORD, IdentityModule, seedIdentity } from '@tuerca/identity';
import { NotificationsModule } from '@tuerca/notifications';
import { demoStores } from '@tuerca/demo-data';
import { MarketplaceModule } from '@tuerca/marketplace';

const REQUESTS = '/api/store/quoteRequests';
const ADMIN = '/admin-api/quote-requests';
const [bogota, cali, leon] = demoStores();

type Row = Record<string, any>;

/**
 * The quotation request page (issue #16, spec 000 §2 '/home/page/cotizacion'): a workshop's list of parts reaches
 * the sellers of those parts or that make in its country; each answers in the operator console with its products
 * and prices; the workshop compares and buys an answered part at the answered price.
 */
describe('quotation requests: several sellers, their answers, the cart', () => {
  let t: TestHttpApp;
  const who: Record<'guest' | 'cliente' | 'taller' | 'nuevo' | 'vendedor' | 'refaccionaria' | 'operador', TestClient> = {} as never;
  const products: Record<string, string> = {};

  const sql = <T = Row>(schema: string, q: string, params: unknown[] = []) => t.db(schema).em().execute<T[]>(q, params);
  const count = async (table: string) => (await sql<{ n: number }>('marketplace', `select count(*)::int as n from ${table}`))[0]!.n;
  const publish = async (client: TestClient, key: string, body: Row) => {
    const res = await client.post('/api/catalogo/products', {
      scenario: 'create',
      manufacturer_title: 'Bosch',
      descripcion: 'Repuesto de prueba',
      inventario: 10,
      salesModel: 1,
      ...body,
    });
    expect(res.status).toBe(201);
    products[key] = res.body.data.id as string;
  };
  const request = (extra: Row = {}) => ({
    vehicle: { brand: 'Chevrolet', model: 'Spark GT', year: 2015 },
    parts: [
      { name: 'Pastillas de freno delanteras', reference: 'QR-PAST-01', amount: 2 },
      { name: 'Pastillas de freno traseras', amount: 1 },
    ],
    city: 'Bogotá',
    comment: 'Para entregar esta semana',
    ...extra,
  });

  beforeAll(async () => {
    t = await startTestHttpApp([IdentityModule, MarketplaceModule, NotificationsModule]);
    await seedIdentity(t.db('identity'));
    for (const s of [bogota!, cali!, leon!])
      await sql(
        'marketplace',
        `insert into stores (id, name, country, currency, city, is_virtual, path_prefix, show_product_references, mobile) values (?, ?, ?, ?, ?, false, null, true, ?)`,
        [
          s.id,
          s.name,
          s.country,
          s.country === 'MX' ? 'MXN' : 'COP',
          s.city,
          s.country === 'MX' ? '+524771112233' : s === bogota ? '+573001112233' : '+573002223344',
        ],
      );
    for (const [key, email] of [
      ['cliente', 'cliente@tuerca.demo'],
      ['taller', 'taller@tuerca.demo'],
      ['nuevo', 'nuevo@tuerca.demo'],
      ['vendedor', 'vendedor@tuerca.demo'],
      ['refaccionaria', 'refaccionaria@tuerca.demo'],
      ['operador', 'operador@tuerca.demo'],
    ] as const) {
      who[key] = new TestClient(t.url);
      expect((await who[key].post('/api/users/auth/login', { email, password: DEMO_PASSWORD })).status).toBe(200);
    }
    who.guest = new TestClient(t.url);
    // La 68 sells the front pads (by part number) and an oil filter; Del Valle rear pads (found by name); El Bajío
    // (Mexico) the same front pads, but the requester is in Colombia.
    await publish(who.vendedor, 'pads68', {
      title: 'Pastillas de freno delanteras cerámicas',
      referencia_1: 'QR-PAST-01',
      actualPrice: 98000,
    });
    await publish(who.vendedor, 'filter68', { title: 'Filtro de aceite roscado', referencia_1: 'QR-FIL-01', actualPrice: 25000 });
    await publish(who.operador, 'padsValle', {
      storeId: cali!.id,
      title: 'Pastillas de freno traseras',
      referencia_1: 'QR-PAST-77',
      actualPrice: 91000,
    });
    await publish(who.refaccionaria, 'padsBajio', { title: 'Pastillas de freno delanteras', referencia_1: 'QR-PAST-01', actualPrice: 900 });
    // The search read model follows the products' events.
    await eventually(async () => ((await count('product_search')) >= 4 ? true : null));
  });

  afterAll(async () => {
    await t?.close();
  });

  it('guests log in first; a sign-up not completed is refused; bad input is Spanish and writes nothing', async () => {
    expect((await who.guest.post(REQUESTS, request())).status).toBe(401);
    expect((await who.nuevo.post(REQUESTS, request())).status).toBe(403);
    const before = await count('quote_requests');
    const empty = await who.cliente.post(REQUESTS, request({ parts: [] }));
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toContain('Agrega al menos un repuesto.');
    const zero = await who.cliente.post(REQUESTS, request({ parts: [{ name: 'Bujía', amount: 0 }] }));
    expect(zero.status).toBe(400);
    expect(zero.body.errors).toContain('La cantidad debe ser mayor a cero');
    const noVehicle = await who.cliente.post(REQUESTS, request({ vehicle: { brand: '', model: 'Spark' } }));
    expect(noVehicle.status).toBe(400);
    expect(noVehicle.body.errors).toContain('¡Este campo es requerido!');
    // Nobody sells it: the reason, and still nothing written.
    const nobody = await who.cliente.post(
      REQUESTS,
      request({ vehicle: { brand: 'Lada', model: 'Niva' }, parts: [{ name: 'Carburador de doble cuerpo', amount: 1 }] }),
    );
    expect(nobody.status).toBe(422);
    expect(nobody.body.errors).toEqual([
      'Por ahora ninguna tienda vende esas piezas o esa marca. Revisa los nombres o números de parte e intenta de nuevo.',
    ]);
    expect(await count('quote_requests')).toBe(before);
  });

  it('reaches the sellers of those parts in the requester’s country, tells each on WhatsApp, and answers are compared side by side', async () => {
    const sent = await who.cliente.post(REQUESTS, request());
    expect(sent.status).toBe(201);
    expect(sent.body.data.sellers).toBe(2);
    expect(sent.body.metadata.message).toBe('Tu solicitud llegó a 2 vendedores. Te avisaremos por WhatsApp cuando respondan.');
    const id = sent.body.data.id as string;
    const asked = await sql<{ store_id: string }>(
      'marketplace',
      'select store_id from quote_request_sellers where request_id = ? order by store_id',
      [id],
    );
    expect(asked.map((r) => r.store_id).sort()).toEqual([bogota!.id, cali!.id].sort());

    // One WhatsApp per store, naming the parts and leading to the console.
    const messages = await eventually(async () => {
      const rows = await sql(
        'notifications',
        `select recipient, text from messages where template = 'parts-quote-requested' order by recipient`,
      );
      return rows.length === 2 ? rows : null;
    });
    expect(messages!.map((m) => m.recipient)).toEqual(['+573001112233', '+573002223344']);
    expect(messages![0]!.text).toContain('2 × Pastillas de freno delanteras (ref. QR-PAST-01); 1 × Pastillas de freno traseras');
    expect(messages![0]!.text).toContain('Chevrolet Spark GT 2015');

    // BOLA: another person's request is not found; the requester's list has it.
    expect((await who.taller.get(`${REQUESTS}/${id}`)).status).toBe(404);
    const mine = await who.cliente.get(`${REQUESTS}?page=0&pageSize=5`);
    expect(mine.body.data[0]).toMatchObject({ id, parts: 2, sellers: 2, answered: 0 });
    expect(mine.body.metadata.total).toBeGreaterThanOrEqual(1);
    expect((await who.taller.get(REQUESTS)).body.data.filter((r: Row) => r.id === id)).toEqual([]);

    // The seller sees only its store's row; the other store's is 404 to it; a customer none.
    const list = await who.vendedor.get(`${ADMIN}?filter=${encodeURIComponent(JSON.stringify({ state: 'awaiting' }))}`);
    expect(list.status).toBe(200);
    const rows = (list.body as Row[]).filter((r) => r.requestId === id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ storeId: bogota!.id, vehicle: 'Chevrolet Spark GT 2015', customerName: expect.any(String) });
    const mineRow = rows[0]!;
    const [valleRow] = await sql<{ id: string }>(
      'marketplace',
      'select id from quote_request_sellers where request_id = ? and store_id = ?',
      [id, cali!.id],
    );
    expect((await who.vendedor.get(`${ADMIN}/${valleRow!.id}`)).status).toBe(404);
    expect((await who.cliente.get(ADMIN)).status).toBe(403);

    const [pads, rear] = mineRow.lines as Row[];
    // Another store's product, or no price, is refused and nothing is written.
    const foreign = await who.vendedor.request('PUT', `${ADMIN}/${mineRow.id}`, {
      lines: [{ lineId: pads!.id, available: true, productId: products.padsValle, price: 90000 }],
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors).toEqual(['El producto elegido no es de tu tienda.']);
    expect(
      (
        await who.vendedor.request('PUT', `${ADMIN}/${mineRow.id}`, {
          lines: [{ lineId: pads!.id, available: true, productId: products.pads68 }],
        })
      ).status,
    ).toBe(400);
    expect(await count('quote_offers')).toBe(0);

    // La 68 answers: the front pads at $90.000 (under the list price), no rear pads.
    const answered = await who.vendedor.request('PUT', `${ADMIN}/${mineRow.id}`, {
      lines: [
        { lineId: pads!.id, available: true, productId: products.pads68, price: 90000 },
        { lineId: rear!.id, available: false },
      ],
      comment: 'Entrega el mismo día en Bogotá',
    });
    expect(answered.status).toBe(200);
    expect(answered.body).toMatchObject({ state: 'answered', sellerComment: 'Entrega el mismo día en Bogotá' });
    expect((await who.vendedor.request('PUT', `${ADMIN}/${mineRow.id}`, { lines: [{ lineId: rear!.id, available: false }] })).status).toBe(
      409,
    );
    // The operator answers for Del Valle.
    expect(
      (
        await who.operador.request('PUT', `${ADMIN}/${valleRow!.id}`, {
          lines: [
            { lineId: pads!.id, available: true, productId: products.padsValle, price: 87500 },
            { lineId: rear!.id, available: false },
          ],
        })
      ).status,
    ).toBe(200);

    // The requester compares: both stores, each with its price for the front pads; nobody has the rear ones.
    const view = (await who.cliente.get(`${REQUESTS}/${id}`)).body.data;
    expect(view.sellers.map((s: Row) => [s.storeName, s.state])).toEqual([
      ['Autopartes del Valle', 'answered'],
      ['Repuestos La 68', 'answered'],
    ]);
    const la68 = view.sellers.find((s: Row) => s.storeId === bogota!.id);
    expect(la68.comment).toBe('Entrega el mismo día en Bogotá');
    const offer = la68.offers.find((o: Row) => o.lineId === pads!.id);
    expect(offer).toMatchObject({
      available: true,
      productId: products.pads68,
      productReference: 'QR-PAST-01',
      price: 90000,
      currency: 'COP',
      quotationState: 'available',
    });
    expect(la68.offers.find((o: Row) => o.lineId === rear!.id)).toMatchObject({ available: false, quotationId: null });

    // The requester is told on WhatsApp, once per answer.
    const told = await eventually(async () => {
      const r = await sql('notifications', `select recipient, text from messages where template = 'parts-quote-answered'`);
      return r.length === 2 ? r : null;
    });
    expect(told!.map((m) => m.recipient)).toEqual(['+573001234567', '+573001234567']);
    expect(told!.map((m) => m.text).join(' ')).toContain(
      'Repuestos La 68 respondió tu solicitud de cotización para Chevrolet Spark GT 2015: tiene 1 de 2 repuestos',
    );

    // Into the cart at the answered price, for the quantity asked; another person cannot use that quotation.
    expect(
      (await who.taller.post('/api/cart/page/add', { productId: products.pads68, quantity: 2, quotationId: offer.quotationId })).status,
    ).toBe(404);
    const added = await who.cliente.post('/api/cart/page/add', { productId: products.pads68, quantity: 2, quotationId: offer.quotationId });
    expect(added.status).toBe(200);
    expect(added.body.data).toMatchObject({ quotationId: offer.quotationId, unitPrice: 90000, quantity: 2 });
    const [line] = await sql('marketplace', 'select quotation_id, quantity from cart_items where id = ?', [added.body.data.id]);
    expect(line).toEqual({ quotation_id: offer.quotationId, quantity: 2 });
  });
});
