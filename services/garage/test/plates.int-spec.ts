import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { openVehicleToken } from '@tuerca/contracts';
import { createChallenge, solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { Clock, type ContextDatabase } from '@tuerca/platform';
import { TestClient, startTestHttpApp, type TestHttpApp } from '@tuerca/platform/testing';
import { IdentityModule, seedIdentity, DEMO_PASSWORD } from '@tuerca/identity';
import { BillingModule } from '@tuerca/billing';
import { GarageModule, seedGarage } from '@tuerca/garage';
import { BuiltinPlateRegistry, PlateRegistry } from '../src/plates/index.js';
import { CatalogTokens } from '../src/vehicles/catalog-tokens.js';

const PREMIUM = '/api/garage/vehicle/getVehicleForLicensePlatePremium';
const FREE = '/api/garage/vehicle/getVehicleForLicensePlate';
const CAPTCHA_TEXT = 'Debes validar el Captcha';
const DAY = 24 * 3600 * 1000;

describe('garage plate lookup over HTTP', () => {
  let t: TestHttpApp;
  let garage: ContextDatabase;
  let billing: ContextDatabase;
  let operator: TestClient;
  const coPlates: string[] = [];
  const mxPlates: string[] = [];

  beforeAll(async () => {
    t = await startTestHttpApp([IdentityModule, BillingModule, GarageModule], {
      CAPTCHA_MAX_NUMBER: '20',
      CAPTCHA_COST: '1',
      RATE_LIMIT_LOGIN_PER_ACCOUNT: '100',
      RATE_LIMIT_LOGIN_PER_IP: '1000',
    });
    const db = (schema: string) => t.db(schema);
    garage = db('garage');
    billing = db('billing');
    await seedIdentity(db('identity'));
    await seedGarage(garage);
    for (const r of await garage
      .em()
      .execute<{ country: string; plate: string }[]>('select country, plate from registry_vehicles order by plate')) {
      (r.country === 'CO' ? coPlates : mxPlates).push(r.plate);
    }
    operator = await login('operador@tuerca.demo');
    await setParameter('plateFreeConsultationsWhitouthLogin', 100);
    await setParameter('plateFreeConsultationsWithLoginWarning', 200);
  });

  afterAll(async () => {
    await t?.close();
  });

  async function login(email: string): Promise<TestClient> {
    const c = new TestClient(t.url);
    const res = await c.post('/api/users/auth/login', { email, password: DEMO_PASSWORD });
    expect(res.status).toBeLessThan(300);
    return c;
  }

  async function userId(c: TestClient): Promise<string> {
    return (await c.get('/api/core/sessionControlData/0')).body.data.user.id as string;
  }

  async function setParameter(name: string, value: number) {
    const res = await operator.request('PATCH', `/api/core/appParameters/${name}`, { value });
    expect(res.status).toBe(200);
  }

  async function credit(owner: string, type: 'plate_consultations' | 'general_inquiries', amount: number) {
    await billing
      .em()
      .execute(
        `insert into balances (id, user_id, type, amount, remaining, source, created_at, expires_at) values (?, ?, ?, ?, ?, 'manual', now(), ?)`,
        [randomUUID(), owner, type, amount, amount, new Date(Date.now() + 90 * DAY)],
      );
  }

  async function remaining(owner: string): Promise<number> {
    const rows = await billing.em().execute<{ n: string | null }[]>('select sum(remaining) as n from balances where user_id = ?', [owner]);
    return Number(rows[0]!.n ?? 0);
  }

  async function consumptions(ownerId: string): Promise<number> {
    const rows = await billing.em().execute<{ n: string }[]>('select count(*) as n from consumptions where owner_id = ?', [ownerId]);
    return Number(rows[0]!.n);
  }

  /**
   * PlateLookedUp v2 events of one person (the actor): the event carries neither the plate nor the VIN (DESIGN §5),
   * so a test counts a person's lookups from a mark (`since`, the outbox's last id before them).
   */
  async function plateLookups(actorId: string, since: number, found?: boolean): Promise<number> {
    const rows = await garage.em().execute<{ n: string }[]>(
      `select count(*) as n from outbox_events where type = 'PlateLookedUp' and version = 2 and id > ? and envelope->'actor'->>'id' = ?
         and (?::boolean is null or (envelope->'payload'->>'found')::boolean = ?::boolean)`,
      [since, actorId, found ?? null, found ?? null],
    );
    return Number(rows[0]!.n);
  }

  async function outboxMark(): Promise<number> {
    const rows = await garage.em().execute<{ n: string | null }[]>(`select max(id) as n from outbox_events`);
    return Number(rows[0]!.n ?? 0);
  }

  async function events(type: string, filter: { key: string; value: string }): Promise<number> {
    const rows = await garage
      .em()
      .execute<{ n: string }[]>(
        `select count(*) as n from outbox_events where type = ? and envelope->'payload'->>${`'${filter.key}'`} = ?`,
        [type, filter.value],
      );
    return Number(rows[0]!.n);
  }

  /** What the ALTCHA widget does in the browser: fetch a challenge, solve it, send base64 of { challenge, solution }. */
  async function captcha(c: TestClient = new TestClient(t.url)): Promise<string> {
    const res = await c.get<Challenge>('/api/garage/captcha/challenge');
    expect(res.status).toBe(200);
    return encode(res.body, await solve(res.body));
  }

  async function solve(challenge: Challenge) {
    const solution = await solveChallenge({ challenge, deriveKey, timeout: 10000 });
    expect(solution).not.toBeNull();
    return solution!;
  }

  function encode(challenge: unknown, solution: unknown): string {
    return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  }

  function lookup(c: TestClient, plate: string, reCaptcha?: string, extra: Record<string, string> = {}, path = PREMIUM) {
    const q = new URLSearchParams({ licensePlate: plate, ...(reCaptcha ? { reCaptcha } : {}), ...extra });
    return c.get(`${path}?${q.toString()}`);
  }

  let plateCursor = 0;
  const nextCoPlate = () => coPlates[plateCursor++]!;

  describe('plate rules (spec 001 §5)', () => {
    // A valid plate passes the rules and stops at the human check; an invalid one never gets there.
    const colombia: [string, string][] = [
      ['ABC123', 'cars: 3 letters + 3 digits'],
      ['abc-123', 'lowercase and a dash are normalised'],
      ['ABC12D', 'motorcycles: 3 letters + 2 digits + letter'],
      ['123ABC', '3 digits + 3 letters'],
      ['DA1234', 'D + letter + 4 digits'],
      ['CD1234', 'C + letter + 4 digits'],
      ['MZ1234', 'M + letter + 4 digits'],
      ['OB1234', 'O + letter + 4 digits'],
      ['AX1234', 'A + letter + 4 digits'],
      ['R12345', 'R + 5 digits'],
      ['S54321', 'S + 5 digits'],
    ];
    it.each(colombia)('accepts the Colombian plate %s (%s)', async (plate) => {
      const res = await lookup(new TestClient(t.url), plate);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message: 'Captcha required', errors: [CAPTCHA_TEXT] });
    });

    const wrongLength = ['ABC12', 'AB1', 'ABC1234', 'ABCD12345', 'A-B-C-1-2'];
    it.each(wrongLength)('rejects the Colombian plate %s: not 6 characters', async (plate) => {
      const res = await lookup(new TestClient(t.url), plate);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message: 'Validation failed', errors: ['La placa del vehículo debe contener 6 caracteres.'] });
    });

    const wrongPattern = ['ABCDEF', '123456', 'A1B2C3', '12ABC3', 'BB1234', 'DA123A', 'T12345', 'R1234A', 'AB123C', '1ABC23'];
    it.each(wrongPattern)('rejects the Colombian plate %s: no pattern matches', async (plate) => {
      const res = await lookup(new TestClient(t.url), plate);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        message: 'Validation failed',
        errors: ['La placa no es válida', 'Asegúrate de escribir la placa de tu vehículo correctamente.'],
      });
    });

    const mexicoValid = ['ABC123', 'ABC1234', '123ABC', 'A1B2C3D', 'abc-12-34'];
    it.each(mexicoValid)('accepts the Mexican plate %s (6 or 7 letters or digits)', async (plate) => {
      const res = await lookup(new TestClient(t.url), plate, undefined, { country: 'MX' });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Captcha required');
    });

    const mexicoInvalid = ['ABC12', 'AB1', 'ABCD12345', 'ÑAB123', 'AB*12', 'ABC12345'];
    it.each(mexicoInvalid)('rejects the Mexican plate %s', async (plate) => {
      const res = await lookup(new TestClient(t.url), plate, undefined, { country: 'MX' });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        message: 'Validation failed',
        errors: ['La placa no es válida', 'Asegúrate de escribir la placa de tu vehículo correctamente.'],
      });
    });

    it("takes the logged-in person's country when none is asked for", async () => {
      const mexican = await login('refaccionaria@tuerca.demo');
      // 7 characters: valid in Mexico, invalid in Colombia.
      expect((await lookup(mexican, 'ABC1234')).body.message).toBe('Captcha required');
      expect((await lookup(new TestClient(t.url), 'ABC1234')).body.message).toBe('Validation failed');
    });

    it('requires the plate and answers bad parameters with 400, never 500', async () => {
      const c = new TestClient(t.url);
      expect((await c.get(PREMIUM)).body).toMatchObject({ statusCode: 400, errors: ['¡Este campo es requerido!'] });
      expect((await c.get(`${PREMIUM}?licensePlate=ABC123&allowFreeSearches=7`)).status).toBe(400);
      expect((await c.get(`${PREMIUM}?licensePlate=ABC123&country=PE`)).status).toBe(400);
      expect((await c.get(`${PREMIUM}?licensePlate=ABC123&reCaptcha=${'x'.repeat(5000)}`)).status).toBe(400);
    });
  });

  describe('the human check (ALTCHA)', () => {
    it('serves signed, expiring challenges for the widget', async () => {
      const res = await new TestClient(t.url).get('/api/garage/captcha/challenge');
      expect(res.status).toBe(200);
      expect(res.body.signature).toMatch(/^[0-9a-f]{64}$/);
      expect(res.body.parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256', cost: 1 });
      const ttl = res.body.parameters.expiresAt * 1000 - Date.now();
      expect(ttl).toBeGreaterThan(9 * 60 * 1000);
      expect(ttl).toBeLessThanOrEqual(10 * 60 * 1000);
    });

    it('answers a missing captcha with Captcha required', async () => {
      const res = await lookup(new TestClient(t.url), nextCoPlate());
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message: 'Captcha required', errors: [CAPTCHA_TEXT] });
    });

    it("rejects forged payloads: garbage, a changed challenge, a wrong key, another server's secret", async () => {
      const c = new TestClient(t.url);
      const plate = nextCoPlate();
      const garbage = await lookup(c, plate, 'bm90IGpzb24=');
      expect(garbage.status).toBe(400);
      expect(garbage.body).toMatchObject({ message: 'Captcha invalid', errors: [CAPTCHA_TEXT] });

      const ch = (await c.get<Challenge>('/api/garage/captcha/challenge')).body;
      const solution = await solve(ch);
      const longer = { ...ch, parameters: { ...ch.parameters, expiresAt: ch.parameters.expiresAt! + 86400 } };
      expect((await lookup(c, plate, encode(longer, solution))).body.message).toBe('Captcha invalid');
      const wrongKey = { ...solution, derivedKey: solution.derivedKey.replace(/^./, (d) => (d === '0' ? '1' : '0')) };
      expect((await lookup(c, plate, encode(ch, wrongKey))).body.message).toBe('Captcha invalid');

      const foreign = await createChallenge({
        algorithm: 'PBKDF2/SHA-256',
        cost: 1,
        counter: 5,
        deriveKey,
        expiresAt: new Date(Date.now() + 60000),
        hmacSignatureSecret: 'some-other-server-secret-0123456789abcdef',
      });
      const forged = await lookup(c, plate, encode(foreign, await solve(foreign)));
      expect(forged.status).toBe(400);
      expect(forged.body).toMatchObject({ message: 'Captcha invalid', errors: [CAPTCHA_TEXT] });
      // The genuine, untouched payload still works: the failures above spent nothing.
      expect((await lookup(c, plate, encode(ch, solution))).status).toBe(200);
    });

    it('accepts a solved challenge once', async () => {
      const c = new TestClient(t.url);
      const payload = await captcha(c);
      expect((await lookup(c, nextCoPlate(), payload)).status).toBe(200);
      const replay = await lookup(c, nextCoPlate(), payload);
      expect(replay.status).toBe(400);
      expect(replay.body).toMatchObject({ message: 'Captcha already used', errors: [CAPTCHA_TEXT] });
      // Replayed by someone else, too.
      expect((await lookup(new TestClient(t.url), nextCoPlate(), payload)).body.message).toBe('Captcha already used');
    });

    it('rejects a challenge solved after it expired', async () => {
      const clock = t.app.get(Clock);
      const c = new TestClient(t.url);
      const payload = await captcha(c);
      clock.advance(10 * 60 * 1000 + 1000);
      try {
        const res = await lookup(c, nextCoPlate(), payload);
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ message: 'Captcha expired', errors: [CAPTCHA_TEXT] });
      } finally {
        clock.reset();
      }
    });
  });

  describe('metering, the registry and the garage', () => {
    it('walks a guest through the three plate levels: no prompt, closable prompt, forced login (403)', async () => {
      await setParameter('plateFreeConsultationsWhitouthLogin', 1);
      await setParameter('plateFreeConsultationsWithLoginWarning', 3);
      try {
        const g = new TestClient(t.url);
        const prompts: string[] = [];
        for (let i = 0; i < 3; i++) {
          const res = await lookup(g, nextCoPlate(), await captcha(g));
          expect(res.status).toBe(200);
          expect(res.body.metadata.relatedVehicle).toBeNull();
          expect(res.body.metadata.savedToGarage).toBe(false);
          prompts.push(res.body.metadata.loginPrompt);
        }
        expect(prompts).toEqual(['none', 'closable', 'required']);
        const forced = await lookup(g, nextCoPlate(), await captcha(g));
        expect(forced.status).toBe(403);
        expect(forced.body.message).toBe('Login required');
        // With free searches allowed the console continues to the manual form instead.
        const free = await lookup(g, nextCoPlate(), await captcha(g), { allowFreeSearches: '1' });
        expect(free.status).toBe(200);
        expect(free.body.data).toBeNull();
        expect(free.body.metadata).toMatchObject({ withoutConsultation: true, denial: 'Login required', loginPrompt: 'required' });
        expect(free.body.metadata.message).toBe('Diligencia los datos del vehículo en el siguiente formulario.');
      } finally {
        await setParameter('plateFreeConsultationsWhitouthLogin', 100);
        await setParameter('plateFreeConsultationsWithLoginWarning', 200);
      }
    });

    it('answers a logged-in person without balance 401 Exhausted license plate inquiries', async () => {
      const c = await login('nuevo@tuerca.demo');
      const res = await lookup(c, nextCoPlate(), await captcha(c));
      expect(res.status).toBe(401);
      expect(res.body.message).toBe('Exhausted license plate inquiries');
      expect(res.body.errors.length).toBeGreaterThan(0);
    });

    it('charges a found vehicle, counts plate + general inquiries, and saves it to the garage once', async () => {
      const c = await login('cliente@tuerca.demo');
      const me = await userId(c);
      await credit(me, 'plate_consultations', 2);
      await credit(me, 'general_inquiries', 3);
      const plate = nextCoPlate();
      const mark = await outboxMark();
      const first = await lookup(c, plate, await captcha(c));
      expect(first.status).toBe(200);
      expect(first.body.data).toMatchObject({ license_plate: plate, country: 'CO' });
      // The vehicle, not its identity: VIN, engine and chassis numbers masked; the catalogue link is an opaque token.
      expect(first.body.data.vin).toMatch(/^[A-HJ-NPR-Z0-9]{3}•{10}[A-HJ-NPR-Z0-9]{4}$/);
      expect(first.body.data.engine_number).toContain('•');
      expect(first.body.data.chassis_number).toContain('•');
      expect(first.body.data.catalogToken).toMatch(/^vt1\./);
      expect(first.body.metadata).toMatchObject({
        consultationsByPlateAvailable: 4,
        consultationsAvailable: { amount: 1 },
        generalInquiriesAvailable: { amount: 3 },
        searchesPerformed: 1,
        relatedVehicle: null,
        savedToGarage: true,
        message: 'Vehículo creado en tu garaje',
        chargedFrom: 'balance',
      });
      const [registered] = await garage
        .em()
        .execute<{ vin: string; engine_number: string }[]>(
          'select vin, engine_number from registry_vehicles where country = ? and plate = ?',
          ['CO', plate],
        );
      expect(await openVehicleToken(first.body.data.catalogToken, t.config.SESSION_SECRET)).toBe(registered!.vin);
      expect(JSON.stringify(first.body)).not.toContain(registered!.vin);
      expect(JSON.stringify(first.body)).not.toContain(registered!.engine_number);
      const vehicles = await garage
        .em()
        .execute<{ id: string; source: string; vin: string; brand: string; details: Record<string, unknown>; registry_fields: string[] }[]>(
          'select id, source, vin, brand, details, registry_fields from vehicles where user_id = ? and license_plate = ?',
          [me, plate],
        );
      expect(vehicles).toHaveLength(1);
      // Kept for the catalogue link, marked as the registry's; engine and chassis numbers are not stored.
      expect(vehicles[0]).toMatchObject({
        id: first.body.metadata.garageVehicleId,
        source: 'plate-lookup',
        vin: registered!.vin,
        brand: first.body.data.brand,
        registry_fields: ['vin'],
      });
      expect(vehicles[0]!.details).not.toHaveProperty('engine_number');
      expect(vehicles[0]!.details).not.toHaveProperty('chassis_number');
      // Masked in the garage too: the person who looked the plate up did not type it.
      const mine = await c.get(
        `/api/garage/vehicle/?${new URLSearchParams({ filter: JSON.stringify({ searchInColumns: plate }) }).toString()}`,
      );
      expect(mine.body.data[0]).toMatchObject({
        license_plate: plate,
        VIN: first.body.data.vin,
        catalogToken: expect.stringMatching(/^vt1\./),
      });

      // The same plate again (and again, concurrently): browsing within 12 hours costs nothing, the garage keeps one vehicle.
      const again = await Promise.all([0, 1, 2].map(async () => lookup(c, plate, await captcha(c))));
      for (const res of again) {
        expect(res.status).toBe(200);
        expect(res.body.metadata).toMatchObject({ savedToGarage: false, chargedFrom: 'window', consultationsByPlateAvailable: 4 });
        expect(res.body.metadata.relatedVehicle).toMatchObject({ id: first.body.metadata.garageVehicleId, license_plate: plate });
      }
      expect(await events('VehicleSavedToGarage', { key: 'userId', value: me })).toBe(1);
      expect(await plateLookups(me, mark)).toBe(4);
      // No plate and no VIN in the event, anywhere in its envelope (DESIGN §5).
      const sent = await garage
        .em()
        .execute<{ envelope: unknown }[]>(`select envelope from outbox_events where type = 'PlateLookedUp' and id > ?`, [mark]);
      for (const { envelope } of sent) {
        expect(JSON.stringify(envelope)).not.toContain(plate);
        expect(JSON.stringify(envelope)).not.toContain(registered!.vin);
      }
      expect(await remaining(me)).toBe(4);

      // Spending both kinds: plate consultations first, then general inquiries.
      const second = await lookup(c, nextCoPlate(), await captcha(c));
      expect(second.body.metadata).toMatchObject({
        consultationsByPlateAvailable: 3,
        consultationsAvailable: { amount: 0 },
        chargedFrom: 'balance',
      });
      const third = await lookup(c, nextCoPlate(), await captcha(c));
      expect(third.body.metadata).toMatchObject({
        consultationsByPlateAvailable: 2,
        generalInquiriesAvailable: { amount: 2 },
        chargedFrom: 'general',
      });
    });

    it('charges a retried lookup once (same Idempotency-Key), and refunds a lookup whose answer failed after its charge (#19)', async () => {
      const c = await login('asesor@tuerca.demo');
      const me = await userId(c);
      await credit(me, 'plate_consultations', 3);
      const retried = (key: string, plate: string, captchaPayload: string) =>
        c.request(
          'GET',
          `${PREMIUM}?${new URLSearchParams({ licensePlate: plate, reCaptcha: captchaPayload, country: 'CO' })}`,
          undefined,
          {
            'idempotency-key': key,
          },
        );
      const key = `plate-retry-${randomUUID()}`;
      const plate = nextCoPlate();
      const before = await remaining(me);
      const first = await retried(key, plate, await captcha(c));
      expect(first.status).toBe(200);
      const charged = before - (await remaining(me));
      expect(charged).toBeGreaterThan(0);
      // The same request again (a lost answer, a double click): answered, not charged again.
      const again = await retried(key, plate, await captcha(c));
      expect(again.status).toBe(200);
      expect(before - (await remaining(me))).toBe(charged);

      // The answer fails after the charge (here: sealing the catalogue token): the charge is given back.
      const tokens = t.app.get(CatalogTokens);
      const seal = tokens.seal.bind(tokens);
      tokens.seal = () => Promise.reject(new Error('fallo simulado al sellar'));
      try {
        const middle = await remaining(me);
        const failed = await retried(`plate-fail-${randomUUID()}`, nextCoPlate(), await captcha(c));
        expect(failed.status).toBe(500);
        expect(await remaining(me)).toBe(middle);
      } finally {
        tokens.seal = seal;
      }
    });

    it('gives a person who already has the plate in the garage the related vehicle, not a duplicate', async () => {
      const c = await login('taller@tuerca.demo');
      const me = await userId(c);
      await credit(me, 'plate_consultations', 5);
      const plate = nextCoPlate();
      const id = randomUUID();
      await garage.em().execute(
        `insert into vehicles (id, user_id, country, brand, model, year, license_plate, cylinder_capacity, source, created_at, updated_at)
         values (?, ?, 'CO', 'Mi marca', 'Mi modelo', 2015, ?, '1600', 'manual', now(), now())`,
        [id, me, plate],
      );
      const res = await lookup(c, plate, await captcha(c));
      expect(res.status).toBe(200);
      expect(res.body.metadata).toMatchObject({ savedToGarage: false, relatedVehicle: { id, brand: 'Mi marca', license_plate: plate } });
      expect(res.body.metadata.message).toBeUndefined();
      const rows = await garage
        .em()
        .execute<{ n: string }[]>('select count(*) as n from vehicles where user_id = ? and license_plate = ?', [me, plate]);
      expect(Number(rows[0]!.n)).toBe(1);
      expect(await events('VehicleSavedToGarage', { key: 'userId', value: me })).toBe(0);
    });

    it('charges nothing for a plate the registry does not know, and says so in Spanish', async () => {
      const c = await login('cliente@tuerca.demo');
      const me = await userId(c);
      const before = { balance: await remaining(me), consumptions: await consumptions(me) };
      const mark = await outboxMark();
      let plate = 'ZZZ999';
      while (coPlates.includes(plate)) plate = `ZZ${Math.floor(Math.random() * 10)}999`;
      const res = await lookup(c, plate, await captcha(c));
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({
        message: 'Not found',
        errors: [
          `Placa ${plate} no encontrada`,
          'Verifica que hayas escrito bien la placa o intenta buscar la autoparte en nuestro catálogo de repuestos.',
        ],
      });
      const freeMode = await lookup(c, plate, await captcha(c), { allowFreeSearches: '1' });
      expect(freeMode.status).toBe(404);
      expect(freeMode.body.errors).toEqual([
        `Placa ${plate} no encontrada en Tuerca`,
        'Diligencia los datos del vehículo en el siguiente formulario.',
      ]);
      expect({ balance: await remaining(me), consumptions: await consumptions(me) }).toEqual(before);
      expect(await plateLookups(me, mark, false)).toBe(2);
    });

    it('answers a registry outage 503 with the intermittence texts and charges nothing', async () => {
      const registry = t.app.get(PlateRegistry) as BuiltinPlateRegistry;
      const c = await login('cliente@tuerca.demo');
      const me = await userId(c);
      const before = { balance: await remaining(me), consumptions: await consumptions(me) };
      registry.simulateOutage(true);
      try {
        const res = await lookup(c, nextCoPlate(), await captcha(c));
        expect(res.status).toBe(503);
        expect(res.body).toMatchObject({
          message: 'Service unavailable',
          errors: [
            'El servicio de consulta por placa presenta intermitencias en este momento.',
            'Espera unos minutos e intenta de nuevo, o solicita una cotización con los datos de tu vehículo.',
          ],
        });
        const guest = await lookup(new TestClient(t.url), nextCoPlate(), await captcha());
        expect(guest.status).toBe(503);
        expect(guest.body.errors[1]).toBe(
          'Regístrate y te avisaremos por correo electrónico y por WhatsApp cuando el servicio vuelva a estar disponible.',
        );
      } finally {
        registry.simulateOutage(false);
      }
      expect({ balance: await remaining(me), consumptions: await consumptions(me) }).toEqual(before);
    });

    it('answers the free lookup without the numbers that identify the car, metered the same', async () => {
      const c = await login('cliente@tuerca.demo');
      const me = await userId(c);
      const before = await remaining(me);
      const plate = nextCoPlate();
      const res = await lookup(c, plate, await captcha(c), {}, FREE);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ license_plate: plate, country: 'CO' });
      expect(res.body.data.brand).toBeTruthy();
      for (const hidden of ['vin', 'engine_number', 'chassis_number', 'color', 'city']) expect(res.body.data).not.toHaveProperty(hidden);
      expect(res.body.data.catalogToken).toMatch(/^vt1\./);
      expect(res.body.metadata.savedToGarage).toBe(true);
      expect(await remaining(me)).toBe(before - 1);
      const saved = await garage
        .em()
        .execute<{ vin: string | null }[]>('select vin from vehicles where user_id = ? and license_plate = ?', [me, plate]);
      // The catalogue link needs the VIN: kept, marked as the registry's, never shown whole.
      expect(saved).toEqual([{ vin: expect.stringMatching(/^[A-HJ-NPR-Z0-9]{17}$/) }]);
      expect((await lookup(c, plate, undefined, {}, FREE)).body.message).toBe('Captcha required');
    });

    it('looks up Mexican plates in the Mexican registry', async () => {
      const g = new TestClient(t.url);
      const plate = mxPlates[0]!;
      const res = await lookup(g, plate, await captcha(g), { country: 'MX' });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ license_plate: plate, country: 'MX' });
      // The same plate asked for in Colombia is another registry: a 7-character one is not even a Colombian plate.
      const asColombian = await lookup(g, plate, await captcha(g));
      expect([400, 404]).toContain(asColombian.status);
    });
  });
});
