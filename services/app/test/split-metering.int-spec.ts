import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { METERING_PORT, type Metering } from '@tuerca/contracts';
import { ConfigError, createLogger, loadConfig } from '@tuerca/platform';
import {
  TestClient,
  createTestDatabase,
  startTestHttpApp,
  testConfig,
  type TestDatabase,
  type TestHttpApp,
} from '@tuerca/platform/testing';
import { BillingModule } from '@tuerca/billing';
import { HttpMetering } from '@tuerca/billing/client';
import { checkContextConfigs, selectContexts, startApp, type RunningApp } from '@tuerca/app';

/**
 * The composition root's binding of the Metering port (issue 23): a process that runs billing serves it in
 * memory; one that does not (SERVICES=catalog) gets billing's HTTP client at BILLING_URL — two real
 * processes' worth of Nest apps over loopback, each on its own database.
 */
describe('metering across processes: the app binds billing’s HTTP client when billing runs elsewhere', () => {
  let billing: TestHttpApp;
  let db: TestDatabase;
  let catalog: RunningApp;
  let billingUp = true;

  beforeAll(async () => {
    billing = await startTestHttpApp([BillingModule]);
    db = await createTestDatabase('splitmeter');
    const config = testConfig({
      DATABASE_URL: db.url,
      MIGRATE_ON_START: 'true',
      PORT: '0',
      SERVICES: 'catalog',
      BILLING_URL: billing.url,
      INTERNAL_TOKEN: billing.config.INTERNAL_TOKEN,
    });
    catalog = await startApp(config, createLogger(config.LOG_LEVEL), 'catalog');
  });

  afterAll(async () => {
    await catalog?.close();
    await db?.drop();
    if (billingUp) await billing?.close();
    else await billing?.database.drop();
  });

  it('binds the port to billing’s HTTP adapter in the catalog process, to billing itself in billing’s', async () => {
    const remote = catalog.app.get<Metering>(METERING_PORT);
    expect(remote).toBeInstanceOf(HttpMetering);
    expect(billing.app.get<Metering>(METERING_PORT)).not.toBeInstanceOf(HttpMetering);
    // A charge made through the catalog process's port is billing's: its own status shows it.
    const who = { kind: 'guest' as const, id: randomUUID() };
    await remote.consume({ kind: 'substitutions', who, subject: 'WK616/1', requestId: randomUUID() });
    const seen = await billing.app.get<Metering>(METERING_PORT).status({ kind: 'substitutions', who });
    expect(seen.searchesPerformed).toBe(1);
  });

  it('meters a catalogue lookup through billing over HTTP; with billing gone, 503 servicio intermitente', async () => {
    const guest = new TestClient(catalog.url!);
    // Nothing found: billing authorizes over HTTP (no charge) and the catalogue answers its 404.
    const lookup = '/api/catalogo/catalogSubstitutions/getSubstitutions?reference=NOEXISTE123';
    expect((await guest.get(lookup)).status).toBe(404);
    await billing.app.close();
    billingUp = false;
    const down = await guest.get(lookup);
    expect(down.status).toBe(503);
    expect(down.body.errors[0]).toMatch(/^Servicio intermitente/);
  });

  it('checks BILLING_URL at start-up only where billing does not run', () => {
    const bad = loadConfig({ SERVICES: 'catalog', BILLING_URL: 'no es una url' });
    expect(() => checkContextConfigs(bad, selectContexts(['catalog'], false))).toThrow(ConfigError);
    expect(() => checkContextConfigs(bad, selectContexts(['catalog'], false))).toThrow(/BILLING_URL/);
    expect(() => checkContextConfigs(bad, selectContexts(['catalog', 'billing'], false))).not.toThrow();
  });
});
