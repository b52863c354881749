import { createHmac } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { afterAttempt, goesToStoreApi, isAllowedTarget, retryDelayMs, signWebhook } from './store-api.rules.js';
import { SecretBox, newClientSecret } from './secret-box.js';

describe('store API rules', () => {
  it('signs timestamp and raw body with the client secret (HMAC-SHA256, hex)', () => {
    const body = '{"a":1}';
    const expected = createHmac('sha256', 's'.repeat(32)).update(`1700000000.${body}`).digest('hex');
    expect(signWebhook('s'.repeat(32), 1700000000, body)).toBe(`v1=${expected}`);
    expect(signWebhook('s'.repeat(32), 1700000001, body)).not.toBe(`v1=${expected}`);
    expect(signWebhook('t'.repeat(32), 1700000000, body)).not.toBe(`v1=${expected}`);
  });

  it('backs off exponentially up to the cap, then fails at the last attempt; any 2xx delivers', () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, 30_000))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(20, 30_000)).toBe(3_600_000);
    const now = new Date('2026-11-24T10:00:00Z');
    const policy = { baseMs: 1000, maxAttempts: 3 };
    expect(afterAttempt(204, 1, now, policy)).toEqual({ status: 'delivered' });
    expect(afterAttempt(500, 1, now, policy)).toEqual({ status: 'pending', nextAttemptAt: new Date(now.getTime() + 1000) });
    expect(afterAttempt(null, 2, now, policy)).toEqual({ status: 'pending', nextAttemptAt: new Date(now.getTime() + 2000) });
    expect(afterAttempt(301, 3, now, policy)).toEqual({ status: 'failed' });
  });

  it('sends only to https, or http outside production, without credentials', () => {
    expect(isAllowedTarget('https://tienda.example/api/pedidos', 'production')).toBe(true);
    expect(isAllowedTarget('http://127.0.0.1:9999/hook', 'production')).toBe(false);
    expect(isAllowedTarget('http://127.0.0.1:9999/hook', 'test')).toBe(true);
    expect(isAllowedTarget('https://user:pass@tienda.example/', 'test')).toBe(false);
    expect(isAllowedTarget('ftp://tienda.example/', 'test')).toBe(false);
    expect(isAllowedTarget('no es una url', 'test')).toBe(false);
  });

  it('sends a purchase when one of its products carries confirmProductInAPI', () => {
    expect(goesToStoreApi([false, true])).toBe(true);
    expect(goesToStoreApi([false])).toBe(false);
    expect(goesToStoreApi([])).toBe(false);
  });

  it('keeps secrets encrypted and opens them only with the same root secret', () => {
    const box = new SecretBox('root-secret-of-at-least-32-characters!!');
    const secret = newClientSecret();
    const sealed = box.seal(secret);
    expect(sealed).not.toContain(secret);
    expect(box.seal(secret)).not.toBe(sealed);
    expect(box.open(sealed)).toBe(secret);
    expect(() => new SecretBox('another-root-secret-of-32-characters!!!').open(sealed)).toThrow();
  });
});
