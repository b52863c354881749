import { describe, expect, it } from '@jest/globals';
import { decideRequest, isLinkToken, isOurUrl, isPayable, linkToken, type TransactionPayment } from './marketplace-payment.rules.js';

const now = new Date('2026-03-01T15:00:00Z');
const later = (min: number) => new Date(now.getTime() + min * 60_000);
const request = { amountInCents: 11_900_000, currency: 'COP' as const, expiresAt: later(30).toISOString() };
const payment = (over: Partial<TransactionPayment>): TransactionPayment => ({
  id: 'p1',
  status: 'PENDING',
  amountInCents: 11_900_000,
  currency: 'COP',
  expiresAt: later(20),
  ...over,
});

describe('a payment request for a marketplace transaction', () => {
  it('given no payment, creates one', () => {
    expect(decideRequest([], request, now)).toEqual({ action: 'create', expire: null });
  });

  it('given an open payment, answers it, its end moved to the later of the two', () => {
    expect(decideRequest([payment({})], request, now)).toEqual({ action: 'answer', paymentId: 'p1', expiresAt: later(30) });
    expect(decideRequest([payment({ expiresAt: later(60) })], request, now)).toEqual({
      action: 'answer',
      paymentId: 'p1',
      expiresAt: later(60),
    });
  });

  it('given an open payment whose time ran out (not swept yet), expires it and creates another', () => {
    expect(decideRequest([payment({ expiresAt: later(-1) })], request, now)).toEqual({ action: 'create', expire: 'p1' });
  });

  it('given a paid transaction, answers the approved payment and never charges again', () => {
    const paid = payment({ id: 'paid', status: 'APPROVED' });
    expect(decideRequest([payment({ id: 'old', status: 'DECLINED' }), paid], request, now)).toMatchObject({
      action: 'answer',
      paymentId: 'paid',
    });
  });

  it('given only failed or expired payments, creates a new one', () => {
    for (const status of ['DECLINED', 'VOIDED', 'ERROR', 'EXPIRED'] as const)
      expect(decideRequest([payment({ status })], request, now)).toEqual({ action: 'create', expire: null });
  });

  it('refuses another amount or currency while one is open, and an end already past', () => {
    expect(decideRequest([payment({ amountInCents: 1 })], request, now)).toEqual({ action: 'refuse', why: 'mismatch' });
    expect(decideRequest([payment({ currency: 'MXN' })], request, now)).toEqual({ action: 'refuse', why: 'mismatch' });
    expect(decideRequest([], { ...request, expiresAt: later(-5).toISOString() }, now)).toEqual({
      action: 'refuse',
      why: 'expiry-in-past',
    });
  });
});

describe('paying', () => {
  it('is possible while pending and before the end', () => {
    expect(isPayable({ status: 'PENDING', expiresAt: later(1) }, now)).toBe(true);
    expect(isPayable({ status: 'PENDING', expiresAt: now }, now)).toBe(false);
    expect(isPayable({ status: 'APPROVED', expiresAt: later(1) }, now)).toBe(false);
    expect(isPayable({ status: 'PENDING', expiresAt: null }, now)).toBe(true);
  });

  it('with a link token derived from the payment, the same each time, useless for another payment', () => {
    const token = linkToken('secreto-de-integridad', 'p1');
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(linkToken('secreto-de-integridad', 'p1')).toBe(token);
    expect(isLinkToken('secreto-de-integridad', 'p1', token)).toBe(true);
    expect(isLinkToken('secreto-de-integridad', 'p2', token)).toBe(false);
    expect(isLinkToken('otro-secreto', 'p1', token)).toBe(false);
    expect(isLinkToken('secreto-de-integridad', 'p1', undefined)).toBe(false);
  });

  it('sends the person back only to Tuerca', () => {
    expect(isOurUrl('https://tuerca.co/compras/resultado?ref=TU-1', 'https://tuerca.co')).toBe(true);
    expect(isOurUrl('https://evil.example/x', 'https://tuerca.co')).toBe(false);
    expect(isOurUrl('javascript:alert(1)', 'https://tuerca.co')).toBe(false);
  });
});
