import { describe, expect, it } from '@jest/globals';
import type { EventEnvelope } from '@tuerca/contracts';
import {
  formatBogota,
  renderPlanPurchased,
  renderOrderConfirmedBySeller,
  renderSellerInvited,
  renderOrderRejectedBySeller,
  renderPurchaseCancelled,
  renderQuoteRequested,
  renderRegistrationOnExistingAccount,
  renderActivityReminderDue,
  renderRegistrationRequested,
  renderSellerResponded,
  renderQuestionAsked,
  renderQuestionAnswered,
  whatsappRecipient,
} from './render.js';
import { renderEmail } from '../delivery/email-template.js';
import { templateMessage } from '../whatsapp/whatsapp-templates.js';

const envelope = <P>(type: string, payload: P): EventEnvelope<P> => ({
  eventId: '11111111-1111-4111-8111-111111111111',
  type,
  version: 1,
  occurredAt: '2026-03-01T12:00:00.000Z',
  aggregateId: 'agg',
  actor: { kind: 'system', id: 'test' },
  payload,
});

const ids = {
  quotationId: '22222222-2222-4222-8222-222222222222',
  productId: '33333333-3333-4333-8333-333333333333',
  storeId: '44444444-4444-4444-8444-444444444444',
  userId: 'user-1',
};

describe('formatBogota', () => {
  it('writes DD/MM/YYYY HH:mm in Bogotá time (UTC−5), 24-hour clock', () => {
    expect(formatBogota('2026-03-01T17:05:00.000Z')).toBe('01/03/2026 12:05');
    expect(formatBogota(new Date('2026-12-31T23:30:00Z'))).toBe('31/12/2026 18:30');
    // Past midnight UTC is still the previous day in Bogotá.
    expect(formatBogota('2026-07-01T03:59:00+00:00')).toBe('30/06/2026 22:59');
    expect(formatBogota('2026-01-09T05:00:00Z')).toBe('09/01/2026 00:00');
  });

  it('refuses what is not a date', () => {
    expect(() => formatBogota('mañana')).toThrow('not a date');
  });
});

describe('whatsappRecipient', () => {
  it('keeps a number and turns empty into none', () => {
    expect(whatsappRecipient('+573001234567')).toBe('+573001234567');
    expect(whatsappRecipient('  ')).toBeNull();
    expect(whatsappRecipient(null)).toBeNull();
  });
});

describe('QuoteRequested → WhatsApp to the store', () => {
  const base = { ...ids, quantity: 3, reference: 'WK616/1', title: 'Filtro de combustible Mann', customerName: 'Laura Gómez' };

  it('asks the seller to confirm stock of title, reference and quantity, naming the person', () => {
    const [m] = renderQuoteRequested(envelope('QuoteRequested', { ...base, storeMobile: '+573001112233' }));
    expect(m).toEqual({
      channel: 'whatsapp',
      recipient: '+573001112233',
      template: 'quote-requested',
      text: 'Tuerca: Laura Gómez quiere confirmar la disponibilidad de Filtro de combustible Mann (ref. WK616/1), cantidad: 3. Responde la solicitud en tu panel de cotizaciones de Tuerca.',
      skipReason: null,
      storeId: ids.storeId,
      userId: ids.userId,
      quotationId: ids.quotationId,
      params: {
        customer: 'Laura Gómez',
        title: 'Filtro de combustible Mann',
        reference: 'WK616/1',
        quantity: '3',
        quotationId: ids.quotationId,
        link: `http://localhost:8080/admin/#/quotations/${ids.quotationId}/show`,
      },
    });
  });

  it('links back to the console at PUBLIC_URL', () => {
    const [m] = renderQuoteRequested(envelope('QuoteRequested', { ...base, storeMobile: '+573001112233' }), {
      publicUrl: 'https://tuerca.co/',
    });
    expect(m!.params?.link).toBe(`https://tuerca.co/admin/#/quotations/${ids.quotationId}/show`);
  });

  it('says "Un cliente" without a name, and is skipped with the reason without the store number', () => {
    const [m] = renderQuoteRequested(envelope('QuoteRequested', { ...base, customerName: null, storeMobile: null }));
    expect(m!.text).toMatch(/^Tuerca: Un cliente quiere confirmar la disponibilidad de /);
    expect(m!.recipient).toBeNull();
    expect(m!.skipReason).toBe('La tienda no tiene un número de WhatsApp registrado.');
  });
});

