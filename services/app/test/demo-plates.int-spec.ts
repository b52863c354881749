import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { DEMO_PLATES, demoRegistryVehicles } from '@tuerca/demo-data';
import { TestClient, startTestHttpApp, type TestHttpApp } from '@tuerca/platform/testing';
import { IdentityModule, seedIdentity } from '@tuerca/identity';
import { BillingModule } from '@tuerca/billing';
import { GarageModule, seedGarage } from '@tuerca/garage';
import { CatalogModule, seedCatalog } from '@tuerca/catalog';

/**
 * The demo's plate chain across contexts (issue 14, "the plate chain closes"): a demo plate looked up
 * in the built-in registry answers the vehicle and an opaque catalogue token (never the VIN whole: privacy of
 * a plate lookup); the card asks the catalogue with that token, and the catalogue — whose own index has the
 * registry's VIN under the same vehicle (make, model, engine, years, market) — answers it exactly.
 */
describe('demo plates lead to their catalogue vehicle', () => {
  let t: TestHttpApp;
  const registry = new Map(demoRegistryVehicles(2026, 1).map((v) => [v.plate, v]));

  beforeAll(async () => {
    t = await startTestHttpApp([IdentityModule, BillingModule, GarageModule, CatalogModule], {
      CAPTCHA_MAX_NUMBER: '20',
      CAPTCHA_COST: '1',
    });
    await seedIdentity(t.db('identity'));
    await seedGarage(t.db('garage'), { seed: 2026, scale: 1 });
    await seedCatalog(t.db('catalog'), { seed: 2026, scale: 1 });
  }, 180000);

  afterAll(async () => {
    await t?.close();
  });

  /** What the ALTCHA widget does in the browser: fetch a challenge, solve it, send base64 of { challenge, solution }. */
  async function captcha(c: TestClient): Promise<string> {
    const res = await c.get<Challenge>('/api/garage/captcha/challenge');
    expect(res.status).toBe(200);
    const solution = await solveChallenge({ challenge: res.body, deriveKey, timeout: 10000 });
    return Buffer.from(JSON.stringify({ challenge: res.body, solution })).toString('base64');
  }

  it.each(DEMO_PLATES.map((p) => [p.plate, p] as const))('%s → its VIN → its exact catalogue vehicle', async (plate, p) => {
    const guest = new TestClient(t.url);
    const q = new URLSearchParams({ licensePlate: plate, reCaptcha: await captcha(guest), country: p.country });
    const found = await guest.get(`/api/garage/vehicle/getVehicleForLicensePlatePremium?${q.toString()}`);
    expect(found.status).toBe(200);
    expect(found.body.data).toMatchObject({ model: p.model, year: p.year });
    const vin = registry.get(plate)!.vin;
    const token = found.body.data.catalogToken as string;
    expect(token).toMatch(/^vt1\./);
    expect(found.body.data.vin).not.toBe(vin);
    expect(JSON.stringify(found.body)).not.toContain(vin);

    // The vehicle card's check, then 'Ver partes en el catálogo' (the VIN page with the token).
    const check = await guest.get(`/api/catalogo/catalogV2/VINHasCatalog?${new URLSearchParams({ VIN: token }).toString()}`);
    expect(check.body.data).toBe(true);
    const res = await guest.get(`/api/catalogo/catalogV2/vehicleByVinOrFrame?${new URLSearchParams({ vinOrFrame: token }).toString()}`);
    expect(res.status).toBe(200);
    expect(res.body.metadata).toMatchObject({ answer: 'exact', exact: true });
    expect(JSON.stringify(res.body)).not.toContain(vin);
    expect(res.body.data).toHaveLength(1);
    const vehicle = res.body.data[0];
    expect(vehicle).toMatchObject({ vehicleId: registry.get(plate)!.catalogVehicleId, vehicleVIN: token, exact: true });
    expect(vehicle.name).toContain(`${p.model} `);
    // The catalogue names a vehicle with its generation's years: 'Mazda 3 2.0 PE-VPS (2016-2021)'.
    const [, from, to] = /\((\d{4})-(\d{4})\)/.exec(vehicle.name as string) ?? [];
    expect(Number(from) <= p.year && p.year <= Number(to)).toBe(true);
  });
});
