import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type {
  CheckoutResult,
  StoreApiClientView,
  StoreApiDeliveryView,
  StoreOrderView,
  StoreWebhookBody,
  TransactionView,
} from '@tuerca/contracts';
import { TestClient, eventually, startTestHttpApp, type TestHttpApp } from '@tuerca/platform/testing';
import { IdentityModule, seedIdentity } from '@tuerca/identity';
import { MarketplaceModule } from '@tuerca/marketplace';
import { BillingModule } from '@tuerca/billing';
import { StoreApiDeliveries } from '../src/store-api/store-api-deliveries.js';
import { StoreReceiver } from './store-receiver.js';
import { PRODUCTS, CART, HEADER, bogota, cali, leon, bogotaAddress, insertStores, logIn } from './fixtures.js';

const P = PRODUCTS;
const CLIENTS = '/admin-api/store-api-clients';
const DELIVERIES = '/admin-api/store-api-deliveries';

const shipping = bogotaAddress('Taller', null);

describe("a store's own order API: clients, signed webhooks with retries, resend, stop, hide", () => {
  let t: TestHttpApp;
  const receiver = new StoreReceiver();
  let receiverUrl: string;
  let client: StoreApiClientView;
  const who: Record<'guest' | 'cliente' | 'vendedor' | 'refaccionaria' | 'asesor' | 'operador', TestClient> = {} as never;

  const product = (referencia_1: string, extra: Record<string, unknown> = {}) => ({
    scenario: 'create',
    title: `Kit de embrague ${referencia_1}`,
    manufacturer_title: 'Sachs',
    descripcion: 'Kit de embrague completo',
    referencia_1,
    inventario: 20,
    actualPrice: 250000,
    salesModel: 2,
    ...extra,
  });

  /** A purchase order (salesModel 2) of one product of Repuestos La 68 by the customer; answers the transaction. */
  const order = async (reference: string, confirmProductInAPI: boolean): Promise<TransactionView> => {
    const created = await who.vendedor.post(P, product(reference, { confirmProductInAPI }));
    expect(created.status).toBe(201);
    const added = await who.cliente.post('/api/cart/page/add', { productId: created.body.data.id, quantity: 2 });
    expect(added.status).toBe(200);
    const res = await who.cliente.post(
      `${CART}/savePurchaseOrder`,
      { acceptTerms: true, shipping, itemIds: [added.body.data.id] },
      { 'idempotency-key': randomUUID() },
    );
    expect(res.status).toBe(200);
    return (res.body.data as CheckoutResult).transactions[0]!;
  };

  const deliveriesOf = async (transactionId: string, as: TestClient = who.operador): Promise<StoreApiDeliveryView[]> => {
    const res = await as.get(`${DELIVERIES}?filter=${encodeURIComponent(JSON.stringify({ transactionId }))}&sort=["createdAt","ASC"]`);
    expect(res.status).toBe(200);
    return res.body as StoreApiDeliveryView[];
  };

  const deliveredOf = (transactionId: string, count = 1) =>
    eventually(async () => {
      const rows = await deliveriesOf(transactionId);
      return rows.length >= count && rows.every((d) => d.status === 'delivered') ? rows : null;
    });

  beforeAll(async () => {
    receiverUrl = await receiver.start();
    t = await startTestHttpApp([IdentityModule, BillingModule, MarketplaceModule], {
      MARKETPLACE_STORE_API_RETRY_BASE_MS: '100',
      MARKETPLACE_STORE_API_SWEEP_MS: '500',
    });
    await seedIdentity(t.db('identity'));
    await insertStores(t, [bogota, cali, leon], () => '+573001112233');
    who.guest = new TestClient(t.url);
    Object.assign(who, (await logIn(t, ['cliente', 'vendedor', 'refaccionaria', 'asesor', 'operador'] as const)).who);
  });

  afterAll(async () => {
    await t?.close();
    await receiver.stop();
  });

  it('registers a client: the secret answered once and kept encrypted; only store admins and operators write, each store sees its own', async () => {
    const body = { storeId: bogota!.id, name: 'ERP Repuestos La 68', url: receiverUrl };
    // A seller reads the store's clients but does not register one; another store's admin may not name this store.
    expect((await who.vendedor.post(CLIENTS, body)).status).toBe(403);
    expect((await who.refaccionaria.post(CLIENTS, body)).status).toBe(403);
    expect((await who.asesor.post(CLIENTS, body)).status).toBe(403);
    expect((await who.cliente.post(CLIENTS, body)).status).toBe(403);
    expect((await who.guest.post(CLIENTS, body)).status).toBe(401);
    // Bad input: 400 in Spanish, nothing written.
    const badUrl = await who.operador.post(CLIENTS, { ...body, url: 'javascript:alert(1)' });
    expect(badUrl.status).toBe(400);
    expect(badUrl.body.errors).toEqual(['La dirección de la API no es válida: debe ser una dirección web segura.']);
    const shortSecret = await who.operador.post(CLIENTS, { ...body, secret: 'corto' });
    expect(shortSecret.status).toBe(400);
    expect(shortSecret.body.errors).toEqual(['El secreto debe tener al menos 32 caracteres']);
    expect((await who.operador.post(CLIENTS, { ...body, storeId: 'x' })).status).toBe(400);

    const created = await who.operador.post(CLIENTS, body);
    expect(created.status).toBe(201);
    client = created.body as StoreApiClientView;
    expect(client).toMatchObject({ storeId: bogota!.id, storeName: bogota!.name, active: true, url: receiverUrl });
    expect(client.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(client.secretHint).toBe(`…${client.secret!.slice(-4)}`);
    receiver.secret = client.secret!;
    const [row] = await t
      .db('marketplace')
      .em()
      .execute<{ secret_ciphertext: string }[]>('select secret_ciphertext from store_api_clients where id = ?', [client.id]);
    expect(row!.secret_ciphertext.startsWith('v1:')).toBe(true);
    expect(row!.secret_ciphertext).not.toContain(client.secret);

    // getClientsApi (storeId): the store's clients without the secret.
    const mine = await who.vendedor.get(`${HEADER}/getClientsApi`);
    expect(mine.status).toBe(200);
    expect(mine.body.data.map((c: StoreApiClientView) => c.id)).toEqual([client.id]);
    expect(mine.body.data[0].secret).toBeUndefined();
    expect((await who.vendedor.get(`${HEADER}/getClientsApi?storeId=${bogota!.id}`)).body.data).toHaveLength(1);
    expect((await who.refaccionaria.get(`${HEADER}/getClientsApi?storeId=${bogota!.id}`)).status).toBe(403);
    expect((await who.refaccionaria.get(`${HEADER}/getClientsApi`)).body.data).toEqual([]);
    expect((await who.cliente.get(`${HEADER}/getClientsApi`)).status).toBe(403);
    expect((await who.guest.get(`${HEADER}/getClientsApi`)).status).toBe(401);
    expect((await who.vendedor.get(`${HEADER}/getClientsApi?storeId=nada`)).status).toBe(400);
    expect((await who.operador.get(`${HEADER}/getClientsApi?storeId=${bogota!.id}`)).body.data).toHaveLength(1);

    // The console resource: the seller's own store only; another store's client is 404; never deleted.
    expect(((await who.vendedor.get(CLIENTS)).body as StoreApiClientView[]).map((c) => c.id)).toEqual([client.id]);
    expect((await who.refaccionaria.get(CLIENTS)).body).toEqual([]);
    expect((await who.refaccionaria.get(`${CLIENTS}/${client.id}`)).status).toBe(404);
    expect((await who.refaccionaria.request('PUT', `${CLIENTS}/${client.id}`, { active: false })).status).toBe(404);
    expect((await who.asesor.get(`${CLIENTS}/${client.id}`)).status).toBe(200);
    expect((await who.operador.request('DELETE', `${CLIENTS}/${client.id}`)).status).toBe(405);
    expect((await who.vendedor.get(`${CLIENTS}/${client.id}`)).body.secret).toBeUndefined();
  });

  it('POSTs each purchase with confirmProductInAPI as a signed webhook, retried after 500s until 200, applied once per event id; others are not sent', async () => {
    const plain = await order('EMB-PLAIN', false);
    const tx = await order('EMB-API-1', true);
    const [delivery] = await deliveredOf(tx.id);
    expect(delivery).toMatchObject({ type: 'order.placed', status: 'delivered', attempts: 3, clientId: client.id, refVenta: tx.ref_venta });
    expect(delivery!.log.map((a) => a.statusCode)).toEqual([500, 500, 200]);
    expect(delivery!.log.every((a) => a.finishedAt !== null)).toBe(true);

    // The receiver checked every signature; every attempt carried the same event id and the same bytes.
    const got = receiver.of(delivery!.eventId);
    expect(got.map((r) => r.answered)).toEqual([500, 500, 200]);
    expect(got.every((r) => r.signatureValid)).toBe(true);
    expect(new Set(got.map((r) => r.body)).size).toBe(1);
    expect(receiver.applied.filter((id) => id === delivery!.eventId)).toHaveLength(1);
    const sent = JSON.parse(got[0]!.body) as StoreWebhookBody;
    expect(sent).toMatchObject({
      eventId: delivery!.eventId,
      type: 'order.placed',
      order: {
        transactionId: tx.id,
        refVenta: tx.ref_venta,
        storeId: bogota!.id,
        channel: 'order',
        currency: 'COP',
        totalCents: tx.amounts.totalCents,
        lines: [{ reference: 'EMB-API-1', quantity: 2, unitPriceCents: 25_000_000 }],
      },
    });

    // A purchase without confirmProductInAPI is not sent (PurchasePlaced is consumed in order, so it was handled first).
    expect(await deliveriesOf(plain.id)).toEqual([]);
    expect(receiver.received.some((r) => (JSON.parse(r.body) as StoreWebhookBody).order.transactionId === plain.id)).toBe(false);

    // The store's side of the order as the seller sees it.
    const clients = (await who.vendedor.get(`${HEADER}/getClientsApi`)).body.data as StoreApiClientView[];
    expect(clients[0]!.deliveries.delivered).toBeGreaterThanOrEqual(1);
    expect(clients[0]!.lastDeliveryAt).not.toBeNull();
  });

  it('sendOrderToAPI resends one as a new delivery with a new event id; only the store (or an operator) may, others get 404 or 403', async () => {
    const tx = await order('EMB-API-2', true);
    const [placed] = await deliveredOf(tx.id);
    const path = `${HEADER}/${tx.id}/sendOrderToAPI`;
    expect((await who.refaccionaria.request('PATCH', path)).status).toBe(404);
    expect((await who.cliente.request('PATCH', path)).status).toBe(403);
    expect((await who.asesor.request('PATCH', path)).status).toBe(403);
    expect((await who.guest.request('PATCH', path)).status).toBe(401);
    expect((await who.vendedor.request('PATCH', `${HEADER}/${randomUUID()}/sendOrderToAPI`)).status).toBe(404);
    expect((await who.vendedor.request('PATCH', `${HEADER}/nada/sendOrderToAPI`)).status).toBe(400);

    const resent = await who.vendedor.request('PATCH', path);
    expect(resent.status).toBe(200);
    expect(resent.body.metadata.message).toBe(`Pedido ${tx.ref_venta} en cola para enviarse a la API de la tienda.`);
    const view = resent.body.data as StoreOrderView;
    expect(view).toMatchObject({ transactionId: tx.id, apiSync: true, hidden: false });
    expect(view.deliveries.map((d) => d.type)).toEqual(['order.placed', 'order.resent']);
    const rows = await deliveredOf(tx.id, 2);
    const again = rows.find((d) => d.type === 'order.resent')!;
    expect(again.eventId).not.toBe(placed!.eventId);
    expect(receiver.applied).toContain(again.eventId);
    expect(receiver.of(again.eventId).every((r) => r.signatureValid)).toBe(true);

    // Another store's admin sees none of it in the log; its one delivery is 404.
    expect(await deliveriesOf(tx.id, who.refaccionaria)).toEqual([]);
    expect((await who.refaccionaria.get(`${DELIVERIES}/${again.id}`)).status).toBe(404);
    expect((await who.vendedor.get(`${DELIVERIES}/${again.id}`)).body).toMatchObject({ id: again.id, status: 'delivered' });
  });

  it('removeApiSync stops a delivery that keeps failing; sendOrderToAPI turns the sync on again; a deactivated client is not called', async () => {
    receiver.failFirst = 1000;
    const tx = await order('EMB-API-3', true);
    const failing = await eventually(async () => {
      const [d] = await deliveriesOf(tx.id);
      return d && d.attempts >= 2 ? d : null;
    });
    expect(failing.status).toBe('pending');
    const stopped = await who.vendedor.request('PATCH', `${HEADER}/${tx.id}/removeApiSync`);
    expect(stopped.status).toBe(200);
    expect(stopped.body.data).toMatchObject({ apiSync: false, deliveries: [{ status: 'cancelled' }] });
    expect(stopped.body.metadata.message).toBe(`El pedido ${tx.ref_venta} ya no se sincroniza con la API de la tienda.`);
    expect((await who.refaccionaria.request('PATCH', `${HEADER}/${tx.id}/removeApiSync`)).status).toBe(404);
    const attemptsWhenStopped = (await deliveriesOf(tx.id))[0]!.attempts;
    receiver.failFirst = 2;
    // The sweep runs every 500 ms: a cancelled delivery is never armed again (an in-flight attempt may end).
    await t.app.get(StoreApiDeliveries).sweep();
    expect((await deliveriesOf(tx.id))[0]).toMatchObject({ status: 'cancelled' });
    expect((await deliveriesOf(tx.id))[0]!.attempts).toBeLessThanOrEqual(attemptsWhenStopped + 1);

    const resumed = await who.vendedor.request('PATCH', `${HEADER}/${tx.id}/sendOrderToAPI`);
    expect(resumed.body.data.apiSync).toBe(true);
    await eventually(async () =>
      (await deliveriesOf(tx.id)).some((d) => d.type === 'order.resent' && d.status === 'delivered') ? true : null,
    );

    // A deactivated client gets nothing; with no active client, sendOrderToAPI is 409 in Spanish.
    const off = await who.operador.request('PUT', `${CLIENTS}/${client.id}`, { ...client, active: false });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ active: false });
    const refused = await who.vendedor.request('PATCH', `${HEADER}/${tx.id}/sendOrderToAPI`);
    expect(refused.status).toBe(409);
    expect(refused.body.errors).toEqual(['La tienda no tiene un cliente de API activo. Registra uno o activa el que tiene.']);
    // A rotated secret is answered once and signs from then on.
    const on = await who.operador.request('PUT', `${CLIENTS}/${client.id}`, { active: true, rotateSecret: true });
    expect(on.body.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(on.body.secret).not.toBe(client.secret);
    receiver.secret = on.body.secret;
    const tx2 = await order('EMB-API-4', true);
    const [d2] = await deliveredOf(tx2.id);
    expect(receiver.of(d2!.eventId).every((r) => r.signatureValid)).toBe(true);
  });

  it('changeOrderVisibility hides an order from the store’s list only, and shows it again', async () => {
    const tx = await order('EMB-HIDE', false);
    const storeList = async () =>
      (
        (
          await who.vendedor.get(
            `/api/cart/CartShoppingHeader/listAllTransactions?filter=${encodeURIComponent('{"typeUser":"seller"}')}&pageSize=100`,
          )
        ).body.data as TransactionView[]
      ).map((x) => x.id);
    const buyerList = async () =>
      ((await who.cliente.get('/api/cart/CartShoppingHeader/listAllTransactions?pageSize=100')).body.data as TransactionView[]).map(
        (x) => x.id,
      );
    expect(await storeList()).toContain(tx.id);
    expect((await who.refaccionaria.request('PATCH', `${HEADER}/${tx.id}/changeOrderVisibility`, { visible: false })).status).toBe(404);
    expect((await who.vendedor.request('PATCH', `${HEADER}/${tx.id}/changeOrderVisibility`, { visible: 'no' })).status).toBe(400);
    const hidden = await who.vendedor.request('PATCH', `${HEADER}/${tx.id}/changeOrderVisibility`, { visible: false });
    expect(hidden.status).toBe(200);
    expect(hidden.body.data).toMatchObject({ hidden: true });
    expect(hidden.body.metadata.message).toBe(`El pedido ${tx.ref_venta} quedó oculto en el listado de la tienda.`);
    expect(await storeList()).not.toContain(tx.id);
    expect(await buyerList()).toContain(tx.id);
    // Without a body it toggles.
    const shown = await who.vendedor.request('PATCH', `${HEADER}/${tx.id}/changeOrderVisibility`);
    expect(shown.body.data).toMatchObject({ hidden: false });
    expect(await storeList()).toContain(tx.id);
  });
});