describe('SellerResponded → WhatsApp to the person', () => {
  const base = { ...ids, reference: '90915-YZZD4', title: 'Filtro de aceite Toyota', storeName: 'Repuestos La 68' };

  it('available: the purchase is open until the window end, in Bogotá time', () => {
    const [m] = renderSellerResponded(
      envelope('SellerResponded', {
        ...base,
        available: true,
        windowExpiresAt: '2026-03-02T01:15:00.000Z',
        customerMobile: '+573005556677',
      }),
    );
    expect(m).toMatchObject({ channel: 'whatsapp', recipient: '+573005556677', template: 'seller-available', skipReason: null });
    expect(m!.text).toBe(
      'Tuerca: Repuestos La 68 confirmó que tiene disponible Filtro de aceite Toyota (ref. 90915-YZZD4). Puedes comprarlo hasta el 01/03/2026 20:15 (hora de Bogotá).',
    );
  });

  it('available without a window end: no date is made up', () => {
    const [m] = renderSellerResponded(
      envelope('SellerResponded', { ...base, available: true, windowExpiresAt: null, customerMobile: '+573005556677' }),
    );
    expect(m!.text).toBe(
      'Tuerca: Repuestos La 68 confirmó que tiene disponible Filtro de aceite Toyota (ref. 90915-YZZD4). Ya puedes comprarlo en Tuerca.',
    );
  });

  it('not available', () => {
    const [m] = renderSellerResponded(
      envelope('SellerResponded', { ...base, available: false, windowExpiresAt: null, customerMobile: '+573005556677' }),
    );
    expect(m).toMatchObject({ template: 'seller-not-available' });
    expect(m!.text).toBe(
      'Tuerca: Repuestos La 68 no tiene disponible Filtro de aceite Toyota (ref. 90915-YZZD4). Busca otras opciones en Tuerca.',
    );
  });

  it('without the person’s number: skipped with the reason', () => {
    const [m] = renderSellerResponded(
      envelope('SellerResponded', { ...base, available: false, windowExpiresAt: null, customerMobile: null }),
    );
    expect([m!.recipient, m!.skipReason]).toEqual([null, 'La persona no dio un número de WhatsApp.']);
  });
});

describe('PlanPurchased → e-mail confirmation', () => {
  it('is rendered with the plan name, and skipped: the event names no recipient', () => {
    const [m] = renderPlanPurchased(
      envelope('PlanPurchased', {
        paymentId: '55555555-5555-4555-8555-555555555555',
        reference: 'TUE-2026-0001',
        userId: 'user-9',
        planId: '66666666-6666-4666-8666-666666666666',
        type: 'plate_consultations',
        amount: 50,
        priceInCents: 4990000,
        currency: 'COP',
      }),
    );
    expect(m).toEqual({
      channel: 'email',
      recipient: null,
      template: 'plan-purchased',
      text: 'Tuerca: tu pago TUE-2026-0001 fue aprobado. Plan: Consultas por placa; cantidad acreditada: 50.',
      skipReason: 'El evento no trae el correo ni el número de la persona.',
      storeId: null,
      userId: 'user-9',
      quotationId: null,
      params: { reference: 'TUE-2026-0001', amount: '50', plan: 'Consultas por placa', link: 'http://localhost:8080/' },
    });
  });
});

describe('registration e-mails', () => {
  it('RegistrationRequested → the link that creates the account, with its expiry in Bogotá time', () => {
    const [m] = renderRegistrationRequested(
      envelope('RegistrationRequested', {
        registrationId: '00000000-0000-4000-8000-000000000002',
        email: 'ana@correo.co',
        name: 'Ana',
        verifyUrl: 'https://tuerca.co/users/page/verificar?token=abc',
        expiresAt: '2026-03-02T15:00:00.000Z',
      }),
    );
    expect(m).toMatchObject({ channel: 'email', recipient: 'ana@correo.co', template: 'registration-requested' });
    expect(m!.text).toBe(
      'Hola, Ana: para activar tu cuenta de Tuerca abre este enlace: https://tuerca.co/users/page/verificar?token=abc . Vence el 02/03/2026 10:00 (hora de Bogotá). Si no fuiste tú, ignora este correo.',
    );
  });

  it('RegistrationOnExistingAccount → a note to the owner with where to log in', () => {
    const [m] = renderRegistrationOnExistingAccount(
      envelope('RegistrationOnExistingAccount', {
        userId: '00000000-0000-4000-8000-000000000004',
        email: 'cliente@tuerca.demo',
        loginUrl: 'https://tuerca.co/users/page/login',
      }),
    );
    expect(m).toMatchObject({ channel: 'email', recipient: 'cliente@tuerca.demo', userId: '00000000-0000-4000-8000-000000000004' });
    expect(m!.text).toContain('inicia sesión en https://tuerca.co/users/page/login');
  });
});

