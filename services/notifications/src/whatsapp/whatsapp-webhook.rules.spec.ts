import { createHmac } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { decideInbound, handshakeChallenge, senderNumber, validSignature } from './whatsapp-webhook.rules.js';
import { parseQuoteReply, quoteReplyPayload, templateMessage } from './whatsapp-templates.js';

const Q = '8f14e45f-ceea-4e7a-9b1c-3c1d2f0a9b7e';

describe('X-Hub-Signature-256', () => {
  const raw = Buffer.from('{"object":"whatsapp_business_account","entry":[]}');
  const sig = (body: Buffer, secret = 's3cret') => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

  it('accepts the HMAC-SHA256 of the raw bytes with the app secret', () => {
    expect(validSignature(raw, sig(raw), 's3cret')).toBe(true);
    expect(validSignature(raw, sig(raw).toUpperCase().replace('SHA256=', 'sha256='), 's3cret')).toBe(true);
  });

  it('refuses another secret, another body, a missing or malformed header, and everything without a secret', () => {
    expect(validSignature(raw, sig(raw, 'otro'), 's3cret')).toBe(false);
    expect(validSignature(Buffer.from(`${raw.toString()} `), sig(raw), 's3cret')).toBe(false);
    expect(validSignature(raw, undefined, 's3cret')).toBe(false);
    expect(validSignature(raw, 'sha1=abc', 's3cret')).toBe(false);
    expect(validSignature(raw, sig(raw).slice(0, -2), 's3cret')).toBe(false);
    expect(validSignature(undefined, sig(raw), 's3cret')).toBe(false);
    expect(validSignature(raw, sig(raw, ''), '')).toBe(false);
  });
});

describe('verification handshake', () => {
  it('echoes the challenge for subscribe with the right token only', () => {
    expect(handshakeChallenge({ 'hub.mode': 'subscribe', 'hub.verify_token': 'tok', 'hub.challenge': '1158201444' }, 'tok')).toBe(
      '1158201444',
    );
    expect(handshakeChallenge({ 'hub.mode': 'subscribe', 'hub.verify_token': 'otro', 'hub.challenge': '1' }, 'tok')).toBeNull();
    expect(handshakeChallenge({ 'hub.mode': 'unsubscribe', 'hub.verify_token': 'tok', 'hub.challenge': '1' }, 'tok')).toBeNull();
    expect(handshakeChallenge({ 'hub.mode': 'subscribe', 'hub.verify_token': '', 'hub.challenge': '1' }, '')).toBeNull();
  });
});

describe('inbound messages', () => {
  it("a tap on the quotation's quick reply or interactive button answers it", () => {
    expect(
      decideInbound({ from: '573001112233', type: 'button', button: { payload: quoteReplyPayload(Q, true), text: 'Hay disponibilidad' } }),
    ).toEqual({
      kind: 'quotation-answer',
      quotationId: Q,
      available: true,
    });
    expect(
      decideInbound({
        from: '573001112233',
        type: 'interactive',
        interactive: { type: 'button_reply', button_reply: { id: quoteReplyPayload(Q, false), title: 'No hay' } },
      }),
    ).toEqual({ kind: 'quotation-answer', quotationId: Q, available: false });
  });

  it("'BAJA' / 'STOP' opt out and 'ALTA' / 'START' opt back in, whatever the case; other texts and payloads are other", () => {
    expect(decideInbound({ from: '1', type: 'text', text: { body: ' baja ' } })).toEqual({ kind: 'opt-out' });
    expect(decideInbound({ from: '1', type: 'text', text: { body: 'STOP' } })).toEqual({ kind: 'opt-out' });
    expect(decideInbound({ from: '1', type: 'text', text: { body: 'Alta!' } })).toEqual({ kind: 'opt-in' });
    expect(decideInbound({ from: '1', type: 'text', text: { body: 'quiero darme de baja mañana' } })).toEqual({ kind: 'other' });
    expect(decideInbound({ from: '1', type: 'button', button: { payload: 'quote:no-uuid:available' } })).toEqual({ kind: 'other' });
    expect(decideInbound({ from: '1', type: 'text', text: { body: quoteReplyPayload(Q, true) } })).toEqual({ kind: 'other' });
  });

  it("reads WhatsApp's sender as E.164, Mexico's 52 1 form included", () => {
    expect(senderNumber('573001112233')).toBe('+573001112233');
    expect(senderNumber('5214771234567')).toBe('+524771234567');
    expect(senderNumber('14155550123')).toBe('+14155550123');
  });
});

describe('templates', () => {
  it('the quotation: its body parameters in order and two quick replies carrying the quotation', () => {
    const tpl = templateMessage(
      'quote-requested',
      { customer: 'Laura Gómez', title: 'Filtro\nde aceite', reference: 'WK616/1', quantity: '2', quotationId: Q, link: 'x' },
      'texto',
      'es',
    );
    expect(tpl).toEqual({
      name: 'tuerca_quote_requested',
      language: { code: 'es' },
      components: [
        {
          type: 'body',
          parameters: ['Laura Gómez', 'Filtro de aceite', 'WK616/1', '2'].map((text) => ({ type: 'text', text })),
        },
        { type: 'button', sub_type: 'quick_reply', index: '0', parameters: [{ type: 'payload', payload: `quote:${Q}:available` }] },
        { type: 'button', sub_type: 'quick_reply', index: '1', parameters: [{ type: 'payload', payload: `quote:${Q}:not-available` }] },
      ],
    });
    expect(parseQuoteReply(`quote:${Q}:not-available`)).toEqual({ quotationId: Q, available: false });
  });

  it('a message without its parameters (older rows) goes as the generic notice with its whole text', () => {
    expect(templateMessage('quote-requested', {}, 'Tuerca: texto', 'es')).toEqual({
      name: 'tuerca_notice',
      language: { code: 'es' },
      components: [{ type: 'body', parameters: [{ type: 'text', text: 'Tuerca: texto' }] }],
    });
  });
});
