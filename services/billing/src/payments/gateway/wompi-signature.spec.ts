import { createHash } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { eventChecksum, integritySignature, propertyValue, sameDigest } from './wompi-signature.js';

const sha = (s: string) => createHash('sha256').update(s).digest('hex');

describe("Wompi's signing scheme", () => {
  it('signs the checkout with reference, amount in cents, currency and the integrity secret', () => {
    expect(integritySignature('TUE-AAAAAAAAAA', 2490000, 'COP', 'secreto')).toBe(sha('TUE-AAAAAAAAAA2490000COPsecreto'));
  });

  it('checksums the listed properties of data in order, then the timestamp, then the events secret', () => {
    const data = { transaction: { id: '1234-1610641025-49201', status: 'APPROVED', amount_in_cents: 4490000 } };
    const properties = ['transaction.id', 'transaction.status', 'transaction.amount_in_cents'];
    expect(eventChecksum(data, properties, 1530291411, 'prod_events_OcHnIzeBl5socpwByQ4hA52Em3USQ93Z')).toBe(
      sha('1234-1610641025-49201APPROVED44900001530291411prod_events_OcHnIzeBl5socpwByQ4hA52Em3USQ93Z'),
    );
  });

  it('reads missing properties as empty and compares digests in either case, in constant time', () => {
    expect(propertyValue({ a: { b: 1 } }, 'a.c')).toBe('');
    expect(propertyValue({ a: null }, 'a.b')).toBe('');
    expect(propertyValue({ a: { b: 0 } }, 'a.b')).toBe('0');
    expect(sameDigest('ABCDEF', 'abcdef')).toBe(true);
    expect(sameDigest('abcdef', 'abcde0')).toBe(false);
    expect(sameDigest('abc', 'abcdef')).toBe(false);
  });
});
