import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PurchasePaid, RegistrationRequested, type EventDefinition } from '@tuerca/contracts';
import { ContextDatabase, EventBus, recordEvent, type OutboxRelay } from '@tuerca/platform';
import { eventually, startTestHttpApp, type TestHttpApp } from '@tuerca/platform/testing';
import { NotificationsModule } from '@tuerca/notifications';
import type { z } from 'zod';
import { SmtpTestServer } from './smtp-test-server.js';

type Row = Record<string, any>;

/**
 * E-mail through SMTP (issue 18): events become e-mails that nodemailer hands to a real SMTP server on
 * loopback (smtp-server), which the test reads back: Spanish subject, text and HTML bodies, the sender of
 * the environment, links back to the console; bounces and temporary refusals recorded on the outbox row.
 */
describe('notifications: e-mail through SMTP', () => {
  const smtp = new SmtpTestServer();
  let t: TestHttpApp;
  let producer: ContextDatabase;
  let relay: OutboxRelay;

  beforeAll(async () => {
    await smtp.start();
    t = await startTestHttpApp([NotificationsModule], {
      NOTIFICATIONS_EMAIL: 'smtp',
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_FROM: 'Tuerca Pruebas <no-responder@pruebas.tuerca.co>',
      PUBLIC_URL: 'https://pruebas.tuerca.co',
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
    await smtp.stop();
  });

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
      const rows = await t
        .db('notifications')
        .em()
        .execute<Row[]>(`select * from messages where event_id = ? and channel = 'email'`, [eventId]);
      return rows[0] && ok(rows[0]) ? rows[0] : null;
    });

  const paid = (buyerEmail: string) => ({
    transactionId: randomUUID(),
    refVenta: 'TUE-2026-0042',
    buyerId: 'buyer-1',
    buyerName: 'Laura Gómez',
    buyerEmail,
    buyerMobile: null,
    storeId: randomUUID(),
    storeName: 'Repuestos La 68 <Bogotá>',
    storeMobile: null,
    currency: 'COP' as const,
    totalCents: 12_990_000,
    paymentReference: 'PAY-1',
    paidAt: '2026-03-01T15:00:00.000Z',
  });

  it('a registration e-mail arrives with its Spanish subject, text and HTML bodies and the link to the console', async () => {
    const eventId = await emit(RegistrationRequested, {
      registrationId: randomUUID(),
      email: 'ana@correo.co',
      name: 'Ana María',
      verifyUrl: 'https://pruebas.tuerca.co/users/page/verificar?token=abc123',
      expiresAt: '2026-03-02T15:00:00.000Z',
    });
    const row = await messageOf(eventId, (m) => m.status === 'sent');
    const [arrived] = await eventually(async () => (smtp.mailTo('ana@correo.co').length > 0 ? smtp.mailTo('ana@correo.co') : null));
    const mail = arrived!.mail;
    expect(arrived!.envelopeFrom).toBe('no-responder@pruebas.tuerca.co');
    expect(mail.from?.text).toBe('"Tuerca Pruebas" <no-responder@pruebas.tuerca.co>');
    expect(mail.subject).toBe('Activa tu cuenta de Tuerca');
    expect(mail.text).toContain(
      'Hola, Ana María: para activar tu cuenta de Tuerca abre este enlace: https://pruebas.tuerca.co/users/page/verificar?token=abc123 . Vence el 02/03/2026 10:00 (hora de Bogotá).',
    );
    expect(mail.html).toContain('<a href="https://pruebas.tuerca.co/users/page/verificar?token=abc123"');
    expect(mail.html).toContain('>Activar mi cuenta</a>');
    expect(mail.html).toContain('lang="es"');
    // The message's own id makes the Message-ID (a resend after a crash is recognisable); it is kept on the row.
    expect(mail.messageId).toBe(`<${row.id}@pruebas.tuerca.co>`);
    expect(row).toMatchObject({ attempts: 1, last_error: null, provider_message_id: `<${row.id}@pruebas.tuerca.co>` });
    expect(mail.headers.get('x-tuerca-template')).toBe('registration-requested');
  });

  it('a purchase receipt names the store, the reference and the total, escaped in HTML, with a button back to Tuerca', async () => {
    const eventId = await emit(PurchasePaid, paid('laura@correo.co'));
    await messageOf(eventId, (m) => m.status === 'sent');
    const [arrived] = await eventually(async () => (smtp.mailTo('laura@correo.co').length > 0 ? smtp.mailTo('laura@correo.co') : null));
    const mail = arrived!.mail;
    expect(mail.subject).toBe('Pago aprobado: tu compra TUE-2026-0042 en Repuestos La 68 <Bogotá>');
    expect(mail.text).toMatch(
      /^Hola Laura Gómez, tu pago de la compra TUE-2026-0042 en Repuestos La 68 <Bogotá> fue aprobado \(\$\s?129\.900 COP\)/,
    );
    expect(mail.text).toContain('Abrir Tuerca: https://pruebas.tuerca.co/');
    expect(mail.html).toContain('Repuestos La 68 &lt;Bogotá&gt;');
    expect(mail.html).not.toContain('<Bogotá>');
    expect(mail.html).toContain('<a href="https://pruebas.tuerca.co/"');
  });

  it('a mailbox the server refuses (550) is a bounce: failed at once with the server’s answer, never retried', async () => {
    smtp.refuse('nadie@correo.co', 550, 'No such user here');
    const eventId = await emit(PurchasePaid, paid('nadie@correo.co'));
    const row = await messageOf(eventId, (m) => m.status === 'failed');
    expect(row.attempts).toBe(1);
    expect(row.last_error).toMatch(/^PermanentDeliveryError: Rechazado por el proveedor: 550 No such user here/);
    expect(smtp.mailTo('nadie@correo.co')).toEqual([]);
  });

  it('a temporary refusal (451) is retried with backoff and the e-mail arrives', async () => {
    smtp.refuse('ocupado@correo.co', 451, 'Try again later', 1);
    const eventId = await emit(PurchasePaid, paid('ocupado@correo.co'));
    const row = await messageOf(eventId, (m) => m.status === 'sent');
    expect(row.attempts).toBe(2);
    expect(smtp.mailTo('ocupado@correo.co')).toHaveLength(1);
  });
});
