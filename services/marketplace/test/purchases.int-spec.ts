import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CommandBus } from '@nestjs/cqrs';
import {
  MarketplacePaymentApproved,
  VehicleSavedToGarage,
  type CheckoutResult,
  type EventEnvelope,
  type PayloadOf,
  type TransactionView,
} from '@tuerca/contracts';
import { Clock, ContextDatabase, EventBus, recordEvent, type OutboxRelay } from '@tuerca/platform';
import { TestClient, eventually, startTestHttpApp, type TestHttpApp } from '@tuerca/platform/testing';
import { DEMO_PASSWORD, IdentityModule, seedIdentity } from '@tuerca/identity';
import { NotificationsModule } from '@tuerca/notifications';
import { MarketplaceModule } from '@tuerca/marketplace';
import { ExpireOverdueReservations } from '../src/purchases/expire-reservation.command.js';
import { BillingModule } from '@tuerca/billing';
import { RecordGatewayPayment } from '../src/purchases/record-payment.command.js';
import { deliverGatewayEvent, gatewayEvent, sandboxPay } from './gateway.js';
import { PRODUCTS, CART, HEADER, bogota, cali, leon, bogotaAddress, insertStores, logIn } from './fixtures.js';

const P = PRODUCTS;

const shipping = bogotaAddress();

