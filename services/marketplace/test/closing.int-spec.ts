import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  type AdminTransaction,
  type CheckoutResult,
  type TransactionPaid,
  type TransactionReturns,
  type TransactionView,
  type WalletIndicators,
} from '@tuerca/contracts';
import { Clock } from '@tuerca/platform';
import { TestClient, eventually, startTestHttpApp, type TestHttpApp } from '@tuerca/platform/testing';
import { IdentityModule, seedIdentity } from '@tuerca/identity';
import { MarketplaceModule } from '@tuerca/marketplace';
import { BillingModule } from '@tuerca/billing';
import { lastReturnDay, returnDeadline } from '../src/closing/returns.rules.js';
import { PRODUCTS, CART, HEADER, bogota, cali, leon, bogotaAddress, insertStores, logIn } from './fixtures.js';

const P = PRODUCTS;
const PAID = '/api/cart/TransactionPaid';

const shipping = bogotaAddress();

type Who = 'cliente' | 'taller' | 'vendedor' | 'refaccionaria' | 'operador' | 'asesor';

describe('closing the sale: the seller’s decision, paid transactions, wallet, advisers and returns over HTTP', () => {
  let t: TestHttpApp;
  let clock: Clock;
  const who = {} as Record<Who, TestClient>;
  const ids = {} as Record<Who, string>;

  const patch = (c: TestClient, path: string, body: unknown) => c.request('PATCH', path, body);
  const publish = async (body: Record<string, unknown>): Promise<string> => {
    const res = await who.vendedor.post(P, {
      scenario: 'create',
      title: `Kit de embrague ${String(body.referencia_1)}`,
      manufacturer_title: 'LuK',
      descripcion: 'Kit de embrague completo',
      inventario: 10,
      actualPrice: 100000,
      salesModel: 2,
      ...body,
    });
    expect(res.status).toBe(201);
    return res.body.data.id as string;
  };
  const stockOf = async (productId: string) =>
    Number(
      (await t.db('marketplace').em().execute<{ inventario: number }[]>('select inventario from products where id = ?', [productId]))[0]!
        .inventario,
    );
  /** An order-model purchase of `quantity` units by the buyer: a transaction awaiting the seller's confirmation. */
  const order = async (reference: string, quantity = 2, buyer: TestClient = who.cliente) => {
    const productId = await publish({ referencia_1: reference });
    const add = await buyer.post('/api/cart/page/add', { productId, quantity });
    expect(add.status).toBe(200);
    const res = await buyer.post(
      `${CART}/savePurchaseOrder`,
      { acceptTerms: true, shipping, itemIds: [add.body.data.id] },
      { 'idempotency-key': randomUUID() },
    );
    expect(res.status).toBe(200);
    const tx = (res.body.data as CheckoutResult).transactions[0]!;
    expect(tx.state).toBe('awaiting_confirmation');
    return { tx, productId };
  };
  const load = async (id: string) => (await who.cliente.get(`${HEADER}/${id}/loadTransaction`)).body.data as TransactionView;
  const pay = (c: TestClient, body: Record<string, unknown>) => c.post(`${PAID}/makeTransactionPaid`, body);

  beforeAll(async () => {
    t = await startTestHttpApp([IdentityModule, BillingModule, MarketplaceModule]);
    clock = t.app.get(Clock);
    await seedIdentity(t.db('identity'));
    const db = t.db('marketplace');
    await insertStores(t, [bogota, cali, leon], () => '+573001112233');
    const signedIn = await logIn(t, ['cliente', 'taller', 'vendedor', 'refaccionaria', 'operador', 'asesor'] as const);
    Object.assign(who, signedIn.who);
    Object.assign(ids, signedIn.ids);
    // The demo adviser as identity's events would have announced it (seedIdentity writes rows, not events).
    await db
      .em()
      .execute(`insert into advisers (user_id, email, active, changed_at) values (?, ?, true, now())`, [ids.asesor, 'asesor@tuerca.demo']);
  });

  afterAll(async () => {
    clock?.reset();
    await t?.close();
  });

  it('the seller confirms an order (the buyer is asked to pay); nobody else may, and a rejection needs its reason', async () => {
    const { tx } = await order('CLOSE-CONFIRM');
    const path = `${HEADER}/${tx.id}/confirmOrder`;
    // A customer and an adviser may not call it at all; another store's seller does not see the transaction.
    expect((await patch(who.cliente, path, { confirmed: true })).status).toBe(403);
    expect((await patch(who.asesor, path, { confirmed: true })).status).toBe(403);
    const other = await patch(who.refaccionaria, path, { confirmed: true });
    expect(other.status).toBe(404);
    expect(JSON.stringify(other.body)).not.toContain(tx.ref_venta);
    const noReason = await patch(who.vendedor, path, { confirmed: false });
    expect(noReason.status).toBe(400);
    expect(JSON.stringify(noReason.body.errors)).toContain('Escribe el motivo del rechazo (al menos 5 caracteres).');
    expect((await load(tx.id)).state).toBe('awaiting_confirmation');

    const ok = await patch(who.vendedor, path, { confirmed: true });
    expect(ok.status).toBe(200);
    expect(ok.body.metadata.message).toBe(`Pedido ${tx.ref_venta} confirmado: le pedimos al comprador que pague.`);
    expect(ok.body.data).toMatchObject({ state: 'pending_payment', stockState: 'reserved' });
    const seen = await load(tx.id);
    expect(seen).toMatchObject({ state: 'pending_payment', isRead: false });
    // Confirmed once: a second decision is a conflict.
    expect((await patch(who.vendedor, path, { confirmed: false, reason: 'Ya no hay unidades' })).status).toBe(409);
    const [event] = await t
      .db('marketplace')
      .em()
      .execute<{ payload: { refVenta: string; paymentDueAt: string } }[]>(
        `select envelope->'payload' as payload from outbox_events where type = 'OrderConfirmedBySeller' and aggregate_id = ?`,
        [tx.id],
      );
    expect(event!.payload.refVenta).toBe(tx.ref_venta);
    expect(new Date(event!.payload.paymentDueAt).getTime() - Date.now()).toBeGreaterThan(23 * 3600_000);
  });

  it('a rejection releases the stock and tells the buyer why', async () => {
    const { tx, productId } = await order('CLOSE-REJECT', 3);
    expect(await stockOf(productId)).toBe(7);
    const res = await patch(who.vendedor, `${HEADER}/${tx.id}/confirmOrder`, {
      confirmed: false,
      reason: 'No tenemos la referencia en bodega',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ state: 'cancelled', cancelReason: 'seller_rejected', stockState: 'released' });
    expect(await stockOf(productId)).toBe(10);
    const [event] = await t
      .db('marketplace')
      .em()
      .execute<{ payload: { reason: string } }[]>(
        `select envelope->'payload' as payload from outbox_events where type = 'OrderRejectedBySeller' and aggregate_id = ?`,
        [tx.id],
      );
    expect(event!.payload.reason).toBe('No tenemos la referencia en bodega');
  });

  it('records cash and Nequi payments until the total is covered: paid is derived from the payments; reversal keeps the record', async () => {
    const { tx } = await order('CLOSE-PAY', 2); // 2 × $100.000
    expect((await patch(who.vendedor, `${HEADER}/${tx.id}/confirmOrder`, { confirmed: true })).status).toBe(200);
    const total = tx.amounts.totalCents;
    expect(total).toBe(20_000_000);

    // Bad input: a type outside the closed list, one of the other country, more than owed — 400 in Spanish, nothing written.
    const bogus = await pay(who.vendedor, { transactionId: tx.id, paymentType: 'bitcoin' });
    expect(bogus.status).toBe(400);
    expect(JSON.stringify(bogus.body.errors)).toContain('Elige un medio de pago de la lista.');
    const spei = await pay(who.vendedor, { transactionId: tx.id, paymentType: 'spei' });
    expect(spei.status).toBe(400);
    expect(spei.body.errors).toEqual(['Ese medio de pago no está disponible en Colombia.']);
    const over = await pay(who.vendedor, { transactionId: tx.id, paymentType: 'cash_on_delivery', amountCents: total + 1 });
    expect(over.status).toBe(400);
    expect(over.body.errors[0]).toMatch(/^El valor supera el saldo pendiente \(\$\s200\.000 COP\)\.$/);
    const fraction = await pay(who.vendedor, { transactionId: tx.id, paymentType: 'cash_on_delivery', amountCents: 10.5 });
    expect(fraction.status).toBe(400);
    // Roles and stores: a customer and an adviser may not record; another store's seller does not see it.
    expect((await pay(who.cliente, { transactionId: tx.id, paymentType: 'cash_on_delivery' })).status).toBe(403);
    expect((await pay(who.asesor, { transactionId: tx.id, paymentType: 'cash_on_delivery' })).status).toBe(403);
    expect((await pay(who.refaccionaria, { transactionId: tx.id, paymentType: 'cash_on_delivery' })).status).toBe(404);
    expect((await load(tx.id)).payments).toEqual([]);

    const cash = await pay(who.vendedor, {
      transactionId: tx.id,
      paymentType: 'cash_on_delivery',
      amountCents: 5_000_000,
      reference: 'Recibo 0001',
      notes: 'Anticipo en mostrador',
    });
    expect(cash.status).toBe(201);
    expect(cash.body.metadata.message).toBe('Pago registrado.');
    const cashRecord = cash.body.data as TransactionPaid;
    expect(cashRecord).toMatchObject({
      source: 'manual',
      paymentType: 'cash_on_delivery',
      paymentTypeText: 'Pago contra entrega',
      amountCents: 5_000_000,
    });
    expect((await load(tx.id)).state).toBe('pending_payment');

    const rest = await pay(who.vendedor, { transactionId: tx.id, paymentType: 'nequi', reference: 'NEQUI-778899' });
    expect(rest.status).toBe(201);
    expect(rest.body.metadata.message).toBe(`Pago registrado: la compra ${tx.ref_venta} quedó pagada.`);
    const nequi = rest.body.data as TransactionPaid;
    expect(nequi.amountCents).toBe(15_000_000);
    const paid = await load(tx.id);
    expect(paid).toMatchObject({ state: 'paid', stockState: 'committed' });
    expect(paid.payments.map((p) => p.amountCents)).toEqual([5_000_000, 15_000_000]);
    // Nothing more is owed.
    expect((await pay(who.vendedor, { transactionId: tx.id, paymentType: 'bank_transfer' })).status).toBe(409);

    // Reads: the store's own and any for operators and advisers; another store's seller 404, a customer 403.
    const one = `${PAID}/${nequi.id}/loadTransactionPaid`;
    expect((await who.vendedor.get(one)).body.data).toMatchObject({ id: nequi.id, refVenta: tx.ref_venta });
    expect((await who.asesor.get(one)).status).toBe(200);
    expect((await who.operador.get(one)).status).toBe(200);
    expect((await who.refaccionaria.get(one)).status).toBe(404);
    expect((await who.cliente.get(one)).status).toBe(403);
    const filter = encodeURIComponent(JSON.stringify({ transactionId: tx.id }));
    const list = await who.vendedor.get(`${PAID}?filter=${filter}&page=0&pageSize=1`);
    expect(list.status).toBe(200);
    expect(list.body.metadata.total).toBe(2);
    expect(list.body.data).toHaveLength(1);
    expect((await who.refaccionaria.get(`${PAID}?filter=${filter}`)).body.metadata.total).toBe(0);
    const foreign = encodeURIComponent(JSON.stringify({ storeId: bogota!.id }));
    expect((await who.refaccionaria.get(`${PAID}?filter=${foreign}`)).status).toBe(403);
    expect((await who.cliente.get(`${PAID}`)).status).toBe(403);

    // PATCH: reference and notes of a manual record; never another store's.
    const edit = await patch(who.vendedor, `/api/cart/transactionPaid/${cashRecord.id}`, { reference: 'Recibo 0001-A' });
    expect(edit.status).toBe(200);
    expect(edit.body.data.reference).toBe('Recibo 0001-A');
    expect((await patch(who.refaccionaria, `/api/cart/transactionPaid/${cashRecord.id}`, { notes: 'x' })).status).toBe(404);
    expect((await patch(who.vendedor, `/api/cart/transactionPaid/${cashRecord.id}`, {})).status).toBe(400);

    // A reversal needs its reason, keeps the record, and the transaction waits for payment again.
    const reverse = `${PAID}/reversePaymentTypeTransactions`;
    expect((await who.vendedor.post(reverse, { transactionPaidId: nequi.id })).status).toBe(400);
    expect((await who.refaccionaria.post(reverse, { transactionPaidId: nequi.id, reason: 'Transferencia devuelta' })).status).toBe(404);
    expect((await who.asesor.post(reverse, { transactionPaidId: nequi.id, reason: 'Transferencia devuelta' })).status).toBe(403);
    const reversed = await who.vendedor.post(reverse, { transactionPaidId: nequi.id, reason: 'Nequi rechazó la transferencia' });
    expect(reversed.status).toBe(200);
    expect(reversed.body.data).toMatchObject({
      reversalReason: 'Nequi rechazó la transferencia',
      reversedBy: ids.vendedor,
      transactionState: 'pending_payment',
    });
    expect((await who.vendedor.post(reverse, { transactionPaidId: nequi.id, reason: 'Otra vez el mismo' })).status).toBe(409);
    const after = await load(tx.id);
    expect(after.state).toBe('pending_payment');
    expect(after.payments).toHaveLength(2);
    expect(after.payments[1]!.reversedAt).not.toBeNull();

    // A new cash payment for the rest makes it paid again.
    expect((await pay(who.vendedor, { transactionId: tx.id, paymentType: 'cash_on_delivery' })).status).toBe(201);
    expect((await load(tx.id)).state).toBe('paid');
    expect((await patch(who.vendedor, `/api/cart/transactionPaid/${nequi.id}`, { notes: 'x' })).status).toBe(409);
  });

  it('the wallet: indicators of the seller’s store (operators any or all), unread marks per scenario and typeUser', async () => {
    const { tx } = await order('CLOSE-WALLET', 1);
    const filter = (f: Record<string, unknown>) => `?filter=${encodeURIComponent(JSON.stringify(f))}`;
    const wallet = async (c: TestClient, f: Record<string, unknown> = {}) => c.get(`${HEADER}/getIndicatorsWallet${filter(f)}`);
    const mine = await wallet(who.vendedor, { period: '7d' });
    expect(mine.status).toBe(200);
    const w = mine.body.data as WalletIndicators;
    expect(w.storeId).toBe(bogota!.id);
    expect(w.totals).toHaveLength(1);
    const cop = w.totals[0]!;
    expect(cop.currency).toBe('COP');
    // From the tests above: one paid sale of $200.000, one cancelled, one awaiting confirmation (this one) and one pending payment.
    expect(cop.salesCount).toBe(1);
    expect(cop.salesValueCents).toBe(20_000_000);
    expect(cop.averageTicketCents).toBe(20_000_000);
    expect(cop.byState.find((s) => s.state === 'awaiting_confirmation')!.count).toBe(1);
    expect(cop.byState.find((s) => s.state === 'cancelled')!.count).toBe(1);
    expect(cop.salesPerDay).toHaveLength(1);
    expect(cop.salesPerDay[0]!.valueCents).toBe(20_000_000);
    expect(w.pendingConfirmations).toBe(1);
    expect(w.unread.sales).toBeGreaterThanOrEqual(1);

    // The state filter, another store (403 for a seller, allowed for an operator), customers and advisers refused.
    expect(((await wallet(who.vendedor, { state: 'paid' })).body.data as WalletIndicators).totals[0]!.count).toBe(1);
    expect((await wallet(who.refaccionaria, { storeId: bogota!.id })).status).toBe(403);
    expect(((await wallet(who.refaccionaria)).body.data as WalletIndicators).totals).toEqual([]);
    expect((await wallet(who.cliente)).status).toBe(403);
    expect((await wallet(who.asesor)).status).toBe(403);
    expect((await wallet(who.vendedor, { period: 'siempre' })).status).toBe(400);
    expect((await wallet(who.vendedor, { period: 'custom', from: '2026-02-01' })).status).toBe(400);
    expect(((await wallet(who.operador, { storeId: bogota!.id })).body.data as WalletIndicators).totals[0]!.salesCount).toBe(1);
    expect(((await wallet(who.operador)).body.data as WalletIndicators).storeId).toBeNull();

    // One sale read / unread, then all of the store's sales read.
    const one = `${HEADER}/${tx.id}/changeReadInWalletStatus`;
    expect((await patch(who.refaccionaria, one, { scenario: 'sales', isRead: true })).status).toBe(404);
    expect((await patch(who.cliente, one, { scenario: 'sales', isRead: true })).status).toBe(403);
    expect((await patch(who.vendedor, one, { scenario: 'ventas', isRead: true })).status).toBe(400);
    expect((await patch(who.vendedor, one, { scenario: 'sales', isRead: true })).status).toBe(200);
    const unreadBefore = ((await wallet(who.vendedor)).body.data as WalletIndicators).unread.sales;
    expect((await patch(who.vendedor, one, { scenario: 'sales', isRead: false })).status).toBe(200);
    expect(((await wallet(who.vendedor)).body.data as WalletIndicators).unread.sales).toBe(unreadBefore + 1);
    const all = await patch(who.vendedor, `${HEADER}/changeReadInWalletStatusAll`, { scenario: 'sales' });
    expect(all.status).toBe(200);
    expect(all.body.data.count).toBe(unreadBefore + 1);
    expect(((await wallet(who.vendedor)).body.data as WalletIndicators).unread.sales).toBe(0);
    // Operators name the store; a seller naming another store is refused.
    expect((await patch(who.operador, `${HEADER}/changeReadInWalletStatusAll`, { scenario: 'sales' })).status).toBe(400);
    expect(
      (await patch(who.refaccionaria, `${HEADER}/changeReadInWalletStatusAll`, { scenario: 'sales', storeId: bogota!.id })).status,
    ).toBe(403);

    // typeUser: the buyer's purchases, or the seller's store's sales (a customer has no store: 403).
    expect((await patch(who.cliente, `${HEADER}/ChangeReadStatusAll`, { typeUser: 'seller' })).status).toBe(403);
    expect((await patch(who.cliente, `${HEADER}/ChangeReadStatusAll`, { typeUser: 'comprador' })).status).toBe(400);
    const buyer = await patch(who.cliente, `${HEADER}/ChangeReadStatusAll`, { typeUser: 'buyer' });
    expect(buyer.status).toBe(200);
    expect((await who.cliente.get(`/api/cart/CartShoppingHeader/getUnreadTransactions`)).body.data.count).toBe(0);
  });

  it('an operator assigns an adviser, who works it (notes, state) and only reads the others', async () => {
    const { tx } = await order('CLOSE-ADVISER', 1);
    const { tx: other } = await order('CLOSE-ADVISER-2', 1);
    const path = `${HEADER}/${tx.id}/registerAdviser`;
    expect((await patch(who.vendedor, path, { adviser_id: ids.asesor })).status).toBe(403);
    expect((await patch(who.asesor, path, { adviser_id: ids.asesor })).status).toBe(403);
    expect((await patch(who.cliente, path, { adviser_id: ids.asesor })).status).toBe(403);
    const unknown = await patch(who.operador, path, { adviser_id: randomUUID() });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual(['Ese asesor no existe o no está activo.']);
    // Not an adviser (the seller's id) either.
    expect((await patch(who.operador, path, { adviser_id: ids.vendedor })).status).toBe(400);
    expect((await patch(who.operador, `${HEADER}/${randomUUID()}/registerAdviser`, { adviser_id: ids.asesor })).status).toBe(404);
    const ok = await patch(who.operador, path, { adviser_id: ids.asesor });
    expect(ok.status).toBe(200);
    expect(ok.body.data as AdminTransaction).toMatchObject({ adviserId: ids.asesor, followUpState: 'open' });

    // The adviser's queue.
    const queue = await who.asesor.get(`/admin-api/transactions?filter=${encodeURIComponent(JSON.stringify({ adviserId: 'me' }))}`);
    expect(queue.status).toBe(200);
    expect((queue.body as AdminTransaction[]).map((x) => x.id)).toEqual([tx.id]);

    // Works the assigned one; reads the other but may not write it, nor anything a seller does.
    const work = await patch(who.asesor, `${HEADER}/${tx.id}/adviserFollowUp`, {
      note: 'Llamé al cliente: paga mañana',
      followUpState: 'contacted',
    });
    expect(work.status).toBe(200);
    const worked = work.body.data as AdminTransaction;
    expect(worked.followUpState).toBe('contacted');
    expect(worked.notes).toMatchObject([{ authorId: ids.asesor, authorRole: 'adviser', text: 'Llamé al cliente: paga mañana' }]);
    expect(worked.timeline.map((e) => e.kind)).toEqual(['created', 'adviser', 'note']);
    expect((await who.asesor.get(`/admin-api/transactions/${other.id}`)).status).toBe(200);
    expect((await patch(who.asesor, `${HEADER}/${other.id}/adviserFollowUp`, { note: 'No me toca' })).status).toBe(403);
    expect((await patch(who.asesor, `${HEADER}/${tx.id}/adviserFollowUp`, { followUpState: 'cerrado' })).status).toBe(400);
    expect((await patch(who.asesor, `${HEADER}/${tx.id}/adviserFollowUp`, {})).status).toBe(400);
    expect((await patch(who.vendedor, `${HEADER}/${tx.id}/adviserFollowUp`, { note: 'Hola' })).status).toBe(403);
    // The console's transactions: a seller sees their store's, another store's seller gets 404, customers 403.
    expect((await who.vendedor.get(`/admin-api/transactions/${tx.id}`)).status).toBe(200);
    expect((await who.refaccionaria.get(`/admin-api/transactions/${tx.id}`)).status).toBe(404);
    expect((await who.cliente.get(`/admin-api/transactions/${tx.id}`)).status).toBe(403);
    const foreignList = await who.refaccionaria.get(
      `/admin-api/transactions?filter=${encodeURIComponent(JSON.stringify({ storeId: bogota!.id }))}`,
    );
    expect(foreignList.body).toEqual([]);
  });

  it('an adviser account identity announces (UserRegistered) becomes assignable', async () => {
    const email = `asesora-${randomUUID().slice(0, 8)}@tuerca.demo`;
    const created = await who.operador.post('/admin-api/users', {
      email,
      password: 'Tuerca2026!',
      name: 'Paula Asesora',
      roles: ['adviser'],
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    await eventually(async () => {
      const res = await who.operador.get(`/admin-api/advisers/${id}`);
      return res.status === 200 ? res.body : undefined;
    });
    const { tx } = await order('CLOSE-ADVISER-3', 1);
    expect((await patch(who.operador, `${HEADER}/${tx.id}/registerAdviser`, { adviser_id: id })).status).toBe(200);
    // The first adviser may read it but not work it.
    expect((await patch(who.asesor, `${HEADER}/${tx.id}/adviserFollowUp`, { note: 'Lo tomo yo' })).status).toBe(403);
  });

  it('returns: 5 business days after delivery at a moved clock — day 5 accepted, day 6 refused; the seller accepts (restock, reversal) or rejects with a reason', async () => {
    const confirmAndPay = async (reference: string) => {
      const o = await order(reference, 2);
      expect((await patch(who.vendedor, `${HEADER}/${o.tx.id}/confirmOrder`, { confirmed: true })).status).toBe(200);
      expect((await pay(who.vendedor, { transactionId: o.tx.id, paymentType: 'bank_transfer', reference: 'Bancolombia 123' })).status).toBe(
        201,
      );
      return o;
    };
    const a = await confirmAndPay('CLOSE-RET-A');
    const b = await confirmAndPay('CLOSE-RET-B');
    const c = await confirmAndPay('CLOSE-RET-C');
    expect(await stockOf(a.productId)).toBe(8);

    // Before delivery: no return yet.
    const early = await who.cliente.post(`${HEADER}/${a.tx.id}/requestReturn`, { reason: 'Me equivoqué de referencia' });
    expect(early.status).toBe(409);
    expect(early.body.errors).toEqual(['Podrás pedir la devolución cuando la compra esté entregada.']);
    expect((await patch(who.refaccionaria, `${HEADER}/${a.tx.id}/markDelivered`, {})).status).toBe(404);
    expect((await patch(who.cliente, `${HEADER}/${a.tx.id}/markDelivered`, {})).status).toBe(403);
    for (const o of [a, b, c]) expect((await patch(who.vendedor, `${HEADER}/${o.tx.id}/markDelivered`, {})).status).toBe(200);

    const returns = async (client: TestClient, id: string) => client.get(`${HEADER}/${id}/loadTransactionReturns`);
    const window = (await returns(who.cliente, a.tx.id)).body.data as TransactionReturns;
    expect(window).toMatchObject({ windowBusinessDays: 5, canRequest: true, problem: null, returns: [] });
    const deliveredAt = new Date(window.deliveredAt!);
    const deadline = returnDeadline(deliveredAt, 'CO', 5);
    expect(window.deadline).toBe(deadline.toISOString());
    // Five business days never fit in less than a week once a weekend is crossed.
    expect(deadline.getTime() - deliveredAt.getTime()).toBeGreaterThan(6 * 24 * 3600_000);
    expect((await returns(who.refaccionaria, a.tx.id)).status).toBe(404);
    expect((await returns(who.taller, a.tx.id)).status).toBe(404);
    expect((await returns(who.vendedor, a.tx.id)).body.data.canRequest).toBe(false);

    // The last minute of day 5 (Bogotá): accepted.
    clock.advance(deadline.getTime() - 60_000 - clock.now().getTime());
    expect((await who.cliente.post(`${HEADER}/${a.tx.id}/requestReturn`, { reason: 'x' })).status).toBe(400);
    expect((await who.taller.post(`${HEADER}/${a.tx.id}/requestReturn`, { reason: 'No es mía esta compra' })).status).toBe(404);
    const requested = await who.cliente.post(`${HEADER}/${a.tx.id}/requestReturn`, { reason: 'Me equivoqué de referencia' });
    expect(requested.status).toBe(201);
    expect(requested.body.data).toMatchObject({ state: 'requested', reason: 'Me equivoqué de referencia' });
    expect((await who.cliente.post(`${HEADER}/${a.tx.id}/requestReturn`, { reason: 'Otra vez' })).status).toBe(409);
    const requestedC = await who.cliente.post(`${HEADER}/${c.tx.id}/requestReturn`, { reason: 'Llegó incompleto el kit' });
    expect(requestedC.status).toBe(201);

    // Day 6: refused, saying until when it could be asked.
    clock.advance(2 * 60_000);
    const late = await who.cliente.post(`${HEADER}/${b.tx.id}/requestReturn`, { reason: 'Me equivoqué de referencia' });
    expect(late.status).toBe(409);
    const [y, m, d] = lastReturnDay(deliveredAt, 'CO', 5).split('-');
    expect(late.body.errors).toEqual([`El plazo para retractarte terminó el ${d}/${m}/${y} (5 días hábiles desde la entrega).`]);

    // The wallet counts the open requests.
    const w = (await who.vendedor.get(`${HEADER}/getIndicatorsWallet`)).body.data as WalletIndicators;
    expect(w.openReturns).toBe(2);
    expect(w.unread.returns).toBe(2);

    // The seller's bell lists the unread requests (filter sellerUnread); opening one marks it read (scenario returns).
    const unreadReturns = `/admin-api/transaction-returns?filter=${encodeURIComponent(JSON.stringify({ sellerUnread: true }))}`;
    const listed = async (client: TestClient) =>
      ((await client.get(unreadReturns)).body as { transactionId: string; sellerUnread: boolean }[]).map((r) => [
        r.transactionId,
        r.sellerUnread,
      ]);
    expect((await listed(who.vendedor)).sort()).toEqual(
      [
        [a.tx.id, true],
        [c.tx.id, true],
      ].sort(),
    );
    expect(await listed(who.refaccionaria)).toEqual([]);
    expect((await patch(who.vendedor, `${HEADER}/${c.tx.id}/changeReadInWalletStatus`, { scenario: 'returns', isRead: true })).status).toBe(
      200,
    );
    expect(await listed(who.vendedor)).toEqual([[a.tx.id, true]]);
    expect(((await who.vendedor.get(`${HEADER}/getIndicatorsWallet`)).body.data as WalletIndicators).unread.returns).toBe(1);
    expect((await returns(who.cliente, c.tx.id)).body.data.returns).toMatchObject([{ state: 'requested', sellerUnread: false }]);

    // The seller decides: roles and stores first, then a rejection without reason is 400.
    const decide = `${HEADER}/${a.tx.id}/decideReturn`;
    expect((await patch(who.cliente, decide, { accepted: true })).status).toBe(403);
    expect((await patch(who.asesor, decide, { accepted: true })).status).toBe(403);
    expect((await patch(who.refaccionaria, decide, { accepted: true })).status).toBe(404);
    expect((await patch(who.vendedor, decide, { accepted: false })).status).toBe(400);
    const accepted = await patch(who.vendedor, decide, { accepted: true });
    expect(accepted.status).toBe(200);
    expect(accepted.body.data).toMatchObject({ state: 'accepted', decidedBy: ids.vendedor });
    // Restocked, the payment reversed (kept), the transaction returned.
    expect(await stockOf(a.productId)).toBe(10);
    const returned = await load(a.tx.id);
    expect(returned.state).toBe('returned');
    expect(returned.payments).toHaveLength(1);
    expect(returned.payments[0]!.reversedAt).not.toBeNull();
    expect((await patch(who.vendedor, decide, { accepted: true })).status).toBe(409);

    const rejected = await patch(who.vendedor, `${HEADER}/${c.tx.id}/decideReturn`, {
      accepted: false,
      reason: 'El kit se entregó sellado y completo',
    });
    expect(rejected.status).toBe(200);
    expect(await stockOf(c.productId)).toBe(8);
    expect((await load(c.tx.id)).state).toBe('paid');
    const history = (await returns(who.cliente, c.tx.id)).body.data as TransactionReturns;
    expect(history.returns).toMatchObject([{ state: 'rejected', decisionReason: 'El kit se entregó sellado y completo' }]);

    // The console's returns resource: a seller's own store only.
    expect(((await who.vendedor.get('/admin-api/transaction-returns')).body as unknown[]).length).toBe(2);
    expect((await who.refaccionaria.get('/admin-api/transaction-returns')).body).toEqual([]);
    const detail = (await who.operador.get(`/admin-api/transactions/${a.tx.id}`)).body as AdminTransaction;
    expect(detail.timeline.map((e) => e.kind)).toEqual([
      'created',
      'confirmed',
      'payment',
      'paid',
      'delivered',
      'return',
      'reversal',
      'return',
    ]);
  });
});
