import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CrossReferencesPublished, type ProductView } from '@tuerca/contracts';
import { Clock, ContextDatabase, EventBus, Jobs, ScheduledWork, dutyJobId, recordEvent } from '@tuerca/platform';
import { TestClient, eventually, startTestHttpApp, type TestHttpApp } from '@tuerca/platform/testing';
import { DEMO_PASSWORD, IdentityModule, seedIdentity } from '@tuerca/identity';
import { demoStores } from '@tuerca/demo-data';
import { MarketplaceModule } from '@tuerca/marketplace';
import { QuotationsService } from '../src/quotations/quotations.service.js';
import { QuotationWindows } from '../src/quotations/close-quotation-window.command.js';

const P = '/api/catalogo/products';
const DAY = 24 * 3600 * 1000;
const [bogota, cali, leon, virtualStore] = demoStores();

/** A product as a seller's form sends it; only what a test cares about is overridden. */
const product = (referencia_1: string, extra: Record<string, unknown> = {}) => ({
  scenario: 'create',
  title: `Pastillas de freno delanteras ${referencia_1}`,
  manufacturer_title: 'Bosch',
  descripcion: 'Juego de pastillas cerámicas para eje delantero',
  referencia_1,
  inventario: 10,
  actualPrice: 100,
  salesModel: 1,
  ...extra,
});