describe('activity reminders', () => {
  const reminder = (extra: Record<string, unknown> = {}) =>
    envelope('ActivityReminderDue', {
      activityId: '00000000-0000-4000-8000-000000000010',
      userId: 'u-1',
      name: 'Cambio de aceite',
      date: '2026-12-05 08:30:00',
      timeZone: 'America/Mexico_City',
      startsAt: '2026-12-05T14:30:00.000Z',
      activityUrl: 'https://tuerca.co/users/page/agenda',
      description: 'Aceite 5W-30 y filtro',
      minutesBefore: 60,
      email: 'ana@correo.co',
      mobile: '+525512345678',
      ...extra,
    });

  it('ActivityReminderDue → the same text by e-mail and WhatsApp, the date as the person wrote it', () => {
    const messages = renderActivityReminderDue(reminder());
    expect(messages.map((m) => [m.channel, m.recipient, m.template])).toEqual([
      ['email', 'ana@correo.co', 'activity-reminder'],
      ['whatsapp', '+525512345678', 'activity-reminder'],
    ]);
    expect(messages[0]!.text).toBe(
      'Tuerca: recordatorio de tu actividad «Cambio de aceite», el 05/12/2026 08:30 (hora de Ciudad de México). Aceite 5W-30 y filtro Ver: https://tuerca.co/users/page/agenda',
    );
  });

  it('a missing contact is skipped with its reason', () => {
    const [email, whatsapp] = renderActivityReminderDue(reminder({ email: null, mobile: '' }));
    expect([email!.recipient, email!.skipReason]).toEqual([null, 'La persona no tiene correo electrónico registrado.']);
    expect([whatsapp!.recipient, whatsapp!.skipReason]).toEqual([null, 'La persona no dio un número de WhatsApp.']);
  });
});

describe('the seller’s decision on an order (issue #13)', () => {
  const parties = {
    transactionId: '55555555-5555-4555-8555-555555555555',
    refVenta: 'TU-0001042',
    buyerId: 'user-1',
    buyerName: 'Camila Rodríguez',
    buyerEmail: 'cliente@correo.co',
    buyerMobile: null,
    storeId: ids.storeId,
    storeName: 'Repuestos La 68',
    storeMobile: '+573001112233',
    currency: 'COP' as const,
    totalCents: 18_120_000,
  };

  it('OrderConfirmedBySeller → the buyer is asked to pay before the hold ends (Bogotá time)', () => {
    const messages = renderOrderConfirmedBySeller(
      envelope('OrderConfirmedBySeller', { ...parties, paymentDueAt: '2026-03-02T15:00:00.000Z' }),
    );
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ channel: 'email', recipient: 'cliente@correo.co', template: 'order-confirmed-buyer' });
    expect(messages[0]!.text).toMatch(
      /^Hola Camila Rodríguez, Repuestos La 68 confirmó tu pedido TU-0001042 por \$\s181\.200 COP\. Págalo desde Mis compras antes del 02\/03\/2026 10:00/,
    );
    // issue 18: the e-mail's own subject and button come from the template's parameters.
    expect(messages[0]!.params).toMatchObject({
      ref: 'TU-0001042',
      store: 'Repuestos La 68',
      until: '02/03/2026 10:00',
      link: 'http://localhost:8080/compras',
    });
    const email = renderEmail({
      template: 'order-confirmed-buyer',
      text: messages[0]!.text,
      params: messages[0]!.params as Record<string, string>,
    });
    expect(email.subject).toBe('Repuestos La 68 confirmó tu pedido TU-0001042: págalo antes del 02/03/2026 10:00');
    expect(email.html).toContain('>Pagar en Mis compras</a>');
  });

  it('OrderRejectedBySeller → the buyer reads the seller’s reason; the cancellation does not e-mail the buyer a second time', () => {
    const [m] = renderOrderRejectedBySeller(
      envelope('OrderRejectedBySeller', { ...parties, reason: 'No tenemos la referencia en bodega' }),
    );
    expect(m!.text).toBe(
      'Hola Camila Rodríguez, Repuestos La 68 no pudo atender tu pedido TU-0001042: No tenemos la referencia en bodega. Los productos volvieron a tu carrito.',
    );
    const email = renderEmail({ template: 'order-rejected-buyer', text: m!.text, params: m!.params as Record<string, string> });
    expect(email.subject).toBe('Repuestos La 68 no pudo atender tu pedido TU-0001042');
    expect(email.text).toContain('Volver a mi carrito: http://localhost:8080/cart/page/index/cart');
    const cancelled = renderPurchaseCancelled(
      envelope('PurchaseCancelled', { ...parties, reason: 'seller_rejected', stockReleased: true }),
    );
    expect(cancelled.map((c) => c.channel)).toEqual(['whatsapp']);
    const byBuyer = renderPurchaseCancelled(envelope('PurchaseCancelled', { ...parties, reason: 'payment_declined', stockReleased: true }));
    expect(byBuyer.map((c) => c.channel)).toEqual(['whatsapp', 'email']);
  });
});