describe('checkout: from the cart to a paid purchase', () => {
  let t: TestHttpApp;
  let clock: Clock;
  let garage: ContextDatabase;
  const relays: OutboxRelay[] = [];
  const who: Record<'guest' | 'cliente' | 'taller' | 'vendedor' | 'refaccionaria' | 'operador', TestClient> = {} as never;

  const product = (referencia_1: string, extra: Record<string, unknown> = {}) => ({
    scenario: 'create',
    title: `Filtro de aceite ${referencia_1}`,
    manufacturer_title: 'Mann-Filter',
    descripcion: 'Filtro de aceite roscado',
    referencia_1,
    inventario: 10,
    actualPrice: 119000,
    salesModel: 1,
    ...extra,
  });

  const publish = async (seller: TestClient, body: Record<string, unknown>): Promise<string> => {
    const res = await seller.post(P, body);
    expect(res.status).toBe(201);
    return res.body.data.id as string;
  };

  const stockOf = async (productId: string) =>
    Number(
      (await t.db('marketplace').em().execute<{ inventario: number }[]>('select inventario from products where id = ?', [productId]))[0]!
        .inventario,
    );

  const add = async (client: TestClient, productId: string, quantity = 1) => {
    const res = await client.post('/api/cart/page/add', { productId, quantity });
    expect(res.status).toBe(200);
    return res.body.data.id as string;
  };

  const checkout = async (client: TestClient, path: string, body: Record<string, unknown>, key = randomUUID()) =>
    client.post(path, { acceptTerms: true, shipping, ...body }, { 'idempotency-key': key });

  const load = async (client: TestClient, id: string) => (await client.get(`${HEADER}/${id}/loadTransaction`)).body.data as TransactionView;

  beforeAll(async () => {
    t = await startTestHttpApp([IdentityModule, BillingModule, MarketplaceModule, NotificationsModule]);
    clock = t.app.get(Clock);
    await seedIdentity(t.db('identity'));
    const db = t.db('marketplace');
    await insertStores(t, [bogota, cali, leon]);
    // Repuestos La 68's purchase discount: 3 % for unit prices from $100.000.
    await db
      .em()
      .execute(`update stores set purchase_discount_rules = ? where id = ?`, [
        JSON.stringify([{ price_range: [100000, 999999999], discount_percentage: 3 }]),
        bogota!.id,
      ]);
    garage = await ContextDatabase.open(t.config, { schema: 'garage', entities: [], migrations: [] });
    await garage.migrate();
    relays.push(await t.app.get(EventBus).startRelay(garage));
    who.guest = new TestClient(t.url);
    Object.assign(who, (await logIn(t, ['cliente', 'taller', 'vendedor', 'refaccionaria', 'operador'] as const)).who);
  });

  afterAll(async () => {
    clock?.reset();
    for (const r of relays) await r.stop().catch(() => undefined);
    await garage?.close().catch(() => undefined);
    await t?.close();
  });

  it('buys a sale-model product online: one transaction, IVA and the store discount in integer pesos, stock held, cart emptied, paid once however often the approval is replayed', async () => {
    const id = await publish(who.vendedor, product('CO-ONLINE-1', { inventario: 5 }));
    const line = await add(who.cliente, id, 2);
    const res = await checkout(who.cliente, `${HEADER}/makePurchase`, { itemIds: [line], comment: 'Entregar en la mañana' });
    expect(res.status).toBe(200);
    const result = res.body.data as CheckoutResult;
    expect(result.replayed).toBe(false);
    expect(result.transactions).toHaveLength(1);
    const tx = result.transactions[0]!;
    // 2 × $119.000 with 3 %: $3.570 off a unit → 2 × $115.430 = $230.860, IVA 19 % included = $36.860.
    expect(tx).toMatchObject({
      state: 'pending_payment',
      channel: 'online',
      currency: 'COP',
      total: 230860,
      quantity: 2,
      amounts: { subtotalCents: 23_800_000, discountCents: 714_000, totalCents: 23_086_000, ivaRate: 19, ivaCents: 3_686_000 },
      stockState: 'reserved',
      comment: 'Entregar en la mañana',
      shippingAddress: {
        addressId: shipping.addressId,
        address: { receiverName: 'Ana Gómez', phone: '+573005551234', cityName: 'Bogotá D.C.' },
      },
      paymentStoreInfo: { name: 'Repuestos La 68', mobile_number: '+573001112233', transaction_closing_form: 'whatsapp' },
    });
    expect(tx.ref_venta).toMatch(/^TU-\d{7}$/);
    expect(tx.lines[0]).toMatchObject({
      productId: id,
      quantity: 2,
      unitPriceCents: 11_900_000,
      discountPercentage: 3,
      totalCents: 23_086_000,
    });
    expect(tx.payment).toMatchObject({ kind: 'checkout', reference: expect.stringMatching(/^TUE-/) });
    expect(tx.payment!.checkoutUrl).toContain(`/api/billing/sandbox/checkout?reference=${tx.payment!.reference}`);
    expect(new Date(tx.reservationExpiresAt!).getTime() - Date.now()).toBeGreaterThan(29 * 60_000);
    expect(res.body.metadata.message).toMatch(/^Compra TU-\d{7} registrada\. Tienes 30 minutos para pagar\.$/);
    expect(await stockOf(id)).toBe(3);
    expect(
      (await who.cliente.get(`${CART}/itemsPendingShoppingCart?module=cart`)).body.data.some((l: { id: string }) => l.id === line),
    ).toBe(false);

    // The gateway approves (its signed event), and retries the same event twice, as Wompi does until it hears 200.
    const approval = gatewayEvent(t, tx.payment!.reference, 'APPROVED', tx.amounts.totalCents, `wompi-${tx.id.slice(0, 8)}`);
    for (let i = 0; i < 3; i++) expect((await deliverGatewayEvent(t, approval)).status).toBe(200);
    const paid = await eventually(async () => {
      const v = await load(who.cliente, tx.id);
      return v.state === 'paid' ? v : null;
    });
    expect(paid).toMatchObject({ stockState: 'committed', payments: [{ amountCents: 23_086_000 }], payment: null });
    // The approval applied again (billing never sends it twice, but a replay of the log would) records nothing new.
    const [approved] = await t
      .db('billing')
      .em()
      .execute<{ envelope: EventEnvelope<PayloadOf<typeof MarketplacePaymentApproved>> }[]>(
        `select envelope from outbox_events where type = 'MarketplacePaymentApproved' and envelope->'payload'->>'transactionId' = ?`,
        [tx.id],
      );
    expect(await t.app.get(CommandBus).execute(new RecordGatewayPayment(approved!.envelope))).toBe('duplicate');
    const paidEvents = await t
      .db('marketplace')
      .em()
      .execute<{ n: number }[]>(`select count(*)::int as n from outbox_events where type = 'PurchasePaid' and aggregate_id = ?`, [tx.id]);
    expect(paidEvents[0]!.n).toBe(1);
    expect(await stockOf(id)).toBe(3);

    // The seller's WhatsApp and the buyer's e-mail are in the notifications outbox.
    const messages = await eventually(async () => {
      const rows = await t
        .db('notifications')
        .em()
        .execute<{ template: string; channel: string; recipient: string | null; text: string }[]>(
          `select template, channel, recipient, text from messages where user_id = (select id::text from identity.users where email = 'cliente@tuerca.demo') and text like ?`,
          [`%${tx.ref_venta}%`],
        );
      return rows.length >= 4 ? rows : null;
    });
    expect(messages.map((m) => `${m.channel}:${m.template}`).sort()).toEqual([
      'email:purchase-paid-buyer',
      'email:purchase-placed-buyer',
      'whatsapp:purchase-paid-seller',
      'whatsapp:purchase-placed-seller',
    ]);
    expect(messages.find((m) => m.template === 'purchase-placed-seller')).toMatchObject({
      recipient: '+573001112233',
      text: expect.stringMatching(/2 productos por \$\s230\.860 COP/),
    });
    expect(messages.find((m) => m.template === 'purchase-paid-buyer')!.recipient).toBe('cliente@tuerca.demo');
  });

  it('places an order-model product as an order for the seller to confirm: "Pedido enviado", stock held 48 hours, no payment yet', async () => {
    const id = await publish(who.vendedor, product('CO-ORDER-1', { salesModel: 2, actualPrice: 50000 }));
    const line = await add(who.cliente, id, 3);
    const res = await checkout(who.cliente, `${CART}/savePurchaseOrder`, { itemIds: [line] });
    expect(res.status).toBe(200);
    expect(res.body.metadata.message).toBe('Pedido enviado');
    const tx = (res.body.data as CheckoutResult).transactions[0]!;
    expect(tx).toMatchObject({ state: 'awaiting_confirmation', channel: 'order', total: 150000, payment: null, stockState: 'reserved' });
    expect(new Date(tx.reservationExpiresAt!).getTime() - Date.now()).toBeGreaterThan(47 * 3600_000);
    expect(await stockOf(id)).toBe(7);
    // It cannot be paid before the seller confirms it.
    const early = await who.cliente.post(`${CART}/saveOnlinePurchase`, { transactionId: tx.id, acceptTerms: true });
    expect(early.status).toBe(409);
    expect(early.body.errors).toEqual(['El vendedor aún no confirma este pedido: podrás pagarlo cuando lo confirme.']);
    // saveOnlinePurchase does not sell order-model lines.
    const other = await add(who.cliente, await publish(who.vendedor, product('CO-ORDER-2', { salesModel: 2 })));
    const refused = await checkout(who.cliente, `${CART}/saveOnlinePurchase`, { itemIds: [other] });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual(['Ninguno de los productos seleccionados se vende en línea: envíalos como pedido.']);
  });

  it('makes one transaction per store (COP and MXN), each with its country’s IVA, for the selected lines', async () => {
    const co = await publish(who.vendedor, product('MIX-CO', { actualPrice: 33333.33, inventario: 9 }));
    const mx = await publish(who.refaccionaria, product('MIX-MX', { actualPrice: 1234.5, inventario: 9 }));
    const a = await add(who.taller, co, 3);
    const b = await add(who.taller, mx, 3);
    const res = await checkout(who.taller, `${HEADER}/makePurchase`, { itemIds: [a, b] });
    expect(res.status).toBe(200);
    const txs = (res.body.data as CheckoutResult).transactions;
    const byCurrency = Object.fromEntries(txs.map((x) => [x.currency, x]));
    // $33.333,33 is under the 3 % rule's range: 3 × 3.333.333 cents = 9.999.999; IVA 19 % = 1.596.638.
    expect(byCurrency.COP!.amounts).toEqual({
      subtotalCents: 9_999_999,
      discountCents: 0,
      totalCents: 9_999_999,
      ivaRate: 19,
      ivaCents: 1_596_638,
    });
    // $1,234.50 MXN × 3 = $3,703.50; IVA 16 % = $510.83.
    expect(byCurrency.MXN!.amounts).toEqual({
      subtotalCents: 370_350,
      discountCents: 0,
      totalCents: 370_350,
      ivaRate: 16,
      ivaCents: 51_083,
    });
    expect(byCurrency.MXN!.total).toBe(3703.5);
    expect(new Set(txs.map((x) => x.ref_venta)).size).toBe(2);
  });

  it('makes a purchase once per request: a double submit with the same Idempotency-Key answers the first transaction', async () => {
    const id = await publish(who.vendedor, product('IDEM-1', { inventario: 4 }));
    const line = await add(who.taller, id, 1);
    const key = randomUUID();
    const [first, second] = await Promise.all([
      checkout(who.taller, `${HEADER}/makePurchase`, { itemIds: [line] }, key),
      checkout(who.taller, `${HEADER}/makePurchase`, { itemIds: [line] }, key),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    const ids = [first, second].map((r) => (r.body.data as CheckoutResult).transactions.map((x) => x.id));
    expect(ids[0]).toEqual(ids[1]);
    expect([first, second].map((r) => (r.body.data as CheckoutResult).replayed).sort()).toEqual([false, true]);
    const again = await checkout(who.taller, `${HEADER}/makePurchase`, { itemIds: [line] }, key);
    expect((again.body.data as CheckoutResult).transactions[0]!.id).toBe(ids[0]![0]);
    expect(again.body.metadata.message).toBe('Esta compra ya se había registrado.');
    expect(await stockOf(id)).toBe(3);
    // Another tab (another key) finds the line already bought.
    const other = await checkout(who.taller, `${HEADER}/makePurchase`, { itemIds: [line] });
    expect(other.status).toBe(409);
    expect(other.body.errors).toEqual(['Algunos productos ya no están en tu carrito. Actualiza la página e intenta de nuevo.']);
  });

  it('releases the stock when the payment is declined, and gives the lines back to the cart', async () => {
    const id = await publish(who.vendedor, product('DECLINE-1', { inventario: 2 }));
    const line = await add(who.cliente, id, 2);
    const tx = ((await checkout(who.cliente, `${CART}/saveOnlinePurchase`, { itemIds: [line] })).body.data as CheckoutResult)
      .transactions[0]!;
    expect(await stockOf(id)).toBe(0);
    expect((await sandboxPay(who.cliente, tx, 'DECLINED')).status).toBe(303);
    const cancelled = await eventually(async () => {
      const v = await load(who.cliente, tx.id);
      return v.state === 'cancelled' ? v : null;
    });
    expect(cancelled).toMatchObject({ cancelReason: 'payment_declined', stockState: 'released', isRead: false });
    expect(await stockOf(id)).toBe(2);
    const cart = (await who.cliente.get(`${CART}/itemsPendingShoppingCart?module=cart`)).body.data as {
      productId: string;
      quantity: number;
    }[];
    expect(cart.find((l) => l.productId === id)).toMatchObject({ quantity: 2 });
    // The buyer sees it among the unread, and marks it read.
    expect(
      ((await who.cliente.get('/api/cart/CartShoppingHeader/getUnreadTransactions')).body.data.transactions as { id: string }[]).some(
        (x) => x.id === tx.id,
      ),
    ).toBe(true);
    expect((await who.cliente.request('PATCH', `${HEADER}/${tx.id}/changeReadStatus`, { isRead: true })).body.data.isRead).toBe(true);
  });

  it('releases an unpaid reservation when its window ends: reads check the clock, the sweep gives the stock back', async () => {
    const id = await publish(who.vendedor, product('EXPIRE-1', { inventario: 3 }));
    const line = await add(who.taller, id, 3);
    const tx = ((await checkout(who.taller, `${HEADER}/makePurchase`, { itemIds: [line] })).body.data as CheckoutResult).transactions[0]!;
    expect(await stockOf(id)).toBe(0);
    clock.advance(31 * 60_000);
    try {
      expect(await load(who.taller, tx.id)).toMatchObject({ state: 'cancelled', cancelReason: 'reservation_expired' });
      const paying = await who.taller.post(`${CART}/saveOnlinePurchase`, { transactionId: tx.id, acceptTerms: true });
      expect(paying.body.errors).toEqual(['El tiempo para pagar esta compra terminó y las unidades reservadas volvieron a la tienda.']);
      expect(await t.app.get(CommandBus).execute(new ExpireOverdueReservations())).toBeGreaterThanOrEqual(1);
      expect(await stockOf(id)).toBe(3);
      expect(await load(who.taller, tx.id)).toMatchObject({ state: 'cancelled', stockState: 'released' });
      // A payment that arrives late (the gateway took the money as the window closed) takes the stock again while the store still has it.
      const late = gatewayEvent(t, tx.payment!.reference, 'APPROVED', tx.amounts.totalCents, `wompi-late-${tx.id.slice(0, 8)}`);
      expect((await deliverGatewayEvent(t, late)).status).toBe(200);
      await eventually(async () => ((await load(who.taller, tx.id)).state === 'paid' ? true : null));
      expect(await stockOf(id)).toBe(0);
    } finally {
      clock.reset();
    }
  });

  it('lets the buyer cancel what is not paid, refuses the rest; checks stock, terms, sign-up and the store’s minimum with Spanish texts', async () => {
    const id = await publish(who.vendedor, product('CANCEL-1', { inventario: 4 }));
    const line = await add(who.cliente, id, 1);
    const noTerms = await who.cliente.post(`${HEADER}/makePurchase`, { itemIds: [line] });
    expect(noTerms.status).toBe(400);
    expect(noTerms.body.errors).toEqual(['Debes aceptar los términos y condiciones para continuar con el pedido']);
    const tx = ((await checkout(who.cliente, `${HEADER}/makePurchase`, { itemIds: [line] })).body.data as CheckoutResult).transactions[0]!;
    const cancelled = await who.cliente.request('PATCH', `/api/cart/CartShoppingHeader/${tx.id}`, { state: 'cancelled' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({ state: 'cancelled', cancelReason: 'buyer', stockState: 'released' });
    expect(await stockOf(id)).toBe(4);
    // More than the stock: the spec's text.
    const again = (await who.cliente.get(`${CART}/itemsPendingShoppingCart?module=cart`)).body.data.find(
      (l: { productId: string }) => l.productId === id,
    );
    await t.db('marketplace').em().execute('update products set inventario = 0 where id = ?', [id]);
    const out = await checkout(who.cliente, `${HEADER}/makePurchase`, { itemIds: [again.id] });
    expect(out.status).toBe(409);
    expect(out.body.errors).toEqual(['El producto seleccionado no está disponible']);
    await t.db('marketplace').em().execute('update products set inventario = 4 where id = ?', [id]);
    // A store's minimum purchase value, naming the store.
    await t.db('marketplace').em().execute('update stores set minimum_purchase_value = 500000 where id = ?', [cali!.id]);
    const small = await add(who.cliente, await publish(who.operador, product('MIN-1', { storeId: cali!.id, actualPrice: 100000 })));
    const check = await who.cliente.post(`${CART}/verifyMinimunValue`, { itemIds: [small] });
    expect(check.body.data.stores[0]).toMatchObject({ storeName: 'Autopartes del Valle', ok: false });
    expect(check.body.data.stores[0].message).toMatch(
      /^La compra mínima en Autopartes del Valle es de \$\s?500\.000 COP: te faltan \$\s?400\.000 COP\.$/,
    );
    const short = await checkout(who.cliente, `${HEADER}/makePurchase`, { itemIds: [small] });
    expect(short.status).toBe(400);
    expect(short.body.errors[0]).toMatch(/^La compra mínima en Autopartes del Valle/);
    // A paid transaction cannot be cancelled.
    const paidId = await publish(who.vendedor, product('CANCEL-2'));
    const paidTx = (
      (await checkout(who.cliente, `${HEADER}/makePurchase`, { itemIds: [await add(who.cliente, paidId)] })).body.data as CheckoutResult
    ).transactions[0]!;
    expect((await sandboxPay(who.cliente, paidTx, 'APPROVED')).status).toBe(303);
    await eventually(async () => ((await load(who.cliente, paidTx.id)).state === 'paid' ? true : null));
    const late = await who.cliente.request('PATCH', `/api/cart/CartShoppingHeader/${paidTx.id}`, { state: 'cancelled' });
    expect(late.status).toBe(409);
    expect(late.body.errors).toEqual(['Esta compra ya no se puede cancelar.']);
    // Guests are asked to log in; incomplete sign-ups to complete it.
    const guest = await who.guest.post(`${HEADER}/makePurchase`, { acceptTerms: true });
    expect([guest.status, guest.body.message]).toEqual([401, 'Login required']);
    const nuevo = new TestClient(t.url);
    await nuevo.post('/api/users/auth/login', { email: 'nuevo@tuerca.demo', password: DEMO_PASSWORD });
    const incomplete = await nuevo.post(`${HEADER}/makePurchase`, { acceptTerms: true });
    expect(incomplete.status).toBe(403);
  });

  it('keeps a guest’s cart through login: the lines join the account’s and are bought there', async () => {
    const id = await publish(who.vendedor, product('GUEST-1', { inventario: 6 }));
    const visitor = new TestClient(t.url);
    await visitor.get('/api/cart/CartShopingPending/countItemsInShoppingCart');
    await add(visitor, id, 2);
    const stock = await visitor.get(`/api/cart/page/validateProductStock?productId=${id}&quantity=9`);
    expect(stock.body.data).toMatchObject({
      available: false,
      inventario: 6,
      message: 'La cantidad disponible es de 6 unidades. Intenta con una cantidad menor.',
    });
    expect((await visitor.post(`${HEADER}/makePurchase`, { acceptTerms: true })).status).toBe(401);
    expect((await visitor.post('/api/users/auth/login', { email: 'taller@tuerca.demo', password: DEMO_PASSWORD })).status).toBe(200);
    const cart = (await visitor.get(`${CART}/itemsPendingShoppingCart?module=cart`)).body.data as {
      id: string;
      productId: string;
      quantity: number;
    }[];
    const joined = cart.find((l) => l.productId === id)!;
    expect(joined.quantity).toBe(2);
    const res = await checkout(visitor, `${HEADER}/makePurchase`, { itemIds: [joined.id] });
    expect(res.status).toBe(200);
    expect((res.body.data as CheckoutResult).transactions[0]!.lines[0]!.productId).toBe(id);
  });

  it('orders an answered quotation once: a transaction pending payment, its cart line gone', async () => {
    const id = await publish(
      who.vendedor,
      product('QT-ORDER', { salesModel: 3, inventario: 5, quotationMaxQuantity: 4, actualPrice: 20000 }),
    );
    const quotationId = (await who.cliente.post(`${HEADER}/makeQuotation`, { quantityquotation: '2', productidquotation: id })).body.data
      .quotationId as string;
    expect((await who.vendedor.post('/api/cart/page/sendQuotationToClientAjax', { quotationId, price: 18000 })).status).toBe(200);
    expect((await who.cliente.post('/api/cart/page/add', { productId: id, quantity: 2, quotationId })).status).toBe(200);
    const order = await who.cliente.post(`${HEADER}/makeOrder`, {
      quotationId,
      quantityOrder: 2,
      comment: 'Para el martes',
      acceptTerms: true,
    });
    expect(order.status).toBe(200);
    expect(order.body.data).toMatchObject({
      channel: 'quotation',
      state: 'pending_payment',
      total: 36000,
      quotationId,
      stockState: 'reserved',
    });
    expect(await stockOf(id)).toBe(3);
    const cart = (await who.cliente.get(`${CART}/itemsPendingShoppingCart?module=cart`)).body.data as { quotationId: string | null }[];
    expect(cart.some((l) => l.quotationId === quotationId)).toBe(false);
    const twice = await who.cliente.post(`${HEADER}/makeOrder`, { quotationId, quantityOrder: 1, acceptTerms: true });
    expect(twice.status).toBe(409);
    // It is among the buyer's purchases, and the quotation among the quotation records.
    const purchases = (await who.cliente.get('/api/cart/CartShoppingHeader/listAllTransactions?pageSize=50')).body;
    expect(
      purchases.data.some((x: { id: string; recordType: string }) => x.id === order.body.data.id && x.recordType === 'transaction'),
    ).toBe(true);
    const quotations = (await who.cliente.get('/api/cart/CartShoppingHeader/listAllTransactions?onlyQuotation=1&pageSize=50')).body.data;
    expect(quotations.find((q: { id: string }) => q.id === quotationId)).toMatchObject({ recordType: 'quotation', state: 'ordered' });
  });

  it('stores the shipping address and the garage vehicle on the buyer’s transaction; another person gets 404 on every id route', async () => {
    const id = await publish(who.vendedor, product('BOLA-1'));
    const tx = (
      (await checkout(who.cliente, `${HEADER}/makePurchase`, { itemIds: [await add(who.cliente, id)] })).body.data as CheckoutResult
    ).transactions[0]!;
    const me = (await who.cliente.get('/api/core/sessionControlData/0')).body.data.user.id as string;
    const vehicleId = randomUUID();
    await garage.transactional(async (em) => {
      recordEvent(
        em,
        VehicleSavedToGarage,
        {
          vehicleId,
          userId: me,
          country: 'CO',
          licensePlate: 'AAC054',
          vin: null,
          brand: 'Mazda',
          model: 'Mazda 3',
          year: 2018,
          source: 'manual',
        },
        { aggregateId: vehicleId, actor: { kind: 'user', id: me } },
      );
      await em.flush();
    });
    const associated = await eventually(async () => {
      const r = await who.cliente.request('PATCH', `${HEADER}/${tx.id}/associateVehicleToPurchase`, { vehicleId });
      return r.status === 200 ? r : null;
    });
    expect(associated.body.data.vehicle).toEqual({ vehicleId, licensePlate: 'AAC054', brand: 'Mazda', model: 'Mazda 3', year: 2018 });
    const mx = {
      address: {
        country: 'MX',
        label: null,
        receiverName: 'Luis Pérez',
        phone: '+524771234567',
        regionCode: '11',
        regionName: 'Guanajuato',
        cityCode: null,
        cityName: 'León',
        neighborhood: 'Centro',
        postalCode: '37000',
        addressLine: 'Av. Juárez 100',
        notes: null,
      },
    };
    const shipped = await who.cliente.post(`${HEADER}/${tx.id}/setShippingInfo`, mx);
    expect(shipped.status).toBe(200);
    expect(shipped.body.data.shippingAddress).toEqual({ addressId: null, address: mx.address });
    // A postal code of another state is refused, in Spanish.
    const badAddress = await who.cliente.post(`${HEADER}/${tx.id}/setShippingInfo`, { address: { ...mx.address, postalCode: '64000' } });
    expect(badAddress.status).toBe(400);
    expect(badAddress.body.errors[0]).toMatch(/64000/);

    // BOLA: the same calls by someone else answer 404, never data.
    const other = who.taller;
    for (const res of [
      await other.get(`${HEADER}/${tx.id}/loadTransaction`),
      await other.request('PATCH', `/api/cart/CartShoppingHeader/${tx.id}`, { state: 'cancelled' }),
      await other.post(`${HEADER}/${tx.id}/setShippingInfo`, mx),
      await other.request('PATCH', `${HEADER}/${tx.id}/associateVehicleToPurchase`, { vehicleId: null }),
      await other.request('PATCH', `${HEADER}/${tx.id}/changeReadStatus`, { isRead: false }),
      await other.post(`${CART}/saveOnlinePurchase`, { transactionId: tx.id, acceptTerms: true }),
      await other.post(`${CART}/createPaymentLink`, { transactionId: tx.id, acceptTerms: true }),
    ]) {
      expect(res.status).toBe(404);
      expect(JSON.stringify(res.body)).not.toContain(tx.ref_venta);
    }
    expect(
      (await other.get('/api/cart/CartShoppingHeader/listAllTransactions?pageSize=200')).body.data.some(
        (x: { id: string }) => x.id === tx.id,
      ),
    ).toBe(false);
    // A vehicle of someone else's garage cannot be named.
    const notMine = await other.request('PATCH', `${HEADER}/${tx.id}/associateVehicleToPurchase`, { vehicleId });
    expect(notMine.status).toBe(404);
  });

  it('creates a payment link for an existing transaction and downloads the cart’s quotation as a PDF', async () => {
    const id = await publish(who.vendedor, product('LINK-1'));
    const line = await add(who.taller, id, 1);
    const pdf = await fetch(`${t.url}${CART}/downloadQuotationInCart`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `tuerca_sid=${who.taller.cookie('tuerca_sid')}` },
      body: JSON.stringify({ itemIds: [line] }),
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const empty = await who.guest.post(`${CART}/downloadQuotationInCart`, {});
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual(['No hay productos para cotizar: selecciona productos en tu carrito.']);

    const link = await checkout(who.taller, `${CART}/createPaymentLink`, { itemIds: [line] });
    expect(link.status).toBe(200);
    const tx = (link.body.data as CheckoutResult).transactions[0]!;
    expect(tx).toMatchObject({ channel: 'link', payment: { kind: 'link' } });
    expect(new Date(tx.reservationExpiresAt!).getTime() - Date.now()).toBeGreaterThan(23 * 3600_000);
    expect(link.body.metadata.message).toMatch(/^Enlace de pago creado\. Vence el /);
  });
});
