import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CommandBus } from '@nestjs/cqrs';
import type { CheckoutResult, ProductView, StoreScoreView, TransactionView } from '@tuerca/contracts';
import { Clock } from '@tuerca/platform';
import { TestClient, eventually, startTestHttpApp, type TestHttpApp } from '@tuerca/platform/testing';
import { IdentityModule, seedIdentity } from '@tuerca/identity';
import { NotificationsModule } from '@tuerca/notifications';
import { MarketplaceModule } from '@tuerca/marketplace';
import { BillingModule } from '@tuerca/billing';
import { RequestStoreRating } from '../src/ratings/ratings.commands.js';
import { PRODUCTS, bogota, cali, leon, bogotaAddress, insertStores, logIn } from './fixtures.js';

const P = PRODUCTS;
const SCORES = '/api/cart/storeScores';
const RESEND = '/api/users/users/resendScore';

const shipping = bogotaAddress('Casa', null);

describe('ratings: the buyer of a delivered purchase rates the store; results show the average and count', () => {
  let t: TestHttpApp;
  let clock: Clock;
  let productId: string;
  const who: Record<'guest' | 'cliente' | 'taller' | 'vendedor' | 'refaccionaria' | 'asesor' | 'operador', TestClient> = {} as never;

  const order = async (buyer: TestClient): Promise<TransactionView> => {
    const added = await buyer.post('/api/cart/page/add', { productId, quantity: 1 });
    expect(added.status).toBe(200);
    const res = await buyer.post(
      '/api/cart/CartShopingPending/savePurchaseOrder',
      { acceptTerms: true, shipping, itemIds: [added.body.data.id] },
      { 'idempotency-key': randomUUID() },
    );
    expect(res.status).toBe(200);
    return (res.body.data as CheckoutResult).transactions[0]!;
  };

  /** The purchase is delivered: the buyer is asked to rate (what the delivery's consumer runs). */
  const delivered = async (tx: TransactionView, buyer: TestClient): Promise<StoreScoreView> => {
    expect(await t.app.get(CommandBus).execute(new RequestStoreRating(tx.id))).toBe('requested');
    const pending = (await buyer.get(`${SCORES}/pending`)).body.data as StoreScoreView[];
    return pending.find((s) => s.transactionId === tx.id)!;
  };

  const storeRatingInResults = (min: number) =>
    eventually(async () => {
      const res = await who.cliente.get(`${P}/searchProductByReference?reference=CAL-RATE-1`);
      const p = (res.body.data.products as ProductView[]).find((x) => x.id === productId);
      return p?.store.rating && p.store.rating.count >= min ? p.store.rating : null;
    });

  beforeAll(async () => {
    t = await startTestHttpApp([IdentityModule, BillingModule, MarketplaceModule, NotificationsModule]);
    clock = t.app.get(Clock);
    await seedIdentity(t.db('identity'));
    await insertStores(t, [bogota, cali, leon], () => '+573001112233');
    who.guest = new TestClient(t.url);
    Object.assign(who, (await logIn(t, ['cliente', 'taller', 'vendedor', 'refaccionaria', 'asesor', 'operador'] as const)).who);
    const created = await who.vendedor.post(P, {
      scenario: 'create',
      title: 'Bomba de agua CAL-RATE-1',
      manufacturer_title: 'Gates',
      descripcion: 'Bomba de agua',
      referencia_1: 'CAL-RATE-1',
      inventario: 50,
      actualPrice: 180000,
      salesModel: 2,
    });
    expect(created.status).toBe(201);
    productId = created.body.data.id;
  });

  afterAll(async () => {
    clock?.reset();
    await t?.close();
  });

  it('asks the buyer once per delivered purchase, by WhatsApp and e-mail, with the rating page', async () => {
    const tx = await order(who.cliente);
    const score = await delivered(tx, who.cliente);
    expect(score).toMatchObject({ state: 'requested', requests: 1, score: null, storeId: bogota!.id, refVenta: tx.ref_venta });
    // A redelivered event asks nothing again.
    expect(await t.app.get(CommandBus).execute(new RequestStoreRating(tx.id))).toBe('exists');
    const messages = await eventually(async () => {
      const rows = await t
        .db('notifications')
        .em()
        .execute<{ channel: string; recipient: string | null; text: string }[]>(
          `select channel, recipient, text from messages where template = 'store-rating-requested' and text like ?`,
          [`%${tx.ref_venta}%`],
        );
      return rows.length >= 2 ? rows : null;
    });
    expect(messages.map((m) => m.channel).sort()).toEqual(['email', 'whatsapp']);
    expect(messages.find((m) => m.channel === 'email')!.recipient).toBe('cliente@tuerca.demo');
    expect(messages[0]!.text).toContain(`¿cómo te fue con ${bogota!.name}? Califica tu compra ${tx.ref_venta} de 1 a 5 estrellas`);
    expect(messages[0]!.text).toContain(`/compras/calificar/${score.id}`);
  });

  it('asks when the store marks a paid purchase delivered (PurchaseDelivered), through the HTTP calls of the sale', async () => {
    const tx = await order(who.taller);
    const patch = (c: TestClient, path: string, body: Record<string, unknown>) => c.request('PATCH', path, body);
    expect((await patch(who.vendedor, `/api/cart/cartShoppingHeader/${tx.id}/confirmOrder`, { confirmed: true })).status).toBe(200);
    const paid = await who.vendedor.post('/api/cart/TransactionPaid/makeTransactionPaid', {
      transactionId: tx.id,
      paymentType: 'cash_on_delivery',
      reference: 'Contraentrega',
    });
    expect(paid.status).toBe(201);
    expect(((await who.taller.get(`${SCORES}/pending`)).body.data as StoreScoreView[]).some((s) => s.transactionId === tx.id)).toBe(false);
    expect((await patch(who.vendedor, `/api/cart/cartShoppingHeader/${tx.id}/markDelivered`, {})).status).toBe(200);
    const score = await eventually(async () =>
      ((await who.taller.get(`${SCORES}/pending`)).body.data as StoreScoreView[]).find((s) => s.transactionId === tx.id),
    );
    expect(score).toMatchObject({ state: 'requested', requests: 1, storeId: bogota!.id });
    // The event consumed again asks nothing more.
    expect(await t.app.get(CommandBus).execute(new RequestStoreRating(tx.id))).toBe('exists');
  });

  it('lets the store ask again after 24 hours, three times at most; others get 404 or 403', async () => {
    const tx = await order(who.cliente);
    const score = await delivered(tx, who.cliente);
    expect((await who.refaccionaria.post(RESEND, { scoreId: score.id })).status).toBe(404);
    expect((await who.cliente.post(RESEND, { scoreId: score.id })).status).toBe(403);
    expect((await who.asesor.post(RESEND, { scoreId: score.id })).status).toBe(403);
    expect((await who.guest.post(RESEND, { scoreId: score.id })).status).toBe(401);
    expect((await who.vendedor.post(RESEND, { scoreId: 'x' })).status).toBe(400);
    expect((await who.vendedor.post(RESEND, { scoreId: randomUUID() })).status).toBe(404);
    const soon = await who.vendedor.post(RESEND, { scoreId: score.id });
    expect(soon.status).toBe(409);
    expect(soon.body.errors).toEqual(['Ya pedimos esta calificación hace menos de 24 horas.']);
    try {
      clock.advance(24 * 3600_000);
      const again = await who.vendedor.post(RESEND, { scoreId: score.id });
      expect(again.status).toBe(200);
      expect(again.body.data).toMatchObject({ requests: 2, state: 'requested' });
      expect(again.body.metadata.message).toBe(`Le pedimos de nuevo al comprador que califique la compra ${tx.ref_venta}.`);
      clock.advance(24 * 3600_000);
      expect((await who.operador.post(RESEND, { scoreId: score.id })).body.data.requests).toBe(3);
      clock.advance(24 * 3600_000);
      const tooMany = await who.vendedor.post(RESEND, { scoreId: score.id });
      expect(tooMany.status).toBe(409);
      expect(tooMany.body.errors).toEqual(['Ya pedimos esta calificación 3 veces.']);
    } finally {
      clock.reset();
    }
  });

  it('takes the buyer’s 1–5 rating once; the store’s average and count show next to its name in results', async () => {
    const first = await delivered(await order(who.cliente), who.cliente);
    const second = await delivered(await order(who.taller), who.taller);
    // Only the buyer reads and rates their own.
    expect((await who.taller.get(`${SCORES}/${first.id}`)).status).toBe(404);
    expect((await who.taller.post(`${SCORES}/${first.id}`, { score: 5 })).status).toBe(404);
    expect((await who.guest.post(`${SCORES}/${first.id}`, { score: 5 })).status).toBe(401);
    for (const score of [0, 6, 4.5, 'cinco', null]) {
      const bad = await who.cliente.post(`${SCORES}/${first.id}`, { score });
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toEqual(['La calificación debe ser de 1 a 5 estrellas']);
    }
    const rated = await who.cliente.post(`${SCORES}/${first.id}`, { score: 4, comment: 'Llegó a tiempo, bien empacado.' });
    expect(rated.status).toBe(200);
    expect(rated.body.data).toMatchObject({ state: 'rated', score: 4, comment: 'Llegó a tiempo, bien empacado.' });
    expect(rated.body.metadata.message).toBe(`¡Gracias! Tu calificación de ${bogota!.name} quedó registrada.`);
    const twice = await who.cliente.post(`${SCORES}/${first.id}`, { score: 1 });
    expect(twice.status).toBe(409);
    expect(twice.body.errors).toEqual(['Esta compra ya fue calificada.']);
    expect((await who.vendedor.post(RESEND, { scoreId: first.id })).body.errors).toEqual(['Esta compra ya fue calificada.']);
    expect(((await who.cliente.get(`${SCORES}/pending`)).body.data as StoreScoreView[]).some((s) => s.id === first.id)).toBe(false);

    expect(await storeRatingInResults(1)).toEqual({ average: 4, count: 1 });
    expect((await who.taller.post(`${SCORES}/${second.id}`, { score: 5 })).status).toBe(200);
    expect(await storeRatingInResults(2)).toEqual({ average: 4.5, count: 2 });

    // The operator console: the store's own ratings only; another store's is 404; read-only.
    const mine = (await who.vendedor.get(`/admin-api/store-ratings?filter=${encodeURIComponent('{"state":"rated"}')}`))
      .body as StoreScoreView[];
    expect(mine.map((s) => s.id).sort()).toEqual([first.id, second.id].sort());
    expect((await who.refaccionaria.get('/admin-api/store-ratings')).body).toEqual([]);
    expect((await who.refaccionaria.get(`/admin-api/store-ratings/${first.id}`)).status).toBe(404);
    expect((await who.asesor.get(`/admin-api/store-ratings/${first.id}`)).body).toMatchObject({ score: 4 });
    expect((await who.operador.request('DELETE', `/admin-api/store-ratings/${first.id}`)).status).toBe(405);
  });
});
