import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { QuoteRequested, SellerResponded, type EventDefinition } from '@tuerca/contracts';
import { ContextDatabase, EventBus, recordEvent, type OutboxRelay } from '@tuerca/platform';
import { eventually, startTestHttpApp, type TestHttpApp } from '@tuerca/platform/testing';
import { NotificationsModule } from '@tuerca/notifications';
import type { z } from 'zod';
import { WHATSAPP_TEST_TEMPLATES, WhatsAppCloudApiTestServer } from './whatsapp-cloud-api-test-server.js';

type Row = Record<string, any>;
const WEBHOOK = '/api/notifications/whatsapp/webhook';
const SECRET = 'app-secret-de-pruebas';
const SELLER = '573001112233';

/**
 * WhatsApp through the Cloud API adapter against a local server that follows Meta's published contract
 * (test/whatsapp-cloud-api-test-server.ts), and the inbound webhook: handshake, signatures, replays,
 * quotation answers, opt-out, failed statuses.
 */
describe('notifications: WhatsApp Cloud API and its webhook', () => {
  const wa = new WhatsAppCloudApiTestServer({
    token: 'EAAG-token-de-pruebas',
    phoneNumberId: '106540352242922',
    appSecret: SECRET,
    businessNumber: '576015550000',
    templates: WHATSAPP_TEST_TEMPLATES,
  });
  let t: TestHttpApp;
  let producer: ContextDatabase;
  let relay: OutboxRelay;

  beforeAll(async () => {
    await wa.start();
    t = await startTestHttpApp([NotificationsModule], {
      NOTIFICATIONS_WHATSAPP: 'cloud-api',
      WHATSAPP_API_URL: wa.apiUrl,
      WHATSAPP_PHONE_NUMBER_ID: '106540352242922',
      WHATSAPP_TOKEN: 'EAAG-token-de-pruebas',
      WHATSAPP_APP_SECRET: SECRET,
      WHATSAPP_VERIFY_TOKEN: 'verificame',
      NOTIFICATIONS_MAX_ATTEMPTS: '3',
    });
    producer = await ContextDatabase.open(t.config, { schema: 'marketplace', entities: [], migrations: [] });
    await producer.migrate();
    relay = await t.app.get(EventBus).startRelay(producer);
  });

  afterAll(async () => {
    await relay?.stop().catch(() => undefined);
    await producer?.close().catch(() => undefined);
    await t?.close();
    await wa.stop();
  });

  const sql = (q: string, params: unknown[] = []) => t.db('notifications').em().execute<Row[]>(q, params);

  async function emit<D extends EventDefinition>(def: D, payload: z.input<D['payload']>) {
    const eventId = randomUUID();
    await producer.transactional(async (em) => {
      recordEvent(em, def, payload, { aggregateId: randomUUID(), actor: { kind: 'system', id: 'test' }, eventId });
      await em.flush();
    });
    return eventId;
  }

  const messageOf = (eventId: string, ok: (m: Row) => boolean) =>
    eventually(async () => {
      const [row] = await sql(`select * from messages where event_id = ?`, [eventId]);
      return row && ok(row) ? row : null;
    });

  const quote = (storeMobile: string | null = `+${SELLER}`) => ({
    quotationId: randomUUID(),
    productId: randomUUID(),
    storeId: randomUUID(),
    userId: 'user-quote',
    quantity: 2,
    reference: 'WK616/1',
    title: 'Filtro de combustible Mann',
    customerName: 'Laura Gómez',
    storeMobile,
  });

  /** The replies recorded in this context's outbox for the marketplace. */
  const repliesFor = (quotationId: string) =>
    sql(`select envelope from outbox_events where type = 'SellerRepliedOnWhatsApp' and aggregate_id = ?`, [quotationId]);

  it("sends the quotation as the approved template with its 'Hay disponibilidad' / 'No hay disponibilidad' buttons", async () => {
    const p = quote();
    const eventId = await emit(QuoteRequested, p);
    const row = await messageOf(eventId, (m) => m.status === 'sent');
    const [sent] = wa.sent.filter((m) => m.wamid === row.provider_message_id);
    expect(sent).toBeDefined();
    expect(sent!.to).toBe(SELLER);
    expect(sent!.body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: SELLER,
      type: 'template',
      template: {
        name: 'tuerca_quote_requested',
        language: { code: 'es' },
        components: [
          {
            type: 'body',
            parameters: ['Laura Gómez', 'Filtro de combustible Mann', 'WK616/1', '2'].map((text) => ({ type: 'text', text })),
          },
          {
            type: 'button',
            sub_type: 'quick_reply',
            index: '0',
            parameters: [{ type: 'payload', payload: `quote:${p.quotationId}:available` }],
          },
          {
            type: 'button',
            sub_type: 'quick_reply',
            index: '1',
            parameters: [{ type: 'payload', payload: `quote:${p.quotationId}:not-available` }],
          },
        ],
      },
    });
    expect(row).toMatchObject({ attempts: 1, last_error: null });
  });

  it('retries a rate limit (429, code 130429) with backoff; a refusal for good (bad token, 190) fails at once', async () => {
    wa.failNext(429, 130429, '(#130429) Rate limit hit', 'Cloud API message throughput has been reached.');
    const limited = await emit(SellerResponded, {
      quotationId: randomUUID(),
      productId: randomUUID(),
      storeId: randomUUID(),
      userId: 'u',
      available: false,
      windowExpiresAt: null,
      reference: 'R-1',
      title: 'Bujía NGK',
      storeName: 'Repuestos La 68',
      customerMobile: '+525512345678',
    });
    const sent = await messageOf(limited, (m) => m.status === 'sent');
    expect(sent.attempts).toBe(2);
    expect(wa.sent.find((m) => m.wamid === sent.provider_message_id)).toMatchObject({
      to: '525512345678',
      body: { template: { name: 'tuerca_seller_not_available' } },
    });

    wa.failNext(401, 190, 'Error validating access token: Session has expired');
    const refused = await emit(QuoteRequested, quote());
    const failed = await messageOf(refused, (m) => m.status === 'failed');
    expect(failed.attempts).toBe(1);
    expect(failed.last_error).toContain('WhatsApp Cloud API HTTP 401 (190) Error validating access token');
  });

  it('refuses a number outside Colombia and Mexico without calling the API', async () => {
    const before = wa.sent.length;
    const eventId = await emit(QuoteRequested, quote('+14155550123'));
    const row = await messageOf(eventId, (m) => m.status === 'failed');
    expect(row.last_error).toBe(
      'PermanentDeliveryError: El número +14155550123 no es un número de WhatsApp de Colombia (+57) o México (+52).',
    );
    expect(wa.sent.length).toBe(before);
  });

  it('answers the verification handshake with the challenge, and 403 with another token', async () => {
    const good = await fetch(`${t.url}${WEBHOOK}?hub.mode=subscribe&hub.verify_token=verificame&hub.challenge=1158201444`);
    expect(good.status).toBe(200);
    expect(good.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await good.text()).toBe('1158201444');
    const bad = await fetch(`${t.url}${WEBHOOK}?hub.mode=subscribe&hub.verify_token=otro&hub.challenge=1158201444`);
    expect(bad.status).toBe(403);
    expect(((await bad.json()) as Row).errors).toEqual(['La clave de verificación de WhatsApp no coincide.']);
  });

  it('refuses a missing or bad signature with 401 and processes nothing; a signed tap is recorded once, however often it comes', async () => {
    const p = quote();
    const row = await messageOf(await emit(QuoteRequested, p), (m) => m.status === 'sent');
    const template = wa.sent.find((m) => m.wamid === row.provider_message_id)!;
    const tap = wa.tapBody(SELLER, template, 0);
    const url = `${t.url}${WEBHOOK}`;

    const unsigned = await wa.deliver(url, tap, null);
    expect(unsigned.status).toBe(401);
    expect((unsigned.body as Row).errors).toEqual(['La firma del mensaje de WhatsApp no es válida.']);
    expect((await wa.deliver(url, tap, wa.sign(tap, 'otro-secreto'))).status).toBe(401);
    // The signature is over the raw bytes: the same JSON re-spaced is another body.
    expect((await wa.deliver(url, JSON.stringify(JSON.parse(tap), null, 1), wa.sign(tap))).status).toBe(401);
    expect(await repliesFor(p.quotationId)).toHaveLength(0);
    expect(await sql(`select * from whatsapp_inbound where quotation_id = ?`, [p.quotationId])).toHaveLength(0);

    const first = await wa.deliver(url, tap);
    expect(first).toEqual({ status: 200, body: { data: { received: 1, duplicates: 0, statuses: 0 }, metadata: {} } });
    const replay = await wa.deliver(url, tap);
    expect(replay.body).toEqual({ data: { received: 0, duplicates: 1, statuses: 0 }, metadata: {} });
    const [reply, ...more] = await repliesFor(p.quotationId);
    expect(more).toEqual([]);
    expect(reply!.envelope.payload).toMatchObject({ quotationId: p.quotationId, available: true, from: `+${SELLER}` });
    expect(await sql(`select kind, from_number from whatsapp_inbound where quotation_id = ?`, [p.quotationId])).toEqual([
      { kind: 'quotation-answer', from_number: `+${SELLER}` },
    ]);
  });

  it("a signed body that is not WhatsApp's shape is a 400 in Spanish", async () => {
    const raw = JSON.stringify({ object: 'page', entry: [] });
    const res = await wa.deliver(`${t.url}${WEBHOOK}`, raw);
    expect(res.status).toBe(400);
    expect((res.body as Row).errors).toEqual(['El mensaje de WhatsApp no tiene el formato esperado.']);
  });

  it("'BAJA' stops WhatsApp to that number (skipped with the reason); 'ALTA' lets it through again", async () => {
    const number = '573009998877';
    const url = `${t.url}${WEBHOOK}`;
    expect((await wa.deliver(url, wa.textBody(number, 'BAJA'))).status).toBe(200);
    const skipped = await messageOf(await emit(QuoteRequested, quote(`+${number}`)), (m) => m.status !== 'queued');
    expect(skipped).toMatchObject({
      status: 'skipped',
      last_error: 'El número pidió no recibir mensajes de WhatsApp (respondió BAJA o STOP).',
    });
    expect(wa.conversation(number)).toEqual([]);
    expect((await wa.deliver(url, wa.textBody(number, 'alta'))).status).toBe(200);
    const sent = await messageOf(await emit(QuoteRequested, quote(`+${number}`)), (m) => m.status === 'sent');
    expect(wa.conversation(number).map((m) => m.wamid)).toEqual([sent.provider_message_id]);
  });

  it("WhatsApp's 'failed' status for a sent message marks it failed with WhatsApp's error (retryable by an operator)", async () => {
    const row = await messageOf(await emit(QuoteRequested, quote()), (m) => m.status === 'sent');
    const raw = wa.statusBody(row.provider_message_id, SELLER, 'failed', {
      code: 131026,
      title: 'Message undeliverable',
      details: 'Message Undeliverable.',
    });
    const res = await wa.deliver(`${t.url}${WEBHOOK}`, raw);
    expect(res.body).toEqual({ data: { received: 0, duplicates: 0, statuses: 1 }, metadata: {} });
    const [after] = await sql(`select status, last_error from messages where id = ?`, [row.id]);
    expect(after).toEqual({
      status: 'failed',
      last_error: 'Rechazado por el proveedor: WhatsApp (131026) Message undeliverable — Message Undeliverable.',
    });
  });
});
