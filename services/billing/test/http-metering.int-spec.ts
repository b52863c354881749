import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CommandBus } from '@nestjs/cqrs';
import { ErrorCodes, METERING_PORT, t as text, type Metering, type MeterSubject } from '@tuerca/contracts';
import { DomainError } from '@tuerca/platform';
import { startTestHttpApp, type TestHttpApp } from '@tuerca/platform/testing';
import { BillingModule } from '@tuerca/billing';
import { HttpMetering } from '@tuerca/billing/client';
import { LocalMetering } from '../src/metering/local-metering.js';
import { SetAppParameter } from '../src/parameters/set-app-parameter.command.js';

/**
 * Billing's HTTP adapter of the Metering port (services/billing/src/client) against a real billing app over
 * loopback: the same answers as the in-process adapter, billing's rule errors carried through, and billing
 * unreachable, silent past the timeout or unset is a 503 'servicio intermitente' — never a 500.
 */
describe("billing's Metering port over HTTP", () => {
  let t: TestHttpApp;
  let http: Metering;
  let silent: Server;

  beforeAll(async () => {
    t = await startTestHttpApp([BillingModule]);
    http = new HttpMetering({ baseUrl: t.url, token: t.config.INTERNAL_TOKEN, timeoutMs: 3000 });
    // A server that accepts the call and never answers: billing hung.
    silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  });

  afterAll(async () => {
    silent?.closeAllConnections();
    await new Promise((resolve) => silent?.close(resolve));
    await t?.close();
  });

  const guest = (): MeterSubject => ({ kind: 'guest', id: randomUUID() });

  async function failureOf(p: Promise<unknown>): Promise<{ status: number; code: string; messages: string[] }> {
    try {
      await p;
    } catch (err) {
      if (err instanceof DomainError) return { status: err.status, code: String(err.code), messages: err.messages };
      throw err;
    }
    throw new Error('the call was expected to fail');
  }

  it('billing in this process serves the port in memory', () => {
    expect(t.app.get(METERING_PORT)).toBe(t.app.get(LocalMetering));
  });

  it('consumes, reports, refunds and de-duplicates like the in-process port', async () => {
    const who = guest();
    const requestId = randomUUID();
    const charged = await http.consume({ kind: 'substitutions', who, subject: 'WK616/1', requestId });
    expect(charged.chargedFrom).toBe('free');
    expect(charged.status.searchesPerformed).toBe(1);
    // The same request again charges nothing (idempotency key), over HTTP as in memory.
    expect((await http.consume({ kind: 'substitutions', who, subject: 'WK616/1', requestId })).chargedFrom).toBe('duplicate');
    const local = t.app.get(LocalMetering);
    expect(await http.status({ kind: 'substitutions', who, subject: 'WK616/1' })).toEqual(
      await local.status({ kind: 'substitutions', who, subject: 'WK616/1' }),
    );
    expect((await http.authorize({ kind: 'substitutions', who, subject: 'WK616/1' })).allowed).toBe(true);
    expect(await http.refund({ kind: 'substitutions', who, subject: 'WK616/1', requestId, reason: 'answer failed' })).toEqual({
      outcome: 'refunded',
    });
    expect((await http.status({ kind: 'substitutions', who })).searchesPerformed).toBe(0);
  });

  it("carries billing's rule errors through: the spec's code and Spanish text, not a 503", async () => {
    await t.app
      .get(CommandBus)
      .execute(new SetAppParameter('plateFreeConsultationsWithLoginWarning', 0, { kind: 'user', id: 'operator-1' }));
    await t.app.get(CommandBus).execute(new SetAppParameter('plateFreeConsultationsWhitouthLogin', 0, { kind: 'user', id: 'operator-1' }));
    const request = { kind: 'plate' as const, who: guest(), subject: 'ABC123' };
    const denied = await failureOf(http.authorize(request));
    expect(denied).toMatchObject({ status: 403, code: 'Login required' });
    expect(denied).toEqual(await failureOf(t.app.get(LocalMetering).authorize(request)));
  });

  it('answers 503 servicio intermitente when billing is unreachable, hung past the timeout, or not configured', async () => {
    const intermittent = { status: 503, code: ErrorCodes.SERVICE_UNAVAILABLE, messages: [text('errors.serviceIntermittent')] };
    const request = { kind: 'catalog' as const, who: guest(), subject: 'vehicle-1', requestId: randomUUID() };
    // Nothing listens there any more.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise((resolve) => closed.close(resolve));
    expect(await failureOf(new HttpMetering({ baseUrl: closedUrl, token: 'x'.repeat(16), timeoutMs: 3000 }).consume(request))).toEqual(
      intermittent,
    );
    // Accepts the connection, never answers: the timeout gives up.
    const hungUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    expect(await failureOf(new HttpMetering({ baseUrl: hungUrl, token: 'x'.repeat(16), timeoutMs: 200 }).authorize(request))).toEqual(
      intermittent,
    );
    // No BILLING_URL and no billing in the process.
    expect(await failureOf(new HttpMetering({ baseUrl: undefined, token: 'x'.repeat(16), timeoutMs: 3000 }).status(request))).toEqual(
      intermittent,
    );
  });
});
