import { describe, expect, it } from '@jest/globals';
import { decideEvent, newReference, referenceSchema, resultUrl, statusLabel, toCents, type PaymentFacts } from './payment.rules.js';

const pending: PaymentFacts = { status: 'PENDING', amountInCents: 2_490_000, currency: 'COP' };
const approvedTx = { amountInCents: 2_490_000, currency: 'COP', status: 'APPROVED' as const };

describe('a gateway event against its payment', () => {
  it('approves or declines a PENDING payment', () => {
    expect(decideEvent(pending, approvedTx)).toEqual({ action: 'approve' });
    expect(decideEvent(pending, { ...approvedTx, status: 'DECLINED' })).toEqual({ action: 'decline', status: 'DECLINED' });
    expect(decideEvent(pending, { ...approvedTx, status: 'VOIDED' })).toEqual({ action: 'decline', status: 'VOIDED' });
    expect(decideEvent(pending, { ...approvedTx, status: 'ERROR' })).toEqual({ action: 'decline', status: 'ERROR' });
    expect(decideEvent(pending, { ...approvedTx, status: 'PENDING' })).toEqual({ action: 'wait' });
  });

  it('changes a payment only once: later events are replays', () => {
    expect(decideEvent({ ...pending, status: 'APPROVED' }, approvedTx)).toEqual({ action: 'replay' });
    expect(decideEvent({ ...pending, status: 'DECLINED' }, approvedTx)).toEqual({ action: 'replay' });
    expect(decideEvent({ ...pending, status: 'APPROVED' }, { ...approvedTx, status: 'VOIDED' })).toEqual({ action: 'replay' });
  });

  it("refuses an amount, a currency or a transaction that are not this payment's", () => {
    expect(decideEvent(pending, { ...approvedTx, amountInCents: 100 })).toEqual({ action: 'mismatch', problems: ['amount'] });
    expect(decideEvent(pending, { ...approvedTx, currency: 'MXN' })).toEqual({ action: 'mismatch', problems: ['currency'] });
    expect(decideEvent(pending, approvedTx, true)).toEqual({ action: 'mismatch', problems: ['transaction'] });
    expect(decideEvent({ ...pending, status: 'APPROVED' }, { ...approvedTx, amountInCents: 1 })).toEqual({
      action: 'mismatch',
      problems: ['amount'],
    });
  });
});

describe('references and amounts', () => {
  it('draws TUE- and 10 base32 characters', () => {
    expect(newReference(new Uint8Array(10))).toBe('TUE-AAAAAAAAAA');
    expect(newReference(Uint8Array.from([0, 1, 25, 26, 31, 32, 255, 7, 8, 9]))).toBe('TUE-ABZ27A7HIJ');
    for (let i = 0; i < 50; i++) expect(newReference()).toMatch(/^TUE-[A-Z2-7]{10}$/);
  });

  it('accepts a reference in any case and refuses anything else in Spanish', () => {
    expect(referenceSchema.parse(' tue-abcdefgh23 ')).toBe('TUE-ABCDEFGH23');
    const bad = referenceSchema.safeParse('TUE-123');
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('La referencia de pago no es válida.');
  });

  it('turns prices into cents without float drift', () => {
    expect(toCents('24900.00')).toBe(2_490_000);
    expect(toCents('149.99')).toBe(14_999);
    expect(toCents(0.29)).toBe(29);
  });

  it('names statuses and the result page', () => {
    expect(statusLabel('APPROVED')).toBe('Pago aprobado');
    expect(resultUrl('https://tuerca.co/', 'TUE-AAAAAAAAAA')).toBe('https://tuerca.co/planes/resultado?reference=TUE-AAAAAAAAAA');
  });
});
