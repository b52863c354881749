import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ContextDatabase } from '@tuerca/platform';
import { TestClient, startTestHttpApp, type TestHttpApp } from '@tuerca/platform/testing';
import { IdentityModule, seedIdentity, DEMO_PASSWORD } from '@tuerca/identity';

/** A login from a client that claims an address through X-Forwarded-For. */
const loginFrom = (t: TestHttpApp, address: string, email: string, password: string) =>
  new TestClient(t.url, { 'x-forwarded-for': address }).post('/api/users/auth/login', { email, password });

async function withApp(env: Record<string, string>, run: (t: TestHttpApp) => Promise<void>) {
  const t = await startTestHttpApp([IdentityModule], env);
  try {
    await seedIdentity(t.app.get(ContextDatabase, { strict: false }));
    await run(t);
  } finally {
    await t.close();
  }
}

describe('login limits', () => {
  it('a client cannot choose the address the limits count by sending X-Forwarded-For', async () => {
    await withApp({ RATE_LIMIT_LOGIN_PER_IP: '2' }, async (t) => {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) statuses.push((await loginFrom(t, `203.0.113.${i + 1}`, `nadie${i}@tuerca.demo`, 'no-es-esta')).status);
      expect(statuses).toEqual([401, 401, 429]);
    });
  });

  it('behind a configured proxy (TRUST_PROXY), the forwarded client address is the one counted', async () => {
    await withApp({ RATE_LIMIT_LOGIN_PER_IP: '2', TRUST_PROXY: '127.0.0.1' }, async (t) => {
      expect((await loginFrom(t, '203.0.113.1', 'nadie1@tuerca.demo', 'no-es-esta')).status).toBe(401);
      expect((await loginFrom(t, '203.0.113.1', 'nadie2@tuerca.demo', 'no-es-esta')).status).toBe(401);
      expect((await loginFrom(t, '203.0.113.1', 'nadie3@tuerca.demo', 'no-es-esta')).status).toBe(429);
      // Another client behind the same proxy has its own count.
      expect((await loginFrom(t, '198.51.100.7', 'nadie4@tuerca.demo', 'no-es-esta')).status).toBe(401);
    });
  });

  describe('no account lock-out by anyone', () => {
    let t: TestHttpApp;
    beforeAll(async () => {
      t = await startTestHttpApp([IdentityModule], {
        RATE_LIMIT_LOGIN_PER_ACCOUNT: '3',
        RATE_LIMIT_LOGIN_PER_IP: '1000',
        TRUST_PROXY: '127.0.0.1',
      });
      await seedIdentity(t.app.get(ContextDatabase, { strict: false }));
    });
    afterAll(async () => {
      await t?.close();
    });

    it("someone guessing an operator's password from one address slows down there, and the operator logs in from theirs", async () => {
      const attacker = '203.0.113.66';
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) statuses.push((await loginFrom(t, attacker, 'operador@tuerca.demo', `adivina-${i}`)).status);
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
      // Even the right password waits at the address that failed.
      const slowed = await loginFrom(t, attacker, 'operador@tuerca.demo', DEMO_PASSWORD);
      expect(slowed.status).toBe(429);
      expect(slowed.body.errors[0]).toBe('Demasiados intentos. Intenta de nuevo en 2 minutos.');
      expect(Number(slowed.headers.get('retry-after'))).toBeGreaterThan(60);

      // The owner, from an address that has not failed: never blocked, and a typo costs a plain 401.
      expect((await loginFrom(t, '198.51.100.20', 'operador@tuerca.demo', 'me-equivoque')).status).toBe(401);
      const owner = await loginFrom(t, '198.51.100.20', 'operador@tuerca.demo', DEMO_PASSWORD);
      expect(owner.status).toBe(200);
      expect(owner.body.data.user.email).toBe('operador@tuerca.demo');
    });

    it('a guess spread over many addresses slows those addresses down, not the owner', async () => {
      // 3 free failures per address → 30 failures of the account from anywhere add a wait to the addresses that failed.
      for (let i = 0; i < 30; i++) expect((await loginFrom(t, `192.0.2.${i + 1}`, 'asesor@tuerca.demo', `intento-${i}`)).status).toBe(401);
      expect((await loginFrom(t, '192.0.2.30', 'asesor@tuerca.demo', 'otro-intento')).status).toBe(429);
      expect((await loginFrom(t, '198.51.100.99', 'asesor@tuerca.demo', DEMO_PASSWORD)).status).toBe(200);
    });
  });
});