describe('product questions → the store on WhatsApp, the asker on WhatsApp and by e-mail', () => {
  const vehicle = { brand: 'Chevrolet', model: 'Spark', year: 2014, vin: null };
  const asked = {
    questionId: ids.quotationId,
    productId: ids.productId,
    storeId: ids.storeId,
    userId: ids.userId,
    askerName: 'Laura Gómez',
    title: 'Filtro de aceite Mann W 610/3',
    reference: 'W 610/3',
    vehicle,
    comment: null,
    followUp: null,
    storeMobile: '+573001112233',
  };

  it('asks the store whether the part fits the vehicle, with the console page to answer', () => {
    const [m] = renderQuestionAsked(envelope('QuestionAsked', asked));
    expect(m).toMatchObject({ channel: 'whatsapp', recipient: '+573001112233', template: 'question-asked', quotationId: null });
    expect(m!.text).toBe(
      `Tuerca: Laura Gómez pregunta si Filtro de aceite Mann W 610/3 (ref. W 610/3) sirve para su vehículo Chevrolet Spark 2014. Responde en tu panel de preguntas de Tuerca: http://localhost:8080/admin/#/product-questions/${ids.quotationId}/show`,
    );
    const wa = templateMessage(m!.template, m!.params!, m!.text, 'es');
    expect(wa.name).toBe('tuerca_question_asked');
    const [follow] = renderQuestionAsked(envelope('QuestionAsked', { ...asked, followUp: 'Es la versión LT', storeMobile: null }));
    expect(follow).toMatchObject({ recipient: null, skipReason: 'La tienda no tiene un número de WhatsApp registrado.' });
    expect(follow!.text).toContain(
      'agregó a su pregunta sobre Filtro de aceite Mann W 610/3 (ref. W 610/3) para Chevrolet Spark 2014: «Es la versión LT»',
    );
  });

  it('tells the asker the answer by WhatsApp and e-mail, with a subject of its own', () => {
    const messages = renderQuestionAnswered(
      envelope('QuestionAnswered', {
        ...asked,
        storeName: 'Repuestos La 68',
        answer: 'need_vin',
        response: 'Envíame el VIN',
        askerEmail: 'laura@example.com',
        askerMobile: null,
      }),
    );
    expect(messages.map((m) => [m.channel, m.recipient])).toEqual([
      ['whatsapp', null],
      ['email', 'laura@example.com'],
    ]);
    expect(messages[1]!.text).toBe(
      'Tuerca: Repuestos La 68 respondió tu pregunta sobre Filtro de aceite Mann W 610/3 (ref. W 610/3) para tu Chevrolet Spark 2014: Necesito el VIN. «Envíame el VIN». Ver: http://localhost:8080/users/page/preguntas',
    );
    const email = renderEmail({ template: messages[1]!.template, text: messages[1]!.text, params: messages[1]!.params! });
    expect(email.subject).toBe('Repuestos La 68 respondió tu pregunta sobre Filtro de aceite Mann W 610/3');
  });
});

describe('SellerInvited (issue 18: its own e-mail template)', () => {
  it('the approved supplier gets the invitation with its subject, the store and the link as its button', () => {
    const payload = {
      applicationId: '22222222-2222-4222-8222-222222222222',
      email: 'proveedor@frenos.co',
      name: 'Luisa Gómez',
      storeName: 'Frenos del Norte',
      existingAccount: false,
      url: 'http://localhost:8080/invitacion/abc',
      expiresAt: '2026-03-05T15:00:00.000Z',
    };
    const [m] = renderSellerInvited(envelope('SellerInvited', payload));
    expect(m).toMatchObject({ channel: 'email', recipient: 'proveedor@frenos.co', template: 'seller-invited' });
    expect(m!.params).toEqual({
      name: 'Luisa Gómez',
      store: 'Frenos del Norte',
      until: '05/03/2026 10:00',
      link: 'http://localhost:8080/invitacion/abc',
    });
    const email = renderEmail({ template: 'seller-invited', text: m!.text, params: m!.params as Record<string, string> });
    expect(email.subject).toBe('Bienvenido a Tuerca: Frenos del Norte ya puede vender');
    expect(email.html).toContain('>Entrar como vendedor</a>');
    const [existing] = renderSellerInvited(envelope('SellerInvited', { ...payload, existingAccount: true }));
    expect(existing!.text).toContain('la agregamos a tu cuenta');
  });
});
