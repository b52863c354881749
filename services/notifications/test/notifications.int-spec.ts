import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { PlanPurchased, QuoteRequested, SellerResponded, type EventDefinition, type EventEnvelope } from '@tuerca/contracts';
import { ContextDatabase, ContextRegistry, EventBus, createLogger, processEvent, recordEvent, type OutboxRelay } from '@tuerca/platform';
import { TestClient, eventually, startTestHttpApp, type TestHttpApp } from '@tuerca/platform/testing';
import { IdentityModule, seedIdentity, DEMO_PASSWORD } from '@tuerca/identity';
import { LogDelivery, MessageDelivery, NotificationsModule, RecordEventMessages } from '@tuerca/notifications';
import { CommandBus } from '@nestjs/cqrs';
import type { z } from 'zod';

const ADMIN = '/admin-api/notifications';
const ATTEMPTS = 3;

type Row = Record<string, any>;

describe('notifications: events in, messages queued and delivered, operator API', () => {
  let t: TestHttpApp;
  let operator: TestClient;
  let customer: TestClient;
  // The producing contexts' side: their own schemas and outboxes, relayed by the app's event bus.
  const producers: { db: ContextDatabase; relay: OutboxRelay }[] = [];
  let marketplace: ContextDatabase;
  let billing: ContextDatabase;

  beforeAll(async () => {
    t = await startTestHttpApp([IdentityModule, NotificationsModule], { NOTIFICATIONS_MAX_ATTEMPTS: String(ATTEMPTS) });
    await seedIdentity(t.db('identity'));
    operator = new TestClient(t.url);
    customer = new TestClient(t.url);
    expect((await operator.post('/api/users/auth/login', { email: 'operador@tuerca.demo', password: DEMO_PASSWORD })).status).toBe(200);
    expect((await customer.post('/api/users/auth/login', { email: 'cliente@tuerca.demo', password: DEMO_PASSWORD })).status).toBe(200);
    for (const schema of ['marketplace', 'billing']) {
      const db = await ContextDatabase.open(t.config, { schema, entities: [], migrations: [] });
      await db.migrate();
      producers.push({ db, relay: await t.app.get(EventBus).startRelay(db) });
    }
    [marketplace, billing] = producers.map((p) => p.db) as [ContextDatabase, ContextDatabase];
  });

  afterAll(async () => {
    for (const p of producers) {
      await p.relay.stop().catch(() => undefined);
      await p.db.close().catch(() => undefined);
    }
    await t?.close();
  });

  const delivery = () => t.app.get(MessageDelivery) as LogDelivery;

  /** Records an event in a producer's outbox, as that context would in its own transaction. */
  async function emit<D extends EventDefinition>(db: ContextDatabase, def: D, payload: z.input<D['payload']>, eventId = randomUUID()) {
    let envelope!: EventEnvelope;
    await db.transactional(async (em) => {
      envelope = recordEvent(em, def, payload, { aggregateId: randomUUID(), actor: { kind: 'system', id: db.schema }, eventId });
      await em.flush();
    });
    return envelope;
  }

  const messagesOf = (eventId: string) =>
    t.db('notifications').em().execute<Row[]>(`select * from messages where event_id = ? order by channel`, [eventId]);

  /** Waits for the single message of an event to satisfy `ok`; returns it as the operator API shows it. */
  async function messageOf(eventId: string, ok: (m: Row) => boolean = () => true): Promise<Row> {
    const [row] = await eventually(async () => {
      const rows = await messagesOf(eventId);
      return rows.length === 1 && ok(rows[0]!) ? rows : null;
    });
    const res = await operator.get(`${ADMIN}/${row!.id}`);
    expect(res.status).toBe(200);
    return res.body as Row;
  }

  const quote = (extra: Record<string, unknown> = {}) => ({
    quotationId: randomUUID(),
    productId: randomUUID(),
    storeId: randomUUID(),
    userId: 'user-quote',
    quantity: 2,
    reference: 'WK616/1',
    title: 'Filtro de combustible Mann',
    customerName: 'Laura Gómez',
    storeMobile: '+573001112233',
    ...extra,
  });
  const answer = (extra: Record<string, unknown> = {}) => ({
    quotationId: randomUUID(),
    productId: randomUUID(),
    storeId: randomUUID(),
    userId: 'user-answer',
    available: true,
    windowExpiresAt: '2026-03-02T01:15:00.000Z',
    reference: '90915-YZZD4',
    title: 'Filtro de aceite Toyota',
    storeName: 'Repuestos La 68',
    customerMobile: '+573005556677',
    ...extra,
  });

  it('QuoteRequested: a WhatsApp to the store is queued, then sent by the log adapter', async () => {
    // Hold the adapter so the queued state can be seen, then let it deliver.
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const send = jest.spyOn(delivery(), 'send');
    const original = LogDelivery.prototype.send;
    send.mockImplementationOnce(async function (this: LogDelivery, m) {
      await gate;
      return original.call(this, m);
    });
    try {
      const p = quote();
      const e = await emit(marketplace, QuoteRequested, p);
      const queued = await messageOf(e.eventId, (m) => m.dispatched_at !== null);
      expect(queued).toMatchObject({
        channel: 'whatsapp',
        recipient: '+573001112233',
        template: 'quote-requested',
        status: 'queued',
        attempts: 0,
        last_error: null,
        event_id: e.eventId,
        event_type: 'QuoteRequested',
        store_id: p.storeId,
        user_id: 'user-quote',
        quotation_id: p.quotationId,
        sent_at: null,
      });
      expect(queued.text).toBe(
        'Tuerca: Laura Gómez quiere confirmar la disponibilidad de Filtro de combustible Mann (ref. WK616/1), cantidad: 2. Responde la solicitud en tu panel de cotizaciones de Tuerca.',
      );
      release();
      const sent = await messageOf(e.eventId, (m) => m.status === 'sent');
      expect(sent).toMatchObject({ status: 'sent', attempts: 1, last_error: null });
      expect(sent.sent_at).toEqual(expect.any(String));
      expect(send).toHaveBeenCalledWith(expect.objectContaining({ id: sent.id, channel: 'whatsapp', recipient: '+573001112233' }));
    } finally {
      release();
      send.mockRestore();
    }
  });

  it('SellerResponded: available (window in Bogotá time) and not available, to the person; no number is skipped', async () => {
    const yes = await emit(marketplace, SellerResponded, answer());
    const no = await emit(marketplace, SellerResponded, answer({ available: false, windowExpiresAt: null }));
    const nobody = await emit(marketplace, SellerResponded, answer({ customerMobile: null }));
    const a = await messageOf(yes.eventId, (m) => m.status === 'sent');
    expect(a).toMatchObject({ recipient: '+573005556677', template: 'seller-available' });
    expect(a.text).toContain('Puedes comprarlo hasta el 01/03/2026 20:15 (hora de Bogotá).');
    const b = await messageOf(no.eventId, (m) => m.status === 'sent');
    expect(b).toMatchObject({ template: 'seller-not-available' });
    expect(b.text).toBe(
      'Tuerca: Repuestos La 68 no tiene disponible Filtro de aceite Toyota (ref. 90915-YZZD4). Busca otras opciones en Tuerca.',
    );
    const c = await messageOf(nobody.eventId);
    expect(c).toMatchObject({
      status: 'skipped',
      recipient: null,
      attempts: 0,
      last_error: 'La persona no dio un número de WhatsApp.',
      dispatched_at: null,
    });
  });

  it('PlanPurchased: the e-mail is rendered but skipped, since the event names no recipient', async () => {
    const e = await emit(billing, PlanPurchased, {
      paymentId: randomUUID(),
      reference: 'TUE-2026-0001',
      userId: 'user-plan',
      planId: randomUUID(),
      type: 'plate_consultations',
      amount: 50,
      priceInCents: 4990000,
      currency: 'COP',
    });
    const m = await messageOf(e.eventId);
    expect(m).toMatchObject({
      channel: 'email',
      status: 'skipped',
      recipient: null,
      template: 'plan-purchased',
      user_id: 'user-plan',
      last_error: 'El evento no trae el correo ni el número de la persona.',
    });
    expect(m.text).toBe('Tuerca: tu pago TUE-2026-0001 fue aprobado. Plan: Consultas por placa; cantidad acreditada: 50.');
  });

  it('is idempotent: a redelivered or replayed event makes no second message', async () => {
    const first = await emit(marketplace, QuoteRequested, quote({ title: 'Bujía NGK' }));
    const sent = await messageOf(first.eventId, (m) => m.status === 'sent');
    const sub = t.app.get(ContextRegistry).subscriptions.find((s) => s.db.schema === 'notifications' && s.group === 'messages')!;
    // Redelivery to the same consumer group (what a transport does after a crash before its offset commit).
    const logger = createLogger('silent');
    expect(await processEvent(sub, first, { maxAttempts: 1, logger })).toBe('duplicate');
    // A replay of the whole log under another group: the (event_id, channel) unique index keeps one row each.
    const before = await t.db('notifications').em().execute<{ n: string }[]>(`select count(*) as n from messages`);
    const replay = await t.app.get(EventBus).subscribe({ ...sub, group: 'messages-replay' });
    try {
      await eventually(async () => {
        const [head] = await t.db('notifications').em().execute<{ position: string }[]>(`select position from platform.event_log_head`);
        const [at] = await t
          .db('notifications')
          .em()
          .execute<{ position: string }[]>(`select position from consumer_offsets where consumer_group = 'messages-replay'`);
        return at && at.position === head!.position;
      });
    } finally {
      await replay.stop();
    }
    const after = await t.db('notifications').em().execute<{ n: string }[]>(`select count(*) as n from messages`);
    expect(after[0]!.n).toBe(before[0]!.n);
    expect((await messagesOf(first.eventId)).map((r) => [r.id, r.status, r.attempts])).toEqual([[sent.id, 'sent', 1]]);
    // And the handler itself, applied again: nothing new.
    const commands = t.app.get(CommandBus);
    expect(await t.db('notifications').transactional((em) => commands.execute(new RecordEventMessages(first, em)))).toBe(0);
  });

  it(`a failing adapter: retried with backoff, 'failed' after ${ATTEMPTS} attempts; an operator re-queues it and it is sent`, async () => {
    delivery().simulateOutage(true);
    let id: string;
    try {
      const e = await emit(marketplace, SellerResponded, answer({ title: 'Amortiguador Monroe' }));
      // Between attempts it stays queued, with the attempts and the error so far.
      const retrying = await messageOf(e.eventId, (m) => m.status === 'queued' && Number(m.attempts) === 1);
      expect(retrying.last_error).toBe('Error: simulated delivery outage');
      const failed = await messageOf(e.eventId, (m) => m.status === 'failed');
      expect(failed).toMatchObject({ status: 'failed', attempts: ATTEMPTS, last_error: 'Error: simulated delivery outage', sent_at: null });
      id = failed.id;
      // Nothing more happens to a failed message on its own.
      await new Promise((r) => setTimeout(r, 500));
      expect((await operator.get(`${ADMIN}/${id}`)).body).toMatchObject({ status: 'failed', attempts: ATTEMPTS });
    } finally {
      delivery().simulateOutage(false);
    }
    const retried = await operator.post(`${ADMIN}/${id}/retry`);
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({ id, status: 'queued', attempts: ATTEMPTS, dispatched_at: null });
    const sent = await eventually(async () => {
      const r = await operator.get(`${ADMIN}/${id}`);
      return r.body.status === 'sent' ? r.body : null;
    });
    expect(sent).toMatchObject({ status: 'sent', attempts: ATTEMPTS + 1, last_error: null });

    // Only a failed message can be retried; an unknown one is a 404.
    const again = await operator.post(`${ADMIN}/${id}/retry`);
    expect([again.status, again.body.errors]).toEqual([409, ['Solo se pueden reintentar las notificaciones fallidas.']]);
    expect((await operator.post(`${ADMIN}/${randomUUID()}/retry`)).status).toBe(404);
    expect((await operator.post(`${ADMIN}/not-a-uuid/retry`)).status).toBe(404);
  });

  it('lists in ra-data-simple-rest dialect: sort, range, filter {status, channel, q}, Content-Range', async () => {
    const all = await operator.get(`${ADMIN}?sort=${encodeURIComponent('["created_at","ASC"]')}&range=${encodeURIComponent('[0,99]')}`);
    expect(all.status).toBe(200);
    expect(Array.isArray(all.body)).toBe(true);
    const total = all.body.length as number;
    expect(total).toBe(7); // every message the tests above made
    expect(all.headers.get('content-range')).toBe(`notifications 0-${total - 1}/${total}`);
    const created = all.body.map((m: Row) => m.created_at);
    expect([...created].sort()).toEqual(created);

    const page = await operator.get(`${ADMIN}?range=${encodeURIComponent('[2,4]')}`);
    expect(page.body).toHaveLength(3);
    expect(page.headers.get('content-range')).toBe(`notifications 2-4/${total}`);
    // Default sort: newest first.
    expect(page.body[0].created_at >= page.body[2].created_at).toBe(true);

    const filter = (f: Record<string, unknown>) => operator.get(`${ADMIN}?filter=${encodeURIComponent(JSON.stringify(f))}&range=[0,99]`);
    const skipped = await filter({ status: 'skipped' });
    expect(skipped.body.length).toBeGreaterThanOrEqual(2);
    expect(skipped.body.every((m: Row) => m.status === 'skipped')).toBe(true);
    expect(skipped.headers.get('content-range')).toBe(`notifications 0-${skipped.body.length - 1}/${skipped.body.length}`);
    const emails = await filter({ channel: 'email' });
    expect(emails.body.map((m: Row) => m.template)).toEqual(['plan-purchased']);
    const monroe = await filter({ q: 'monroe', status: 'sent', channel: 'whatsapp' });
    expect(monroe.body).toHaveLength(1);
    expect(monroe.body[0].text).toContain('Amortiguador Monroe');
    const byIds = await filter({ id: [monroe.body[0].id, emails.body[0].id] });
    expect(byIds.body.map((m: Row) => m.id).sort()).toEqual([monroe.body[0].id, emails.body[0].id].sort());
    const none = await filter({ q: '100%_nada' });
    expect([none.body, none.headers.get('content-range')]).toEqual([[], 'notifications 0-0/0']);

    expect((await filter({ status: 'lost' })).status).toBe(400);
    expect((await filter({ q: 'a\u0000b' })).body.errors).toEqual(['Valor inválido']);
    expect((await operator.get(`${ADMIN}?sort=${encodeURIComponent('["text; drop table messages","ASC"]')}`)).status).toBe(400);
    expect((await operator.get(`${ADMIN}?range=nope`)).status).toBe(400);
    expect((await operator.get(`${ADMIN}/${randomUUID()}`)).body.errors).toEqual(['Notificación no encontrada']);
    expect((await operator.get(`${ADMIN}/nope`)).status).toBe(404);
  });

  it('is for operators only: a customer gets 403, a guest 401', async () => {
    const guest = new TestClient(t.url);
    const id = randomUUID();
    for (const [method, path] of [
      ['GET', ADMIN],
      ['GET', `${ADMIN}/${id}`],
      ['POST', `${ADMIN}/${id}/retry`],
    ] as const) {
      const g = await guest.request(method, path, method === 'POST' ? {} : undefined);
      expect([method, path, g.status, g.body.message]).toEqual([method, path, 401, 'Login required']);
      const c = await customer.request(method, path, method === 'POST' ? {} : undefined);
      expect([method, path, c.status]).toEqual([method, path, 403]);
    }
  });
});