describe('marketplace over HTTP', () => {
  let t: TestHttpApp;
  let clock: Clock;
  const who: Record<'guest' | 'cliente' | 'taller' | 'nuevo' | 'vendedor' | 'tienda' | 'refaccionaria' | 'operador', TestClient> =
    {} as never;

  const search = async (client: TestClient, reference: string, query = '') =>
    (await client.get(`${P}/searchProductByReference?reference=${encodeURIComponent(reference)}${query}`)).body.data as {
      products: ProductView[];
      productSubstitutions: ProductView[];
      showSubstitutions: boolean;
    };

  /** Publishes and waits until the search read model shows it (it follows the product events). */
  const publish = async (seller: TestClient, body: Record<string, unknown>): Promise<string> => {
    const res = await seller.post(P, body);
    expect(res.status).toBe(201);
    const id = res.body.data.id as string;
    await eventually(async () => ((await who.operador.get(`${P}/${id}`)).status === 200 ? true : null));
    return id;
  };

  /** Waits until the read model reflects a change (an event later). */
  const settle = (id: string, check: (p: ProductView) => boolean, client: TestClient = who.operador) =>
    eventually(async () => {
      const r = await client.get(`${P}/${id}`);
      return r.status === 200 && check(r.body.data) ? r.body.data : null;
    });

  beforeAll(async () => {
    t = await startTestHttpApp([IdentityModule, MarketplaceModule]);
    clock = t.app.get(Clock);
    await seedIdentity(t.db('identity'));
    const db = t.db('marketplace');
    for (const s of [bogota!, cali!, leon!, virtualStore!]) {
      await db.em().execute(
        `insert into stores (id, name, country, currency, city, is_virtual, path_prefix, show_product_references, mobile)
         values (?, ?, ?, ?, ?, ?, ?, ?, '+573001112233')`,
        [s.id, s.name, s.country, s.country === 'MX' ? 'MXN' : 'COP', s.city, s.virtual, s.pathPrefix, !s.virtual],
      );
    }
    who.guest = new TestClient(t.url);
    for (const [key, email] of [
      ['cliente', 'cliente@tuerca.demo'],
      ['taller', 'taller@tuerca.demo'],
      ['nuevo', 'nuevo@tuerca.demo'],
      ['vendedor', 'vendedor@tuerca.demo'],
      ['tienda', 'tienda@tuerca.demo'],
      ['refaccionaria', 'refaccionaria@tuerca.demo'],
      ['operador', 'operador@tuerca.demo'],
    ] as const) {
      who[key] = new TestClient(t.url);
      expect((await who[key].post('/api/users/auth/login', { email, password: DEMO_PASSWORD })).status).toBe(200);
    }
  });

  afterAll(async () => {
    clock?.reset();
    await t?.close();
  });

  describe('products and availability', () => {
    it('publishes a seller product that a guest then finds by part number, with every field of the read shape', async () => {
      const id = await publish(
        who.vendedor,
        product('BP-1001', { referencia_2: '0 986 494 001', hidePrices: false, tiempos_de_entrega: '24 horas' }),
      );
      const found = await search(who.guest, 'bp1001');
      expect(found.products.map((p) => p.id)).toEqual([id]);
      const p = found.products[0]!;
      expect(p).toMatchObject({
        referencia_1: 'BP-1001',
        clean_reference_1: 'BP1001',
        inventario: 10,
        actualPrice: 100,
        currency: 'COP',
        salesModel: 1,
        cartTypeBySaleModel: 'cart',
        available: true,
        sortGroup: 0,
        quoteRecord: null,
        productAddedToCart: false,
        store: { id: bogota!.id, name: 'Repuestos La 68', isVirtualStore: false, showProductReferences: true },
        users: { providerName: 'Repuestos La 68' },
      });
      // Any of the three references finds it, normalised.
      expect((await search(who.guest, '0986494001')).products.map((x) => x.id)).toEqual([id]);
    });

    it('reads as unavailable with stock under 1, or stock updated more than 30 days ago outside virtual stores', async () => {
      const empty = await publish(who.vendedor, product('AV-0', { inventario: 0 }));
      const stale = await publish(who.vendedor, product('AV-OLD'));
      const virtual = await publish(who.tienda, product('AV-VIRT'));
      expect((await who.guest.get(`${P}/${empty}`)).body.data).toMatchObject({ available: false, sortGroup: 5, state: 'depleted' });
      clock.advance(31 * DAY);
      try {
        expect((await who.guest.get(`${P}/${stale}`)).body.data).toMatchObject({ available: false, sortGroup: 5 });
        // spec 000 §9: "outside virtual stores" — a virtual store's stock does not age.
        expect((await who.guest.get(`${P}/${virtual}`)).body.data).toMatchObject({ available: true });
        // The seller confirms stock: available again.
        expect((await who.vendedor.request('PATCH', `${P}/${stale}`, { scenario: 'stockAndPrice', inventario: 4 })).status).toBe(200);
        await settle(stale, (p) => p.available && p.inventario === 4);
      } finally {
        clock.reset();
      }
    });

    it('hides a virtual store’s references unless it shows them, and keeps its products out of the marketplace results', async () => {
      const id = await publish(who.tienda, product('VS-777'));
      expect((await search(who.guest, 'VS-777')).products).toEqual([]);
      const inStore = await search(who.guest, 'VS-777', '&pathPrefix=motorepuestos-antioquia');
      expect(inStore.products.map((p) => p.id)).toEqual([id]);
      expect(inStore.products[0]).toMatchObject({
        referencia_1: null,
        clean_reference_1: null,
        store: { showProductReferences: false, pathPrefix: 'motorepuestos-antioquia' },
      });
      expect(inStore.showSubstitutions).toBe(false);
    });

    it("shows the person's country's stores, so a result list never mixes currencies (guests: CO)", async () => {
      const co = await publish(who.vendedor, product('CTRY-1'));
      const mx = await publish(who.refaccionaria, product('CTRY-1'));
      expect((await search(who.guest, 'CTRY-1')).products.map((p) => p.id)).toEqual([co]);
      expect((await search(who.refaccionaria, 'CTRY-1')).products.map((p) => p.id)).toEqual([mx]);
      const asked = await search(who.guest, 'CTRY-1', '&country=MX');
      expect(asked.products.map((p) => [p.id, p.currency])).toEqual([[mx, 'MXN']]);
      const text = await who.guest.get(`${P}?filter=${encodeURIComponent(JSON.stringify({ reference: 'CTRY-1', country: 'MX' }))}`);
      expect(text.body.data.map((p: ProductView) => p.id)).toEqual([mx]);
    });

    it('cuts the provider name to 21 characters and hides prices when asked', async () => {
      await t
        .db('marketplace')
        .em()
        .execute(`update stores set provider_name = 'Distribuidora Nacional de Autopartes S.A.S.' where id = ?`, [cali!.id]);
      const operatorProduct = await publish(who.operador, product('PN-21', { storeId: cali!.id, hidePrices: true }));
      const p = (await who.guest.get(`${P}/${operatorProduct}`)).body.data as ProductView;
      expect(p.users.providerName).toBe('Distribuidora Naciona');
      expect(p.actualPrice).toBeNull();
    });

    it('rejects bad product input in Spanish and duplicates in the same store', async () => {
      const bad = await who.vendedor.post(P, { scenario: 'create', title: '', referencia_1: '', inventario: -1, actualPrice: 'x' });
      expect(bad.status).toBe(400);
      expect(bad.body.errors.join(' ')).toMatch(/obligatorio|número/);
      await publish(who.vendedor, product('DUP-1'));
      const dup = await who.vendedor.post(P, product('dup 1'));
      expect(dup.status).toBe(409);
      expect(dup.body.errors[0]).toBe('Ya tienes publicado el número de parte dup 1 de la marca Bosch.');
      const exists = await who.vendedor.get(
        `${P}/checkIfTheProductExist?productDetail=${encodeURIComponent(JSON.stringify({ referencia_1: 'DUP1', manufacturer_title: 'bosch' }))}`,
      );
      expect(exists.body.data).toMatchObject({ exists: true });
    });
  });

  describe('product visits (updateProductVisits)', () => {
    it('counts a visit once per person and product in half an hour, and limits a visitor past 60 a minute (#20 finding 9)', async () => {
      const id = await publish(who.vendedor, product('VIS-1', { salesModel: 1, inventario: 3 }));
      const visit = (c: TestClient) => c.post(`${P}/updateProductVisits`, { productId: id });
      const first = await visit(who.guest);
      expect(first.status).toBe(200);
      const again = await visit(who.guest);
      expect(again.body.data.visits).toBe(first.body.data.visits);
      const other = await visit(who.cliente);
      expect(other.body.data.visits).toBe(first.body.data.visits + 1);
      const bot = new TestClient(t.url);
      for (let i = 0; i < 60; i++) expect((await visit(bot)).status).toBe(200);
      const refused = await visit(bot);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      // The bot's first visit counted once, like anyone's.
      expect((await visit(who.taller)).body.data.visits).toBe(first.body.data.visits + 3);
    });
  });

  describe('sort order (spec 000 §4), per person', () => {
    it('orders sale, order, quotation awaiting / no record / answered, then unavailable — and another person sees their own order', async () => {
      const ref = 'SORT-1';
      const ids = {
        unavailable: await publish(who.vendedor, product(ref, { manufacturer_title: 'Z-Agotado', inventario: 0 })),
        answered: await publish(who.vendedor, product(ref, { manufacturer_title: 'Q-Respondida', salesModel: 3, inventario: 5 })),
        noRecord: await publish(who.vendedor, product(ref, { manufacturer_title: 'Q-Sin', salesModel: 3, inventario: 5 })),
        awaiting: await publish(who.vendedor, product(ref, { manufacturer_title: 'Q-Espera', salesModel: 3, inventario: 5 })),
        order: await publish(who.vendedor, product(ref, { manufacturer_title: 'Pedido', salesModel: 2 })),
        sale: await publish(who.vendedor, product(ref, { manufacturer_title: 'Venta', salesModel: 1, actualPrice: 999 })),
      };
      const ask = (id: string) =>
        who.cliente.post('/api/cart/cartShoppingHeader/makeQuotation', { quantityquotation: '1', productidquotation: id });
      expect((await ask(ids.awaiting)).status).toBe(200);
      const answered = await ask(ids.answered);
      expect(
        (await who.vendedor.post('/api/cart/page/sendQuotationNotavailableToClientAjax', { quotationId: answered.body.data.quotationId }))
          .status,
      ).toBe(200);

      const forCliente = (await search(who.cliente, ref)).products;
      expect(forCliente.map((p) => p.id)).toEqual([ids.sale, ids.order, ids.awaiting, ids.noRecord, ids.answered, ids.unavailable]);
      expect(forCliente.map((p) => p.sortGroup)).toEqual([0, 1, 2, 3, 4, 5]);
      expect(forCliente[2]!.quoteRecord).toMatchObject({ seller_response: 0, not_available: 0 });
      expect(forCliente[4]!.quoteRecord).toMatchObject({ seller_response: 1, not_available: 1 });
      // Quotation state is per person: the workshop has asked nothing, so its quotation items have no record.
      const forTaller = (await search(who.taller, ref)).products;
      expect(forTaller.slice(0, 2).map((p) => p.id)).toEqual([ids.sale, ids.order]);
      expect(forTaller.slice(2, 5).every((p) => p.quoteRecord === null && p.sortGroup === 3)).toBe(true);
      expect(forTaller[5]!.id).toBe(ids.unavailable);
    });
  });

  describe('quotations (salesModel 3)', () => {
    let productId: string;
    beforeAll(async () => {
      productId = await publish(
        who.vendedor,
        product('QT-1', { salesModel: 3, inventario: 8, quotationMaxQuantity: 5, remainingTime: 6, actualPrice: 50000 }),
      );
    });
    const ask = (client: TestClient, quantity: unknown, id = productId) =>
      client.post('/api/cart/cartShoppingHeader/makeQuotation', { quantityquotation: quantity, productidquotation: id });

    it('refuses guests, incomplete sign-ups and bad quantities with the spec texts', async () => {
      const guest = await ask(who.guest, '1');
      expect(guest.status).toBe(401);
      expect(guest.body.message).toBe('Login required');
      const nuevo = await ask(who.nuevo, '1');
      expect(nuevo.status).toBe(403);
      expect(nuevo.body.message).toBe('Sign-up incomplete');
      for (const q of ['', '-', '0', '1.5', 'dos', null]) {
        const r = await ask(who.cliente, q);
        expect(r.status).toBe(400);
        expect(r.body.errors).toEqual(['La cantidad debe ser mayor a cero']);
      }
      // The input's max is quotationMaxQuantity when the product sets one (else the stock).
      const tooMany = await ask(who.cliente, '6');
      expect(tooMany.body.errors).toEqual(['La cantidad disponible es de 5 unidades. Intenta con una cantidad menor.']);
      const saleItem = await publish(who.vendedor, product('QT-SALE'));
      expect((await ask(who.cliente, '1', saleItem)).body.errors).toEqual(['Este producto no se vende por cotización.']);
    });

    it('moves through awaiting → available with a window → ordered, capped at quotationMaxQuantity; the window closes at a moved clock', async () => {
      const asked = await ask(who.cliente, '3');
      expect(asked.status).toBe(200);
      expect(asked.body.data.quoteRecord).toMatchObject({ seller_response: 0, not_available: 0, quantity: 3 });
      expect(asked.body.metadata.message).toBe('Solicitud de confirmación de disponibilidad enviada');
      const quotationId = asked.body.data.quotationId as string;
      expect((await ask(who.cliente, '1')).status).toBe(409);
      // Buying before the answer is refused.
      expect((await who.cliente.post('/api/cart/page/add', { productId, quantity: 1, quotationId })).status).toBe(409);
      // Another store's seller cannot answer it.
      expect((await who.refaccionaria.post('/api/cart/page/sendQuotationToClientAjax', { quotationId })).status).toBe(404);
      const answered = await who.vendedor.post('/api/cart/page/sendQuotationToClientAjax', { quotationId });
      expect(answered.status).toBe(200);
      expect(answered.body.data).toMatchObject({ remainingTime: 6, quoteRecord: { seller_response: 1, not_available: 0 } });
      expect((await who.vendedor.post('/api/cart/page/sendQuotationToClientAjax', { quotationId })).status).toBe(409);
      const view = (await who.cliente.get(`${P}/${productId}`)).body.data as ProductView;
      expect(view.quoteRecord).toMatchObject({ sale_id: quotationId, seller_response: 1, not_available: 0 });
      expect(new Date(view.quoteRecord!.expiresAt!).getTime() - Date.now()).toBeGreaterThan(5.9 * 3600 * 1000);
      expect(view.sortGroup).toBe(4);

      // 'Agregar' caps at quotationMaxQuantity.
      const over = await who.cliente.post('/api/cart/page/add', { productId, quantity: 6, quotationId });
      expect(over.status).toBe(400);
      expect(over.body.errors).toEqual(['La cantidad máxima permitida es de 5 unidades.']);
      const added = await who.cliente.post('/api/cart/page/add', { productId, quantity: 5, quotationId });
      expect(added.status).toBe(200);
      expect(added.body.data).toMatchObject({ section: 'cart', quantity: 5, quotationId, unitPrice: 50000 });

      // makeOrder: terms, cap.
      const noTerms = await who.cliente.post('/api/cart/cartShoppingHeader/makeOrder', { quotationId, quantityOrder: 2, comment: '' });
      expect(noTerms.body.errors).toEqual(['Debes aceptar los términos y condiciones para continuar con el pedido']);
      const capped = await who.cliente.post('/api/cart/cartShoppingHeader/makeOrder', { quotationId, quantityOrder: 9, acceptTerms: true });
      expect(capped.body.errors).toEqual(['La cantidad máxima permitida es de 5 unidades.']);

      // The window passes: reads check the clock themselves; the job closes it for good; ordering is refused.
      const quotations = t.app.get(QuotationsService);
      expect(await quotations.closeWindow(quotationId)).toBe(false);
      clock.advance(6 * 3600 * 1000 + 1000);
      try {
        expect(((await who.cliente.get(`${P}/${productId}`)).body.data as ProductView).quoteRecord).toBeNull();
        const late = await who.cliente.post('/api/cart/cartShoppingHeader/makeOrder', { quotationId, quantityOrder: 1, acceptTerms: true });
        expect(late.status).toBe(409);
        expect(late.body.errors).toEqual([
          'El tiempo para comprar este producto terminó. Solicita una nueva confirmación de disponibilidad.',
        ]);
        expect(await quotations.closeWindow(quotationId)).toBe(true);
        expect(await quotations.closeWindow(quotationId)).toBe(false);
        // A new request is possible once the window has closed.
        expect((await ask(who.cliente, '1')).status).toBe(200);
      } finally {
        clock.reset();
      }
    });

    it('orders within the window', async () => {
      const id = await publish(who.vendedor, product('QT-2', { salesModel: 3, inventario: 4, remainingTime: 2, actualPrice: 20000 }));
      const quotationId = (await ask(who.taller, '2', id)).body.data.quotationId as string;
      await who.vendedor.post('/api/cart/page/sendQuotationToClientAjax', { quotationId, price: 18000 });
      const order = await who.taller.post('/api/cart/cartShoppingHeader/makeOrder', {
        quotationId,
        quantityOrder: 2,
        comment: 'Para el martes',
        acceptTerms: true,
      });
      expect(order.status).toBe(200);
      expect(order.body.data).toMatchObject({ total: 36000, currency: 'COP', quantity: 2 });
      expect(order.body.data.ref_venta).toMatch(/^TU-\d+$/);
      expect(((await who.taller.get(`${P}/${id}`)).body.data as ProductView).quoteRecord).toBeNull();
    });

    it('a window whose alarm was lost after the answer committed is re-armed by the sweep and closes at its time', async () => {
      const id = await publish(who.vendedor, product('QT-4', { salesModel: 3, inventario: 4, remainingTime: 1, actualPrice: 20000 }));
      const quotationId = (await ask(who.taller, '1', id)).body.data.quotationId as string;
      expect((await who.vendedor.post('/api/cart/page/sendQuotationToClientAjax', { quotationId })).status).toBe(200);
      const windows = t.app.get(QuotationWindows);
      const jobs = t.app.get(Jobs);
      const work = t.app.get(ScheduledWork);
      const [row] = await t
        .db('marketplace')
        .em()
        .execute<{ window_expires_at: Date }[]>('select window_expires_at from quotations where id = ?', [quotationId]);
      const jobId = dutyJobId('quotation-window', { id: quotationId, runAt: new Date(row!.window_expires_at) });
      expect(await jobs.status(windows.handle.job, jobId)).toMatchObject({ state: 'delayed' });
      // The alarm is lost (a crash between the commit and the scheduling, or Redis): the row still says what is due.
      await jobs.cancel(windows.handle.job, jobId);
      expect(await jobs.status(windows.handle.job, jobId)).toBeNull();
      // Not due within the sweep's horizon (two minutes) yet: nothing armed.
      expect(await work.sweep(windows.handle)).toBe(0);
      clock.advance(3600 * 1000 - 60 * 1000);
      try {
        expect(await work.sweep(windows.handle)).toBeGreaterThanOrEqual(1);
        expect(await jobs.status(windows.handle.job, jobId)).not.toBeNull();
        // Armed once: a second sweep finds the alarm in place.
        expect(await work.sweep(windows.handle)).toBe(0);
        // The alarm's command closes the window once it has really passed.
        await windows.handle.definition.run(quotationId);
        const open = await t
          .db('marketplace')
          .em()
          .execute<{ state: string }[]>('select state from quotations where id = ?', [quotationId]);
        expect(open[0]!.state).toBe('available');
        clock.advance(2 * 60 * 1000);
        await windows.handle.definition.run(quotationId);
        const closed = await t
          .db('marketplace')
          .em()
          .execute<{ state: string }[]>('select state from quotations where id = ?', [quotationId]);
        expect(closed[0]!.state).toBe('expired');
      } finally {
        clock.reset();
      }
    });

    it('answers not available, then lets the person ask again; the seller can still mark it available', async () => {
      const id = await publish(who.vendedor, product('QT-3', { salesModel: 3, inventario: 3 }));
      const first = (await ask(who.cliente, '1', id)).body.data.quotationId as string;
      await who.vendedor.post('/api/cart/page/sendQuotationNotavailableToClientAjax', { quotationId: first });
      expect(((await who.cliente.get(`${P}/${id}`)).body.data as ProductView).quoteRecord).toMatchObject({
        seller_response: 1,
        not_available: 1,
      });
      const corrected = await who.vendedor.request('PATCH', `/api/cart/cartShoppingHeader/${first}/editStockConfirmationAsAvailable`, {
        remainingTime: 12,
      });
      expect(corrected.status).toBe(200);
      expect(corrected.body.data.quoteRecord).toMatchObject({ seller_response: 1, not_available: 0 });
      const list = await who.vendedor.get('/api/cart/CartShoppingHeader/listAllTransactions?onlyQuotation=1');
      expect(list.body.data.some((q: { id: string; state: string }) => q.id === first && q.state === 'available')).toBe(true);
      // The customer's own list holds only their quotations.
      const mine = await who.taller.get('/api/cart/CartShoppingHeader/listAllTransactions?onlyQuotation=1');
      expect(mine.body.data.every((q: { userId: string }) => q.userId === mine.body.data[0].userId)).toBe(true);
    });

    it('answers under a virtual store path prefix like the unprefixed call, for that store only (spec 000 §7 {prefix}/cart/page/sendQuotationToClientAjax)', async () => {
      const prefixed = (prefix: string) => `/api/${prefix}/cart/page/sendQuotationToClientAjax`;
      const virtualId = await publish(who.tienda, product('QT-VS', { salesModel: 3, inventario: 4, remainingTime: 3 }));
      const quotationId = (await ask(who.cliente, '1', virtualId)).body.data.quotationId as string;
      // Another store's seller under the right prefix, the right store under another store's prefix or an unknown one: 404.
      expect((await who.vendedor.post(prefixed('motorepuestos-antioquia'), { quotationId })).status).toBe(404);
      expect((await who.tienda.post(prefixed('otra-tienda'), { quotationId })).status).toBe(404);
      // A customer may not answer; a context's area is never a prefix (400 in Spanish, nothing answered).
      expect((await who.cliente.post(prefixed('motorepuestos-antioquia'), { quotationId })).status).toBe(403);
      const reserved = await who.tienda.post(prefixed('garage'), { quotationId });
      expect(reserved.status).toBe(400);
      expect(reserved.body.errors).toEqual(['Prefijo de tienda inválido']);
      expect((await who.tienda.post(prefixed('motorepuestos-antioquia'), { quotationId: 'x' })).status).toBe(400);
      const answered = await who.tienda.post(prefixed('motorepuestos-antioquia'), { quotationId, remainingTime: 2 });
      expect(answered.status).toBe(200);
      expect(answered.body.data).toMatchObject({ quotationId, state: 'available', remainingTime: 2, quoteRecord: { seller_response: 1 } });
      expect(answered.body.metadata.message).toBe('Respuesta enviada: el cliente puede comprar durante las próximas 2 horas.');
      expect((await who.tienda.post(prefixed('motorepuestos-antioquia'), { quotationId })).status).toBe(409);
      // A quotation of a store without that prefix is not answered under it.
      const plainId = (await ask(who.taller, '1', productId)).body.data.quotationId as string;
      expect((await who.vendedor.post(prefixed('motorepuestos-antioquia'), { quotationId: plainId })).status).toBe(404);
      expect((await who.operador.post(prefixed('motorepuestos-antioquia'), { quotationId: plainId })).status).toBe(404);
    });
  });

  describe('cart basics', () => {
    it("adds to the cart or to favourites by cartTypeBySaleModel, says 'ya fue agregado' the second time, counts and removes", async () => {
      const cartItem = await publish(who.vendedor, product('CART-1', { minimum_order_quantity: 2 }));
      const favItem = await publish(who.vendedor, product('CART-2', { cartTypeBySaleModel: 'favorites', salesModel: 2 }));
      const below = await who.cliente.post('/api/cart/page/add', { productId: cartItem, quantity: 1 });
      expect(below.body.errors).toEqual(['La cantidad mínima de compra de este producto es de 2 unidades.']);
      const stock = await who.cliente.post('/api/cart/page/add', { productId: cartItem, quantity: 11 });
      expect(stock.body.errors).toEqual(['La cantidad disponible es de 10 unidades. Intenta con una cantidad menor.']);
      const first = await who.cliente.post('/api/cart/page/add', { productId: cartItem, quantity: 2 });
      expect(first.body.metadata).toMatchObject({ alreadyAdded: false, section: 'cart', message: 'Producto agregado al carrito' });
      const again = await who.cliente.post('/api/cart/page/add', { productId: cartItem, quantity: 2 });
      expect(again.body.metadata).toMatchObject({ alreadyAdded: true, message: 'ya fue agregado' });
      const fav = await who.cliente.post('/api/cart/page/add', { productId: favItem, quantity: 1 });
      expect(fav.body.metadata).toMatchObject({ section: 'favorites' });
      const view = (await who.cliente.get(`${P}/${cartItem}`)).body.data as ProductView;
      expect(view).toMatchObject({ productAddedToCart: true, sectionShoppingCart: 'cart' });
      expect(((await who.taller.get(`${P}/${cartItem}`)).body.data as ProductView).productAddedToCart).toBe(false);
      const count = (await who.cliente.get('/api/cart/CartShopingPending/countItemsInShoppingCart')).body.data;
      expect(count.favorites).toBeGreaterThanOrEqual(1);
      const items = (await who.cliente.get('/api/cart/CartShopingPending/itemsPendingShoppingCart?module=cart')).body.data as {
        id: string;
        productId: string;
      }[];
      const line = items.find((i) => i.productId === cartItem)!;
      expect((await who.cliente.post('/api/cart/page/update', { id: line.id, quantity: 3 })).body.data.quantity).toBe(3);
      // Someone else's line is not theirs to touch.
      expect((await who.taller.get(`/api/cart/page/remove/${line.id}`)).status).toBe(404);
      expect((await who.cliente.get(`/api/cart/page/remove/${line.id}`)).status).toBe(200);
      // Unavailable products cannot be bought.
      const gone = await publish(who.vendedor, product('CART-0', { inventario: 0 }));
      expect((await who.cliente.post('/api/cart/page/add', { productId: gone, quantity: 1 })).body.errors).toEqual([
        'El producto seleccionado no está disponible',
      ]);
      // A guest keeps a cart too.
      expect((await who.guest.post('/api/cart/page/add', { productId: cartItem, quantity: 2 })).status).toBe(200);
      expect((await who.guest.get('/api/cart/CartShopingPending/countItemsInShoppingCart')).body.data.cart).toBe(1);
    });

    it('checks each store’s minimum purchase value', async () => {
      await t.db('marketplace').em().execute(`update stores set minimum_purchase_value = 1000000 where id = ?`, [bogota!.id]);
      const res = await who.cliente.post('/api/cart/CartShopingPending/verifyMinimunValue', {});
      expect(res.body.data.ok).toBe(false);
      expect(res.body.metadata.message).toBe('Tu pedido no alcanza el valor mínimo de compra de la tienda.');
      await t.db('marketplace').em().execute(`update stores set minimum_purchase_value = 0 where id = ?`, [bogota!.id]);
    });
  });

  describe('substitutions from the catalogue’s cross-references', () => {
    it('offers sellers’ products whose reference is a cross-reference of the searched one, with type and way', async () => {
      const catalog = await ContextDatabase.open(t.config, { schema: 'catalog', entities: [], migrations: [] });
      try {
        await catalog.migrate();
        await t.app.get(EventBus).startRelay(catalog);
        await catalog.transactional(async (em) => {
          recordEvent(
            em,
            CrossReferencesPublished,
            {
              oemNormalized: '04465YZZR3',
              oem: '04465-YZZR3',
              manufacturer: 'TOYOTA',
              references: [
                {
                  manufacturer: 'BOSCH',
                  partFormatted: '0 986 AB2 233',
                  partNormalized: '0986AB2233',
                  type: 'replacement',
                  way: 'forward',
                },
                { manufacturer: 'BREMBO', partFormatted: 'P 83 024', partNormalized: 'P83024', type: 'duplicate', way: 'bidirectional' },
              ],
            },
            { aggregateId: '04465YZZR3', actor: { kind: 'system', id: 'catalog' } },
          );
          await em.flush();
        });
        const oem = await publish(who.vendedor, product('04465-YZZR3', { manufacturer_title: 'Toyota' }));
        const bosch = await publish(who.operador, product('0986AB2233', { storeId: cali!.id }));
        const brembo = await publish(who.vendedor, product('P83024', { manufacturer_title: 'Brembo' }));
        const result = await eventually(async () => {
          const r = await search(who.guest, '04465-YZZR3');
          return r.productSubstitutions.length === 2 ? r : null;
        });
        expect(result.products.map((p) => p.id)).toEqual([oem]);
        const subs = (await search(who.guest, '04465-YZZR3')).productSubstitutions;
        expect(subs.map((p) => p.id).sort()).toEqual([bosch, brembo].sort());
        expect(subs.find((p) => p.id === bosch)).toMatchObject({
          substitution: true,
          substitutionItem: { reference: '0 986 AB2 233', manufacturer: 'BOSCH', type: 'replacement', way: 'forward' },
        });
        expect((await search(who.guest, '04465-YZZR3')).showSubstitutions).toBe(true);
        // Searched from the aftermarket side, the OEM product is the substitute, the way reversed.
        const reverse = await search(who.guest, '0986AB2233');
        expect(reverse.products.map((p) => p.id)).toEqual([bosch]);
        expect(reverse.productSubstitutions.find((p) => p.id === oem)).toMatchObject({
          substitutionItem: { manufacturer: 'TOYOTA', type: 'replacement', way: 'backward' },
        });
        // Nothing related: no tab.
        expect((await search(who.guest, 'BP-1001')).showSubstitutions).toBe(false);
      } finally {
        await catalog.close();
      }
    });
  });

  describe('text search', () => {
    it('finds Spanish text regardless of accents, case, plurals and a typo, and part numbers by prefix', async () => {
      const bujia = await publish(who.vendedor, product('NGK-BKR6E', { title: 'Bujía de encendido iridio', manufacturer_title: 'NGK' }));
      const amort = await publish(
        who.vendedor,
        product('KYB-343', {
          title: 'Amortiguadores traseros a gas',
          manufacturer_title: 'KYB',
          compatibleVehicles: [{ make: 'Mazda', full_models: ['Mazda 3 Sedán'], years: [2018], engines: ['2.0 (IA)'] }],
        }),
      );
      await eventually(async () => {
        const r = await who.guest.get(`${P}?filter=${encodeURIComponent(JSON.stringify({ search: 'bujia' }))}`);
        return r.body.data?.length > 0 ? r : null;
      });
      const find = async (text: string) =>
        ((await who.guest.get(`${P}?filter=${encodeURIComponent(JSON.stringify({ search: text }))}`)).body.data as ProductView[]).map(
          (p) => p.id,
        );
      expect(await find('BUJIA')).toContain(bujia);
      expect(await find('bujías iridio')).toContain(bujia);
      expect(await find('amortiguador trasero')).toContain(amort);
      expect(await find('amortiguadro')).toContain(amort); // typo
      expect(await find('mazda 3')).toContain(amort); // compatible vehicle
      expect(await find('amortig')).toContain(amort); // as-you-type prefix
      const byRef = await who.guest.get(`${P}?filter=${encodeURIComponent(JSON.stringify({ reference: 'ngk-bkr' }))}`);
      expect((byRef.body.data as ProductView[]).map((p) => p.id)).toEqual([bujia]);
      expect(byRef.headers.get('x-total-count')).toBe('1');
      const beyond = await who.guest.get(`${P}?filter=${encodeURIComponent(JSON.stringify({ reference: 'ngk-bkr' }))}&page=3`);
      expect(beyond.body.data).toEqual([]);
      expect(beyond.body.metadata.total).toBe(1);
      const short = await who.guest.get(`${P}?filter=${encodeURIComponent(JSON.stringify({ search: 'a!' }))}`);
      expect(short.status).toBe(400);
      expect(short.body.errors).toEqual(['La búsqueda debe contener mínimo 3 caracteres.']);
      const compatible = await who.guest.get(`${P}/${amort}/getCompatibleVehicles`);
      expect(compatible.body.data[0].engines[0]).toBe('2.0 (IA)');
    });
  });

  describe('results filters', () => {
    it('counts makes, models, brands and categories of the visible products, one store or a text', async () => {
      const id = await publish(
        who.vendedor,
        product('FAC-1', {
          manufacturer_title: 'Monroe',
          category: 'Suspensión',
          compatibleVehicles: [{ make: 'Renault', full_models: ['Logan', 'Sandero'], years: [2016], engines: ['1.6'] }],
        }),
      );
      await settle(id, () => true);
      const facet = async (name: string, filter: Record<string, unknown>) => {
        const res = await who.guest.get(`${P}/${name}?filter=${encodeURIComponent(JSON.stringify(filter))}`);
        expect(res.status).toBe(200);
        return res.body.data;
      };
      const mine = { storeId: bogota!.id, make: 'Renault' };
      expect(await facet('getMakesFilter', mine)).toEqual([{ value: 'Renault', count: 1 }]);
      expect(await facet('getModelsFilter', mine)).toEqual([
        { value: 'Logan', count: 1 },
        { value: 'Sandero', count: 1 },
      ]);
      expect(await facet('getBrandsAndGroupsFilter', { ...mine, search: 'pastillas' })).toEqual({
        brands: [{ value: 'Monroe', count: 1 }],
        groups: [{ value: 'Suspensión', count: 1 }],
      });
      expect(await facet('getGroupsFilter', { make: 'Marca que no existe' })).toEqual([]);
    });
  });

  describe('categories and images', () => {
    it('lists product categories by name and finds the images sellers published for references', async () => {
      await publish(who.vendedor, product('IMG-1', { category: 'Frenos', imagesURLs: ['https://cdn.tuerca.co/p/img-1.webp'] }));
      await publish(who.vendedor, product('IMG-2', { category: 'Filtros' }));
      const categories = (
        await who.guest.get(`/api/store/productsCategoryGroup?filter=${encodeURIComponent(JSON.stringify({ name: 'fren' }))}`)
      ).body.data;
      expect(categories).toEqual([{ name: 'Frenos', products: 1 }]);
      const images = (await who.guest.get(`/api/catalogo/images/findImage?references=img-1,IMG2&storeId=${bogota!.id}`)).body.data;
      expect(images).toEqual([{ reference: 'IMG1', images: ['https://cdn.tuerca.co/p/img-1.webp'] }]);
      const one = await who.guest.get(`/api/catalogo/images/getImageRegistrationByReferenceInStore?reference=IMG-2&storeId=${bogota!.id}`);
      expect(one.body.data).toEqual({ reference: 'IMG2', images: [] });
      expect((await who.guest.get('/api/catalogo/images/findImage?storeId=x')).status).toBe(400);
    });
  });

  describe('service-order price (spec 000 §5)', () => {
    it('saves the price by type_price with total = actualPrice / (1 − utility/100), two decimals', async () => {
      const id = await publish(who.vendedor, product('SO-1', { actualPrice: 100 }));
      const utility = await who.taller.post(`${P}/${id}/serviceOrderPrice`, { type_price: 'price_with_utility', utility: 30 });
      expect(utility.body.data).toMatchObject({ price: 142.86, total: 142.86 });
      expect((await who.taller.post(`${P}/${id}/serviceOrderPrice`, { type_price: 'no_utility' })).body.data).toMatchObject({ price: 100 });
      expect((await who.taller.post(`${P}/${id}/serviceOrderPrice`, { type_price: 'manual_price', price: 120 })).body.data).toMatchObject({
        price: 120,
      });
      const missing = await who.taller.post(`${P}/${id}/serviceOrderPrice`, { type_price: 'manual_price' });
      expect(missing.status).toBe(400);
      expect(missing.body.errors).toEqual(['Este campo es obligatorio']);
      expect((await who.guest.post(`${P}/${id}/serviceOrderPrice`, { type_price: 'no_utility' })).status).toBe(401);
    });
  });

  describe('a seller touches only their own store', () => {
    it('answers 404 for another store’s product ids and 403 for another store’s id, on every call', async () => {
      const theirs = await publish(who.refaccionaria, product('XT-1'));
      const mine = await publish(who.vendedor, product('XT-2'));
      const productCalls: [string, string, unknown?][] = [
        ['PATCH', `${P}/${theirs}`, { scenario: 'edit', title: 'Robado' }],
        ['PATCH', `${P}/${theirs}`, { scenario: 'stockAndPrice', inventario: 1 }],
        ['GET', `${P}/${theirs}/loadProduct`],
        ['PATCH', `${P}/${theirs}/republishProduct`, {}],
        ['PATCH', `${P}/${theirs}/depleteProduct`, {}],
        ['DELETE', `${P}/${theirs}/deleteProduct`],
      ];
      for (const [method, path, body] of productCalls)
        expect([method, path, (await who.vendedor.request(method, path, body)).status]).toEqual([method, path, 404]);
      const storeCalls: [string, string][] = [
        ['GET', `${P}/${leon!.id}/countProductsOfStore`],
        ['PATCH', `${P}/${leon!.id}/depleteProductsInventory`],
        ['PATCH', `${P}/${leon!.id}/republishAllProducts`],
        ['DELETE', `${P}/${leon!.id}/deleteAllProductsOfStore`],
        ['GET', `${P}/resultProducts?filter=${encodeURIComponent(JSON.stringify({ storeId: leon!.id }))}`],
        ['GET', `${P}/getAverageQuality?storeId=${leon!.id}`],
        [
          'GET',
          `${P}/checkIfTheProductExist?productDetail=${encodeURIComponent(JSON.stringify({ referencia_1: 'XT-1', storeId: leon!.id }))}`,
        ],
      ];
      for (const [method, path] of storeCalls)
        expect([method, path, (await who.vendedor.request(method, path, method === 'GET' ? undefined : {})).status]).toEqual([
          method,
          path,
          403,
        ]);
      expect((await who.vendedor.post(P, { ...product('XT-3'), storeId: leon!.id })).status).toBe(403);
      // Customers and guests are not sellers.
      expect((await who.cliente.request('PATCH', `${P}/${mine}/depleteProduct`, {})).status).toBe(403);
      expect((await who.guest.request('PATCH', `${P}/${mine}/depleteProduct`, {})).status).toBe(401);
      // Nothing of theirs changed; the owner and operators can.
      expect((await who.refaccionaria.get(`${P}/${theirs}/loadProduct`)).body.data).toMatchObject({
        title: 'Pastillas de freno delanteras XT-1',
        state: 'published',
      });
      expect((await who.operador.request('PATCH', `${P}/${theirs}/depleteProduct`, {})).status).toBe(200);
    });

    it('depletes, republishes and deletes, one product or the whole store', async () => {
      const id = await publish(who.refaccionaria, product('LC-1'));
      expect((await who.refaccionaria.request('PATCH', `${P}/${id}/depleteProduct`, {})).body.data).toMatchObject({
        inventario: 0,
        state: 'depleted',
      });
      await settle(id, (p) => !p.available);
      expect((await who.refaccionaria.request('PATCH', `${P}/${id}/republishProduct`, { inventario: 7 })).body.data).toMatchObject({
        inventario: 7,
        state: 'published',
      });
      await settle(id, (p) => p.available && p.inventario === 7);
      const count = (await who.refaccionaria.get(`${P}/${leon!.id}/countProductsOfStore`)).body.data;
      expect(count.total).toBe(count.published + count.depleted);
      const depleted = await who.refaccionaria.request('PATCH', `${P}/${leon!.id}/depleteProductsInventory`, {});
      expect(depleted.body.data.changed).toBeGreaterThan(0);
      expect((await who.refaccionaria.get(`${P}/${leon!.id}/countProductsOfStore`)).body.data.published).toBe(0);
      expect(
        (await who.refaccionaria.request('PATCH', `${P}/${leon!.id}/republishAllProducts`, {})).body.data.changed,
      ).toBeGreaterThanOrEqual(depleted.body.data.changed);
      expect((await who.refaccionaria.request('DELETE', `${P}/${id}/deleteProduct`)).status).toBe(200);
      await eventually(async () => ((await who.guest.get(`${P}/${id}`)).status === 404 ? true : null));
      const all = await who.refaccionaria.request('DELETE', `${P}/${leon!.id}/deleteAllProductsOfStore`);
      expect(all.status).toBe(200);
      expect((await who.refaccionaria.get(`${P}/${leon!.id}/countProductsOfStore`)).body.data.total).toBe(0);
    });
  });
});
